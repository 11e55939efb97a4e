import { useId } from 'react';
import { Link } from 'react-router';
import type { StatsBreakdownItem } from '../../../contract/stats.ts';
import { domainLabel } from '../../lib/domain/domain-labels.ts';
import { formatAmount, formatCount, formatPercent } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { statsCurrency } from '../../lib/stats/stats-query.ts';
import { breakdownFilter, listLink, type BreakdownDimension } from './overview-links.ts';
import styles from './overview.module.css';
import { NumbersHead } from './numbers-head.tsx';

function cents(amount: string): bigint {
  return BigInt(amount.replace('.', ''));
}

/** Share of the approved volume in whole permille, from exact cents (for the bar's width only). */
function share(part: string, total: bigint): number {
  return total === 0n ? 0 : Number((cents(part) * 1000n) / total) / 10;
}

/** Sales by acquirer or by card brand, largest approved volume first; every number opens its transactions. */
export function BreakdownTable({ dimension, items, createdAt }: { dimension: BreakdownDimension; items: StatsBreakdownItem[]; createdAt: string }) {
  const t = useT();
  const headingId = useId();
  const domain = dimension === 'acquirer' ? 'acquirer' : 'cardBrand';
  const title = t(dimension === 'acquirer' ? 'overview.breakdown.acquirer' : 'overview.breakdown.cardBrand');
  const sorted = [...items].sort((a, b) => {
    const d = cents(b.approvedAmount) - cents(a.approvedAmount);
    return d > 0n ? 1 : d < 0n ? -1 : b.count - a.count;
  });
  const total = sorted.reduce((sum, item) => sum + cents(item.approvedAmount), 0n);
  const nameOf = (value: string | null) => (value === null ? t('overview.breakdown.noCard') : domainLabel(t, domain, value));
  return (
    <section className={styles.card} aria-labelledby={headingId} data-testid={`breakdown-${dimension}`}>
      <h2 id={headingId}>{title}</h2>
      {sorted.length === 0 ? (
        <p className={styles.muted}>{t('overview.breakdown.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <NumbersHead first={t(dimension === 'acquirer' ? 'overview.breakdown.acquirerColumn' : 'overview.breakdown.cardBrandColumn')} />
            <tbody>
              {sorted.map((item) => {
                const filter = breakdownFilter(dimension, item.value);
                const percent = share(item.approvedAmount, total);
                return (
                  <tr key={item.value ?? 'none'} data-value={item.value ?? ''}>
                    <th scope="row">
                      <Link to={listLink(createdAt, filter)}>{nameOf(item.value)}</Link>
                      <span className={styles.shareBar} aria-hidden="true">
                        <span style={{ width: `${percent}%` }} />
                      </span>
                    </th>
                    <td className={styles.num}>
                      <Link to={listLink(createdAt, filter)} data-testid="breakdown-count">
                        {formatCount(item.count)}
                      </Link>
                    </td>
                    <td className={styles.num}>
                      <Link to={listLink(createdAt, breakdownFilter(dimension, item.value, 'approved'))}>{formatAmount(item.approvedAmount, statsCurrency)}</Link>
                      <span className={styles.share}>{formatPercent(percent / 100)}</span>
                    </td>
                    <td className={styles.num}>{item.approvalRate === null ? t('overview.none') : formatPercent(item.approvalRate)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
