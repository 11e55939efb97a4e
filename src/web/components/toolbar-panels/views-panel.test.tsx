// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedView } from '../../../contract/saved-views.ts';
import { I18nTestProvider, loadTestMessages } from '../../lib/i18n/i18n-test-provider.tsx';
import type { Language } from '../../lib/i18n/languages.ts';
import type { ViewState } from '../../lib/list-tools/view-url.ts';
import { ViewsPicker } from '../list-tools/views-picker.tsx';

// the machine running the suite may be busy: give findBy/waitFor 5 s instead of 1 s before failing
configure({ asyncUtilTimeout: 5000 });

// the view was saved yesterday and is updated now (the panel shows no dates; they only need to be plausible)
const savedAt = new Date(Date.now() - 86_400_000).toISOString();
const morning: SavedView = {
  id: 'd4ps1c0000000000ab01',
  name: 'Morning sales',
  page: 'transactions',
  merchantId: null,
  filters: { status: 'approved' },
  datePreset: null,
  order: { by: 'created_at', direction: 'desc' },
  columns: ['created_at', 'amount', 'status'],
  createdAt: savedAt,
  updatedAt: savedAt,
};
const current: ViewState = { filters: { status: 'denied', acquirer: 'rede' }, datePreset: null, order: { by: 'amount', direction: 'asc' }, columns: ['amount', 'status'] };

type Call = { method: string; path: string; body: unknown };
/** The stubbed API: GET /v1/views answers `stored`; a PATCH answers `patchReply` (default: the patched view, stored). */
const api: { stored: SavedView[]; calls: Call[]; patchReply: ((body: Partial<SavedView>) => Promise<Response>) | null } = { stored: [], calls: [], patchReply: null };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });

beforeAll(async () => {
  await loadTestMessages('en');
  await loadTestMessages('pt-BR');
});
beforeEach(() => {
  api.calls.length = 0;
  api.patchReply = null;
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Partial<SavedView>) : undefined;
    api.calls.push({ method, path: url.pathname, body });
    if (method === 'GET') return Promise.resolve(json(api.stored));
    if (method === 'DELETE') {
      api.stored = api.stored.filter((v) => v.id !== url.pathname.split('/').at(-1));
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    if (method === 'POST' && body) {
      const created: SavedView = { ...morning, ...current, ...body, id: `d4ps1c0000000000ac${String(api.stored.length).padStart(2, '0')}`, createdAt: new Date().toISOString() };
      api.stored = [...api.stored, created];
      return Promise.resolve(json(created, 201));
    }
    if (api.patchReply && body) return api.patchReply(body);
    const id = url.pathname.split('/').at(-1);
    api.stored = api.stored.map((v) => (v.id === id ? { ...v, ...body, updatedAt: new Date().toISOString() } : v));
    return Promise.resolve(json(api.stored.find((v) => v.id === id)));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPicker(state: ViewState, options: { language?: Language; merchantIds?: readonly string[] | null } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = (
    <I18nTestProvider language={options.language ?? 'en'}>
      <QueryClientProvider client={client}>
        <ViewsPicker page="transactions" current={state} onApply={vi.fn()} canWrite merchantIds={options.merchantIds ?? null} defaultId={null} onDefault={vi.fn()} />
      </QueryClientProvider>
    </I18nTestProvider>
  );
  render(view);
  return userEvent.setup();
}

async function openPanel(user: ReturnType<typeof userEvent.setup>, name = 'Saved views') {
  await user.click(await screen.findByTestId('views-button'));
  const panel = await screen.findByRole('dialog', { name });
  await within(panel).findByText(morning.name);
  return panel;
}

describe('ViewsPanel: update a view with the current filters', () => {
  it('PATCHes the view with the list’s current filters, order and columns, shows it pending, then shows the view as active', async () => {
    api.stored = [morning];
    const user = renderPicker(current);
    const panel = await openPanel(user);
    let answer: () => void = () => undefined;
    api.patchReply = (body) => new Promise((resolve) => (answer = () => resolve(json({ ...morning, ...body }))));

    const update = within(panel).getByRole('button', { name: 'Update with current filters: Morning sales' });
    update.focus();
    await user.keyboard('{Enter}');
    const pending = await within(panel).findByRole('button', { name: 'Updating Morning sales…' });
    expect(pending.textContent).toBe('Updating…');
    expect(pending.getAttribute('aria-disabled')).toBe('true');
    const patch = api.calls.find((c) => c.method === 'PATCH');
    expect(patch).toEqual({ method: 'PATCH', path: `/v1/views/${morning.id}`, body: { filters: current.filters, datePreset: null, order: current.order, columns: current.columns } });

    api.stored = [{ ...morning, ...current }];
    answer();
    // the list of views is read again: the view now matches the list, so it is the active one and has nothing to update
    const apply = within(panel).getByRole('button', { name: /^Morning sales/ });
    await waitFor(() => expect(apply.getAttribute('aria-current')).toBe('true'));
    expect(within(panel).queryByRole('button', { name: /^(Update with current filters|Updating)/ })).toBeNull();
    expect(api.calls.filter((c) => c.method === 'GET')).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(apply));
    expect(screen.getByTestId('views-button').textContent).toContain('View: Morning sales');
    expect(screen.getByText('“Morning sales” now has the current filters, order and columns.')).toBeTruthy();
  });

  const denials: SavedView = { ...morning, id: 'd4ps1c0000000000ab02', name: 'Shared denials', filters: { status: 'denied' } };
  const ours: SavedView = { ...morning, id: 'd4ps1c0000000000ab03', name: 'Our refunds', merchantId: 'd4ps1c0000000000mer1', filters: { status: 'refunded' } };
  const updateButtons = (panel: HTMLElement) => within(panel).queryAllByRole('button', { name: /^Update with current filters: / }).map((b) => b.getAttribute('aria-label'));

  it('offers no update on the view the list already shows', async () => {
    api.stored = [{ ...morning, ...current }, denials, ours];
    const user = renderPicker(current);
    const panel = await openPanel(user);
    expect(updateButtons(panel)).toEqual(['Update with current filters: Shared denials', 'Update with current filters: Our refunds']);
    expect(within(panel).getByRole('button', { name: /^Morning sales/ }).getAttribute('aria-current')).toBe('true');
  });

  it('offers a merchant token the update on its merchant’s views only, like rename and delete', async () => {
    api.stored = [morning, denials, ours];
    const user = renderPicker(current, { merchantIds: ['d4ps1c0000000000mer1'] });
    const panel = await openPanel(user);
    expect(updateButtons(panel)).toEqual(['Update with current filters: Our refunds']);
    expect(within(panel).queryAllByRole('button', { name: /^Rename / }).map((b) => b.getAttribute('aria-label'))).toEqual(['Rename Our refunds']);
  });

  it('says why an update failed, in the user’s language, and keeps the action', async () => {
    api.stored = [morning];
    api.patchReply = () => Promise.resolve(json({ type: 'about:blank', title: 'Forbidden', status: 403, detail: 'This token lacks the scope views:write.' }, 403));
    const user = renderPicker(current, { language: 'pt-BR' });
    const panel = await openPanel(user, 'Visões salvas');
    await user.click(within(panel).getByRole('button', { name: 'Atualizar com os filtros atuais: Morning sales' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toBe('Não foi possível atualizar “Morning sales”. Sem permissão. Seu token de acesso não permite isso. Peça ao administrador um token com a permissão necessária.');
    expect(within(panel).getByRole('button', { name: 'Atualizar com os filtros atuais: Morning sales' }).getAttribute('aria-disabled')).toBeNull();

    api.patchReply = () => Promise.resolve(json({ type: 'about:blank', title: 'Conflict', status: 409, detail: 'A view with this name already exists for this page and owner.' }, 409));
    await user.click(within(panel).getByRole('button', { name: 'Atualizar com os filtros atuais: Morning sales' }));
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe('Não foi possível atualizar “Morning sales”. Outra visão desta lista já tem esse nome. Escolha outro.'));
  });
});

describe('ViewsPanel: save a view', () => {
  it.each([
    { language: 'en' as const, title: 'Saved views', placeholder: 'View name', save: 'Save view', saved: 'View “Denied at Rede” saved.' },
    { language: 'pt-BR' as const, title: 'Visões salvas', placeholder: 'Nome da visão', save: 'Salvar visão', saved: 'Visão “Denied at Rede” salva.' },
  ])('moves the focus to the saved view and announces it, so Escape still closes the panel ($language)', async ({ language, title, placeholder, save, saved }) => {
    api.stored = [morning];
    const user = renderPicker(current, { language });
    const panel = await openPanel(user, title);
    await user.type(within(panel).getByPlaceholderText(placeholder), 'Denied at Rede');
    await user.click(within(panel).getByRole('button', { name: save }));

    const row = await within(panel).findByRole('button', { name: /^Denied at Rede/ });
    await waitFor(() => expect(document.activeElement).toBe(row));
    expect(screen.getByText(saved)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/v1/views', body: { name: 'Denied at Rede', page: 'transactions', ...current } });
    expect(within(panel).getByPlaceholderText<HTMLInputElement>(placeholder).value).toBe('');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('views-button'));
  });
});

describe('ViewsPanel: delete a view', () => {
  const evening: SavedView = { ...morning, id: 'd4ps1c0000000000ab02', name: 'Evening refunds' };
  it.each([
    { language: 'en' as const, title: 'Saved views', remove: 'Delete Morning sales', confirm: 'Delete', deleted: 'View “Morning sales” deleted.', placeholder: 'View name' },
    { language: 'pt-BR' as const, title: 'Visões salvas', remove: 'Excluir Morning sales', confirm: 'Excluir', deleted: 'Visão “Morning sales” excluída.', placeholder: 'Nome da visão' },
  ])('moves the focus to the next view, or to the name field when none is left, and announces it ($language)', async ({ language, title, remove, confirm, deleted, placeholder }) => {
    api.stored = [morning, evening];
    const user = renderPicker(current, { language });
    const panel = await openPanel(user, title);
    await user.click(within(panel).getByRole('button', { name: remove }));
    await user.click(within(panel).getByRole('button', { name: confirm }));

    const next = within(panel).getByRole('button', { name: /^Evening refunds/ });
    await waitFor(() => expect(document.activeElement).toBe(next));
    expect(within(panel).queryByText(morning.name)).toBeNull();
    expect(screen.getByText(deleted)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/v1/views/${morning.id}`]);

    await user.click(within(panel).getByRole('button', { name: remove.replace('Morning sales', evening.name) }));
    await user.click(within(panel).getByRole('button', { name: confirm }));
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByPlaceholderText(placeholder)));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
