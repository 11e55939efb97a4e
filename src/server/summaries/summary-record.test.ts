import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoFromPg } from './summary-record.ts';

/** PostgreSQL's own text output of a timestamptz in a UTC session: trailing zeros of the fraction dropped. */
function pgText(date: Date): string {
  const iso = date.toISOString();
  const fraction = iso.slice(20, 23).replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
}

describe('isoFromPg', () => {
  it('gives what Date#toISOString gives, for any millisecond instant of years 1000–9999', () => {
    const instants = fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true });
    fc.assert(fc.property(instants, (date) => isoFromPg(pgText(date)) === date.toISOString()));
  });

  it('truncates microseconds to milliseconds and reads other zones through Date', () => {
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 123);
    const iso = at.toISOString();
    expect(isoFromPg(`${iso.slice(0, 10)} ${iso.slice(11, 23)}456+00`)).toBe(iso);
    // the same instant three hours behind UTC, as a session in America/Sao_Paulo prints it
    const local = new Date(at.getTime() - 3 * 3_600_000).toISOString();
    expect(isoFromPg(`${local.slice(0, 10)} ${local.slice(11, 23)}-03`)).toBe(iso);
  });
});
