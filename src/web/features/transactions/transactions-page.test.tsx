// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { api, page, renderAt, summary, summaryRequests, stubTheApi } from './transactions-test-kit.tsx';

stubTheApi();

const lastRequest = () => summaryRequests().filter((u) => u.searchParams.get('page') === '1').at(-1);

describe('TransactionsPage', () => {
  it('renders the page with aria-sort on the eight sortable headers, and sorts through the URL', async () => {
    api.replies = () => ({ body: page(20), headers: { 'x-total-count': '45', link: '</v1/transactions/summaries?page=2>; rel="next"' } });
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
    api.replies = () => ({ body: page(3) });
    const router = renderAt('/transactions');
    const links = await screen.findAllByRole('link', { name: /Open transaction/ });
    expect(links[1]?.getAttribute('href')).toBe(`/transactions/${summary(21).id ?? ''}`);
    const row = document.querySelector(`tr[data-row-id="${summary(22).id ?? ''}"] td[data-column="acquirer"]`);
    await userEvent.click(row as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/transactions/${summary(22).id ?? ''}`));
  });

  it('shows the merchant of each row and filters by merchant through the URL', async () => {
    api.replies = () => ({ body: [summary(1, { merchantId: 'm2', merchantName: 'Padaria Dois' })] });
    const router = renderAt('/transactions');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(table.querySelector('td[data-column="merchant"]')?.textContent).toBe('Padaria Dois');
    await userEvent.selectOptions(screen.getByLabelText('Merchant'), 'm2');
    await waitFor(() => expect(router.state.location.search).toBe('?merchant_id=m2'));
    await waitFor(() => expect(api.requested.some((u) => u.searchParams.get('merchant_id') === 'm2')).toBe(true));
  });

  it('pages without Link or X-Total-Count: a full page means there may be a next one', async () => {
    api.replies = (url) => ({ body: url.searchParams.get('page') === '1' ? page(20) : page(5, 40) });
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
    api.replies = () => ({ body: page(2) });
    const router = renderAt('/transactions?status=bogus&acquirer=rede');
    const notice = await screen.findByTestId('dropped-params');
    expect(notice.textContent).toContain('status=bogus');
    await waitFor(() => expect(router.state.location.search).toBe('?acquirer=rede'));
    expect(api.requested.every((u) => !u.searchParams.has('status'))).toBe(true);
    expect(api.requested.some((u) => u.searchParams.get('acquirer') === 'rede')).toBe(true);
  });

  it('shows the problem of a 400 in the user’s language, field by field, with a Retry button', async () => {
    const rule = 'must be a decimal such as 150.00, or a range min..max with either side open';
    api.replies = () => ({
      status: 400,
      body: { type: 'about:blank', title: 'Invalid query', status: 400, detail: `amount: ${rule}`, errors: [{ parameter: 'amount', detail: rule }] },
    });
    renderAt('/transactions?amount=5');
    expect(await screen.findByText('Some values were not accepted')).toBeTruthy();
    expect(screen.getByText('Amount: must be an amount such as 150.00, or a range min..max with either side open')).toBeTruthy();
    api.replies = () => ({ body: page(1) });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Transactions' })).toBeTruthy();
  });

  it("checks the identifier filter by the API's own rule for q: one identifier, blanks around it dropped, at most 64 characters", async () => {
    api.replies = () => ({ body: page(1) });
    const router = renderAt('/transactions');
    const field = await screen.findByLabelText('Identifier');
    for (const refused of ['SCG3UD 12', 'x'.repeat(65)]) {
      await userEvent.clear(field);
      await userEvent.type(field, `${refused}{Enter}`);
      expect((await screen.findByRole('alert')).textContent).toBe('One identifier, no spaces');
      expect(router.state.location.search).toBe('');
    }
    await userEvent.clear(field);
    await userEvent.type(field, `  ${'7'.repeat(64)}  {Enter}`);
    await waitFor(() => expect(router.state.location.search).toBe(`?q=${'7'.repeat(64)}`));
    await waitFor(() => expect(lastRequest()?.searchParams.get('q')).toBe('7'.repeat(64)));
    expect(api.requested.every((u) => !u.searchParams.get('q')?.includes(' '))).toBe(true);
    // a number read in groups is one identifier: its spaces go (issue 23)
    const again = await screen.findByLabelText('Identifier');
    await userEvent.clear(again);
    await userEvent.type(again, '2579 1245 1958{Enter}');
    await waitFor(() => expect(lastRequest()?.searchParams.get('q')).toBe('257912451958'));
  });

  it('never shows card data for pix, and offers Clear filters on an empty result', async () => {
    api.replies = (url) => ({ body: url.searchParams.get('payment_method') === 'pix' ? [summary(1, { paymentMethod: 'pix', card: null })] : [] });
    const router = renderAt('/transactions?payment_method=pix');
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(table.querySelector('td[data-column="card_first_digits"]')?.textContent).toBe('—');
    expect(table.querySelector('td[data-column="card_last_digits"]')?.textContent).toBe('—');
    await userEvent.selectOptions(screen.getByLabelText('Payment method'), 'debit_card');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
