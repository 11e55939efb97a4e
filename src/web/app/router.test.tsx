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
  merchantIds: null,
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
    expect(await screen.findByLabelText('Email', {}, { timeout: 10_000 })).toBeTruthy();
    // /config.js did not say token sign-in is on: no token form
    expect(screen.queryByLabelText('Access token')).toBeNull();
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
    window.__ACQ_CONFIG__ = { tokenSignIn: true };
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

  it('a person signs in with email, password and a second code; a wrong code says so, and nothing typed is stored', async () => {
    const challenge = 'c'.repeat(43);
    const problem = (status: number, type: string) => json(status, { type: `https://acquirer-console.dev/problems/${type}`, title: 'Unauthorized', status, detail: 'no' }, 'application/problem+json');
    let codes = 0;
    const fetchMock = vi.fn<typeof fetch>().mockImplementation((url) => {
      if (url === '/v1/sign-in') return Promise.resolve(json(200, { next: 'second_factor', challenge, secondFactorEnrolled: true }));
      if (url === '/v1/sign-in/second-factor') return Promise.resolve((codes += 1) === 1 ? problem(401, 'sign-in-failed') : json(200, { next: 'signed_in', secondFactorEnrolled: true }));
      return Promise.resolve(json(200, { ...me, person: { id: 'p1', email: 'ana@example.com', name: 'Ana', role: 'support' } }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const router = renderAt('/sign-in?next=%2Ftransactions');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: ' ana@example.com ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'violet tangerine bicycle' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.change(await screen.findByLabelText('Code from your authenticator app'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The code is not right')).toBeTruthy();
    // the toggle: a recovery code instead
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'ABCDE-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Acme Payments', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My account' })).toBeTruthy();
    expect(router.current().pathname).toBe('/transactions');
    const bodies = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url, init]) => [url, JSON.parse(init?.body as string) as unknown]);
    expect(bodies).toEqual([
      ['/v1/sign-in', { email: 'ana@example.com', password: 'violet tangerine bicycle' }],
      ['/v1/sign-in/second-factor', { challenge, code: '123456' }],
      ['/v1/sign-in/second-factor', { challenge, code: 'ABCDE-12345' }],
    ]);
    expect(window.sessionStorage.length + window.localStorage.length).toBe(0);
  });

  it('a 429 says how long to wait, from Retry-After; a wrong password says nothing about which field', async () => {
    const limited = new Response(JSON.stringify({ type: 'https://acquirer-console.dev/problems/too-many-sign-in-attempts', title: 'Too Many Requests', status: 429, detail: 'x' }), {
      status: 429,
      headers: { 'content-type': 'application/problem+json', 'retry-after': '754' },
    });
    const wrong = json(401, { type: 'https://acquirer-console.dev/problems/sign-in-failed', title: 'Unauthorized', status: 401, detail: 'x' }, 'application/problem+json');
    // the sign-in page also asks GET /v1/sso (single sign-on off here); the sign-in POSTs get these, in order
    const answers = [wrong, limited];
    vi.stubGlobal('fetch', vi.fn<typeof fetch>((url) => Promise.resolve(url === '/v1/sso' ? json(200, { enabled: false, needsEmail: false }) : (answers.shift() ?? json(500, {})))));
    renderAt('/sign-in');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'not it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The email or password is not right');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // 754 seconds: 13 minutes (rounded up)
    expect(await screen.findByText(/Try again in 13 minutes\./)).toBeTruthy();
  });
});
