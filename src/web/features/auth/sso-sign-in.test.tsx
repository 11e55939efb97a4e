// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { I18nTestProvider, loadTestMessages } from '../../lib/i18n/i18n-test-provider.tsx';
import type { Language } from '../../lib/i18n/languages.ts';
import { SsoSignIn } from './sso-sign-in.tsx';

function renderAt(path: string, options: unknown, language: Language = 'en') {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(options), { status: 200, headers: { 'content-type': 'application/json' } })));
  vi.stubGlobal('fetch', fetch);
  render(
    <I18nTestProvider language={language}>
      <MemoryRouter initialEntries={[path]}>
        <SsoSignIn next={new URLSearchParams(path.split('?')[1]).get('next')} />
      </MemoryRouter>
    </I18nTestProvider>,
  );
  return fetch;
}

beforeAll(async () => {
  await loadTestMessages('pt-BR');
  await loadTestMessages('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign in with your company', () => {
  it('offers it when GET /v1/sso says single sign-on is set: a GET form to /v1/sso/start carrying the page to return to', async () => {
    const fetch = renderAt('/sign-in?next=%2Fevents', { enabled: true, needsEmail: false });
    const button = await screen.findByRole('button', { name: 'Sign in with your company' });
    expect(String((fetch.mock.calls[0] as unknown[] | undefined)?.[0])).toMatch(/\/v1\/sso$/);
    const form = button.closest('form');
    expect([form?.method, new URL(form?.action ?? '').pathname]).toEqual(['get', '/v1/sso/start']);
    expect(Object.fromEntries(new FormData(form ?? undefined))).toEqual({ return_to: '/events' });
    expect(screen.queryByLabelText('Work email')).toBeNull();
  });

  it('asks for the work email when several organizations have it', async () => {
    renderAt('/sign-in', { enabled: true, needsEmail: true });
    expect(await screen.findByLabelText('Work email')).toHaveProperty('name', 'email');
  });

  it('offers nothing when it is not set', async () => {
    const fetch = renderAt('/sign-in', { enabled: false, needsEmail: false });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    // the answer read and applied: a few turns of the event loop (the same turns show the button when enabled)
    for (let turn = 0; turn < 3; turn++) await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says in words why the provider’s sign-in was refused, in each language, and ignores an unknown code', () => {
    renderAt('/sign-in?sso_error=not_invited', { enabled: true, needsEmail: false });
    expect(screen.getByRole('alert').textContent).toBe('Could not sign in with your companyYour email has no access to this console. Ask an admin of your organization to invite you.');
    cleanup();
    renderAt('/sign-in?sso_error=disabled', { enabled: true, needsEmail: false }, 'pt-BR');
    expect(screen.getByRole('alert').textContent).toContain('O seu acesso a este console foi desativado.');
    cleanup();
    renderAt('/sign-in?sso_error=%3Cscript%3E', { enabled: true, needsEmail: false });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
