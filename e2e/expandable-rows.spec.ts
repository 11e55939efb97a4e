import { expect, test, type Locator, type Page } from '@playwright/test';
import type { EventDetail } from '../src/contract/events.ts';
import { responseCodeTextsEn } from '../src/contract/response-code-texts-en.ts';
import { responseCodeTextsPt } from '../src/contract/response-code-texts-pt.ts';
import { isKnownResponseCode, type ResponseCodeTexts } from '../src/contract/response-codes.ts';
import type { Summary } from '../src/contract/summaries.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInWithStorage } from './support/auth.ts';
import { demoToken } from './support/env.ts';
import { screenshot } from './support/screenshots.ts';
import { rowsOf } from './transactions-helpers.ts';

/**
 * Issue 21: rows that open in place, one mechanism for the transactions (their cycles) and the events (every field
 * and the body as received), with the mouse and the keyboard, at 1440 and 390 px (the card layout), in both
 * languages, axe-clean, photographed (e2e/artifacts/screenshots/rows-*).
 */
const languages = [
  {
    lang: 'en',
    locale: 'en-US',
    transactions: 'Transactions',
    events: 'Events',
    show: /^Show details of/,
    hide: /^Hide details of/,
    next: 'Next page',
    previous: 'Previous page',
    pageWord: 'Page',
    open: 'Open the transaction page',
    asReceived: 'As received',
    texts: responseCodeTextsEn,
    unknown: 'Not in the ABECS list',
  },
  {
    lang: 'pt-BR',
    locale: 'pt-BR',
    transactions: 'Transações',
    events: 'Eventos',
    show: /^Mostrar detalhes de/,
    hide: /^Ocultar detalhes de/,
    next: 'Próxima página',
    previous: 'Página anterior',
    pageWord: 'Página',
    open: 'Abrir a página da transação',
    asReceived: 'Como recebido',
    texts: responseCodeTextsPt,
    unknown: 'Fora da lista ABECS',
  },
] as const;
type Language = (typeof languages)[number];

const auth = { authorization: `Bearer ${demoToken}` };
const widths = [1440, 390] as const;

/** The row's disclosure button, whichever state it is in. */
const toggleOf = (row: Locator, l: Language) => row.getByRole('button', { name: new RegExp(`${l.show.source}|${l.hide.source}`) });

/** The panel a row's button controls, once it is open (aria-controls names it only then). */
async function panelOf(page: Page, button: Locator): Promise<Locator> {
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const id = await button.getAttribute('aria-controls');
  expect(id).toBeTruthy();
  const panel = page.locator(`[id="${id}"]`);
  await expect(panel).toBeVisible();
  return panel;
}

async function expectClosed(page: Page, button: Locator): Promise<void> {
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).not.toHaveAttribute('aria-controls');
}

/** What the catalogue says a cycle's response code means, in this language. */
function meaning(texts: ResponseCodeTexts, code: string | null, unknown: string): string {
  return code !== null && isKnownResponseCode(code) ? texts[code].meaning : unknown;
}

async function transactionRows(page: Page, l: Language, width: number) {
  const response = await page.request.get('/v1/transactions/summaries?status=denied&limit=20', { headers: auth });
  const summaries = new Map(((await response.json()) as Summary[]).map((s) => [s.id ?? '', s]));
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await signInWithStorage(page, '/transactions?status=denied');
  const rows = rowsOf(page, l.transactions);
  await expect(rows).toHaveCount(summaries.size);
  return { rows, summaries };
}

for (const l of languages) {
  test.describe(`rows that open in place, in ${l.lang}`, () => {
    test.use({ locale: l.locale });

    for (const width of widths) {
      test(`transactions open their cycles with the mouse and the keyboard at ${width} px, several at once, still open after paging back`, async ({ page }) => {
        test.setTimeout(120_000);
        const { rows, summaries } = await transactionRows(page, l, width);
        const id = async (row: Locator) => (await row.getAttribute('data-row-id')) ?? '';

        // the mouse opens the first: its cycles from the list's own data, the declined one explained by the catalogue
        const first = toggleOf(rows.nth(0), l);
        await expectClosed(page, first);
        await first.click();
        const panel = await panelOf(page, first);
        const summary = summaries.get(await id(rows.nth(0)));
        expect(summary).toBeDefined();
        await expect(panel.getByTestId('cycle')).toHaveCount(summary?.cycles.length ?? -1);
        const declined = summary?.cycles.findLast((c) => c.status === 'denied');
        const declinedItem = panel.locator('[data-testid="cycle"][data-status="denied"]').last();
        await expect(declinedItem.getByTestId('response-meaning')).toHaveText(meaning(l.texts, declined?.responseCode ?? null, l.unknown));
        if (declined?.responseCode) await expect(declinedItem).toContainText(declined.responseCode);
        if (declined?.retrievalReferenceNumber) await expect(declinedItem).toContainText(declined.retrievalReferenceNumber);
        if (summary?.card) await expect(panel).toContainText(`${summary.card.firstDigits} •••• ${summary.card.lastDigits}`);
        expect(await panel.innerText(), 'never more of a card than BIN + last 4').not.toMatch(/\d{13,}/);
        await expect(panel.getByRole('link', { name: l.open })).toHaveAttribute('href', `/transactions/${await id(rows.nth(0))}`);

        // the keyboard opens the second: its button is in the tab order just before the row's link, Enter and Space toggle it
        const second = toggleOf(rows.nth(1), l);
        await rows.nth(1).getByRole('link').first().focus();
        await page.keyboard.press('Shift+Tab');
        await expect(second).toBeFocused();
        await page.keyboard.press('Enter');
        await panelOf(page, second);
        await page.keyboard.press('Space');
        await expectClosed(page, second);
        await page.keyboard.press('Enter');
        const secondPanel = await panelOf(page, second);
        await expect(secondPanel.getByTestId('cycle').first()).toBeVisible();
        // both open at once
        await expect(first).toHaveAttribute('aria-expanded', 'true');
        await expectNoSeriousA11yViolations(page);

        // the mouse closes the first; the second stays open
        await first.click();
        await expectClosed(page, first);
        await expect(second).toHaveAttribute('aria-expanded', 'true');

        // another page, then back: the second is open again (kept by row id)
        const secondId = await id(rows.nth(1));
        const indicator = page.getByTestId('page-indicator');
        await page.getByRole('button', { name: l.next }).click();
        await expect(indicator).toHaveText(new RegExp(`^${l.pageWord} 2\\b`));
        await expect(page.locator(`tr[data-row-id="${secondId}"]`)).toHaveCount(0);
        await expect(rows.first().locator('button[aria-expanded="true"]')).toHaveCount(0);
        await page.getByRole('button', { name: l.previous }).click();
        await expect(indicator).toHaveText(new RegExp(`^${l.pageWord} 1\\b`));
        const again = toggleOf(page.locator(`tr[data-row-id="${secondId}"]`), l);
        await panelOf(page, again);

        // the row still opens the transaction's own page
        const firstId = await id(rows.nth(0));
        await rows.nth(0).getByRole('link').first().click();
        await expect(page).toHaveURL(new RegExp(`/transactions/${firstId}$`));
        await expect(page.getByTestId('cycle').first()).toBeVisible();
      });

      test(`events open with the keyboard and the mouse at ${width} px, showing the body as received`, async ({ page }) => {
        test.setTimeout(120_000);
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await signInWithStorage(page, '/events');
        const rows = rowsOf(page, l.events);
        await expect(rows.first()).toBeVisible();
        const eventId = (await rows.nth(0).getAttribute('data-row-id')) ?? '';
        const detail = (await (await page.request.get(`/v1/events/${eventId}`, { headers: auth })).json()) as EventDetail;
        expect(detail.rawBody, 'seeded events carry the body they arrived with').toBeTruthy();

        const button = toggleOf(rows.nth(0), l);
        await button.focus();
        await page.keyboard.press('Enter');
        const panel = await panelOf(page, button);
        const received = panel.getByRole('region', { name: l.asReceived });
        const body = received.getByTestId('received-body-text');
        await expect(body).toBeVisible();
        const shown = await body.innerText();
        expect(JSON.parse(shown)).toEqual(JSON.parse(detail.rawBody ?? ''));
        expect(shown.split('\n').length, 'pretty-printed, one member a line').toBeGreaterThan(10);
        await expectNoSeriousA11yViolations(page);
        await button.click();
        await expectClosed(page, button);
      });
    }

    test(`photographed: rows open, the body as received, a transaction's events, in ${l.lang}`, async ({ page }) => {
      test.setTimeout(150_000);
      const { rows } = await transactionRows(page, l, 1440);
      await toggleOf(rows.nth(0), l).click();
      await toggleOf(rows.nth(2), l).click();
      await expect(page.getByTestId('cycle').first()).toBeVisible();
      await screenshot(page, `rows-transactions-${l.lang}`);

      await signInWithStorage(page, '/events');
      const events = rowsOf(page, l.events);
      await toggleOf(events.nth(0), l).click();
      await expect(page.getByTestId('received-body-text')).toBeVisible();
      await screenshot(page, `rows-events-${l.lang}`);

      // a transaction's page: beside each event, its body as received behind a disclosure
      await page.getByTestId('event-transaction-link').first().click();
      const item = page.getByTestId('transaction-event').first();
      await expect(item).toBeVisible();
      await item.getByText(l.asReceived, { exact: true }).click();
      await expect(item.getByTestId('received-body-text')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `transaction-received-${l.lang}`);
    });
  });
}
