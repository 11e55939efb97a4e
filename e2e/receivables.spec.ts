import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInWithStorage } from './support/auth.ts';
import { demoToken } from './support/env.ts';
import { brl, plainSpaces } from './support/expected-text.ts';
import { brasiliaDay, plusDays } from './support/brasilia-days.ts';

/**
 * The receivables schedule (issue 25) in the browser, in both languages at 1440 and 390 px: the Receivables page's
 * numbers are the API's, the transaction page lists its installments, the anticipation simulator answers as the API.
 * Screenshots go to SHOTS_DIR (default e2e/artifacts/screenshots/receivables).
 */
const auth = { authorization: `Bearer ${demoToken}` };
const shots = process.env.SHOTS_DIR ?? 'e2e/artifacts/screenshots/receivables';
mkdirSync(shots, { recursive: true });

/** Today in São Paulo, `days` from now, written without the dashboard's code. */
const spDay = (days: number): string => plusDays(brasiliaDay(), days);
const norm = plainSpaces;
const money = brl;

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // nothing clipped: the page never scrolls sideways (wide tables scroll inside their own box)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const languages = [
  { locale: 'en-US', lang: 'en', title: 'Receivables', next: 'Next 90 days (net)', simulate: 'Simulate anticipation', today: 'You would receive today', merchant: 'Merchant', installments: 'Installments and receivables', of: (n: number) => `1 of ${n}` },
  { locale: 'pt-BR', lang: 'pt-BR', title: 'Agenda de recebíveis', next: 'Próximos 90 dias (líquido)', simulate: 'Simular antecipação', today: 'Você receberia hoje', merchant: 'Estabelecimento', installments: 'Parcelas e recebíveis', of: (n: number) => `1 de ${n}` },
] as const;

for (const l of languages) {
  test.describe(`receivables in ${l.lang}`, () => {
    test.use({ locale: l.locale });

    test('the Receivables page shows the API’s next 90 days, per day, and simulates anticipation', async ({ page }) => {
      test.setTimeout(90_000);
      await signInWithStorage(page, '/receivables');
      await expect(page.getByRole('heading', { level: 1, name: l.title })).toBeVisible();
      const calendar = await api<{ totals: { net: string; count: number }; data: { dueDate: string }[] }>(page, `/v1/receivables/calendar?from=${spDay(0)}&to=${spDay(89)}`);
      expect(calendar.totals.count).toBeGreaterThan(0);
      await expect(page.getByTestId('tile-range').locator('dd')).toContainText(money(calendar.totals.net, l.locale).replace(/\s/g, ' ').split(' ').pop() ?? '');
      expect(norm(await page.getByTestId('tile-range').locator('dd').textContent())).toContain(money(calendar.totals.net, l.locale).replace(/\s/g, ' '));
      await expect(page.getByTestId('receivables-days').locator('tbody tr')).toHaveCount(calendar.data.length);
      await expect(page.getByTestId('receivables-calendar').locator('tbody td')).not.toHaveCount(0);
      // the arrangements table: one row per brand, product and acquirer of the per-unit calendar's units, each with its unit count
      const units = await api<{ data: { brand: string; product: string; acquirer: string }[] }>(page, `/v1/receivables/calendar?from=${spDay(0)}&to=${spDay(89)}&group_by=unit`);
      const perArrangement = new Map<string, number>();
      for (const u of units.data) perArrangement.set(`${u.brand}|${u.product}|${u.acquirer}`, (perArrangement.get(`${u.brand}|${u.product}|${u.acquirer}`) ?? 0) + 1);
      const arrangementRows = page.getByTestId('receivables-arrangements').locator('tbody tr');
      await expect(arrangementRows).toHaveCount(perArrangement.size);
      const shownUnits = (await arrangementRows.locator('td:nth-child(3)').allTextContents()).map((c) => Number(c.replace(/\D/g, '')));
      expect(shownUnits.sort((a, b) => a - b)).toEqual([...perArrangement.values()].sort((a, b) => a - b));
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `receivables-${l.lang}`);

      // the simulator, for the first merchant (the staff view asks which)
      const me = await api<{ merchants: { id: string }[] }>(page, '/v1/me');
      const merchantId = me.merchants[0]?.id ?? '';
      await page.getByRole('combobox', { name: l.merchant, exact: true }).selectOption(merchantId);
      await page.getByRole('button', { name: l.simulate }).click();
      const simulated = await page.request.post('/v1/receivables/anticipation/simulate', { headers: auth, data: { merchantId } });
      const expected = ((await simulated.json()) as { receivedToday: string }).receivedToday;
      await expect(page.getByTestId('anticipation-today')).toHaveText(new RegExp(money(expected, l.locale).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')));
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `receivables-simulated-${l.lang}`);
    });

    test('a credit sale in installments lists them on its transaction page', async ({ page }) => {
      test.setTimeout(60_000);
      await signInWithStorage(page, '/receivables');
      const list = await api<{ data: { summaryId: string; installments: number; kind: string }[] }>(page, '/v1/receivables?payment_method=credit_card&limit=100');
      const sale = list.data.find((r) => r.kind === 'installment' && r.installments >= 3) ?? list.data.find((r) => r.installments >= 2);
      expect(sale, 'a sale in installments').toBeTruthy();
      const own = await api<{ data: { kind: string }[] }>(page, `/v1/receivables?summary_id=${sale?.summaryId}`);
      await page.goto(`/transactions/${sale?.summaryId}`);
      const section = page.getByTestId('transaction-installments');
      await expect(section.getByRole('heading', { name: l.installments })).toBeVisible();
      await expect(section.locator('tbody tr')).toHaveCount(own.data.length);
      await expect(section.locator('tbody tr').first().locator('th')).toHaveText(l.of(sale?.installments ?? 0));
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `transaction-installments-${l.lang}`);
    });
  });
}
