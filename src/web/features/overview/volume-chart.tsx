import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { StatsPoint } from '../../../contract/stats.ts';
import { formatAmount, formatCompactAmount, formatPercent } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { axisLabel, bucketLabel } from './bucket-label.ts';
import { bucketStarts, type Bucket } from './overview-range.ts';
import styles from './overview.module.css';

export interface VolumeChartProps {
  series: StatsPoint[];
  bucket: Bucket;
  timeZone: string;
  currency: string;
  /** the transactions list of each bucket: a click on a bar opens it */
  hrefs: string[];
  /** the instants the x axis spans (the chosen range), so days without sales show as gaps */
  span: { fromMs: number; toMs: number };
}

const bucketSeconds: Record<Bucket, number> = { hour: 3600, day: 86_400, week: 604_800 };
const height = 260;
const maxBars = 150;

function token(el: Element, name: string): string {
  return getComputedStyle(el).getPropertyValue(name).trim();
}

/**
 * Approved volume per bucket (bars, left axis) and the approval rate (line, right axis) with uPlot on a
 * canvas. Amounts become floats here for plotting only; the readout and the table show the exact decimal text.
 */
export function VolumeChart({ series, bucket, timeZone, currency, hrefs, span }: VolumeChartProps) {
  const { t, locale } = useI18n();
  const host = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const hrefsRef = useRef(hrefs);
  useEffect(() => {
    hrefsRef.current = hrefs;
  }, [hrefs]);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const x = series.map((p) => Date.parse(p.start) / 1000);
    const volume = series.map((p) => Number(p.approvedAmount));
    const rate = series.map((p) => (p.approvalRate === null ? null : p.approvalRate * 100));
    const half = bucketSeconds[bucket] / 2;
    // one tick per bucket start across the whole range, thinned to fit; bars stand on their bucket's tick
    const ticks = bucketStarts(span.fromMs, span.toMs, bucket, timeZone).map((ms) => ms / 1000);
    const lo = (ticks[0] ?? x[0] ?? 0) - half;
    const hi = (ticks.at(-1) ?? x.at(-1) ?? 0) + half;
    const splits = (u: uPlot) => {
      const room = Math.max(1, Math.floor(u.bbox.width / devicePixelRatio / (bucket === 'hour' ? 48 : 64)));
      const step = Math.ceil(ticks.length / room);
      return ticks.filter((_, i) => i % step === 0);
    };
    const wholePercent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    let chart: uPlot | null = null;

    const build = () => {
      chart?.destroy();
      const accent = token(el, '--color-accent');
      const muted = token(el, '--color-text-muted');
      const grid = token(el, '--color-border');
      const rateColor = token(el, '--color-success');
      const font = `12px ${token(el, '--font-sans') || 'system-ui'}`;
      const axis = { stroke: muted, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
      const options: uPlot.Options = {
        width: Math.max(el.clientWidth, 240),
        height,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
        cursor: { drag: { x: false, y: false }, points: { size: 8 } },
        legend: { live: true },
        scales: {
          x: { time: true, range: () => [lo, hi] },
          money: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
          rate: { range: [0, 100] },
        },
        series: [
          { label: t('overview.chart.period'), value: (_u, ts) => (ts == null ? '' : bucketLabel(ts * 1000, bucket, timeZone, locale)) },
          {
            label: t('overview.chart.volume'),
            scale: 'money',
            stroke: accent,
            fill: `color-mix(in srgb, ${accent} 55%, transparent)`,
            width: 1,
            // bars up to ~5 months of days; beyond that an area (uPlot's bars cost ~0.4 ms each on a software canvas)
            paths: series.length <= maxBars ? uPlot.paths.bars?.({ size: [0.7, 48] }) : undefined,
            points: { show: false },
            value: (_u, _v, _si, i) => {
              const point = i == null ? undefined : series[i];
              return point ? formatAmount(point.approvedAmount, currency, locale) : '';
            },
          },
          {
            label: t('overview.chart.rate'),
            scale: 'rate',
            stroke: rateColor,
            width: 2,
            spanGaps: true,
            points: { show: series.length <= 60, size: 5, fill: rateColor },
            value: (_u, v) => (v == null ? '' : formatPercent(v / 100, locale)),
          },
        ],
        axes: [
          { ...axis, splits, values: (_u, at) => at.map((s) => axisLabel(s * 1000, bucket, timeZone, locale)) },
          { ...axis, scale: 'money', size: 76, values: (_u, at) => at.map((v) => formatCompactAmount(v, currency, locale)) },
          { ...axis, scale: 'rate', side: 1, size: 56, grid: { show: false }, values: (_u, at) => at.map((v) => wholePercent.format(v / 100)) },
        ],
      };
      chart = new uPlot(options, [x, volume, rate], el);
      // away from the chart, the readout shows the latest bucket instead of empty values
      const latest = x.length - 1;
      const showLatest = (u: uPlot) => {
        if (u.legend.idx == null && latest >= 0) u.setLegend({ idx: latest }, false);
      };
      chart.hooks.setLegend = [...(chart.hooks.setLegend ?? []), showLatest];
      showLatest(chart);
      chart.over.addEventListener('click', () => {
        const i = chart?.cursor.idx;
        const href = i == null ? undefined : hrefsRef.current[i];
        if (href) void navigate(href);
      });
    };
    build();

    const resize = new ResizeObserver(() => chart?.setSize({ width: Math.max(el.clientWidth, 240), height }));
    resize.observe(el);
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', build);
    return () => {
      resize.disconnect();
      scheme.removeEventListener('change', build);
      chart?.destroy();
    };
  }, [series, bucket, timeZone, currency, t, locale, navigate, span.fromMs, span.toMs]);

  return <div ref={host} className={styles.uplot} data-testid="volume-chart" />;
}
