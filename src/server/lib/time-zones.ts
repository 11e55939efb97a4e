const MS_PER_DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' });
    formatters.set(tz, f);
  }
  return f;
}

/** The UTC offset of `tz` at the instant, in seconds ("GMT-03:00" -> -10800). */
export function offsetSeconds(tz: string, ms: number): number {
  const name = formatter(tz).formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?(?::?(\d{2}))?/.exec(name);
  if (!m) return 0;
  const seconds = Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
  return m[1] === '-' ? -seconds : seconds;
}

/**
 * True when the zone's offset is a whole number of hours throughout [fromMs, toMs] (sampled daily and at both
 * ends: offsets last months), so its hour, day and week edges fall on UTC hours there.
 */
export function hourAligned(tz: string, fromMs: number, toMs: number): boolean {
  for (let at = fromMs; ; at += MS_PER_DAY) {
    const sample = Math.min(at, toMs);
    if (offsetSeconds(tz, sample) % 3600 !== 0) return false;
    if (sample >= toMs) return true;
  }
}

/** "2026-11-01T01:00:00-04:00": the local wall time of an instant with its offset. */
export function localIso(ms: number, offset: number): string {
  const local = new Date(ms + offset * 1000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 3600)).padStart(2, '0');
  const mm = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

const isoInstant = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$/;
const QUARTER_HOUR_MS = 900_000;

/**
 * Writes ISO instants ('…Z', any fraction of a second, as the API's JSON has them) as wall times of `tz` with their
 * offset, the fraction kept: 2026-11-25T14:03:00.123Z in America/Sao_Paulo is 2026-11-25T11:03:00.123-03:00; an
 * offset of zero is written 'Z'. Offsets change only on quarter hours: they are looked up once per quarter hour
 * met (Intl's formatToParts is the slow part), so an export of many rows asks Intl a few times per day of data.
 */
export function zonedIsoWriter(tz: string): (iso: string) => string {
  const offsets = new Map<number, number>();
  return (iso) => {
    const match = isoInstant.exec(iso);
    if (!match) return iso;
    const ms = Date.parse(`${match[1] ?? ''}Z`);
    const quarter = Math.floor(ms / QUARTER_HOUR_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      if (offsets.size > 50_000) offsets.clear();
      offset = offsetSeconds(tz, ms);
      offsets.set(quarter, offset);
    }
    const zoned = offset === 0 ? `${new Date(ms).toISOString().slice(0, 19)}Z` : localIso(ms, offset);
    return `${zoned.slice(0, 19)}${match[2] ?? ''}${zoned.slice(19)}`;
  };
}
