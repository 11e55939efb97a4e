// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { summaryStatuses } from '../../../contract/enums.ts';
import type { Stats, StatsTotals } from '../../../contract/stats.ts';
import { I18nTestProvider, loadTestMessages } from '../../lib/i18n/i18n-test-provider.tsx';
import { OverviewPage } from './overview-page.tsx';

configure({ asyncUtilTimeout: 5000 });

const zero = { count: 0, amount: '0.00' };
const emptyTotals: StatsTotals = {
  count: 0,
  amount: '0.00',
  byStatus: Object.fromEntries(summaryStatuses.map((s) => [s, zero])) as StatsTotals['byStatus'],
  approvalRate: null,
  averageTicket: null,
  captured: zero,
  refunds: zero,
  netAmount: '0.00',
};
const emptyStats: Stats = { bucket: 'day', timeZone: 'UTC', totals: emptyTotals, previous: null, series: [], byAcquirer: [], byCardBrand: [], byPaymentMethod: [] };

let replies: Array<{ status: number; body: unknown }>;
const requested: URL[] = [];

beforeAll(() => loadTestMessages('en'));
beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal('fetch', (input: string) => {
    requested.push(new URL(input, 'http://localhost'));
    const reply = replies.shift() ?? { status: 200, body: emptyStats };
    const type = reply.status >= 400 ? 'application/problem+json' : 'application/json';
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': type } }));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/overview', element: <OverviewPage /> }], { initialEntries: [path] });
  render(
    <I18nTestProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nTestProvider>,
  );
  return router;
}

describe('OverviewPage states', () => {
  it('shows a failed load with Retry, then the empty state of a period without sales', async () => {
    replies = [{ status: 503, body: { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'The database is unreachable.' } }];
    renderAt('/overview');
    expect(await screen.findByText('The overview could not be loaded')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No sales in this period')).toBeTruthy();
    expect(requested).toHaveLength(2);
    // the browser's zone is sent, with day buckets and the previous period for the default 7 days
    const params = requested[1]?.searchParams;
    expect(params?.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(params?.get('bucket')).toBe('day');
    expect(params?.get('compare')).toBe('previous_period');
  });

  it('offers a longer period from the empty state, kept in the URL', async () => {
    replies = [];
    const router = renderAt('/overview');
    await userEvent.click(await screen.findByRole('button', { name: 'Show the last 30 days' }));
    const createdAt = router.state.location.search ? new URLSearchParams(router.state.location.search).get('created_at') : null;
    expect(createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00[+-]\d{2}:\d{2}\.\.\d{4}-\d{2}-\d{2}T00:00:00[+-]\d{2}:\d{2}$/);
    expect(screen.getByLabelText<HTMLSelectElement>('Period').value).toBe('last30');
  });
});

describe('OverviewPage comparisons', () => {
  it('says a running period is compared like for like, up to the same point of the period before', async () => {
    const now = Date.now();
    const sold = { ...emptyTotals, count: 12, amount: '120.00', captured: { count: 10, amount: '100.00' }, netAmount: '100.00' };
    const before = { ...emptyTotals, count: 8, amount: '80.00', captured: { count: 8, amount: '80.00' }, netAmount: '80.00' };
    const previous = { from: new Date(now - 10 * 86_400_000).toISOString(), to: new Date(now - 7 * 86_400_000).toISOString(), totals: before };
    replies = [{ status: 200, body: { ...emptyStats, totals: sold, previous: { ...previous, until: new Date(now).toISOString() } } }];
    renderAt('/overview');
    expect((await screen.findByTestId('running-note')).textContent).toMatch(/still running/);
    expect(screen.getByTestId('tile-volume').textContent).toContain('+25.0% vs the same point last period');
    cleanup();
    // a finished period: the whole one before, said as before
    replies = [{ status: 200, body: { ...emptyStats, totals: sold, previous: { ...previous, until: null } } }];
    renderAt('/overview');
    expect((await screen.findByTestId('tile-volume')).textContent).toContain('+25.0% vs previous period');
    expect(screen.queryByTestId('running-note')).toBeNull();
  });
});
