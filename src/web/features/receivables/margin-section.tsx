import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../components/error-state.tsx';
import { Segments } from '../../components/segments.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { domainLabel } from '../../lib/domain/domain-labels.ts';
import { formatMonth } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { useMe } from '../../lib/me-context.tsx';
import { marginQuery } from './receivables-api.ts';
import { FigureCells, FigureHeads } from './figure-cells.tsx';
import styles from './receivables.module.css';

type GroupBy = 'month' | 'acquirer' | 'merchant';

/** Staff only (margin:read): the platform's fees from merchants less what acquirers charge it. */
export function MarginSection() {
  const t = useT();
  const me = useMe();
  const [groupBy, setGroupBy] = useState<GroupBy>('month');
  const query = useQuery(marginQuery({ group_by: groupBy }));
  const names = new Map(me.merchants.map((m) => [m.id, m.name]));
  const label = (key: string) => (groupBy === 'merchant' ? (names.get(key) ?? key) : groupBy === 'acquirer' ? domainLabel(t, 'acquirer', key) : formatMonth(key));
  return (
    <section className={styles.section} aria-labelledby="margin-title" data-testid="margin">
      <div className={styles.sectionHead}>
        <h2 id="margin-title">{t('receivables.margin.title')}</h2>
        <Segments
          legend={t('receivables.margin.groupBy')}
          value={groupBy}
          onChange={(v) => setGroupBy((v ?? 'month') as GroupBy)}
          choices={(['month', 'acquirer', 'merchant'] as const).map((g) => ({ value: g, label: t(`receivables.margin.by.${g}`) }))}
        />
      </div>
      <p className={styles.hint}>{t('receivables.margin.hint')}</p>
      {query.isError ? (
        <ErrorState error={query.error} title={t('receivables.margin.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data ? (
        <Skeleton height="8rem" label={t('receivables.loading')} />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('receivables.margin.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t(`receivables.margin.by.${groupBy}`)}</th>
                <FigureHeads labels={['receivables.col.count', 'receivables.col.gross', 'receivables.col.fee', 'receivables.col.costFee', 'receivables.col.margin']} />
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{label(row.key)}</th>
                  <FigureCells count={row.count} amounts={[row.gross, row.fee, row.costFee, row.margin]} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
