import { parseCreatedAtFilter } from '../../../contract/filters.ts';
import type { statsBuckets } from '../../../contract/stats.ts';
import { addDays, formatWithOffset, presetRange, startOfDay, today, wallTime, type DatePreset } from '../../lib/url-state-dates.ts';

export type Bucket = (typeof statsBuckets)[number];

/** The range the Overview opens with when its URL names none. */
export const defaultPreset: DatePreset = 'last7';

const HOUR_MS = 3_600_000;
/** Up to two days: hours (at most ~50 bars); up to about three months: days (at most ~92); longer: weeks. */
export const hourlyUpToHours = 50;
export const dailyUpToDays = 92;

/**
 * The series bucket for a created_at range: short ranges by hour, up to a quarter by day, longer ones by week.
 * An open start (everything up to a date) is treated as long; an open end runs to `nowMs`.
 */
export function chooseBucket(createdAt: string, nowMs: number): Bucket {
  const range = parseCreatedAtFilter(createdAt);
  if (!range || range.fromNs === null) return 'week';
  const toMs = range.toNs === null ? nowMs : Number(range.toNs / 1_000_000n);
  const hours = (toMs - Number(range.fromNs / 1_000_000n)) / HOUR_MS;
  if (hours <= hourlyUpToHours) return 'hour';
  if (hours <= dailyUpToDays * 24 + 1) return 'day';
  return 'week';
}

/** Whether the API can compare the range with the period before it (it needs both ends). */
export function canCompare(createdAt: string): boolean {
  const range = parseCreatedAtFilter(createdAt);
  return range !== null && range.fromNs !== null && range.toNs !== null;
}

/** The Overview's created_at: the URL's when it is a valid filter, else the default preset in the zone. */
export function overviewRange(fromUrl: string | null, nowMs: number, timeZone: string): string {
  if (fromUrl && parseCreatedAtFilter(fromUrl) !== null) return fromUrl;
  return presetRange(defaultPreset, nowMs, timeZone);
}

/** The stats request of the Overview for a range. */
export function overviewStatsParams(createdAt: string, nowMs: number, timeZone: string): Record<string, string> {
  const params: Record<string, string> = { created_at: createdAt, bucket: chooseBucket(createdAt, nowMs), tz: timeZone };
  if (canCompare(createdAt)) params.compare = 'previous_period';
  return params;
}

/**
 * The created_at range of one series bucket (its local start to the next bucket's start, so a DST day lasts
 * 23 or 25 hours), cut to the Overview's range: a week bucket may begin before the range does.
 */
export function bucketRange(start: string, bucket: Bucket, timeZone: string, within: string): string {
  const startMs = Date.parse(start);
  let endMs: number;
  if (bucket === 'hour') endMs = startMs + HOUR_MS;
  else endMs = startOfDay(addDays(today(startMs, timeZone), bucket === 'day' ? 1 : 7), timeZone);
  const outer = parseCreatedAtFilter(within);
  const outerFrom = outer?.fromNs == null ? null : Number(outer.fromNs / 1_000_000n);
  const outerTo = outer?.toNs == null ? null : Number(outer.toNs / 1_000_000n);
  const [withinFrom = '', withinTo = ''] = within.split('..');
  const from = outerFrom !== null && outerFrom > startMs ? withinFrom : start;
  const to = outerTo !== null && outerTo < endMs ? withinTo : formatWithOffset(endMs, timeZone);
  return `${from}..${to}`;
}

/** At most this many bucket starts are listed (a year of days, a fortnight of hours). */
export const maxBucketStarts = 400;

/**
 * The start (epoch ms) of every bucket from the one holding `fromMs` up to `toMs` (exclusive), in the zone:
 * local midnights for days, Mondays for weeks, whole local hours for hours (half-hour zones included).
 */
export function bucketStarts(fromMs: number, toMs: number, bucket: Bucket, timeZone: string): number[] {
  const starts: number[] = [];
  if (bucket === 'hour') {
    const w = wallTime(fromMs, timeZone);
    for (let t = Math.floor(fromMs / 1000) * 1000 - (w.mi * 60 + w.s) * 1000; t < toMs && starts.length < maxBucketStarts; t += HOUR_MS) starts.push(t);
    return starts;
  }
  let day = today(fromMs, timeZone);
  if (bucket === 'week') day = addDays(day, -((new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay() + 6) % 7));
  for (let t = startOfDay(day, timeZone); t < toMs && starts.length < maxBucketStarts; t = startOfDay(day, timeZone)) {
    starts.push(t);
    day = addDays(day, bucket === 'day' ? 1 : 7);
  }
  return starts;
}

/** The instants the chart spans: the range's ends, or the data's where the range is open. */
export function chartSpan(createdAt: string, starts: readonly number[], nowMs: number): { fromMs: number; toMs: number } | null {
  const range = parseCreatedAtFilter(createdAt);
  const first = starts[0];
  const last = starts.at(-1);
  if (first === undefined || last === undefined) return null;
  const fromMs = range?.fromNs == null ? first : Number(range.fromNs / 1_000_000n);
  const toMs = range?.toNs == null ? Math.max(nowMs, last + HOUR_MS) : Number(range.toNs / 1_000_000n);
  return { fromMs: Math.min(fromMs, first), toMs: Math.max(toMs, last + 1) };
}
