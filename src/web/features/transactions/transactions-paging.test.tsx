// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadTestMessages } from '../../lib/i18n/i18n-test-provider.tsx';
import { api, page, renderAt, summaryRequests, stubTheApi, type Reply } from './transactions-test-kit.tsx';

stubTheApi();

/**
 * An API of 95 summaries whose total is an estimate ("about 1,000"): page=N by number, and the cursors of its
 * Link header: after-I (the rows after index I), before-I (the `limit` rows before I) and end (the last rows).
 */
const all = page(95, 0);
const path = '/v1/transactions/summaries';
function keysetApi(url: URL): Reply {
  if (url.pathname !== path) return { body: [] };
  const limit = Number(url.searchParams.get('limit') ?? '20');
  const cursor = url.searchParams.get('cursor');
  const [kind = '', at = '0'] = (cursor ?? '').split('-');
  if (cursor !== null && !['after', 'before', 'end'].includes(kind)) {
    const detail = 'is not a cursor from a rel="next", rel="prev" or rel="last" link of this list';
    return { status: 400, body: { type: 'validation-error', title: 'Invalid request', status: 400, detail, errors: [{ parameter: 'cursor', detail }] } };
  }
  const wanted = cursor === null ? (Number(url.searchParams.get('page') ?? '1') - 1) * limit : kind === 'end' ? all.length - limit : kind === 'after' ? Number(at) + 1 : Number(at) - limit;
  const start = Math.max(0, wanted);
  const links = [`<${path}?page=1&limit=${limit}>; rel="first"`];
  if (start > 0) links.push(`<${path}?cursor=before-${start}&limit=${limit}>; rel="prev"`);
  if (start + limit < all.length) links.push(`<${path}?cursor=after-${start + limit - 1}&limit=${limit}>; rel="next"`);
  links.push(`<${path}?cursor=end&limit=${limit}>; rel="last"`);
  return { body: all.slice(start, start + limit), headers: { 'x-total-count': '1000', 'x-total-count-exact': 'false', link: links.join(', ') } };
}

const indicator = () => screen.getByTestId('page-indicator').textContent;
const lastSummaries = () => summaryRequests().at(-1)?.searchParams;
const rowIds = () => [...document.querySelectorAll('tbody tr[data-row-id]')].map((r) => r.getAttribute('data-row-id'));
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('transactions paging by cursor', () => {
  it('follows next, prev and last by the cursors of the Link header, keeping the position in the URL', async () => {
    api.replies = keysetApi;
    const router = renderAt('/transactions');
    await screen.findByRole('table', { name: 'Transactions' });
    expect(indicator()).toBe('Page 1 · rows 1–20 of about 1,000');
    // the next page is prefetched by its cursor
    await waitFor(() => expect(summaryRequests().some((u) => u.searchParams.get('cursor') === 'after-19')).toBe(true));

    await userEvent.click(button('Next page'));
    await waitFor(() => expect(indicator()).toBe('Page 2 · rows 21–40 of about 1,000'));
    expect(router.state.location.search).toBe('?page=2&cursor=after-19');
    expect(rowIds()).toEqual(all.slice(20, 40).map((s) => s.id));
    const sent = summaryRequests().filter((u) => u.searchParams.get('cursor') === 'after-19');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((u) => !u.searchParams.has('page'))).toBe(true);

    await userEvent.click(button('Next page'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3&cursor=after-39'));
    await userEvent.click(button('Previous page'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&cursor=before-40'));
    expect(await screen.findByText('Page 2 · rows 21–40 of about 1,000')).toBeTruthy();
    // back onto page 1: the list's first page itself
    await userEvent.click(button('Previous page'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(button('Previous page').disabled).toBe(true));

    await userEvent.click(button('Last page'));
    await waitFor(() => expect(indicator()).toBe('Last page · about 1,000 results'));
    expect(router.state.location.search).toBe('?page=last&cursor=end');
    expect(rowIds()).toEqual(all.slice(75).map((s) => s.id));
    expect(button('Next page').disabled).toBe(true);
    expect(button('Last page').disabled).toBe(true);
    await userEvent.click(button('Previous page'));
    await waitFor(() => expect(indicator()).toBe('1 page before the last · about 1,000 results'));
    expect(router.state.location.search).toBe('?page=last-1&cursor=before-75');
    expect(lastSummaries()?.has('page')).toBe(false);
  });

  it('drops the cursor when a filter changes: the new view starts on page 1', async () => {
    api.replies = keysetApi;
    const router = renderAt('/transactions?page=3&cursor=after-39');
    await waitFor(() => expect(indicator()).toBe('Page 3 · rows 41–60 of about 1,000'));
    await userEvent.selectOptions(screen.getByLabelText('Status', { exact: true }), 'denied');
    await waitFor(() => expect(router.state.location.search).toBe('?status=denied'));
    await waitFor(() => expect(indicator()).toBe('Page 1 · rows 1–20 of about 1,000'));
    const denied = summaryRequests().filter((u) => u.searchParams.get('status') === 'denied');
    // page 1 of the new view by number; only its next page (prefetched) by a cursor of its own links
    expect(denied[0]?.searchParams.get('page')).toBe('1');
    expect(denied[0]?.searchParams.has('cursor')).toBe(false);
    expect(denied.map((u) => u.searchParams.get('cursor')).filter(Boolean)).toEqual(denied.length > 1 ? ['after-19'] : []);
  });

  it('takes page=last without a cursor to the last page the first response names (pt-BR)', async () => {
    await loadTestMessages('pt-BR');
    api.replies = keysetApi;
    const router = renderAt('/transactions?page=last', 'pt-BR');
    await waitFor(() => expect(router.state.location.search).toBe('?page=last&cursor=end'));
    await waitFor(() => expect(rowIds()).toEqual(all.slice(75).map((s) => s.id)));
    expect(indicator()).toBe('Última página · cerca de 1.000 resultados');
    await userEvent.click(button('Página anterior'));
    await waitFor(() => expect(indicator()).toBe('1 página antes da última · cerca de 1.000 resultados'));
  });

  it.each([
    ['en', 'This page can no longer be opened', 'Go to the first page', 'Page 1 · rows 1–20 of about 1,000'],
    ['pt-BR', 'Não é possível abrir esta página', 'Ir para a primeira página', 'Página 1 · linhas 1–20 de cerca de 1.000'],
  ] as const)('a refused cursor says so in %s and leads back to page 1', async (language, title, action, first) => {
    await loadTestMessages(language);
    api.replies = keysetApi;
    const router = renderAt('/transactions?page=4&cursor=stale&status=approved', language);
    expect(await screen.findByText(title)).toBeTruthy();
    expect(screen.queryByTestId('page-indicator')).toBeNull();
    await userEvent.click(button(action));
    await waitFor(() => expect(router.state.location.search).toBe('?status=approved'));
    await waitFor(() => expect(indicator()).toBe(first));
  });
});
