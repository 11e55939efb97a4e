// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Credential, CredentialInput } from '../../../contract/credentials.ts';
import type { Me } from '../../../contract/me.ts';
import type { Provider } from '../../../contract/providers.ts';
import { ApiError } from '../../lib/api-client.ts';
import { I18nTestProvider, loadTestMessages } from '../../lib/i18n/i18n-test-provider.tsx';
import { CredentialForm } from './credential-form.tsx';

const provider: Provider = {
  id: 'd4ps1c0000000000cie0',
  name: 'cielo',
  displayName: 'Cielo',
  captureType: 'card_present_emv',
  authenticationFields: [
    { name: 'merchantIdentifier', label: 'Merchant ID (MID)', required: true, pattern: '^[A-Za-z0-9]{1,15}$', maxLength: 15, secret: false, description: '1 to 15 letters or digits' },
    { name: 'terminalIdentifier', label: 'Terminal ID (TID)', required: true, pattern: '^[A-Za-z0-9]{1,8}$', maxLength: 8, secret: false },
    { name: 'apiKey', label: 'API key', required: false, secret: true, description: 'Issued by the acquirer' },
  ],
};
const me: Me = {
  tokenId: 't1',
  organization: { id: 'org1', name: 'Demo Org' },
  scopes: ['providers:read', 'credentials:write'],
  merchantId: null,
  merchantIds: null,
  mode: 'test',
  merchants: [{ id: 'merchant-1', name: 'Padaria' }],
};
const created: Credential = {
  id: 'd4ps1c0000000000abc0',
  merchantId: 'merchant-1',
  providerId: provider.id,
  subacquirerId: 'org1',
  authenticationData: { merchantIdentifier: 'MID1', terminalIdentifier: 'TID1' },
  testMode: true,
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function setup(submit: (input: CredentialInput, key: string) => Promise<Credential>) {
  const onCreated = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <I18nTestProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <CredentialForm me={me} providers={[provider]} submit={submit} onCreated={onCreated} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nTestProvider>,
  );
  return { onCreated, user: userEvent.setup() };
}

async function chooseProviderAndFill(user: ReturnType<typeof userEvent.setup>, mid: string, tid: string) {
  await user.selectOptions(screen.getByLabelText(/^Acquirer/), provider.id);
  if (mid) await user.type(screen.getByLabelText(/Merchant ID \(MID\)/), mid);
  if (tid) await user.type(screen.getByLabelText(/Terminal ID \(TID\)/), tid);
}

beforeAll(() => loadTestMessages('en'));
afterEach(cleanup);

describe('CredentialForm', () => {
  it('renders inputs from the provider field definitions', async () => {
    const { user } = setup(vi.fn());
    expect(screen.queryByLabelText(/Merchant ID \(MID\)/)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Acquirer/), provider.id);
    const mid = screen.getByLabelText(/Merchant ID \(MID\)/);
    expect(mid.getAttribute('aria-required')).toBe('true');
    expect(mid.getAttribute('type')).toBe('text');
    expect(screen.getByText('1 to 15 letters or digits')).toBeTruthy();
    const key = screen.getByLabelText(/API key/);
    expect(key.getAttribute('type')).toBe('password');
    expect(key.getAttribute('aria-required')).toBeNull();
  });

  it('validates required, maxLength and pattern from the definitions before sending', async () => {
    const submit = vi.fn<(input: CredentialInput, key: string) => Promise<Credential>>();
    const { user } = setup(submit);
    await chooseProviderAndFill(user, '1234567890123456', 'AB-1');
    await user.click(screen.getByRole('button', { name: 'Connect acquirer' }));
    expect(await screen.findByText('Merchant ID (MID): it has 16 characters, at most 15 are allowed')).toBeTruthy();
    expect(screen.getByText('Terminal ID (TID): only letters and digits (no spaces or symbols) are allowed, so remove “-”')).toBeTruthy();
    expect(screen.getByLabelText(/Terminal ID \(TID\)/).getAttribute('aria-invalid')).toBe('true');
    await user.clear(screen.getByLabelText(/Terminal ID \(TID\)/));
    expect(await screen.findByText('Terminal ID (TID) is required')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the body with providerName and an idempotency key, omitting empty optional fields', async () => {
    const submit = vi.fn<(input: CredentialInput, key: string) => Promise<Credential>>().mockResolvedValue(created);
    const { user, onCreated } = setup(submit);
    await chooseProviderAndFill(user, 'MID1', 'TID1');
    await user.click(screen.getByRole('button', { name: 'Connect acquirer' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created, provider));
    const [input, key] = submit.mock.calls[0] ?? [];
    expect(input).toEqual({
      merchantId: 'merchant-1',
      providerId: provider.id,
      providerName: 'cielo',
      authenticationData: { merchantIdentifier: 'MID1', terminalIdentifier: 'TID1' },
      status: 'connected',
    });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts problem pointers on their fields and unknown pointers in the banner, keeping the input', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Validation failed',
      status: 400,
      detail: 'The request has invalid fields',
      errors: [
        { pointer: '/authenticationData/merchantIdentifier', detail: 'MID is not registered at Cielo' },
        { pointer: '/additionalData/foo', detail: 'foo is not allowed' },
      ],
    };
    const submit = vi.fn<(input: CredentialInput, key: string) => Promise<Credential>>().mockRejectedValue(new ApiError(problem.detail, 400, problem));
    const { user } = setup(submit);
    await chooseProviderAndFill(user, 'MID1', 'TID1');
    await user.click(screen.getByRole('button', { name: 'Connect acquirer' }));
    expect(await screen.findByText('MID is not registered at Cielo')).toBeTruthy();
    expect(screen.getByLabelText(/Merchant ID \(MID\)/).getAttribute('aria-invalid')).toBe('true');
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain('/additionalData/foo');
    expect(banner.textContent).toContain('foo is not allowed');
    expect(screen.getByLabelText<HTMLInputElement>(/Terminal ID \(TID\)/).value).toBe('TID1');
  });

  it('names the existing credential on 409 and reuses the key only after a network error', async () => {
    const conflict = { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Credential d4ps1c0000000000dup1 already exists' };
    const submit = vi
      .fn<(input: CredentialInput, key: string) => Promise<Credential>>()
      .mockRejectedValueOnce(new ApiError('offline', 0, null, 'network'))
      .mockRejectedValueOnce(new ApiError(conflict.detail, 409, conflict))
      .mockRejectedValueOnce(new ApiError(conflict.detail, 409, conflict));
    const { user } = setup(submit);
    await chooseProviderAndFill(user, 'MID1', 'TID1');
    const send = screen.getByRole('button', { name: 'Connect acquirer' });
    await user.click(send);
    expect(await screen.findByText(/Could not reach the server|offline/)).toBeTruthy();
    await user.click(send);
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2));
    expect(await screen.findByTestId('existing-credential-id')).toBeTruthy();
    expect(screen.getByTestId('existing-credential-id').textContent).toBe('d4ps1c0000000000dup1');
    expect(screen.getAllByText('d4ps1c0000000000dup1')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Open connection' }).getAttribute('href')).toBe('/credentials/d4ps1c0000000000dup1');
    // editing a field clears the stale banner
    await user.type(screen.getByLabelText(/Terminal ID \(TID\)/), '2');
    await waitFor(() => expect(screen.queryByTestId('existing-credential-id')).toBeNull());
    await user.click(send);
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(3));
    const keys = submit.mock.calls.map((c) => c[1]);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('keeps a draft without secrets when a submit ends the session (401)', async () => {
    const problem = { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'token revoked' };
    const submit = vi.fn<(input: CredentialInput, key: string) => Promise<Credential>>().mockRejectedValue(new ApiError(problem.detail, 401, problem));
    const { user } = setup(submit);
    await chooseProviderAndFill(user, 'MID1', 'TID1');
    await user.type(screen.getByLabelText(/API key/), 'supersecret');
    await user.click(screen.getByRole('button', { name: 'Connect acquirer' }));
    await waitFor(() => expect(sessionStorage.getItem('acq.credentialDraft')).not.toBeNull());
    const draft = JSON.parse(sessionStorage.getItem('acq.credentialDraft') ?? '{}') as { authenticationData: Record<string, string>; merchantId: string };
    expect(draft.merchantId).toBe('merchant-1');
    expect(draft.authenticationData).toEqual({ merchantIdentifier: 'MID1', terminalIdentifier: 'TID1' });
    sessionStorage.clear();
  });

  it('keeps every change as a draft in this tab, never a secret, and clears it once connected', async () => {
    sessionStorage.clear();
    const submit = vi.fn<(input: CredentialInput, key: string) => Promise<Credential>>().mockResolvedValue(created);
    const { user, onCreated } = setup(submit);
    await chooseProviderAndFill(user, 'MID7', 'TID7');
    await user.type(screen.getByLabelText(/API key/), 'supersecret');
    const stored = () => sessionStorage.getItem('acq.credentialDraft') ?? '';
    await waitFor(() => expect(stored()).toContain('TID7'));
    const draft = JSON.parse(stored()) as { providerId: string; authenticationData: Record<string, string> };
    expect(draft.providerId).toBe(provider.id);
    expect(draft.authenticationData).toEqual({ merchantIdentifier: 'MID7', terminalIdentifier: 'TID7' });
    expect(stored()).not.toContain('supersecret');
    await user.click(screen.getByRole('button', { name: 'Connect acquirer' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sessionStorage.getItem('acq.credentialDraft')).toBeNull();
  });
});
