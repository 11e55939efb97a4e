import { describe, expect, it } from 'vitest';
import { previousPeriod } from './stats-query.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
// any Monday 00:00 UTC of the past: the arithmetic is the same for every week
const monday = Math.floor((Date.now() - 30 * DAY) / (7 * DAY)) * 7 * DAY - 3 * DAY;

describe('previousPeriod', () => {
  it('compares a running week with the same elapsed span of the week before: Monday to Wednesday 17:00 against Monday to Wednesday 17:00', () => {
    const now = monday + 2 * DAY + 17 * HOUR + 1234;
    const p = previousPeriod(`${iso(monday)}..${iso(monday + 7 * DAY)}`, now);
    expect(p).toEqual({ from: iso(monday - 7 * DAY), to: iso(now - 7 * DAY), until: iso(now) });
  });

  it('compares today until now with yesterday until the same time', () => {
    const day = monday + 3 * DAY;
    const now = day + 17 * HOUR;
    expect(previousPeriod(`${iso(day)}..${iso(day + DAY)}`, now)).toEqual({ from: iso(day - DAY), to: iso(now - DAY), until: iso(now) });
  });

  it('compares a finished period with the whole one before it, and a future one too', () => {
    const range = `${iso(monday)}..${iso(monday + 7 * DAY)}`;
    const whole = { from: iso(monday - 7 * DAY), to: iso(monday), until: null };
    expect(previousPeriod(range, monday + 7 * DAY)).toEqual(whole);
    expect(previousPeriod(range, monday + 30 * DAY)).toEqual(whole);
    expect(previousPeriod(range, monday - 1)).toEqual(whole);
  });

  it('has nothing to compare with an open range', () => {
    expect(previousPeriod(`${iso(monday)}..`, monday + DAY)).toBeNull();
    expect(previousPeriod(undefined, monday)).toBeNull();
  });
});
