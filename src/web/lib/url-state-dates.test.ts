import { describe, expect, it } from 'vitest';
import { parseCreatedAtFilter } from '../../contract/filters.ts';
import { dayRange, formatWithOffset, inputToDay, matchPreset, presetRange, rangeToDays, shiftDay, startOfDay, todayInput } from './url-state-dates.ts';

const SP = 'America/Sao_Paulo';
const IN = 'Asia/Kolkata';
// 2026-11-21 14:30 in São Paulo (UTC-3) = 17:30Z; in Kolkata (UTC+5:30) that is 23:00 on the 21st.
const now = Date.UTC(2026, 10, 21, 17, 30);

describe('date presets in the operator time zone', () => {
  it.each([
    ['today', SP, '2026-11-21T00:00:00-03:00..2026-11-22T00:00:00-03:00'],
    ['yesterday', SP, '2026-11-20T00:00:00-03:00..2026-11-21T00:00:00-03:00'],
    ['last7', SP, '2026-11-15T00:00:00-03:00..2026-11-22T00:00:00-03:00'],
    ['last30', SP, '2026-10-23T00:00:00-03:00..2026-11-22T00:00:00-03:00'],
    ['thisMonth', SP, '2026-11-01T00:00:00-03:00..2026-12-01T00:00:00-03:00'],
    ['today', IN, '2026-11-21T00:00:00+05:30..2026-11-22T00:00:00+05:30'],
    ['yesterday', IN, '2026-11-20T00:00:00+05:30..2026-11-21T00:00:00+05:30'],
    ['thisMonth', IN, '2026-11-01T00:00:00+05:30..2026-12-01T00:00:00+05:30'],
    ['today', 'UTC', '2026-11-21T00:00:00+00:00..2026-11-22T00:00:00+00:00'],
  ] as const)('%s in %s', (preset, zone, expected) => {
    const value = presetRange(preset, now, zone);
    expect(value).toBe(expected);
    expect(parseCreatedAtFilter(value)).not.toBeNull();
    expect(matchPreset(value, now, zone)).toBe(preset);
  });

  it('uses the zone’s date, not UTC’s: late evening in São Paulo is already tomorrow in UTC', () => {
    const lateSp = Date.UTC(2026, 10, 22, 2, 0); // 23:00 on the 21st in São Paulo
    expect(presetRange('today', lateSp, SP)).toBe('2026-11-21T00:00:00-03:00..2026-11-22T00:00:00-03:00');
    const earlyIn = Date.UTC(2026, 10, 20, 19, 0); // 00:30 on the 21st in Kolkata
    expect(presetRange('today', earlyIn, IN)).toBe('2026-11-21T00:00:00+05:30..2026-11-22T00:00:00+05:30');
  });

  it('crosses year ends', () => {
    const newYear = Date.UTC(2027, 0, 1, 12);
    expect(presetRange('yesterday', newYear, SP)).toBe('2026-12-31T00:00:00-03:00..2027-01-01T00:00:00-03:00');
    expect(presetRange('thisMonth', Date.UTC(2026, 11, 15, 12), SP)).toBe('2026-12-01T00:00:00-03:00..2027-01-01T00:00:00-03:00');
  });

  it('covers the exact 24 hours of a day, whatever the offset', () => {
    const range = parseCreatedAtFilter(presetRange('today', now, IN));
    expect((range?.toNs ?? 0n) - (range?.fromNs ?? 0n)).toBe(86_400_000_000_000n);
  });

  it('handles a day that had no midnight (São Paulo DST start, 2018-11-04)', () => {
    const start = startOfDay({ y: 2018, m: 11, d: 4 }, SP);
    expect(formatWithOffset(start, SP)).toBe('2018-11-04T01:00:00-02:00');
    expect(dayRange({ y: 2018, m: 11, d: 3 }, { y: 2018, m: 11, d: 3 }, SP)).toBe('2018-11-03T00:00:00-03:00..2018-11-04T01:00:00-02:00');
  });

  it('finds no preset for other ranges', () => {
    expect(matchPreset('2026-11-01T00:00:00-03:00..2026-11-03T00:00:00-03:00', now, SP)).toBeNull();
    // today's São Paulo range is not today in Kolkata
    expect(matchPreset(presetRange('today', now, SP), now, IN)).toBeNull();
  });
});

describe('this week and last month', () => {
  const NY = 'America/New_York';
  // Expected values written out from a calendar (2026-11-21 is a Saturday, 2027-01-01 a Friday; New York
  // springs forward on 2026-03-08; São Paulo sprang forward on 2018-11-04), not computed by the code.
  it.each([
    ['thisWeek', now, SP, '2026-11-16T00:00:00-03:00..2026-11-23T00:00:00-03:00'],
    ['thisWeek', Date.UTC(2026, 10, 23, 12), SP, '2026-11-23T00:00:00-03:00..2026-11-30T00:00:00-03:00'],
    ['thisWeek', Date.UTC(2026, 10, 29, 12), SP, '2026-11-23T00:00:00-03:00..2026-11-30T00:00:00-03:00'],
    ['thisWeek', Date.UTC(2027, 0, 1, 12), SP, '2026-12-28T00:00:00-03:00..2027-01-04T00:00:00-03:00'],
    ['thisWeek', Date.UTC(2026, 2, 5, 17), NY, '2026-03-02T00:00:00-05:00..2026-03-09T00:00:00-04:00'],
    ['lastMonth', now, SP, '2026-10-01T00:00:00-03:00..2026-11-01T00:00:00-03:00'],
    ['lastMonth', Date.UTC(2027, 0, 15, 12), SP, '2026-12-01T00:00:00-03:00..2027-01-01T00:00:00-03:00'],
    // 23:00 on 2026-12-31 in São Paulo is already 2027 in UTC: last month is still November there
    ['lastMonth', Date.UTC(2027, 0, 1, 2), SP, '2026-11-01T00:00:00-03:00..2026-12-01T00:00:00-03:00'],
    ['lastMonth', Date.UTC(2027, 0, 1, 2), 'UTC', '2026-12-01T00:00:00+00:00..2027-01-01T00:00:00+00:00'],
    ['lastMonth', Date.UTC(2026, 3, 10, 16), NY, '2026-03-01T00:00:00-05:00..2026-04-01T00:00:00-04:00'],
    ['lastMonth', Date.UTC(2018, 11, 5, 15), SP, '2018-11-01T00:00:00-03:00..2018-12-01T00:00:00-02:00'],
  ] as const)('%s at %i in %s', (preset, at, zone, expected) => {
    const value = presetRange(preset, at, zone);
    expect(value).toBe(expected);
    expect(matchPreset(value, at, zone)).toBe(preset);
  });

  it('lasts its real number of hours across a DST change', () => {
    const march = parseCreatedAtFilter(presetRange('lastMonth', Date.UTC(2026, 3, 10, 16), 'America/New_York'));
    expect((march?.toNs ?? 0n) - (march?.fromNs ?? 0n)).toBe(BigInt(31 * 24 - 1) * 3_600_000_000_000n);
    const week = parseCreatedAtFilter(presetRange('thisWeek', Date.UTC(2026, 2, 5, 17), 'America/New_York'));
    expect((week?.toNs ?? 0n) - (week?.fromNs ?? 0n)).toBe(BigInt(7 * 24 - 1) * 3_600_000_000_000n);
  });
});

describe('custom ranges', () => {
  it('builds open and closed whole-day ranges', () => {
    expect(dayRange({ y: 2026, m: 11, d: 1 }, { y: 2026, m: 11, d: 3 }, SP)).toBe('2026-11-01T00:00:00-03:00..2026-11-04T00:00:00-03:00');
    expect(dayRange({ y: 2026, m: 11, d: 1 }, null, IN)).toBe('2026-11-01T00:00:00+05:30..');
    expect(dayRange(null, { y: 2026, m: 11, d: 3 }, IN)).toBe('..2026-11-04T00:00:00+05:30');
    expect(dayRange(null, null, IN)).toBe('');
  });

  it('reads whole-day ranges back into the days the inputs show', () => {
    expect(rangeToDays('2026-11-01T00:00:00-03:00..2026-11-04T00:00:00-03:00', SP)).toEqual({
      from: { y: 2026, m: 11, d: 1 },
      to: { y: 2026, m: 11, d: 3 },
    });
    expect(rangeToDays('..2026-11-04T00:00:00+05:30', IN)).toEqual({ from: null, to: { y: 2026, m: 11, d: 3 } });
    // Not whole days in this zone: the control cannot show it as dates.
    expect(rangeToDays('2026-11-01T00:00:00-03:00..', IN)).toBeNull();
    expect(rangeToDays('2026-11-01', SP)).toBeNull();
  });

  it('validates date input text', () => {
    expect(inputToDay('2026-02-28')).toEqual({ y: 2026, m: 2, d: 28 });
    expect(inputToDay('2026-02-30')).toBeNull();
    expect(inputToDay('')).toBeNull();
  });
});

describe('days as input text', () => {
  it('moves a day across month, year and leap-day ends', () => {
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29');
    expect(shiftDay('2027-02-28', 1)).toBe('2027-03-01');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(() => shiftDay('2026-02-30', 1)).toThrow(RangeError);
  });

  it("is today's date in the zone asked, not the machine's", () => {
    // 02:30 UTC is still the evening before in Brasília (UTC-3) and already the morning in Tokyo
    const at = Date.parse('2026-07-10T02:30:00Z');
    expect(todayInput('America/Sao_Paulo', at)).toBe('2026-07-09');
    expect(todayInput('Asia/Tokyo', at)).toBe('2026-07-10');
  });
});
