import { describe, expect, it } from 'vitest';
import { SummaryFilters } from '../../../contract/summaries.ts';
import { amountChange, countChange, rateChangePoints, trendOf } from './overview-change.ts';
import { breakdownFilter, listLink } from './overview-links.ts';
import { bucketRange, bucketStarts, canCompare, chartSpan, chooseBucket, overviewRange, overviewStatsParams } from './overview-range.ts';

const SP = 'America/Sao_Paulo';
const now = Date.UTC(2026, 10, 21, 17, 30); // 14:30 in São Paulo, Saturday 2026-11-21

describe('bucket by range length', () => {
  it.each([
    ['one day', '2026-11-21T00:00:00-03:00..2026-11-22T00:00:00-03:00', 'hour'],
    ['two days', '2026-11-20T00:00:00-03:00..2026-11-22T00:00:00-03:00', 'hour'],
    ['three days', '2026-11-19T00:00:00-03:00..2026-11-22T00:00:00-03:00', 'day'],
    ['a week', '2026-11-15T00:00:00-03:00..2026-11-22T00:00:00-03:00', 'day'],
    ['a 31-day month', '2026-10-01T00:00:00-03:00..2026-11-01T00:00:00-03:00', 'day'],
    ['92 days', '2026-08-22T00:00:00-03:00..2026-11-22T00:00:00-03:00', 'day'],
    ['half a year', '2026-05-01T00:00:00-03:00..2026-11-01T00:00:00-03:00', 'week'],
    ['a UTC day written as a date', '2026-11-21', 'hour'],
    ['an open start', '..2026-11-22T00:00:00-03:00', 'week'],
  ] as const)('%s → %s', (_name, range, bucket) => {
    expect(chooseBucket(range, now)).toBe(bucket);
  });

  it('runs an open end up to now', () => {
    expect(chooseBucket('2026-11-21T00:00:00-03:00..', now)).toBe('hour');
    expect(chooseBucket('2026-11-01T00:00:00-03:00..', now)).toBe('day');
  });

  it('keeps a 25-hour DST day hourly', () => {
    // New York falls back on 2026-11-01: that day lasts 25 hours
    expect(chooseBucket('2026-11-01T00:00:00-04:00..2026-11-02T00:00:00-05:00', now)).toBe('hour');
  });
});

describe('the Overview range and its stats request', () => {
  it('opens on the last 7 days of the operator zone', () => {
    expect(overviewRange(null, now, SP)).toBe('2026-11-15T00:00:00-03:00..2026-11-22T00:00:00-03:00');
    expect(overviewRange('not-a-range', now, SP)).toBe('2026-11-15T00:00:00-03:00..2026-11-22T00:00:00-03:00');
    expect(overviewRange('2026-11-01T00:00:00-03:00..2026-11-03T00:00:00-03:00', now, SP)).toBe('2026-11-01T00:00:00-03:00..2026-11-03T00:00:00-03:00');
  });

  it('asks for the previous period only when the range has both ends', () => {
    expect(canCompare('2026-11-01T00:00:00-03:00..')).toBe(false);
    expect(overviewStatsParams('2026-11-21T00:00:00-03:00..2026-11-22T00:00:00-03:00', now, SP)).toEqual({
      created_at: '2026-11-21T00:00:00-03:00..2026-11-22T00:00:00-03:00',
      bucket: 'hour',
      tz: SP,
      compare: 'previous_period',
    });
    expect(overviewStatsParams('2026-11-01T00:00:00-03:00..', now, SP)).toEqual({ created_at: '2026-11-01T00:00:00-03:00..', bucket: 'day', tz: SP });
  });
});

describe('changes against the previous period', () => {
  it('compares amounts exactly, in cents', () => {
    expect(amountChange('110.00', '100.00')).toBeCloseTo(0.1, 12);
    expect(amountChange('0.01', '0.02')).toBeCloseTo(-0.5, 12);
    // 90071992547409.93 is past float precision in reais, not in cents as BigInt
    expect(amountChange('90071992547409.93', '90071992547409.93')).toBe(0);
    expect(amountChange('5.00', '0.00')).toBeNull();
    expect(amountChange('5.00', null)).toBeNull();
    expect(amountChange(null, '5.00')).toBeNull();
  });

  it('compares counts and rates', () => {
    expect(countChange(150, 100)).toBe(0.5);
    expect(countChange(3, 0)).toBeNull();
    expect(rateChangePoints(0.934, 0.912)).toBe(2.2);
    expect(rateChangePoints(0.9, null)).toBeNull();
    expect([trendOf(0.1), trendOf(-0.2), trendOf(0), trendOf(null)]).toEqual(['up', 'down', 'flat', null]);
  });
});

describe('click-through links to the transactions list', () => {
  const range = '2026-11-15T00:00:00-03:00..2026-11-22T00:00:00-03:00';
  const filtersOf = (link: string) => {
    const url = new URL(link, 'http://x');
    expect(url.pathname).toBe('/transactions');
    const params = Object.fromEntries(url.searchParams);
    // what the list accepts: its URL is read against the same contract schema
    expect(SummaryFilters.safeParse(params).success).toBe(true);
    return params;
  };

  it('keeps the range and adds the number’s own filter', () => {
    expect(filtersOf(listLink(range))).toEqual({ created_at: range });
    expect(filtersOf(listLink(range, { status: 'approved' }))).toEqual({ created_at: range, status: 'approved' });
    expect(filtersOf(listLink(range, breakdownFilter('acquirer', 'cielo')))).toEqual({ created_at: range, acquirer: 'cielo' });
    expect(filtersOf(listLink(range, breakdownFilter('card_brand', 'elo', 'approved')))).toEqual({ created_at: range, card_brand: 'elo', status: 'approved' });
  });

  it('sends sales without a card to the pix filter', () => {
    expect(filtersOf(listLink(range, breakdownFilter('card_brand', null)))).toEqual({ created_at: range, payment_method: 'pix' });
  });

  it('encodes the offsets of the range', () => {
    expect(listLink(range)).toContain('created_at=2026-11-15T00%3A00%3A00-03%3A00..2026-11-22T00%3A00%3A00-03%3A00');
  });
});

describe('the range of one series bucket', () => {
  const week = '2026-11-15T00:00:00-03:00..2026-11-22T00:00:00-03:00';
  it('runs an hour, a day or a week from the bucket start', () => {
    expect(bucketRange('2026-11-21T14:00:00-03:00', 'hour', SP, '2026-11-21T00:00:00-03:00..2026-11-22T00:00:00-03:00')).toBe(
      '2026-11-21T14:00:00-03:00..2026-11-21T15:00:00-03:00',
    );
    expect(bucketRange('2026-11-17T00:00:00-03:00', 'day', SP, week)).toBe('2026-11-17T00:00:00-03:00..2026-11-18T00:00:00-03:00');
  });

  it('cuts a week bucket to the range', () => {
    // weeks start on Monday: the bucket of Sunday 2026-11-15 began on Monday 2026-11-09
    expect(bucketRange('2026-11-09T00:00:00-03:00', 'week', SP, week)).toBe('2026-11-15T00:00:00-03:00..2026-11-16T00:00:00-03:00');
    expect(bucketRange('2026-11-16T00:00:00-03:00', 'week', SP, week)).toBe('2026-11-16T00:00:00-03:00..2026-11-22T00:00:00-03:00');
  });

  it('gives a DST day its real length', () => {
    expect(bucketRange('2026-11-01T00:00:00-04:00', 'day', 'America/New_York', '2026-10-01T00:00:00-04:00..2026-12-01T00:00:00-05:00')).toBe(
      '2026-11-01T00:00:00-04:00..2026-11-02T00:00:00-05:00',
    );
  });
});

describe('bucket starts across the range (the chart ticks)', () => {
  const iso = (ms: number) => new Date(ms).toISOString();
  it('lists local midnights, a DST day included', () => {
    // New York falls back on 2026-11-01: midnights at 04:00Z before, 05:00Z after
    const starts = bucketStarts(Date.UTC(2026, 9, 31, 4), Date.UTC(2026, 10, 3, 5), 'day', 'America/New_York');
    expect(starts.map(iso)).toEqual(['2026-10-31T04:00:00.000Z', '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z']);
  });

  it('lists Mondays from the week holding the start', () => {
    const starts = bucketStarts(Date.UTC(2026, 10, 15, 3), Date.UTC(2026, 10, 30, 3), 'week', SP); // Sunday 15th to Monday 30th
    expect(starts.map(iso)).toEqual(['2026-11-09T03:00:00.000Z', '2026-11-16T03:00:00.000Z', '2026-11-23T03:00:00.000Z']);
  });

  it('lists whole local hours, in a half-hour zone too', () => {
    const starts = bucketStarts(Date.UTC(2026, 10, 21, 18, 40), Date.UTC(2026, 10, 21, 21), 'hour', 'Asia/Kolkata');
    // 00:10 in Kolkata (UTC+5:30) → its hour began at 18:30Z
    expect(starts.map(iso)).toEqual(['2026-11-21T18:30:00.000Z', '2026-11-21T19:30:00.000Z', '2026-11-21T20:30:00.000Z']);
  });

  it('spans the chosen range, or the data where it is open', () => {
    const week = '2026-11-15T00:00:00-03:00..2026-11-22T00:00:00-03:00';
    const data = [Date.UTC(2026, 10, 17, 3)];
    expect(chartSpan(week, data, now)).toEqual({ fromMs: Date.UTC(2026, 10, 15, 3), toMs: Date.UTC(2026, 10, 22, 3) });
    expect(chartSpan('..2026-11-22T00:00:00-03:00', data, now)).toEqual({ fromMs: data[0], toMs: Date.UTC(2026, 10, 22, 3) });
    expect(chartSpan(week, [], now)).toBeNull();
  });
});
