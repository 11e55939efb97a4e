// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { responseCodeTextsEn } from '../../../contract/response-code-texts-en.ts';
import { api, page, renderAt, summary, stubTheApi } from './transactions-test-kit.tsx';

stubTheApi();

const declined = summary(20, {
  status: 'denied',
  cycles: [
    {
      type: 'authorization',
      status: 'denied',
      amount: '120.50',
      authorizationCode: null,
      responseCode: '51',
      responseMessage: 'Saldo insuficiente',
      retrievalReferenceNumber: '998877665544',
      systemTraceAuditNumber: '000123',
      gatewayTransactionId: 'gw-cycle-20',
      transactionSummaryId: 'x',
      device: null,
    },
  ],
});
const first = [declined, ...page(19, 21)];
const rowOf = (id: string | undefined) => document.querySelector(`tr[data-row-id="${id ?? ''}"]`) as HTMLElement;
const toggle = (id: string | undefined) => within(rowOf(id)).getByRole('button', { name: /^(Show|Hide) details of transaction/ });

describe('transactions rows that open in place', () => {
  it('open to their cycles from the list data (no request per row), by mouse and keyboard, several at once, and stay open when paging back', async () => {
    api.replies = (url) => ({ body: url.searchParams.get('page') === '2' ? page(20, 40) : first, headers: { 'x-total-count': '40' } });
    renderAt('/transactions');
    await screen.findByRole('table', { name: 'Transactions' });
    const requestsBefore = api.requested.length;

    const one = toggle(declined.id);
    expect(one.getAttribute('aria-expanded')).toBe('false');
    expect(one.hasAttribute('aria-controls')).toBe(false);
    await userEvent.click(one);
    expect(one.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(one.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel).not.toBeNull();
    // the panel's code loads on first use (its own chunk)
    const cycle = await within(panel).findByTestId('cycle');
    expect(within(cycle).getByTestId('response-meaning').textContent).toBe(responseCodeTextsEn['51'].meaning);
    expect(cycle.textContent).toContain('Acquirer: “Saldo insuficiente”');
    expect(cycle.textContent).toContain('998877665544');
    expect(cycle.textContent).toContain('000123');
    expect(panel.textContent).toContain('411111 •••• 1234');
    expect(within(panel).getByRole('link', { name: 'Open the transaction page' }).getAttribute('href')).toBe(`/transactions/${declined.id ?? ''}`);

    // the keyboard: the second row's button takes the focus, Enter opens, Space closes, Enter opens again
    const two = toggle(summary(21).id);
    two.focus();
    await userEvent.keyboard('{Enter}');
    expect(two.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard(' ');
    expect(two.getAttribute('aria-expanded')).toBe('false');
    await userEvent.keyboard('{Enter}');
    expect(two.getAttribute('aria-expanded')).toBe('true');
    expect(one.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.querySelectorAll('[data-testid="cycle"]')).toHaveLength(2));
    // the panels came from the rows already loaded
    expect(api.requested.slice(requestsBefore).filter((u) => u.pathname !== '/v1/transactions/stats')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByTestId('page-indicator').textContent).toMatch(/^Page 2 of 2/));
    expect(document.querySelectorAll('[data-testid="cycle"]')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(screen.getByTestId('page-indicator').textContent).toMatch(/^Page 1 of 2/));
    expect(toggle(declined.id).getAttribute('aria-expanded')).toBe('true');
    expect(toggle(summary(21).id).getAttribute('aria-expanded')).toBe('true');
  });
});
