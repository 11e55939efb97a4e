import { describe, expect, it } from 'vitest';
import { ceilMicros, microsToIso } from './instants.ts';

describe('instant bounds', () => {
  it('rounds nanoseconds up to the next microsecond', () => {
    expect(ceilMicros(1_000n)).toBe(1n);
    expect(ceilMicros(1_001n)).toBe(2n);
    expect(ceilMicros(0n)).toBe(0n);
    expect(ceilMicros(-1_500n)).toBe(-1n);
  });

  it('renders microseconds as ISO text', () => {
    expect(microsToIso(1_700_000_000_123_456n)).toBe('2023-11-14T22:13:20.123456Z');
    expect(microsToIso(-1n)).toBe('1969-12-31T23:59:59.999999Z');
  });
});
