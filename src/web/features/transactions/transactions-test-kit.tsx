import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { Me } from '../../../contract/me.ts';
import type { Summary } from '../../../contract/summaries.ts';
import { I18nTestProvider, loadTestMessages } from '../../lib/i18n/i18n-test-provider.tsx';
import type { Language } from '../../lib/i18n/languages.ts';
import { MeContext } from '../../lib/me-context.tsx';
import { TransactionsPage } from './transactions-page.tsx';
import { contentTypeHeader } from '../../../contract/headers.ts';

/** What the component tests of the transactions list share: a signed-in user, summaries, a stubbed API and a router. */

// the machine running the suite may be busy: give findBy/waitFor 5 s instead of 1 s before failing
configure({ asyncUtilTimeout: 5000 });

export const me: Me = {
  tokenId: 't1',
  organization: { id: 'o1', name: 'Org' },
  scopes: ['transactions:read'],
  merchantId: null,
  merchantIds: null,
  mode: 'test',
  merchants: [
    { id: 'm1', name: 'Padaria Um' },
    { id: 'm2', name: 'Padaria Dois' },
  ],
};

export function summary(i: number, overrides: Partial<Summary> = {}): Summary {
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

/** `n` summaries numbered from `from`. */
export const page = (n: number, from = 20) => Array.from({ length: n }, (_, i) => summary(i + from));

export type Reply = { body: unknown; status?: number; headers?: Record<string, string> };

/** The stubbed API: set `replies` in a test; every request's URL lands in `requested`. */
export const api: { replies: (url: URL) => Reply; requested: URL[] } = { replies: () => ({ body: [] }), requested: [] };

/** Stubs fetch before each test (and loads the language's messages once); call at the top of a test file. */
export function stubTheApi(language: Language = 'en'): void {
  beforeEach(() => {
    api.requested.length = 0;
    vi.stubGlobal('fetch', (input: string) => {
      const url = new URL(input, 'http://localhost');
      api.requested.push(url);
      const reply = api.replies(url);
      const type = (reply.status ?? 200) >= 400 ? 'application/problem+json' : 'application/json';
      return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { [contentTypeHeader]: type, ...reply.headers } }));
    });
  });
  beforeAll(() => loadTestMessages(language));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

/** Renders the transactions list at `path` (a row's own page is a stand-in); returns the router. */
export function renderAt(path: string, language: Language = 'en') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/transactions', element: <TransactionsPage /> },
      { path: '/transactions/:id', element: <p data-testid="transaction-page" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nTestProvider language={language}>
      <MeContext value={me}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MeContext>
    </I18nTestProvider>,
  );
  return router;
}

/** The summaries requests the page sent. */
export const summaryRequests = () => api.requested.filter((u) => u.pathname === '/v1/transactions/summaries');
