/**
 * Deterministic randomness for the seed generator: a 128-bit string hash (cyrb128) feeding sfc32.
 * Nothing here reads the clock or Math.random, so the same key always yields the same stream.
 */

/** 128-bit hash of a string, as four 32-bit words. */
export function hash128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const ALNUM_UPPER = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const HEX = '0123456789abcdef';

/** sfc32 with helpers. One instance per record keeps chunks independent and offsets cheap. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: readonly [number, number, number, number]) {
    [this.a, this.b, this.c, this.d] = state;
    for (let i = 0; i < 12; i++) this.u32();
  }

  /** A stream keyed by a base state and a record index (e.g. the summary's position). */
  static forIndex(base: readonly [number, number, number, number], index: number): Rng {
    const lo = index >>> 0;
    const hi = Math.floor(index / 4294967296) >>> 0;
    return new Rng([base[0] ^ lo, base[1] ^ Math.imul(lo, 0x9e3779b9), base[2] ^ hi, (base[3] + lo) >>> 0]);
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks from [value, weight] pairs. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [value, w] of items) {
      r -= w;
      if (r < 0) return value;
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.u32() % 10);
    return out;
  }

  alnumUpper(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += ALNUM_UPPER[this.u32() % 36];
    return out;
  }

  hex(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += HEX[this.u32() & 15];
    return out;
  }

  /** RFC 4122 version-4 shaped UUID from this stream. */
  uuid(): string {
    const h = this.hex(32);
    const variant = HEX[8 + (this.u32() & 3)] ?? '8';
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}
