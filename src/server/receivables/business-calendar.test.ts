import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, bankHolidays, easterSunday, isBusinessDay, nextBusinessDay, saoPauloDate } from './business-calendar.ts';

// The national holidays of the published ANBIMA calendar (feriados nacionais), copied as published: calendar facts.
const published: Record<number, string[]> = {
  2025: ['2025-01-01', '2025-03-03', '2025-03-04', '2025-04-18', '2025-04-21', '2025-05-01', '2025-06-19', '2025-09-07', '2025-10-12', '2025-11-02', '2025-11-15', '2025-11-20', '2025-12-25'],
  2026: ['2026-01-01', '2026-02-16', '2026-02-17', '2026-04-03', '2026-04-21', '2026-05-01', '2026-06-04', '2026-09-07', '2026-10-12', '2026-11-02', '2026-11-15', '2026-11-20', '2026-12-25'],
  2027: ['2027-01-01', '2027-02-08', '2027-02-09', '2027-03-26', '2027-04-21', '2027-05-01', '2027-05-27', '2027-09-07', '2027-10-12', '2027-11-02', '2027-11-15', '2027-11-20', '2027-12-25'],
};

describe('the Brazilian financial calendar', () => {
  for (const [year, dates] of Object.entries(published)) {
    it(`has exactly the published national holidays of ${year}`, () => {
      expect([...bankHolidays(Number(year))].sort()).toEqual([...dates].sort());
    });
  }

  it('knows Easter Sunday of the published years', () => {
    expect([easterSunday(2024), easterSunday(2025), easterSunday(2026), easterSunday(2027)]).toEqual(['2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28']);
  });

  it('keeps 20 November a business day before 2024 and a holiday from 2024', () => {
    expect(isBusinessDay('2023-11-20')).toBe(true); // a Monday
    expect(isBusinessDay('2024-11-20')).toBe(false); // a Wednesday, the first national Consciência Negra
  });

  it('moves to the next business day over weekends and holidays', () => {
    expect(nextBusinessDay('2026-02-14')).toBe('2026-02-18'); // Saturday before Carnival → Ash Wednesday
    expect(nextBusinessDay('2025-04-18')).toBe('2025-04-22'); // Good Friday, weekend, Tiradentes Monday
    expect(nextBusinessDay('2026-12-25')).toBe('2026-12-28'); // Christmas Friday
    expect(nextBusinessDay('2026-06-03')).toBe('2026-06-03'); // a plain Wednesday
  });

  it('returns a business day no earlier than the date and with no business day skipped', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 30 }), (offset) => {
        const date = addDays('2010-01-01', offset);
        const next = nextBusinessDay(date);
        expect(next >= date).toBe(true);
        expect(isBusinessDay(next)).toBe(true);
        for (let d = date; d < next; d = addDays(d, 1)) expect(isBusinessDay(d)).toBe(false);
      }),
    );
  });

  it('dates an instant in Brasília time', () => {
    expect(saoPauloDate(new Date('2026-03-02T02:59:00Z'))).toBe('2026-03-01');
    expect(saoPauloDate(new Date('2026-03-02T03:00:00Z'))).toBe('2026-03-02');
  });
});
