// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../contract/me.ts';
import type { ReconciliationException } from '../../../contract/reconciliation.ts';
import { I18nTestProvider, loadTestMessages } from '../../lib/i18n/i18n-test-provider.tsx';
import { MeContext } from '../../lib/me-context.tsx';
import { ExceptionsQueue } from './exceptions-queue.tsx';

configure({ asyncUtilTimeout: 5000 });

const me: Me = { tokenId: 't1', organization: { id: 'o1', name: 'Org' }, scopes: ['reconciliation:write'], merchantId: null, merchantIds: null, mode: 'test', merchants: [{ id: 'm1', name: 'Padaria Um' }] };

const exception = (i: number): ReconciliationException => ({
  id: `x${i}`,
  outcome: 'amount_differs',
  acquirer: 'cielo',
  merchantId: 'm1',
  summaryId: null,
  fileId: 'f1',
  line: i + 2,
  day: '2026-11-02',
  ageDays: 3,
  expectedMinor: String(1000 + i),
  reportedMinor: String(1100 + i),
  expectedDate: null,
  reportedDate: null,
  status: 'open',
  note: null,
  resolvedBy: null,
  resolvedAt: null,
  linkedSummaryId: null,
  receivableId: null,
});

/** The API of a queue of 230 open exceptions, served 100 at a time behind nextCursor. */
function serveQueue(total: number) {
  const all = Array.from({ length: total }, (_, i) => exception(i));
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  const fetch = vi.fn((input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    if (url.pathname.endsWith('/exceptions')) {
      const from = Number(url.searchParams.get('cursor') || 0);
      const limit = Number(url.searchParams.get('limit'));
      const next = from + limit < all.length ? String(from + limit) : null;
      return json({ data: all.slice(from, from + limit), nextCursor: next });
    }
    if (url.pathname.endsWith('/ageing')) return json({ buckets: [{ bucket: '3-7', count: all.length, amountMinor: '0' }] });
    return json({ data: [], nextCursor: null });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeAll(async () => {
  await loadTestMessages('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the exceptions queue', () => {
  it('shows 100 at a time and follows the list’s cursor to the rest, saying how many are shown', async () => {
    const fetch = serveQueue(230);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nTestProvider language="en">
          <MeContext.Provider value={me}>
            <MemoryRouter>
              <ExceptionsQueue />
            </MemoryRouter>
          </MeContext.Provider>
        </I18nTestProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('100 of 230 shown.')).toBeTruthy();
    const shownRows = () => document.querySelectorAll('tbody > tr:not([class*="detail"])').length;
    expect(shownRows()).toBe(100);
    fireEvent.click(screen.getByRole('button', { name: 'Show 100 more' }));
    expect(await screen.findByText('200 of 230 shown.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show 100 more' }));
    // the last page: every exception shown, no more button
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Show 100 more' })).toBeNull());
    const cursors = fetch.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost')).filter((u) => u.pathname.endsWith('/exceptions')).map((u) => u.searchParams.get('cursor'));
    expect(cursors).toEqual([null, '100', '200']);
    expect(shownRows()).toBe(230);
  });
});
