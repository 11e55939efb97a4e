import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Stats, StatsTotals } from '../../../contract/stats.ts';
import { Skeleton } from '../../components/skeleton.tsx';
import { formatAmount, formatChange, formatCount, formatDateTime, formatPercent, formatPoints } from '../../lib/format.ts';
import { useT, type Translate } from '../../lib/i18n/i18n.tsx';
import { statsCurrency } from '../../lib/stats/stats-query.ts';
import { amountChange, countChange, rateChangePoints, trendOf } from './overview-change.ts';
import { listLink } from './overview-links.ts';
import styles from './overview.module.css';

interface Change {
  /** relative change (ratio) or percentage points */
  value: number | null;
  kind: 'ratio' | 'points';
  /** the previous period's figure, as shown */
  previous: string | null;
  /** a rise is bad news (refunds) */
  inverted?: boolean;
}

const arrows = { up: '▲', down: '▼', flat: '•' } as const;

/** The period compared with; `until` set when the current one is still running (like for like up to now). */
interface ComparedPeriod {
  from: string;
  to: string;
  until: string | null;
}

function ChangeLine({ change, period }: { change: Change | null; period: ComparedPeriod | null }) {
  const t = useT();
  const trend = trendOf(change?.value ?? null);
  if (!change || change.value === null || trend === null) {
    return <p className={styles.change}>{t('overview.change.none')}</p>;
  }
  const running = period?.until != null;
  const text =
    change.kind === 'points'
      ? t(running ? 'overview.change.pointsSamePoint' : 'overview.change.points', { points: formatPoints(change.value) })
      : t(running ? 'overview.change.vsSamePoint' : 'overview.change.vsPrevious', { change: formatChange(change.value) });
  const good = trend === 'flat' ? null : (trend === 'up') !== (change.inverted === true);
  const title =
    period && change.previous !== null
      ? t(running ? 'overview.change.previousSamePoint' : 'overview.change.previous', { from: formatDateTime(period.from), to: formatDateTime(period.to), value: change.previous })
      : undefined;
  return (
    <p className={styles.change} data-tone={good === null ? 'neutral' : good ? 'good' : 'bad'} title={title}>
      <span aria-hidden="true" className={styles.arrow}>
        {arrows[trend]}
      </span>
      <span className="visually-hidden">{t(`overview.change.${trend}`)}</span> {text}
    </p>
  );
}

interface TileProps {
  label: string;
  hint?: string;
  value: string;
  href: string;
  testId: string;
  change: Change | null;
  period: ComparedPeriod | null;
  children?: ReactNode;
}

function Tile({ label, hint, value, href, testId, change, period, children }: TileProps) {
  const t = useT();
  return (
    <li className={styles.tile} data-testid={testId}>
      <p className={styles.tileLabel}>{label}</p>
      <Link to={href} className={styles.tileValue} title={t('overview.open')} data-testid={`${testId}-value`}>
        <span className="visually-hidden">{label}: </span>
        {value}
      </Link>
      {hint ? <p className={styles.tileHint}>{hint}</p> : null}
      {children}
      <ChangeLine change={change} period={period} />
    </li>
  );
}

const money = (amount: string | null) => (amount === null ? null : formatAmount(amount, statsCurrency));

function tiles(t: Translate, totals: StatsTotals, previous: StatsTotals | null, createdAt: string) {
  const none = t('overview.none');
  return {
    volume: {
      // what was captured (approved, partially and fully refunded sales), refunds not deducted: they have their own tile
      value: formatAmount(totals.captured.amount, statsCurrency),
      href: listLink(createdAt),
      change: { kind: 'ratio', value: amountChange(totals.captured.amount, previous?.captured.amount), previous: money(previous?.captured.amount ?? null) },
    },
    count: {
      value: formatCount(totals.count),
      href: listLink(createdAt),
      change: { kind: 'ratio', value: countChange(totals.count, previous?.count), previous: previous ? formatCount(previous.count) : null },
    },
    rate: {
      value: totals.approvalRate === null ? none : formatPercent(totals.approvalRate),
      href: listLink(createdAt, { status: 'approved' }),
      change: {
        kind: 'points',
        value: rateChangePoints(totals.approvalRate, previous?.approvalRate),
        previous: previous?.approvalRate == null ? null : formatPercent(previous.approvalRate),
      },
    },
    average: {
      value: money(totals.averageTicket) ?? none,
      href: listLink(createdAt, { status: 'approved' }),
      change: { kind: 'ratio', value: amountChange(totals.averageTicket, previous?.averageTicket), previous: money(previous?.averageTicket ?? null) },
    },
    refunds: {
      value: formatAmount(totals.refunds.amount, statsCurrency),
      href: listLink(createdAt, { status: 'refunded' }),
      change: {
        kind: 'ratio',
        value: amountChange(totals.refunds.amount, previous?.refunds.amount),
        previous: money(previous?.refunds.amount ?? null),
        inverted: true,
      },
    },
  } satisfies Record<string, { value: string; href: string; change: Change }>;
}

/** The period's five headline numbers, each a link to the transactions behind it, with the change against the period before. */
export function OverviewTiles({ stats, createdAt }: { stats: Stats; createdAt: string }) {
  const t = useT();
  const { totals } = stats;
  const period = stats.previous ? { from: stats.previous.from, to: stats.previous.to, until: stats.previous.until } : null;
  const all = tiles(t, totals, stats.previous?.totals ?? null, createdAt);
  return (
    <>
      {period?.until != null ? (
        <p className={styles.running} data-testid="running-note">
          {t('overview.change.running', { from: formatDateTime(period.from), to: formatDateTime(period.to) })}
        </p>
      ) : null}
      <ul className={styles.tiles} aria-label={t('overview.title')}>
        <Tile label={t('overview.tile.volume')} hint={t('overview.tile.volumeHint')} testId="tile-volume" period={period} {...all.volume} />
        <Tile label={t('overview.tile.count')} hint={t('overview.tile.countHint')} testId="tile-count" period={period} {...all.count} />
        <Tile label={t('overview.tile.approvalRate')} testId="tile-rate" period={period} {...all.rate}>
          <p className={styles.tileLinks}>
            <Link to={listLink(createdAt, { status: 'approved' })} data-testid="approved-count">
              {t('overview.tile.approved', { count: formatCount(totals.byStatus.approved.count) })}
            </Link>
            <Link to={listLink(createdAt, { status: 'denied' })} data-testid="denied-count">
              {t('overview.tile.denied', { count: formatCount(totals.byStatus.denied.count) })}
            </Link>
          </p>
        </Tile>
        <Tile label={t('overview.tile.averageTicket')} hint={t('overview.tile.averageHint')} testId="tile-average" period={period} {...all.average} />
        <Tile label={t('overview.tile.refunds')} testId="tile-refunds" period={period} {...all.refunds}>
          <p className={styles.tileLinks}>
            <Link to={listLink(createdAt, { status: 'refunded' })} data-testid="refund-count">
              {t('overview.tile.refundFull', { n: totals.byStatus.refunded.count })}
            </Link>
            <Link to={listLink(createdAt, { status: 'partially_refunded' })} data-testid="refund-partial-count">
              {t('overview.tile.refundPartial', { n: totals.byStatus.partially_refunded.count })}
            </Link>
          </p>
          <p className={styles.tileHint} data-testid="refund-net">
            {t('overview.tile.refundNet', { amount: formatAmount(totals.netAmount, statsCurrency) })}
          </p>
        </Tile>
      </ul>
    </>
  );
}

export function TilesSkeleton() {
  return (
    <ul className={styles.tiles}>
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i} className={styles.tile}>
          <Skeleton lines={3} height="1rem" />
        </li>
      ))}
    </ul>
  );
}
