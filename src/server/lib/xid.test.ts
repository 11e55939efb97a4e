import { describe, expect, it } from 'vitest';
import { xidPattern } from '../../contract/ids.ts';
import { encodeXid, xid, xidTime } from './xid.ts';

describe('xid', () => {
  it('is 20 characters of lowercase base32hex', () => {
    for (let i = 0; i < 100; i++) expect(xid()).toMatch(xidPattern);
  });

  it('encodes like rs/xid (known vector)', () => {
    // rs/xid test vector: 4d88e15b60f486e428412dc9 -> 9m4e2mr0ui3e8a215n4g
    const bytes = Uint8Array.from(Buffer.from('4d88e15b60f486e428412dc9', 'hex'));
    expect(encodeXid(bytes)).toBe('9m4e2mr0ui3e8a215n4g');
  });

  it('sorts by creation time, and by counter within the same second', () => {
    const t0 = new Date('2026-01-01T00:00:00Z');
    const t1 = new Date('2026-01-01T00:00:01Z');
    const t2 = new Date('2030-06-01T00:00:00Z');
    const ids = [xid(t0), xid(t0), xid(t1), xid(t2)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(4);
  });

  it('keeps the creation second', () => {
    const at = new Date('2026-11-21T13:45:12Z');
    expect(xidTime(xid(at)).toISOString()).toBe(at.toISOString());
  });

  it('makes unique ids in a burst', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => xid()));
    expect(ids.size).toBe(10_000);
  });
});
