import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import type { Event } from '../src/contract/events.ts';
import { responseCodeTextsEn } from '../src/contract/response-code-texts-en.ts';
import { responseCodeTextsPt } from '../src/contract/response-code-texts-pt.ts';
import type { ResponseCodeTexts } from '../src/contract/response-codes.ts';
import type { Summary } from '../src/contract/summaries.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInWithStorage } from './support/auth.ts';
import { rowIds, rowsOf } from './transactions-helpers.ts';

/**
 * Issue 23, item 5: the response code and decline reason as optional columns of both lists (off by default, from
 * the column chooser), in the user's language, and the dashboard's CSV in the operator's zone (the browser's:
 * America/Sao_Paulo in playwright.config.ts, -03:00 all year) with values in the user's language.
 */
const shots = process.env.SHOTS_DIR ?? 'e2e/artifacts/screenshots/i23';

const languages = [
  { locale: 'en-US', lang: 'en', texts: responseCodeTextsEn, transactions: 'Transactions', events: 'Events', columns: 'Columns', code: 'Response code', reason: 'Decline reason', exportTitle: 'Export CSV', download: 'Download', denied: 'Denied', separator: ',', hideTransactions: ['BIN', 'Last 4', 'Installments', 'ID'], hideEvents: ['Method', 'Merchant', 'Card', 'Transaction id'] },
  { locale: 'pt-BR', lang: 'pt-BR', texts: responseCodeTextsPt, transactions: 'Transações', events: 'Eventos', columns: 'Colunas', code: 'Código de resposta', reason: 'Motivo da recusa', exportTitle: 'Exportar CSV', download: 'Baixar', denied: 'Negada', separator: ';', hideTransactions: ['BIN', 'Final', 'Parcelas', 'ID'], hideEvents: ['Meio', 'Estabelecimento', 'Cartão', 'ID da transação'] },
] as const;

const meaning = (texts: ResponseCodeTexts, code: string | null | undefined) => (code && code in texts ? texts[code as keyof ResponseCodeTexts].meaning : null);
/** The code that speaks for a summary, worked out here: its last denied cycle's, else the last one given. */
const codeOf = (s: Summary) => {
  const given = s.cycles.filter((c) => c.responseCode !== null);
  return (given.findLast((c) => c.status === 'denied') ?? given.at(-1))?.responseCode ?? null;
};

/** Picks the two new columns (off by default) and, so they show without a sideways scroll, hides `hide`. */
async function chooseColumns(page: Page, l: (typeof languages)[number], hide: readonly string[]) {
  await page.getByTestId('columns-button').click();
  const chooser = page.getByRole('dialog', { name: l.columns });
  // off by default
  await expect(chooser.getByRole('checkbox', { name: l.code, exact: true })).not.toBeChecked();
  await expect(chooser.getByRole('checkbox', { name: l.reason, exact: true })).not.toBeChecked();
  await chooser.getByRole('checkbox', { name: l.code, exact: true }).check();
  await chooser.getByRole('checkbox', { name: l.reason, exact: true }).check();
  for (const label of hide) await chooser.getByRole('checkbox', { name: label, exact: true }).uncheck();
  await page.getByTestId('columns-button').click();
  await expect(chooser).toBeHidden();
}

async function photograph(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // the new columns are the table's last: a table wider than the screen (issue 23, item 6) is shown scrolled to them
    await page.locator('table').first().evaluate((table) => {
      for (let box = table.parentElement; box; box = box.parentElement) if (box.scrollWidth > box.clientWidth + 1) return void (box.scrollLeft = box.scrollWidth);
    });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const l of languages) {
  test.describe(`decline columns (${l.lang})`, () => {
    test.use({ locale: l.locale });

    test('the transactions list shows each sale’s response code and decline reason, and exports them in the user’s zone and words', async ({ page }) => {
      test.setTimeout(120_000);
      await signInWithStorage(page, '/transactions?status=denied');
      await expect(rowsOf(page, l.transactions).first()).toBeVisible();
      await expect(page.locator('th[data-column="decline_reason"]')).toHaveCount(0);
      await chooseColumns(page, l, l.hideTransactions);
      const ids = await rowIds(page, l.transactions);
      const listed = (await (await page.request.get(`/v1/transactions/summaries?status=denied&limit=${ids.length}`)).json()) as Summary[];
      expect(listed.map((s) => s.id)).toEqual(ids);
      const rows = rowsOf(page, l.transactions);
      for (const [i, s] of listed.slice(0, 5).entries()) {
        await expect(rows.nth(i).locator('td[data-column="response_code"]')).toHaveText(codeOf(s) ?? '—');
        await expect(rows.nth(i).locator('td[data-column="decline_reason"]')).toHaveText(meaning(l.texts, codeOf(s)) ?? '—');
      }
      await expectNoSeriousA11yViolations(page);
      await photograph(page, `transactions-decline-columns-${l.lang}`);

      await page.getByTestId('export-button').click();
      const panel = page.getByRole('dialog', { name: l.exportTitle });
      const downloading = page.waitForEvent('download');
      await panel.getByRole('button', { name: l.download }).click();
      const text = await readFile((await (await downloading).path()) ?? '', 'utf8');
      const parsed: string[][] = parse(text, { bom: true, delimiter: l.separator });
      const [header = [], ...records] = parsed;
      expect(header).toContain(l.code);
      expect(header).toContain(l.reason);
      const col = (label: string) => header.indexOf(label);
      const first = records[0] ?? [];
      const s = listed[0];
      expect(first[col(l.code)]).toBe(codeOf(s as Summary) ?? '');
      expect(first[col(l.reason)]).toBe(meaning(l.texts, codeOf(s as Summary)) ?? '');
      expect(records.every((r) => r[2] === l.denied)).toBe(true);
      // the operator's zone with its offset (São Paulo has no DST: -03:00), the same instant as the API's
      const at = first[0] ?? '';
      expect(at).toMatch(/-03:00$/);
      expect(Date.parse(at)).toBe(Date.parse(s?.createdAt ?? ''));
    });

    test('the events list shows each event’s response code and decline reason', async ({ page }) => {
      test.setTimeout(240_000);
      await signInWithStorage(page, '/events');
      await expect(rowsOf(page, l.events).first()).toBeVisible();
      await chooseColumns(page, l, l.hideEvents);
      const ids = await rowIds(page, l.events);
      const listed = (await (await page.request.get(`/v1/events?limit=${ids.length}`)).json()) as Event[];
      const byId = new Map(listed.map((e) => [e.eventId, e]));
      const rows = rowsOf(page, l.events);
      let reasons = 0;
      for (const [i, id] of ids.slice(0, 20).entries()) {
        const e = byId.get(id);
        if (!e) continue;
        const expected = e.transactionStatus === 'denied' ? meaning(l.texts, e.acquirerResponseCode) : null;
        if (expected) reasons += 1;
        await expect(rows.nth(i).locator('td[data-column="response_code"]')).toHaveText(e.acquirerResponseCode ?? '—');
        await expect(rows.nth(i).locator('td[data-column="decline_reason"]')).toHaveText(expected ?? '—');
      }
      expect(byId.size).toBeGreaterThan(0);
      expect(reasons).toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(page);
      await photograph(page, `events-decline-columns-${l.lang}`);
    });
  });
}
