/**
 * Created-date ranges for the list filters. Presets ("today", "last 7 days", …) are computed in the
 * operator's time zone and sent as explicit ranges with offsets, e.g.
 * `2026-11-21T00:00:00-03:00..2026-11-22T00:00:00-03:00` (from inclusive, to exclusive), so "today" means
 * the operator's day, not the server's. Calendar days are plain `{ y, m, d }` values: no Date in local time.
 */

export interface CalendarDay {
  y: number;
  m: number;
  d: number;
}

/** Weeks start on Monday (as the stats endpoint's week buckets do); this week and this month run to their last day. */
export const datePresets = ['today', 'yesterday', 'thisWeek', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type DatePreset = (typeof datePresets)[number];

let zone: string | undefined;
/** The browser's time zone; read once, since every read constructs an Intl.DateTimeFormat. */
export function operatorTimeZone(): string {
  zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone;
}

const partsCache = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsCache.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsCache.set(timeZone, f);
  }
  return f;
}

interface WallTime extends CalendarDay {
  h: number;
  mi: number;
  s: number;
}

/** The wall-clock time an instant shows in a zone. */
export function wallTime(epochMs: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of zoneFormatter(timeZone).formatToParts(new Date(epochMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return { y: parts.year ?? 0, m: parts.month ?? 0, d: parts.day ?? 0, h: parts.hour ?? 0, mi: parts.minute ?? 0, s: parts.second ?? 0 };
}

/** Offset of the zone at an instant, in minutes east of UTC (-180 for São Paulo, 330 for Kolkata). */
export function zoneOffsetMinutes(epochMs: number, timeZone: string): number {
  const w = wallTime(epochMs, timeZone);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s);
  return Math.round((asUtc - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

/** The first instant of a calendar day in a zone (midnight, or the first existing minute after a DST gap). */
export function startOfDay(day: CalendarDay, timeZone: string): number {
  const utcMidnight = Date.UTC(day.y, day.m - 1, day.d);
  const a = utcMidnight - zoneOffsetMinutes(utcMidnight, timeZone) * 60_000;
  const b = utcMidnight - zoneOffsetMinutes(a, timeZone) * 60_000;
  const onDay = [a, b].filter((t) => {
    const w = wallTime(t, timeZone);
    return w.y === day.y && w.m === day.m && w.d === day.d;
  });
  return onDay.length > 0 ? Math.min(...onDay) : b;
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** An instant as the zone's wall time with its offset: `2026-11-21T00:00:00-03:00`. */
export function formatWithOffset(epochMs: number, timeZone: string): string {
  const w = wallTime(epochMs, timeZone);
  const offset = zoneOffsetMinutes(epochMs, timeZone);
  const sign = offset < 0 ? '-' : '+';
  return `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}:${pad(w.s)}${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export function today(nowMs: number, timeZone: string): CalendarDay {
  const w = wallTime(nowMs, timeZone);
  return { y: w.y, m: w.m, d: w.d };
}

/** `YYYY-MM-DD`, the value of an `<input type="date">`. */
export function dayToInput(day: CalendarDay): string {
  return `${pad(day.y, 4)}-${pad(day.m)}-${pad(day.d)}`;
}

export function inputToDay(text: string): CalendarDay | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const day = { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
  const check = addDays(day, 0);
  return check.m === day.m && check.d === day.d ? day : null;
}

/** A `YYYY-MM-DD` day moved by whole days (negative: back). */
export function shiftDay(text: string, days: number): string {
  const day = inputToDay(text);
  if (!day) throw new RangeError(`not a day: ${text}`);
  return dayToInput(addDays(day, days));
}

/** Today in a zone as `YYYY-MM-DD` (Brasília's for the schedule's and the fee plans' dates). */
export const todayInput = (timeZone: string, nowMs = Date.now()): string => dayToInput(today(nowMs, timeZone));

/** Whole days `from` to `to` inclusive, as a range from the start of `from` to the start of the day after `to`. */
export function dayRange(from: CalendarDay | null, to: CalendarDay | null, timeZone: string): string {
  const start = from ? formatWithOffset(startOfDay(from, timeZone), timeZone) : '';
  const end = to ? formatWithOffset(startOfDay(addDays(to, 1), timeZone), timeZone) : '';
  return start === '' && end === '' ? '' : `${start}..${end}`;
}

export function presetDays(preset: DatePreset, nowMs: number, timeZone: string): [CalendarDay, CalendarDay] {
  const t = today(nowMs, timeZone);
  switch (preset) {
    case 'today':
      return [t, t];
    case 'yesterday':
      return [addDays(t, -1), addDays(t, -1)];
    case 'last7':
      return [addDays(t, -6), t];
    case 'last30':
      return [addDays(t, -29), t];
    case 'thisWeek': {
      const monday = addDays(t, -daysSinceMonday(t));
      return [monday, addDays(monday, 6)];
    }
    case 'thisMonth':
      return [{ y: t.y, m: t.m, d: 1 }, addDays({ y: t.m === 12 ? t.y + 1 : t.y, m: t.m === 12 ? 1 : t.m + 1, d: 1 }, -1)];
    case 'lastMonth': {
      const lastDay = addDays({ y: t.y, m: t.m, d: 1 }, -1);
      return [{ y: lastDay.y, m: lastDay.m, d: 1 }, lastDay];
    }
  }
}

/** 0 on Monday … 6 on Sunday. */
function daysSinceMonday(day: CalendarDay): number {
  return (new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay() + 6) % 7;
}

export function presetRange(preset: DatePreset, nowMs: number, timeZone: string): string {
  const [from, to] = presetDays(preset, nowMs, timeZone);
  return dayRange(from, to, timeZone);
}

/** Which preset a created_at value is, if any (so the control can show "Today" rather than two dates). */
export function matchPreset(value: string, nowMs: number, timeZone: string): DatePreset | null {
  return datePresets.find((p) => presetRange(p, nowMs, timeZone) === value) ?? null;
}

/**
 * The calendar days a whole-day range covers in the zone, for the custom from/to inputs; null when the
 * value is not a range of whole days in that zone (e.g. typed by hand with another offset).
 */
export function rangeToDays(value: string, timeZone: string): { from: CalendarDay | null; to: CalendarDay | null } | null {
  const parts = value.split('..');
  if (parts.length !== 2) return null;
  const [fromText = '', toText = ''] = parts;
  const fromDay = fromText === '' ? null : boundDay(fromText, timeZone);
  const toStart = toText === '' ? null : boundDay(toText, timeZone);
  if ((fromText !== '' && !fromDay) || (toText !== '' && !toStart)) return null;
  return { from: fromDay, to: toStart ? addDays(toStart, -1) : null };
}

function boundDay(text: string, timeZone: string): CalendarDay | null {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  const day = today(ms, timeZone);
  return formatWithOffset(startOfDay(day, timeZone), timeZone) === text ? day : null;
}
