import { randomBytes } from 'node:crypto';

/**
 * XID (github.com/rs/xid layout): 12 bytes = 4-byte big-endian Unix seconds, 5 random bytes (fixed per
 * process, like xid's machine id + pid), 3-byte counter; encoded as 20 characters of lowercase base32hex.
 * Ids made later sort after ids made earlier (same second: the counter keeps them in order).
 */
const alphabet = '0123456789abcdefghijklmnopqrstuv';
const processBytes = randomBytes(5);
let counter = randomBytes(3).readUIntBE(0, 3);

export function encodeXid(bytes: Uint8Array): string {
  if (bytes.length !== 12) throw new Error('an XID has 12 bytes');
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  // 96 bits = 19 full characters + 1 left-over bit, padded on the right
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

export function xidBytes(time: Date = new Date()): Uint8Array {
  const bytes = new Uint8Array(12);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, Math.floor(time.getTime() / 1000) >>> 0);
  bytes.set(processBytes, 4);
  counter = (counter + 1) % 0x1000000;
  bytes[9] = (counter >>> 16) & 0xff;
  bytes[10] = (counter >>> 8) & 0xff;
  bytes[11] = counter & 0xff;
  return bytes;
}

/** A new XID: 20 characters of base32hex (0-9a-v). */
export function xid(time: Date = new Date()): string {
  return encodeXid(xidBytes(time));
}

/** The creation second encoded in an XID. */
export function xidTime(id: string): Date {
  let seconds = 0;
  // the first 32 bits are the first 6.4 characters; decode 7 characters (35 bits) and drop 3
  for (const char of id.slice(0, 7)) seconds = seconds * 32 + alphabet.indexOf(char);
  return new Date(Math.floor(seconds / 8) * 1000);
}
