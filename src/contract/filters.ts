import { decimalPattern, decimalToMinor } from './money.ts';

/**
 * Filter grammars shared by the server (which turns them into SQL bounds) and the dashboard (which builds
 * them from its controls). decisions.md: amount is `150.00` or `min..max` with either side open;
 * created_at is `YYYY-MM-DD` (that UTC day), an ISO 8601 timestamp, or `from..to` of either.
 */

export interface AmountRange {
  /** inclusive lower bound in minor units */
  min: bigint | null;
  /** inclusive upper bound in minor units */
  max: bigint | null;
}

export function parseAmountFilter(text: string): AmountRange | null {
  if (!text.includes('..')) {
    if (!decimalPattern.test(text)) return null;
    const exact = decimalToMinor(text);
    return { min: exact, max: exact };
  }
  const parts = text.split('..');
  if (parts.length !== 2) return null;
  const [from = '', to = ''] = parts;
  if (from === '' && to === '') return null;
  if ((from !== '' && !decimalPattern.test(from)) || (to !== '' && !decimalPattern.test(to))) return null;
  const range = { min: from === '' ? null : decimalToMinor(from), max: to === '' ? null : decimalToMinor(to) };
  if (range.min !== null && range.max !== null && range.min > range.max) return null;
  return range;
}

export const amountFilterPattern = /^(\d{1,15}(\.\d{1,2})?)?(\.\.(\d{1,15}(\.\d{1,2})?)?)?$/;

export interface InstantRange {
  /** inclusive lower bound, epoch nanoseconds */
  fromNs: bigint | null;
  /** exclusive upper bound, epoch nanoseconds */
  toNs: bigint | null;
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timestampPattern =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

const NS_PER_MS = 1_000_000n;
const NS_PER_DAY = 86_400_000n * NS_PER_MS;

function dayStartNs(text: string): bigint | null {
  const m = datePattern.exec(text);
  if (!m) return null;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999
  const check = new Date(0);
  check.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const ms = check.getTime();
  if (check.getUTCMonth() !== Number(m[2]) - 1 || check.getUTCDate() !== Number(m[3])) return null;
  return BigInt(ms) * NS_PER_MS;
}

/** Epoch nanoseconds of an ISO 8601 timestamp; a missing offset means UTC. Null when malformed. */
export function timestampToNs(text: string): bigint | null {
  const m = timestampPattern.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', frac = '', zone = 'Z'] = m;
  const dayNs = dayStartNs(`${y}-${mo}-${d}`);
  if (dayNs === null || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = Number(digits.slice(2, 4));
    if (oh > 23 || om > 59) return null;
    offsetMinutes = sign * (oh * 60 + om);
  }
  const seconds = BigInt(Number(h) * 3600 + Number(mi) * 60 + Number(s) - offsetMinutes * 60);
  return dayNs + seconds * 1_000_000_000n + BigInt(frac.padEnd(9, '0') || '0');
}

function boundNs(text: string, side: 'from' | 'to'): bigint | null {
  const day = dayStartNs(text);
  if (day !== null) return side === 'from' ? day : day + NS_PER_DAY;
  return timestampToNs(text);
}

/**
 * Event times are stored as signed 64-bit nanoseconds since the epoch, which hold 1677-09-21 to 2262-04-11:
 * a created_at filter must lie inside whole days of that range (also keeping PostgreSQL's timestamps and
 * ISO text to 4-digit years).
 */
export const createdAtBounds = { from: '1677-09-22', to: '2262-04-11' } as const;
const minNs = BigInt(Date.parse(`${createdAtBounds.from}T00:00:00Z`)) * NS_PER_MS;
const maxNs = BigInt(Date.parse(`${createdAtBounds.to}T00:00:00Z`)) * NS_PER_MS;

/** Whether a parsed created_at range lies within createdAtBounds (from inclusive, to exclusive). */
export function withinCreatedAtBounds(range: InstantRange): boolean {
  const inside = (ns: bigint | null) => ns === null || (ns >= minNs && ns <= maxNs);
  return inside(range.fromNs) && inside(range.toNs) && (range.fromNs === null || range.fromNs < maxNs) && (range.toNs === null || range.toNs > minNs);
}

/**
 * `2026-11-21` is that UTC day; a lone timestamp is that exact instant; `from..to` includes `from` and
 * excludes `to`, except that a date `to` includes its whole day. Either side of a range may be open.
 */
export function parseCreatedAtFilter(text: string): InstantRange | null {
  if (!text.includes('..')) {
    const day = dayStartNs(text);
    if (day !== null) return { fromNs: day, toNs: day + NS_PER_DAY };
    const at = timestampToNs(text);
    return at === null ? null : { fromNs: at, toNs: at + 1n };
  }
  const parts = text.split('..');
  if (parts.length !== 2) return null;
  const [from = '', to = ''] = parts;
  if (from === '' && to === '') return null;
  const fromNs = from === '' ? null : boundNs(from, 'from');
  const toNs = to === '' ? null : boundNs(to, 'to');
  if ((from !== '' && fromNs === null) || (to !== '' && toNs === null)) return null;
  if (fromNs !== null && toNs !== null && fromNs >= toNs) return null;
  return { fromNs, toNs };
}
