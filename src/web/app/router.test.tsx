// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nTestProvider, loadTestMessages } from '../lib/i18n/i18n-test-provider.tsx';
import { getSession, resetSessionForTests, startSession } from '../lib/session.ts';
import { resetProbeForTests } from '../features/auth/session-probe.ts';
import { AppRoutes } from './router.tsx';

// whether the signed-in shell's code (its own chunk in the build) has been asked for
const loaded = vi.hoisted(() => ({ shell: false }));
vi.mock('./signed-in-layout.tsx', async (importOriginal) => {
  loaded.shell = true;
  return importOriginal();
});

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
  window.__ACQ_CONFIG__ = undefined;
  resetSessionForTests();
  resetProbeForTests();
});

describe('router and session', () => {
  // first: once any test has loaded the signed-in shell's module, it stays loaded for this file
  it('a new tab on / without a session goes to sign-in after one GET /v1/me, without loading the signed-in shell', async () => {
    expect(getSession().status).toBe('unknown');
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(json(401, { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'no credentials' }, 'application/problem+json'));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/');
    expect(await screen.findByLabelText('Access token', {}, { timeout: 10_000 })).toBeTruthy();
    expect(`${router.current().pathname}${router.current().search}`).toBe('/sign-in');
    // the sign-in page asks whether single sign-on is offered (GET /v1/sso)
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/v1/me', '/v1/sso']));
    expect(screen.queryByText('Your session ended')).toBeNull();
    expect(loaded.shell).toBe(false);
  });

  it('a deep link whose session the server ended goes to sign-in saying so, then back to the link', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(json(401, { type: 'https://acquirer-console.dev/problems/session-ended', title: 'Unauthorized', status: 401, detail: 'ended' }, 'application/problem+json')));
    const router = renderAt('/transactions/0123456789abcdefghij?tab=events');
    expect(await screen.findByText('Your session ended', {}, { timeout: 10_000 })).toBeTruthy();
    const params = new URLSearchParams(router.current().search);
    expect([router.current().pathname, params.get('next'), params.get('reason')]).toEqual(['/sign-in', '/transactions/0123456789abcdefghij?tab=events', 'expired']);
    expect(loaded.shell).toBe(false);
  });

  it('a 401 ends the session and sends the operator to sign-in with the full URL to return to', async () => {
    startSession(null);
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(json(401, { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'bad token' }, 'application/problem+json')));
    const router = renderAt('/events?event_status=failed');
    await waitFor(() => expect(router.current().pathname).toBe('/sign-in'), { timeout: 10_000 });
    const params = new URLSearchParams(router.current().search);
    expect(params.get('next')).toBe('/events?event_status=failed');
    expect(params.get('reason')).toBe('expired');
    expect(getSession().status).toBe('signed-out');
    expect(await screen.findByText('Your session ended', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('a new tab is signed in by the session cookie alone, and hides sections the scopes do not allow', async () => {
    expect(getSession().status).toBe('unknown');
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(json(200, me)));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/credentials/new');
    expect(await screen.findByText('Not allowed', {}, { timeout: 10_000 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)).toEqual(['Overview', 'Transactions']);
    expect(screen.getByText('Acme Payments')).toBeTruthy();
    expect(screen.getByText('Live')).toBeTruthy();
    // the probe's answer is the shell's identity: asked once
    expect(fetchMock.mock.calls.filter(([url]) => url === '/v1/me')).toHaveLength(1);
    expect(loaded.shell).toBe(true);
  });

  it('sign-in exchanges the token for the session cookie once and hands the identity to the shell without asking again', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(json(200, me)));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/sign-in?next=%2Ftransactions%3Forder_direction%3Dasc');
    fireEvent.change(await screen.findByLabelText('Access token'), { target: { value: ' tok_good ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Acme Payments', {}, { timeout: 10_000 })).toBeTruthy();
    expect(getSession()).toEqual({ status: 'signed-in', token: null });
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.length).toBe(0);
    expect(`${router.current().pathname}${router.current().search}`).toBe('/transactions?order_direction=asc');
    // besides the sign-in page's GET /v1/sso (is single sign-on offered?)
    const calls = fetchMock.mock.calls.filter(([url]) => url !== '/v1/sso');
    expect(calls).toHaveLength(1);
    const [url, init] = calls[0] ?? [];
    expect([url, init?.method]).toEqual(['/v1/session', 'POST']);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok_good');
  });

  it('a dashboard on another origin keeps the token for this tab and sends it as a bearer token', async () => {
    window.__ACQ_CONFIG__ = { apiBaseUrl: 'https://api.example.test' };
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(json(200, me)));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/sign-in');
    fireEvent.change(await screen.findByLabelText('Access token'), { target: { value: 'tok_far' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Acme Payments', {}, { timeout: 10_000 })).toBeTruthy();
    expect(getSession()).toEqual({ status: 'signed-in', token: 'tok_far' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('https://api.example.test/v1/me');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok_far');
  });
});
