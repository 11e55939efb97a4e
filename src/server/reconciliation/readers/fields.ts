import type { LineProblem } from './statement-record.ts';

const digits = /^\d+$/;

/** ISO date from parts, or null when the calendar has no such day. */
function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export type DateFormat = 'DDMMAAAA' | 'AAAAMMDD' | 'AAMMDD';

/**
 * One positional line: each accessor takes 1-based inclusive positions (as the manuals print them) and reports
 * a problem naming the field when the content does not fit its type.
 */
export class FixedLine {
  problems = 0;
  constructor(
    readonly text: string,
    readonly lineNo: number,
    private readonly report: (problem: LineProblem) => void,
  ) {}

  fail(field: string, reason: string): void {
    this.problems++;
    this.report({ line: this.lineNo, field, reason });
  }

  raw(start: number, end: number): string {
    return this.text.slice(start - 1, end);
  }

  /** an alphanumeric field; null when blank */
  alpha(start: number, end: number): string | null {
    const value = this.raw(start, end).trim();
    return value === '' ? null : value;
  }

  digits(start: number, end: number, field: string): string | null {
    const value = this.raw(start, end);
    if (!digits.test(value)) {
      this.fail(field, `positions ${start}-${end} must be ${end - start + 1} digits, found "${value}"`);
      return null;
    }
    return value;
  }

  int(start: number, end: number, field: string): number {
    const value = this.digits(start, end, field);
    return value === null ? 0 : Number(value);
  }

  /** unsigned amount with 2 implied decimals, in centavos */
  amount(start: number, end: number, field: string): bigint {
    const value = this.digits(start, end, field);
    return value === null ? 0n : BigInt(value);
  }

  /** `+`/`-` at signAt then the amount */
  signed(signAt: number, start: number, end: number, field: string): bigint {
    const sign = this.raw(signAt, signAt);
    const value = this.amount(start, end, field);
    if (sign === '-') return -value;
    if (sign !== '+') this.fail(`${field} (sign)`, `position ${signAt} must be "+" or "-", found "${sign}"`);
    return value;
  }

  /** a date; zeros (or blanks when `optional`) give null */
  date(start: number, end: number, format: DateFormat, field: string, optional = false): string | null {
    const value = this.raw(start, end);
    if (optional && (/^0+$/.test(value) || value.trim() === '')) return null;
    if (!digits.test(value) || value.length !== format.length) {
      this.fail(field, `positions ${start}-${end} must be a date ${format}, found "${value}"`);
      return null;
    }
    let year: number, month: number, day: number;
    if (format === 'DDMMAAAA') [day, month, year] = [Number(value.slice(0, 2)), Number(value.slice(2, 4)), Number(value.slice(4))];
    else if (format === 'AAAAMMDD') [year, month, day] = [Number(value.slice(0, 4)), Number(value.slice(4, 6)), Number(value.slice(6))];
    else [year, month, day] = [2000 + Number(value.slice(0, 2)), Number(value.slice(2, 4)), Number(value.slice(4))];
    const iso = isoDate(year, month, day);
    if (iso === null) this.fail(field, `"${value}" is not a calendar date (${format})`);
    return iso;
  }
}

/** Checks a line's length against its record's: shorter only by trailing blanks the sender trimmed (`min`). */
export function checkLength(line: FixedLine, recordType: string, length: number, min = length, max = length): boolean {
  const n = line.text.length;
  if (n < min || n > max) {
    const expected = min === max ? `${length}` : `${min}-${max}`;
    line.fail('record length', `record ${recordType} must be ${expected} characters long, found ${n}${n < min ? ' (truncated line)' : ''}`);
    return false;
  }
  return true;
}

/** pads a line trimmed of its trailing blanks back to its record length */
export const padded = (text: string, length: number) => (text.length >= length ? text : text.padEnd(length, ' '));
