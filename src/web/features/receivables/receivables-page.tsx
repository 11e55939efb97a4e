import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { providerNames } from '../../../contract/enums.ts';
import type { Calendar } from '../../../contract/receivables.ts';
import { Button } from '../../components/button.tsx';
import { SelectFilter } from '../../components/data-table/filter-controls.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { useMe } from '../../lib/me-context.tsx';
import { AnticipationSimulator } from './anticipation-simulator.tsx';
import { MarginSection } from './margin-section.tsx';
import { arrangementsQuery, calendarQuery, exportReceivablesCsv } from './receivables-api.ts';
import { ReceivablesCalendar } from './receivables-calendar.tsx';
import { brasiliaTimeZone } from '../../../contract/time-zone.ts';
import { shiftDay, todayInput } from '../../lib/url-state-dates.ts';
import { settlementCurrency as currency } from '../../../contract/money.ts';
import { ArrangementsTable, DaysTable } from './receivables-tables.tsx';
import layout from '../../components/page-layout.module.css';
import styles from './receivables.module.css';

const horizon = 90;

function Tile({ label, totals, testId }: { label: string; totals: Calendar['totals']; testId: string }) {
  const t = useT();
  return (
    <div className={styles.tile} data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <MoneyText amount={totals.net} currency={currency} className={styles.tileValue} />
        <span className={styles.tileHint}>{t('receivables.tile.hint', { count: totals.count })}</span>
      </dd>
    </div>
  );
}

/** The merchant's agenda de recebíveis: the next 90 days as a calendar and tables, the month totals, anticipation; staff also see the margin. */
export function ReceivablesPage() {
  const t = useT();
  const me = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const [today] = useState(() => todayInput(brasiliaTimeZone));
  const staff = me.merchantIds === null;
  // a merchant token or operator of one merchant has it fixed; staff and an operator of several choose among theirs
  const choosesMerchant = me.merchantId === null;
  const merchantId = me.merchantId ?? searchParams.get('merchant_id');
  const acquirer = searchParams.get('acquirer');
  const filters = { ...(choosesMerchant && merchantId ? { merchant_id: merchantId } : {}), ...(acquirer ? { acquirer } : {}) };
  const range = { from: today, to: shiftDay(today, horizon - 1) };
  const days = useQuery(calendarQuery({ ...range, ...filters }));
  const arrangements = useQuery(arrangementsQuery({ ...range, ...filters }));
  const [exporting, setExporting] = useState<'idle' | 'running' | 'failed'>('idle');
  const setFilter = (key: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearchParams(next, { replace: true });
  };
  const exportCsv = () => {
    setExporting('running');
    exportReceivablesCsv({ ...filters, due_date: `${range.from}..${range.to}` }).then(
      () => setExporting('idle'),
      () => setExporting('failed'),
    );
  };
  const calendar = days.data;

  return (
    <section className={`${layout.page} ${styles.page}`} aria-labelledby="receivables-title">
      <header className={layout.header}>
        <div>
          <h1 id="receivables-title">{t('receivables.title')}</h1>
          <p className={layout.subtitle}>{t('receivables.subtitle', { days: horizon })}</p>
        </div>
        <div className={styles.controls}>
          {choosesMerchant ? (
            <SelectFilter
              label={t('receivables.filter.merchant')}
              value={merchantId ?? ''}
              onChange={(v) => setFilter('merchant_id', v || null)}
              options={me.merchants.map((m) => ({ value: m.id, label: m.name }))}
              allLabel={t('receivables.filter.allMerchants')}
            />
          ) : null}
          <SelectFilter
            label={t('receivables.filter.acquirer')}
            value={acquirer ?? ''}
            onChange={(v) => setFilter('acquirer', v || null)}
            options={providerNames.map((p) => ({ value: p, label: p }))}
            allLabel={t('receivables.filter.allAcquirers')}
          />
          <Button onClick={exportCsv} disabled={exporting === 'running'}>
            {exporting === 'running' ? t('receivables.export.running') : t('receivables.export.label')}
          </Button>
        </div>
      </header>
      {exporting === 'failed' ? <p role="alert" className={styles.error}>{t('receivables.export.failed')}</p> : null}

      {days.isError && !calendar ? (
        <ErrorState error={days.error} title={t('receivables.error')} onRetry={() => void days.refetch()} retrying={days.isFetching} />
      ) : !calendar ? (
        <Skeleton height="20rem" label={t('receivables.loading')} />
      ) : (
        <div className={styles.body} aria-busy={days.isPlaceholderData}>
          <dl className={styles.tiles}>
            <Tile label={t('receivables.tile.thisMonth')} totals={calendar.summary.thisMonth} testId="tile-this-month" />
            <Tile label={t('receivables.tile.nextMonth')} totals={calendar.summary.nextMonth} testId="tile-next-month" />
            <Tile label={t('receivables.tile.next90', { days: horizon })} totals={calendar.totals} testId="tile-range" />
            <Tile label={t('receivables.tile.overdue')} totals={calendar.summary.overdue} testId="tile-overdue" />
          </dl>
          <section className={styles.section} aria-labelledby="calendar-title">
            <h2 id="calendar-title">{t('receivables.calendar.title')}</h2>
            <ReceivablesCalendar from={range.from} days={horizon} entries={calendar.data} />
          </section>
          {calendar.data.length === 0 ? <p className={styles.hint}>{t('receivables.empty')}</p> : <DaysTable entries={calendar.data} totals={calendar.totals} />}
          {arrangements.data ? <ArrangementsTable arrangements={arrangements.data.data} /> : null}
          <AnticipationSimulator merchantId={merchantId} />
          {staff && me.scopes.includes('margin:read') ? <MarginSection /> : null}
        </div>
      )}
    </section>
  );
}
