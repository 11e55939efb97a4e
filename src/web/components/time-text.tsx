import { formatDateTime, formatUtc } from '../lib/format.ts';

export interface TimeTextProps {
  iso: string;
  timeZone?: string;
  className?: string;
}

/** Local date and time; the exact UTC value (every fractional digit) on hover and for assistive tech. */
export function TimeText({ iso, timeZone, className }: TimeTextProps) {
  const utc = formatUtc(iso);
  return (
    <time dateTime={iso} title={`${utc} (UTC)`} className={['tabular', className].filter(Boolean).join(' ')}>
      {formatDateTime(iso, timeZone)}
    </time>
  );
}
