import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { DateRangeFilter } from '../../components/data-table/date-range-filter.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { statsCurrency, statsQuery } from '../../lib/stats/stats-query.ts';
import { operatorTimeZone, presetRange } from '../../lib/url-state-dates.ts';
import { BreakdownTable } from './breakdown-table.tsx';
import { OverviewTiles, TilesSkeleton } from './overview-tiles.tsx';
import { overviewRange, overviewStatsParams } from './overview-range.ts';
import { SeriesSection } from './series-section.tsx';
import layout from '../../components/page-layout.module.css';
import styles from './overview.module.css';

/** The chart library (uPlot) loads in its own chunk once the numbers are on screen. */
const VolumeChart = lazy(async () => ({ default: (await import('./volume-chart.tsx')).VolumeChart }));

/** The merchant operator's landing page: the period's sales, their trend and where they came from. */
export function OverviewPage() {
  const t = useT();
  const timeZone = operatorTimeZone();
  const [searchParams, setSearchParams] = useSearchParams();
  const [now] = useState(() => Date.now());
  const createdAt = overviewRange(searchParams.get('created_at'), now, timeZone);
  const params = useMemo(() => overviewStatsParams(createdAt, now, timeZone), [createdAt, now, timeZone]);
  const query = useQuery(statsQuery(params));
  const stats = query.data;
  const setRange = (value: string | null) => void setSearchParams(value ? { created_at: value } : {});

  return (
    <section className={`${layout.page} ${styles.page}`} aria-labelledby="overview-title">
      <header className={layout.header}>
        <div className={styles.heading}>
          <h1 id="overview-title">{t('overview.title')}</h1>
          <p className={styles.subtitle}>{t('overview.subtitle')}</p>
        </div>
        <div className={styles.controls}>
          <DateRangeFilter label={t('overview.range')} value={createdAt} onChange={setRange} timeZone={timeZone} required />
          <p className={styles.zone} data-testid="overview-time-zone">
            {t('overview.timeZone', { zone: timeZone })}
          </p>
        </div>
      </header>

      {query.isError && !stats ? (
        <ErrorState error={query.error} title={t('overview.errorTitle')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !stats ? (
        <div className={styles.body} aria-busy="true">
          <TilesSkeleton />
          <Skeleton height="16rem" label={t('overview.loading')} />
        </div>
      ) : stats.totals.count === 0 ? (
        <EmptyState
          title={t('overview.emptyTitle')}
          action={
            <Button onClick={() => setRange(presetRange('last30', Date.now(), timeZone))}>{t('overview.emptyAction')}</Button>
          }
        >
          {t('overview.emptyText')}
        </EmptyState>
      ) : (
        <div className={[styles.body, query.isPlaceholderData && styles.stale].filter(Boolean).join(' ')} aria-busy={query.isPlaceholderData}>
          {query.isError ? (
            <ErrorState error={query.error} title={t('overview.errorTitle')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : null}
          <OverviewTiles stats={stats} createdAt={createdAt} />
          <SeriesSection stats={stats} createdAt={createdAt}>
            {(hrefs, span) =>
              span ? (
              <Suspense fallback={<Skeleton height="16rem" label={t('overview.chart.loading')} />}>
                <VolumeChart series={stats.series} bucket={stats.bucket} timeZone={stats.timeZone} currency={statsCurrency} hrefs={hrefs} span={span} />
              </Suspense>
              ) : null
            }
          </SeriesSection>
          <div className={styles.breakdowns}>
            <BreakdownTable dimension="acquirer" items={stats.byAcquirer} createdAt={createdAt} />
            <BreakdownTable dimension="card_brand" items={stats.byCardBrand} createdAt={createdAt} />
          </div>
        </div>
      )}
    </section>
  );
}
