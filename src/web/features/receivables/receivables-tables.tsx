import type { ArrangementEntry, CalendarEntry } from '../../../contract/receivables.ts';
import { formatWeekdayDate } from '../../lib/format.ts';
import { domainLabel } from '../../lib/domain/domain-labels.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { FigureCells, FigureHeads } from './figure-cells.tsx';
import styles from './receivables.module.css';

/** Per day: count, gross, MDR and net, and the range's total as the footer. */
export function DaysTable({ entries, totals }: { entries: readonly CalendarEntry[]; totals: Pick<CalendarEntry, 'count' | 'gross' | 'fee' | 'net'> }) {
  const t = useT();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="receivables-days">
        <caption>{t('receivables.days.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('receivables.col.date')}</th>
            <FigureHeads labels={['receivables.col.count', 'receivables.col.gross', 'receivables.col.fee', 'receivables.col.net']} />
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.dueDate}>
              <th scope="row">{formatWeekdayDate(e.dueDate)}</th>
              <FigureCells count={e.count} amounts={[e.gross, e.fee, e.net]} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('receivables.total')}</th>
            <FigureCells count={totals.count} amounts={[totals.gross, totals.fee, totals.net]} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Per arrangement (brand and product) and acquirer, summed by the server from the units (UR), largest net first. */
export function ArrangementsTable({ arrangements }: { arrangements: readonly ArrangementEntry[] }) {
  const t = useT();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="receivables-arrangements">
        <caption>{t('receivables.arrangements.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('receivables.col.arrangement')}</th>
            <th scope="col">{t('receivables.col.acquirer')}</th>
            <FigureHeads labels={['receivables.col.units', 'receivables.col.gross', 'receivables.col.fee', 'receivables.col.net']} />
          </tr>
        </thead>
        <tbody>
          {arrangements.map((g) => (
            <tr key={`${g.brand}|${g.product}|${g.acquirer}`}>
              <th scope="row">{t(`receivables.arrangement.${g.product}`, { brand: t(`receivables.brand.${g.brand}`) })}</th>
              <td>{domainLabel(t, 'acquirer', g.acquirer)}</td>
              <FigureCells count={g.units} amounts={[g.gross, g.fee, g.net]} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
