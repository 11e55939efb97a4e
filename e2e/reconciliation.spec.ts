import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { AuditEntry } from '../src/contract/audit.ts';
import type { ReceivableList } from '../src/contract/receivables.ts';
import type { ReconciliationException } from '../src/contract/reconciliation.ts';
import type { Summary } from '../src/contract/summaries.ts';
import { writeCieloV15, writeCieloV15Payments } from '../src/server/seed/statements/cielo-v15-writer.ts';
import { buildStatement, type PlatformSale } from '../src/server/seed/statements/discrepancies.ts';
import { formatMinorUnits } from '../src/web/lib/format.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInWithStorage } from './support/auth.ts';
import { demoToken } from './support/env.ts';
import { shotsDir } from './support/screenshots.ts';
import { brasiliaDay, plusDays } from './support/brasilia-days.ts';

/**
 * Upload → queue → resolve, in each language: a Cielo EDI v15 file of sales the platform never made (a MID no
 * merchant has), so each of its sales is an "unknown to the platform" exception; one is resolved with a note.
 * Screenshots in SHOTS_DIR, else e2e/artifacts/screenshots/reconciliation (1440 and 390 wide), axe on the page.
 */
const shots = shotsDir('reconciliation');
const languages = [
  {
    lang: 'en', locale: 'en-US', file: 'Statement file', unknown: 'Unknown to the platform', open: 'Compare and resolve', note: 'Note (required)', save: 'Save', imported: /imported: 5 lines, 3 exceptions/, rejected: 'was not imported: fix these lines',
    outcome: 'Outcome', fileFilter: 'File', settled: 'Settled amount differs', action: 'Action', accept: "Accept the acquirer's value", sale: 'Open the sale', receivable: 'Open the receivable (installment)',
    paid: /imported: 4 lines, 1 exception/, empty: 'No open exceptions for these filters.',
  },
  {
    lang: 'pt-BR', locale: 'pt-BR', file: 'Arquivo de extrato', unknown: 'Desconhecida na plataforma', open: 'Comparar e resolver', note: 'Observação (obrigatória)', save: 'Salvar', imported: /importado: 5 linhas, 3 exceções/, rejected: 'não foi importado: corrija estas linhas',
    outcome: 'Resultado', fileFilter: 'Arquivo', settled: 'Valor liquidado diverge', action: 'Ação', accept: 'Aceitar o valor da adquirente', sale: 'Abrir a venda', receivable: 'Abrir o recebível (parcela)',
    paid: /importado: 4 linhas, 1 exceção/, empty: 'Nenhuma exceção aberta com estes filtros.',
  },
];

function statement(sequence: number): Buffer {
  const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  const sales: PlatformSale[] = [];
  const built = buildStatement('cielo', sales, { unknown: 3 }, sequence);
  for (const d of built.injected) d.mid = '1099999999';
  const entries = built.entries.map((e) => ({ ...e, mid: '1099999999', date: day }));
  const lines = [...writeCieloV15({ headMid: '1099999999', generatedOn: day, periodStart: day, periodEnd: day, sequence }, entries)];
  return Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
}

/** decimal text of the API ("123.45") in centavos, without a float */
const cents = (decimal: string) => {
  const [units = '0', fraction = ''] = decimal.split('.');
  return BigInt(units) * 100n + BigInt(`${fraction}00`.slice(0, 2));
};
const saoPauloDay = brasiliaDay;
const headers = { authorization: `Bearer ${demoToken}` };

/**
 * A Cielo payment file (CIELO04) for one receivable not paid yet (preferably due after today: then no other receivable
 * of its day counts as overdue), paid on its due date with `deduction` centavos less than gross − the acquirer's fee.
 */
async function paymentFile(request: APIRequestContext, sequence: number, deduction: bigint) {
  const today = saoPauloDay(new Date().toISOString());
  const open = async (query: string) => ((await (await request.get(`/v1/receivables?acquirer=cielo&${query}&limit=100`, { headers })).json()) as ReceivableList).data;
  const candidates = [...(await open(`status=scheduled&due_date=${plusDays(today, 1)}..${plusDays(today, 390)}`)), ...(await open('status=overdue'))]
    .filter((r) => r.kind === 'installment' && r.costFee !== undefined && r.paymentMethod !== 'pix');
  const skipped: string[] = [];
  for (const receivable of candidates) {
    const answer = await request.get(`/v1/transactions/summaries/${receivable.summaryId}`, { headers });
    if (!answer.ok()) {
      skipped.push(`${receivable.summaryId}: ${answer.status()}`);
      continue;
    }
    const sale = (await answer.json()) as Summary;
    const cycle = sale.cycles.find((c) => c.type === 'authorization') ?? sale.cycles[0];
    if (receivable.costFee === undefined || !sale.acquirerMerchantId || !cycle?.systemTraceAuditNumber || !cycle.authorizationCode || !sale.createdAt) {
      skipped.push(`${receivable.summaryId}: no MID, STAN or authorization code`);
      continue;
    }
    const entry = {
      kind: 'sale' as const, mid: sale.acquirerMerchantId, nsu: cycle.systemTraceAuditNumber, authorizationCode: cycle.authorizationCode, date: saoPauloDay(sale.createdAt),
      time: '120000', method: sale.paymentMethod, installment: receivable.installment, installments: receivable.installments, saleTotalMinor: cents(sale.amount),
      grossMinor: cents(receivable.gross), feeMinor: cents(receivable.costFee) + deduction, paymentDate: receivable.dueDate,
      cardBin: sale.card?.firstDigits.slice(0, 6) ?? '000000', cardLast4: sale.card?.lastDigits ?? '0000',
    };
    const day = receivable.dueDate;
    const lines = [...writeCieloV15Payments({ headMid: sale.acquirerMerchantId, generatedOn: day, periodStart: day, periodEnd: day, sequence }, [{ mid: entry.mid, paymentDate: day, entries: [entry] }])];
    const expected = cents(receivable.gross) - cents(receivable.costFee);
    return { receivable, buffer: Buffer.from(lines.join('\r\n') + '\r\n', 'latin1'), expected, paid: expected - deduction };
  }
  throw new Error(`the demo data has no unpaid Cielo receivable with a sale to match (${candidates.length} candidates; ${skipped.join('; ')})`);
}

// one after the other: both languages work the same organization's queue
test.describe.configure({ mode: 'serial' });

for (const [index, language] of languages.entries()) {
  test.describe(`reconciliation in ${language.lang}`, () => {
    test.use({ locale: language.locale });

    test('upload a statement, see its exceptions, resolve one with a note', async ({ page }) => {
      mkdirSync(shots, { recursive: true });
      await signInWithStorage(page, '/reconciliation');
      // first the same file with its second line cut short: refused, the line named, nothing imported
      const good = statement(100 + index);
      const [header = '', second = '', ...rest] = good.toString('latin1').split('\r\n');
      const damaged = Buffer.from([header, second.slice(0, 100), ...rest].join('\r\n'), 'latin1');
      await page.getByRole('button', { name: language.file }).setInputFiles({ name: `CIELO03-${language.lang}.TXT`, mimeType: 'text/plain', buffer: damaged });
      await expect(page.getByText(language.rejected)).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: /^line 2, / })).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${shots}/reconciliation-${language.lang}-rejected-390.png` });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.getByRole('button', { name: language.file }).setInputFiles({ name: `CIELO03-${language.lang}.TXT`, mimeType: 'text/plain', buffer: good });
      await expect(page.getByText(language.imported)).toBeVisible();
      const rows = page.getByRole('row').filter({ hasText: language.unknown });
      await expect(rows.first()).toBeVisible();
      // the queue refetches after the import (with the other language's rows still open in it): count once it settles
      await page.waitForLoadState('networkidle');
      let before = -1;
      await expect
        .poll(async () => {
          const seen = await rows.count();
          const settled = seen === before;
          before = seen;
          return settled;
        }, { intervals: [500], timeout: 10_000 })
        .toBe(true);
      expect(before).toBeGreaterThanOrEqual(3);
      await expectNoSeriousA11yViolations(page);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.screenshot({ path: `${shots}/reconciliation-${language.lang}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await rows.first().getByRole('button', { name: language.open }).click();
      await page.getByLabel(language.note).first().fill('e2e: checked with the acquirer');
      await page.screenshot({ path: `${shots}/reconciliation-${language.lang}-resolve-1440.png`, fullPage: true });
      await page.getByRole('button', { name: language.save }).click();
      await expect(page.getByRole('row').filter({ hasText: language.unknown })).toHaveCount(before - 1);
    });

    test('a payment file with a wrong amount: the settlement exception links to its sale and receivable; accepting it is audited', async ({ page, request }) => {
      const planted = await paymentFile(request, 200 + index, 137n + BigInt(index));
      const name = `CIELO04-${language.lang}.TXT`;
      await signInWithStorage(page, '/reconciliation');
      await page.getByRole('button', { name: language.file }).setInputFiles({ name, mimeType: 'text/plain', buffer: planted.buffer });
      await expect(page.getByText(language.paid)).toBeVisible();
      // a select's name is its label and its chosen option ("Outcome Any")
      await page.getByRole('combobox', { name: new RegExp(`^${language.outcome}`) }).selectOption({ label: language.settled });
      await page.getByRole('combobox', { name: new RegExp(`^${language.fileFilter}`) }).selectOption({ label: name });
      const row = page.getByRole('row').filter({ hasText: language.settled });
      await expect(row).toHaveCount(1);
      // the platform's expected net beside what the acquirer paid, to the centavo, in the language's format
      await expect(row).toContainText(formatMinorUnits(planted.expected, 'BRL', language.locale));
      await expect(row).toContainText(formatMinorUnits(planted.paid, 'BRL', language.locale));
      await expectNoSeriousA11yViolations(page);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        // no page-level horizontal scroll at 390: the table scrolls inside its own container
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.screenshot({ path: `${shots}/settlement-${language.lang}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await row.getByRole('button', { name: language.open }).click();
      await expect(page.getByRole('link', { name: language.sale })).toHaveAttribute('href', `/transactions/${planted.receivable.summaryId}`);
      await expect(page.getByRole('link', { name: language.receivable })).toHaveAttribute('href', `/transactions/${planted.receivable.summaryId}#receivable-${planted.receivable.id}`);
      // the receivable's link lands on its row among the sale's installments, scrolled into view and marked
      await page.getByRole('link', { name: language.receivable }).click();
      const target = page.locator(`#receivable-${planted.receivable.id}`);
      await expect(target).toHaveAttribute('aria-current', 'location');
      await expect(target).toBeInViewport();
      await expect(page.locator('tr[aria-current]')).toHaveCount(1);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await target.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/receivable-target-${language.lang}-${width}.png` });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goBack();
      await page.getByRole('combobox', { name: new RegExp(`^${language.outcome}`) }).selectOption({ label: language.settled });
      await page.getByRole('combobox', { name: new RegExp(`^${language.fileFilter}`) }).selectOption({ label: name });
      await row.getByRole('button', { name: language.open }).click();
      await page.getByRole('combobox', { name: new RegExp(`^${language.action}`) }).first().selectOption({ label: language.accept });
      await page.getByLabel(language.note).first().fill('e2e: the acquirer deducted a fee we agreed');
      await page.screenshot({ path: `${shots}/settlement-${language.lang}-resolve-1440.png`, fullPage: true });
      const [exception] = ((await (await request.get(`/v1/reconciliation/exceptions?outcome=paid_amount_differs&status=open&limit=500`, { headers })).json()) as { data: ReconciliationException[] }).data
        .filter((e) => e.receivableId === planted.receivable.id);
      expect(exception).toBeDefined();
      await page.getByRole('button', { name: language.save }).click();
      await expect(page.getByText(language.empty)).toBeVisible();

      const trail = (await (await request.get(`/v1/audit?action=reconciliation_exception.resolve&target_id=${exception?.id ?? ''}`, { headers })).json()) as AuditEntry[];
      expect(trail.map((e) => [e.outcome, e.target.type, e.details.action, e.details.outcome])).toEqual([['success', 'reconciliation_exception', 'accept', 'paid_amount_differs']]);
      const settled = (await (await request.get(`/v1/receivables?summary_id=${planted.receivable.summaryId}&limit=100`, { headers })).json()) as ReceivableList;
      expect(settled.data.find((r) => r.id === planted.receivable.id)?.status).toBe('settled');
    });
  });
}
