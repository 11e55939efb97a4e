import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { cardProducts, type FeePlan } from '../../../contract/fee-plans.ts';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { useMe } from '../../lib/me-context.tsx';
import { FeePlanEditor } from './fee-plan-editor.tsx';
import { feePlansQuery } from './fee-plans-api.ts';
import layout from '../../components/page-layout.module.css';
import styles from './fee-plans.module.css';

const rateFields = [...cardProducts, 'pix', 'anticipationMonthly'] as const;

function PlanCard({ plan }: { plan: FeePlan }) {
  const t = useT();
  const me = useMe();
  const [editing, setEditing] = useState(false);
  const names = new Map(me.merchants.map((m) => [m.id, m.name]));
  const pending = plan.latest.version !== plan.current.version;
  return (
    <article className={styles.card} aria-labelledby={`plan-${plan.id}`} data-testid="fee-plan">
      <header className={styles.cardHead}>
        <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
        <Badge tone={plan.kind === 'price' ? 'info' : 'neutral'}>{t(`fee-plans.kind.${plan.kind}`)}</Badge>
        {plan.isDefault ? <Badge tone="success">{t('fee-plans.default')}</Badge> : null}
        {plan.acquirer ? <span className={styles.muted}>{plan.acquirer}</span> : null}
      </header>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('fee-plans.ratesOf', { name: plan.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('fee-plans.version')}</th>
              {rateFields.map((f) => (
                <th key={f} scope="col" className={styles.num}>
                  {t(`fee-plans.rate.${f}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[plan.current, ...(pending ? [plan.latest] : [])].map((v) => (
              <tr key={v.version}>
                <th scope="row">{t(v.version === plan.current.version ? 'fee-plans.inForce' : 'fee-plans.from', { version: v.version, date: v.effectiveFrom })}</th>
                {rateFields.map((f) => (
                  <td key={f} className={`${styles.num} tabular`}>
                    {v.rates[f]}%
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.muted}>
        {t('fee-plans.terms', { debit: plan.current.terms.debitDays, credit: plan.current.terms.creditDays, pix: plan.current.terms.pixDays })}
        {plan.kind === 'price' && plan.merchantIds.length > 0 ? ` · ${t('fee-plans.merchants', { names: plan.merchantIds.map((id) => names.get(id) ?? id).join(', ') })}` : ''}
      </p>
      {editing ? (
        <FeePlanEditor plan={plan} onDone={() => setEditing(false)} />
      ) : me.scopes.includes('fee-plans:write') && me.merchantIds === null ? (
        <div>
          <Button onClick={() => setEditing(true)}>{t('fee-plans.edit')}</Button>
        </div>
      ) : null}
    </article>
  );
}

/** Staff: the organization's price plans (MDR the merchants pay) and cost plans (what each acquirer charges), versioned. */
export function FeePlansPage() {
  const t = useT();
  const query = useQuery(feePlansQuery());
  return (
    <section className={`${layout.page} ${styles.page}`} aria-labelledby="fee-plans-title">
      <header className={layout.header}>
        <div>
          <h1 id="fee-plans-title">{t('fee-plans.title')}</h1>
          <p className={layout.subtitle}>{t('fee-plans.subtitle')}</p>
        </div>
      </header>
      {query.isError ? (
        <ErrorState error={query.error} title={t('fee-plans.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data ? (
        <Skeleton height="12rem" label={t('fee-plans.loading')} />
      ) : (
        query.data.map((plan) => <PlanCard key={plan.id} plan={plan} />)
      )}
    </section>
  );
}
