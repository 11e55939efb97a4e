import { operatorLocale } from '../../lib/format.ts';
import type { Bucket } from './overview-range.ts';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, timeZone: string, kind: 'hour' | 'day' | 'axisHour' | 'axisDay'): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    const options: Record<typeof kind, Intl.DateTimeFormatOptions> = {
      hour: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
      day: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
      axisHour: { hour: '2-digit', minute: '2-digit' },
      axisDay: { day: 'numeric', month: 'short' },
    };
    f = new Intl.DateTimeFormat(locale, { ...options[kind], timeZone });
    formats.set(key, f);
  }
  return f;
}

/** A bucket's start as the table and the chart's readout show it ("Sat, Nov 21, 2026", "Nov 21, 14:00"), in its zone. */
export function bucketLabel(epochMs: number, bucket: Bucket, timeZone: string, locale = operatorLocale()): string {
  return format(locale, timeZone, bucket === 'hour' ? 'hour' : 'day').format(epochMs);
}

/** A short axis tick: the hour for hourly series (with the day at midnight), else the day. */
export function axisLabel(epochMs: number, bucket: Bucket, timeZone: string, locale = operatorLocale()): string {
  if (bucket !== 'hour') return format(locale, timeZone, 'axisDay').format(epochMs);
  const time = format(locale, timeZone, 'axisHour').format(epochMs);
  return time.startsWith('00') ? `${format(locale, timeZone, 'axisDay').format(epochMs)}\n${time}` : time;
}
