// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Summary } from '../../../contract/summaries.ts';
import { I18nTestProvider, loadTestMessages } from '../../lib/i18n/i18n-test-provider.tsx';
import type { Me } from '../../../contract/me.ts';
import { MeContext } from '../../lib/me-context.tsx';
import { TransactionsPage } from './transactions-page.tsx';

// the machine running the suite may be busy: give findBy/waitFor 5 s instead of 1 s before failing
configure({ asyncUtilTimeout: 5000 });
const me: Me = {
  tokenId: 't1',
  organization: { id: 'o1', name: 'Org' },
  scopes: ['transactions:read'],
  merchantId: null,
  mode: 'test',
  merchants: [
    { id: 'm1', name: 'Padaria Um' },
    { id: 'm2', name: 'Padaria Dois' },
  ],
};

function summary(i: number, overrides: Partial<Summary> = {}): Summary {
  const id = `c${String(i).padStart(19, '0')}`;
  return {
    id,
    createdAt: `2026-11-${String(10 + (i % 10)).padStart(2, '0')}T12:00:00.000Z`,
    acquirer: 'cielo',
    amount: `${100 + i}.50`,
    card: { brand: 'visa', expirationMonth: 1, expirationYear: 2030, firstDigits: '411111', holderName: 'ANA', lastDigits: '1234' },
    currency: 'BRL',
    cycles: [
      {
        type: 'authorization',
        status: 'approved',
        amount: `${100 + i}.50`,
        authorizationCode: 'A1B2C3',
        responseCode: '00',
        responseMessage: 'Aprovada',
        retrievalReferenceNumber: '123456789012',
        systemTraceAuditNumber: '654321',
        gatewayTransactionId: `gw-cycle-${i}`,
        transactionSummaryId: id,
        device: { fingerprintId: 'fp_1', geolocation: [-23.5, -46.6], ipAddress: '10.0.0.1' },
      },
    ],
    gatewayTransactionId: `gw-${i}`,
    installments: 1,
    paymentMethod: 'credit_card',
    status: 'approved',
    ...overrides,
  };
}

type Reply = { body: unknown; status?: number; headers?: Record<string, string> };
let replies: (url: URL) => Reply;
const requested: URL[] = [];

beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal('fetch', (input: string) => {
    const url = new URL(input, 'http://localhost');
    requested.push(url);
    const reply = replies(url);
    const type = (reply.status ?? 200) >= 400 ? 'application/problem+json' : 'application/json';
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': type, ...reply.headers } }));
  });
});
beforeAll(() => loadTestMessages('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/transactions', element: <TransactionsPage /> },
      { path: '/transactions/:id', element: <p>transaction page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nTestProvider>
      <MeContext value={me}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MeContext>
    </I18nTestProvider>,
  );
  return router;
}

const page = (n: number, size = 20) => Array.from({ length: n }, (_, i) => summary(i + size));
const lastRequest = () => requested.filter((u) => u.pathname === '/v1/transactions/summaries' && u.searchParams.get('page') === '1').at(-1);

describe('TransactionsPage', () => {
  it('renders the page with aria-sort on the eight sortable headers, and sorts through the URL', async () => {
    replies = () => ({ body: page(20), headers: { 'x-total-count': '45', link: '</v1/transactions/summaries?page=2>; rel="next"' } });
    const router = renderAt('/transactions');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(table.querySelectorAll('th[aria-sort]')).toHaveLength(8);
    expect(table.querySelector('th[data-column="created_at"]')?.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 1 of 3 · 45 results');

    await userEvent.click(within(table).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(router.state.location.search).toBe('?order_by=amount'));
    await waitFor(() => expect(lastRequest()?.searchParams.get('order_by')).toBe('amount'));
    expect(table.querySelector('th[data-column="amount"]')?.getAttribute('aria-sort')).toBe('descending');
    await userEvent.click(within(table).getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(router.state.location.search).toBe('?order_direction=asc&order_by=amount'));
  });

  it('links each row to its transaction page, and a click anywhere on the row opens it', async () => {
    replies = () => ({ body: page(3) });
    const router = renderAt('/transactions');
    const links = await screen.findAllByRole('link', { name: /Open transaction/ });
    expect(links[1]?.getAttribute('href')).toBe(`/transactions/${summary(21).id ?? ''}`);
    const row = document.querySelector(`tr[data-row-id="${summary(22).id ?? ''}"] td[data-column="acquirer"]`);
    await userEvent.click(row as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/transactions/${summary(22).id ?? ''}`));
  });

  it('shows the merchant of each row and filters by merchant through the URL', async () => {
    replies = () => ({ body: [summary(1, { merchantId: 'm2', merchantName: 'Padaria Dois' })] });
    const router = renderAt('/transactions');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(table.querySelector('td[data-column="merchant"]')?.textContent).toBe('Padaria Dois');
    await userEvent.selectOptions(screen.getByLabelText('Merchant'), 'm2');
    await waitFor(() => expect(router.state.location.search).toBe('?merchant_id=m2'));
    await waitFor(() => expect(requested.some((u) => u.searchParams.get('merchant_id') === 'm2')).toBe(true));
  });

  it('pages without Link or X-Total-Count: a full page means there may be a next one', async () => {
    replies = (url) => ({ body: url.searchParams.get('page') === '1' ? page(20) : page(5, 40) });
    const router = renderAt('/transactions');
    await screen.findByRole('table', { name: 'Transactions' });
    expect(screen.getByTestId('page-indicator').textContent).toBe('Page 1 · rows 1–20');
    expect(screen.queryByRole('button', { name: 'Last page' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByTestId('page-indicator').textContent).toBe('Page 2 · rows 21–25'));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next page' }).disabled).toBe(true);
  });

  it('drops an invalid URL value with a notice and never sends it', async () => {
    replies = () => ({ body: page(2) });
    const router = renderAt('/transactions?status=bogus&acquirer=rede');
    const notice = await screen.findByTestId('dropped-params');
    expect(notice.textContent).toContain('status=bogus');
    await waitFor(() => expect(router.state.location.search).toBe('?acquirer=rede'));
    expect(requested.every((u) => !u.searchParams.has('status'))).toBe(true);
    expect(requested.some((u) => u.searchParams.get('acquirer') === 'rede')).toBe(true);
  });

  it('shows the problem of a 400 in the user’s language, field by field, with a Retry button', async () => {
    const rule = 'must be a decimal such as 150.00, or a range min..max with either side open';
    replies = () => ({
      status: 400,
      body: { type: 'about:blank', title: 'Invalid query', status: 400, detail: `amount: ${rule}`, errors: [{ parameter: 'amount', detail: rule }] },
    });
    renderAt('/transactions?amount=5');
    expect(await screen.findByText('Some values were not accepted')).toBeTruthy();
    expect(screen.getByText('Amount: must be an amount such as 150.00, or a range min..max with either side open')).toBeTruthy();
    replies = () => ({ body: page(1) });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Transactions' })).toBeTruthy();
  });

  it('never shows card data for pix, and offers Clear filters on an empty result', async () => {
    replies = (url) => ({ body: url.searchParams.get('payment_method') === 'pix' ? [summary(1, { paymentMethod: 'pix', card: null })] : [] });
    const router = renderAt('/transactions?payment_method=pix');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(table.querySelector('td[data-column="card_first_digits"]')?.textContent).toBe('—');
    expect(table.querySelector('td[data-column="card_last_digits"]')?.textContent).toBe('—');
    await userEvent.selectOptions(screen.getByLabelText('Payment method'), 'debit_card');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
