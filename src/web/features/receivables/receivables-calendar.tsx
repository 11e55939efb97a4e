import type { CalendarEntry } from '../../../contract/receivables.ts';
import { formatAmount, operatorLocale } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { shiftDay } from '../../lib/url-state-dates.ts';
import { settlementCurrency as currency } from '../../../contract/money.ts';
import styles from './receivables.module.css';

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The next days as a month-like grid (Sunday first): each day's net, the days without receivables faint. */
export function ReceivablesCalendar({ from, days, entries }: { from: string; days: number; entries: readonly CalendarEntry[] }) {
  const t = useT();
  const byDay = new Map(entries.map((e) => [e.dueDate, e]));
  const locale = operatorLocale();
  const dayLabel = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short' });
  const dayOnly = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric' });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const longLabel = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });
  const weekdayNames = Array.from({ length: 7 }, (_, i) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short' }).format(new Date(Date.UTC(2023, 0, 1 + i))));
  const cells: (string | null)[] = Array.from({ length: weekday(from) }, () => null);
  for (let i = 0; i < days; i++) cells.push(shiftDay(from, i));
  const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, week) => cells.slice(week * 7, week * 7 + 7));
  return (
    <table className={styles.calendar} data-testid="receivables-calendar">
      <caption className={styles.calendarCaption}>{t('receivables.calendar.label')}</caption>
      <thead>
        <tr>
          {weekdayNames.map((name) => (
            <th key={name} scope="col" className={styles.weekday}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((date, i) => {
              if (!date) return <td key={`empty${i}`} className={styles.dayEmpty} />;
              const entry = byDay.get(date);
              const at = new Date(`${date}T00:00:00Z`);
              return (
                <td key={date} className={entry ? styles.day : `${styles.day} ${styles.dayNone}`} title={longLabel.format(at)}>
                  <span className={styles.dayNumber}>{(date === from || date.endsWith('-01') ? dayLabel : dayOnly).format(at)}</span>
                  {entry ? (
                    <>
                      <span className={`${styles.dayNet} tabular`}>
                        <span className="visually-hidden">{t('receivables.calendar.net')} </span>
                        {formatAmount(entry.net, currency)}
                      </span>
                      {/* a phone's seventh of the width holds a short amount (R$, display only); the exact one stays for screen readers */}
                      <span className={`${styles.dayCompact} tabular`} aria-hidden="true">
                        {compact.format(Number(entry.net))}
                      </span>
                    </>
                  ) : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
