// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nTestProvider, loadTestMessages } from '../lib/i18n/i18n-test-provider.tsx';
import { clearToken, getToken, setToken } from '../lib/session.ts';
import { AppRoutes } from './router.tsx';

const me = {
  tokenId: 't1',
  organization: { id: 'org1', name: 'Acme Payments' },
  scopes: ['transactions:read'],
  merchantId: null,
  mode: 'live',
  merchants: [],
};

function json(status: number, body: unknown, type = 'application/json') {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
}

/** Renders the app at `path`; `current()` is the router's location now. */
function renderAt(path: string) {
  let location: Pick<Location, 'pathname' | 'search'> = { pathname: '', search: '' };
  function Spy() {
    location = useLocation();
    return null;
  }
  // Only the messages: the query cache is created behind sign-in, by the signed-in layout.
  render(
    <I18nTestProvider>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Spy />
      </MemoryRouter>
    </I18nTestProvider>,
  );
  return { current: () => location };
}

beforeAll(() => loadTestMessages('en'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearToken();
});

describe('router and session', () => {
  it('a 401 clears the token and sends the operator to sign-in with the full URL to return to', async () => {
    setToken('stale');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(json(401, { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'bad token' }, 'application/problem+json')));
    const router = renderAt('/events?event_status=failed');
    await waitFor(() => expect(router.current().pathname).toBe('/sign-in'), { timeout: 10_000 });
    const params = new URLSearchParams(router.current().search);
    expect(params.get('next')).toBe('/events?event_status=failed');
    expect(params.get('reason')).toBe('expired');
    expect(getToken()).toBeNull();
    expect(await screen.findByText('Your session ended', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('hides sections the scopes do not allow and refuses their routes', async () => {
    setToken('good');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(json(200, me))));
    renderAt('/credentials/new');
    expect(await screen.findByText('Not allowed', {}, { timeout: 10_000 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)).toEqual(['Transactions']);
    expect(screen.getByText('Acme Payments')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('sign-in checks the token once and hands the identity to the shell without asking again', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(json(200, me)));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/sign-in?next=%2Ftransactions%3Forder_direction%3Dasc');
    fireEvent.change(await screen.findByLabelText('Access token'), { target: { value: ' tok_good ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Acme Payments', {}, { timeout: 10_000 })).toBeTruthy();
    expect(getToken()).toBe('tok_good');
    expect(`${router.current().pathname}${router.current().search}`).toBe('/transactions?order_direction=asc');
    const meCalls = fetchMock.mock.calls.filter(([url]) => url === '/v1/me');
    expect(meCalls).toHaveLength(1);
    expect(new Headers(meCalls[0]?.[1]?.headers).get('authorization')).toBe('Bearer tok_good');
  });
});
