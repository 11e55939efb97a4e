import { formatDateTime, formatUtc } from '../lib/format.ts';
import { useT } from '../lib/i18n/i18n.tsx';

export interface TimeTextProps {
  iso: string;
  timeZone?: string;
  className?: string;
}

/** Local date and time; the exact UTC value (every fractional digit) on hover and for assistive tech. */
export function TimeText({ iso, timeZone, className }: TimeTextProps) {
  const t = useT();
  const utc = formatUtc(iso);
  return (
    <time dateTime={iso} title={t('components.time.utc', { utc })} className={['tabular', className].filter(Boolean).join(' ')}>
      {formatDateTime(iso, timeZone)}
    </time>
  );
}
