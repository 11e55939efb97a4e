import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { domainLabel } from '../../lib/domain/domain-labels.ts';
import { formatWeekdayDate } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { simulateAnticipation } from './receivables-api.ts';
import { FigureCells, FigureHeads } from './figure-cells.tsx';
import { settlementCurrency as currency } from '../../../contract/money.ts';
import styles from './receivables.module.css';

/** What the merchant would receive today for its open units, at its plan's monthly rate prorated by days. Nothing is booked. */
export function AnticipationSimulator({ merchantId }: { merchantId: string | null }) {
  const t = useT();
  const simulation = useMutation({ mutationFn: () => simulateAnticipation(merchantId ? { merchantId } : {}) });
  const result = simulation.data;
  return (
    <section className={styles.section} aria-labelledby="anticipation-title" data-testid="anticipation">
      <h2 id="anticipation-title">{t('receivables.anticipation.title')}</h2>
      <p className={styles.hint}>{t('receivables.anticipation.hint')}</p>
      {merchantId === null ? (
        <p className={styles.hint}>{t('receivables.anticipation.pickMerchant')}</p>
      ) : (
        <Button onClick={() => simulation.mutate()} disabled={simulation.isPending}>
          {simulation.isPending ? t('receivables.anticipation.running') : t('receivables.anticipation.run')}
        </Button>
      )}
      {simulation.isError ? <ErrorState error={simulation.error} title={t('receivables.anticipation.error')} onRetry={() => simulation.mutate()} retrying={simulation.isPending} /> : null}
      {result ? (
        <>
          <dl className={styles.tiles}>
            <div className={styles.tile}>
              <dt>{t('receivables.anticipation.net')}</dt>
              <dd><MoneyText amount={result.net} currency={currency} /></dd>
            </div>
            <div className={styles.tile}>
              <dt>{t('receivables.anticipation.fee', { rate: result.monthlyRate })}</dt>
              <dd><MoneyText amount={result.anticipationFee} currency={currency} /></dd>
            </div>
            <div className={styles.tile}>
              <dt>{t('receivables.anticipation.today')}</dt>
              <dd data-testid="anticipation-today"><MoneyText amount={result.receivedToday} currency={currency} /></dd>
            </div>
          </dl>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption>{t('receivables.anticipation.caption', { count: result.units.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('receivables.col.date')}</th>
                  <th scope="col">{t('receivables.col.acquirer')}</th>
                  <FigureHeads labels={['receivables.col.days', 'receivables.col.net', 'receivables.col.anticipationFee', 'receivables.col.today']} />
                </tr>
              </thead>
              <tbody>
                {result.units.slice(0, 60).map((u) => (
                  <tr key={`${u.dueDate}|${u.acquirer}|${u.brand}|${u.product}`}>
                    <th scope="row">{formatWeekdayDate(u.dueDate)}</th>
                    <td>{t(`receivables.arrangement.${u.product}`, { brand: t(`receivables.brand.${u.brand}`) })} · {domainLabel(t, 'acquirer', u.acquirer)}</td>
                    <FigureCells count={u.days} amounts={[u.net, u.anticipationFee, u.receivedToday]} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
