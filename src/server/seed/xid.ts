import { encodeXid } from '../lib/xid.ts';
import { hash128 } from './prng.ts';

/**
 * Deterministic XIDs (12 bytes → 20 base32hex characters, sortable by the time part):
 * 4 bytes of epoch seconds, 3 bytes of namespace (a hash of seed and organization), 5 bytes of counter.
 * Within a namespace the counter makes ids unique; across namespaces the hash does.
 */
export function xid(epochSeconds: number, namespace: number, counter: number): string {
  const bytes = new Uint8Array(12);
  const ts = Math.max(0, Math.floor(epochSeconds)) >>> 0;
  bytes[0] = ts >>> 24;
  bytes[1] = (ts >>> 16) & 255;
  bytes[2] = (ts >>> 8) & 255;
  bytes[3] = ts & 255;
  bytes[4] = (namespace >>> 16) & 255;
  bytes[5] = (namespace >>> 8) & 255;
  bytes[6] = namespace & 255;
  let c = counter;
  for (let i = 11; i >= 7; i--) {
    bytes[i] = c % 256;
    c = Math.floor(c / 256);
  }
  return encodeXid(bytes);
}

/** 24-bit namespace of a generator run: distinct organizations or seeds give distinct namespaces. */
export function namespaceOf(kind: string, seed: number, organizationId: string): number {
  return hash128(`${kind}|${seed}|${organizationId}`)[0] & 0xffffff;
}
