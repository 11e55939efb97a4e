import type { Rng } from './prng.ts';

export const MS_PER_DAY = 86_400_000;
const MS_PER_HOUR = 3_600_000;
/** Brazil (Brasília time) has been UTC-03:00 all year since 2019. */
const BRT_OFFSET_MS = -3 * MS_PER_HOUR;

/** Default "now" of generated data: the current time truncated to the minute (every row is at or before it). */
export function defaultAnchor(): number {
  return Math.floor(Date.now() / 60_000) * 60_000;
}

/** Parses an anchor given as a Date, epoch milliseconds or ISO text. */
export function toAnchorMs(anchor: Date | number | string | undefined): number {
  if (anchor === undefined) return defaultAnchor();
  const ms = anchor instanceof Date ? anchor.getTime() : typeof anchor === 'number' ? anchor : Date.parse(anchor);
  if (!Number.isFinite(ms)) throw new Error(`invalid anchor: ${String(anchor)}`);
  return ms;
}

/** Relative sales volume per hour of the local (Brasília) day. */
const hourWeights: readonly (readonly [number, number])[] = [
  0.4, 0.2, 0.1, 0.1, 0.1, 0.3, 1, 2.5, 4, 5, 6, 7.5, 8, 7, 6, 6, 6.5, 7, 7.5, 7, 5.5, 4, 2.5, 1.2,
].map((w, hour) => [hour, w] as const);

/** Sunday .. Saturday */
const weekdayWeights = [0.55, 0.9, 0.95, 1, 1, 1, 0.85];

export const historyDays = 90;

/** Days back from the anchor's local day: ~7% today, ~21% in the six days before, the rest over 90 days. */
function pickDayOffset(rng: Rng, anchorDayStart: number): number {
  const roll = rng.next();
  if (roll < 0.07) return 0;
  if (roll < 0.28) return rng.int(1, 6);
  for (let attempt = 0; ; attempt++) {
    const d = rng.int(7, historyDays - 1);
    const growth = 0.65 + 0.35 * (1 - d / historyDays);
    const weekday = new Date(anchorDayStart - d * MS_PER_DAY - BRT_OFFSET_MS).getUTCDay();
    if (attempt >= 3 || rng.next() < growth * (weekdayWeights[weekday] ?? 1)) return d;
  }
}

/** Start (UTC epoch ms) of the Brasília day that contains `ms`. */
export function localDayStart(ms: number): number {
  return Math.floor((ms + BRT_OFFSET_MS) / MS_PER_DAY) * MS_PER_DAY - BRT_OFFSET_MS;
}

/** A sale time in the 90 days up to the anchor, weighted to business hours, never after the anchor. */
export function pickSaleTime(rng: Rng, anchorMs: number): number {
  const dayStart = localDayStart(anchorMs);
  const d = pickDayOffset(rng, dayStart);
  const hour = rng.weighted(hourWeights);
  const at = dayStart - d * MS_PER_DAY + hour * MS_PER_HOUR + rng.int(0, MS_PER_HOUR - 1);
  if (at <= anchorMs) return at;
  // today, but later than "now": squeeze into the part of today that has passed
  return anchorMs - Math.floor(rng.next() * Math.max(anchorMs - dayStart, 30 * 60_000));
}

/** ISO text with milliseconds. */
