import { formatDateTime, formatUtc } from '../lib/format.ts';
import { useT } from '../lib/i18n/i18n.tsx';

export interface TimeTextProps {
  iso: string;
  timeZone?: string;
  className?: string;
}

/** "Nov 26, 2026, 08:13:29 AM" as its date and its time, each kept whole: a narrow column breaks between them only. */
function dateAndTime(text: string): [string, string] | null {
  const at = text.lastIndexOf(', ');
  return at > 0 ? [text.slice(0, at + 1), text.slice(at + 2)] : null;
}

/** Local date and time; the exact UTC value (every fractional digit) on hover and for assistive tech. */
export function TimeText({ iso, timeZone, className }: TimeTextProps) {
  const t = useT();
  const utc = formatUtc(iso);
  const text = formatDateTime(iso, timeZone);
  const parts = dateAndTime(text);
  return (
    <time dateTime={iso} title={t('components.time.utc', { utc })} className={['tabular', className].filter(Boolean).join(' ')}>
      {parts ? (
        <>
          <span className="nowrap">{parts[0]}</span> <span className="nowrap">{parts[1]}</span>
        </>
      ) : (
        text
      )}
    </time>
  );
}
