import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Stats } from '../../../contract/stats.ts';
import { Button } from '../../components/button.tsx';
import { formatAmount, formatCount, formatPercent } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { statsCurrency } from '../../lib/stats/stats-query.ts';
import { bucketLabel } from './bucket-label.ts';
import { listLink } from './overview-links.ts';
import { bucketRange, chartSpan } from './overview-range.ts';
import styles from './overview.module.css';
import { NumbersHead } from './numbers-head.tsx';

/**
 * The series as a chart (drawn on a canvas, hidden from screen readers) and as a table of the same numbers:
 * the table is always there for screen readers and shows on screen with "Show as table".
 */
export function SeriesSection({ stats, createdAt, children }: { stats: Stats; createdAt: string; children: (hrefs: string[], span: { fromMs: number; toMs: number } | null) => ReactNode }) {
  const t = useT();
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const tableId = useId();
  const ranges = stats.series.map((point) => bucketRange(point.start, stats.bucket, stats.timeZone, createdAt));
  const [now] = useState(() => Date.now());
  const span = chartSpan(createdAt, stats.series.map((p) => Date.parse(p.start)), now);
  const caption = t('overview.chart.caption', { bucket: t(`overview.bucket.${stats.bucket}`), zone: stats.timeZone });
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h2 id={headingId}>{t('overview.chart.title')}</h2>
        <Button size="small" variant="ghost" aria-controls={tableId} aria-expanded={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? t('overview.chart.showChart') : t('overview.chart.showTable')}
        </Button>
      </div>
      {asTable ? null : (
        <div aria-hidden="true" className={styles.chart}>
          {children(ranges.map((range) => listLink(range)), span)}
        </div>
      )}
      <div id={tableId} className={asTable ? styles.tableWrap : 'visually-hidden'}>
        <table className={styles.table} data-testid="series-table">
          <caption className={styles.caption}>{caption}</caption>
          <NumbersHead first={t('overview.table.period')} />
          <tbody>
            {stats.series.map((point, i) => {
              const range = ranges[i] ?? createdAt;
              return (
                <tr key={point.start}>
                  <th scope="row">{bucketLabel(Date.parse(point.start), stats.bucket, stats.timeZone)}</th>
                  <td className={styles.num}>
                    <Link to={listLink(range)}>{formatCount(point.count)}</Link>
                  </td>
                  <td className={styles.num}>
                    <Link to={listLink(range, { status: 'approved' })}>{formatAmount(point.approvedAmount, statsCurrency)}</Link>
                  </td>
                  <td className={styles.num}>{point.approvalRate === null ? t('overview.none') : formatPercent(point.approvalRate)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
