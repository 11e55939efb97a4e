import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInWithStorage } from './support/auth.ts';
import { demoToken } from './support/env.ts';
import { brl, plainSpaces } from './support/expected-text.ts';

/**
 * Issue 23: refunds as they happened (a partial refund is told apart and counted as its own amount), one count (the
 * pager and the totals strip agree) and like-for-like comparisons, on the real server and the demo data, in both
 * languages at 1440 and 390 px, axe clean. Screenshots: SHOTS_DIR (default e2e/artifacts/screenshots/issue-23).
 */
const auth = { authorization: `Bearer ${demoToken}` };
const shotsDir = process.env.SHOTS_DIR ?? path.resolve(import.meta.dirname, 'artifacts/screenshots/issue-23');

interface CycleBody {
  type: string;
  status: string;
  amount: string;
  retrievalReferenceNumber: string | null;
}
interface SummaryBody {
  id: string;
  amount: string;
  status: string;
  capturedAmount: string;
  refundedAmount: string;
  cycles: CycleBody[];
}

const minor = (amount: string) => BigInt(amount.replace('.', ''));
const decimal = (m: bigint) => `${m / 100n}.${(m % 100n).toString().padStart(2, '0')}`;
/** the sum of a sale's approved cycles of a type, from its cycles (not from the sums the API gives) */
const approvedSum = (s: SummaryBody, type: string) => s.cycles.filter((c) => c.type === type && c.status === 'approved').reduce((t, c) => t + minor(c.amount), 0n);

const languages = [
  { locale: 'en-US', lang: 'en', partial: 'Partially refunded', refunded: 'Refunded', kept: 'Kept by the merchant', running: /still running/, pageOf: /^Page 1 of (\d+) · ([\d,]+) results$/ },
  { locale: 'pt-BR', lang: 'pt-BR', partial: 'Estornada em parte', refunded: 'Estornado', kept: 'Ficou com o estabelecimento', running: /ainda está em andamento/, pageOf: /^Página 1 de (\d+) · ([\d.]+) resultados$/ },
] as const;

const money = brl;
const norm = plainSpaces;

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
    // nothing wider than the screen at this width
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (width === 390) expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

for (const l of languages) {
  test.describe(`refunds and counts (${l.lang})`, () => {
    test.use({ locale: l.locale });

    test('a partial refund shows as partial, with its own amount, on the transaction page and in the list', async ({ page }) => {
      const res = await page.request.get('/v1/transactions/summaries?status=partially_refunded&limit=5', { headers: auth });
      expect(res.status()).toBe(200);
      const partial = ((await res.json()) as SummaryBody[])[0];
      if (!partial) throw new Error('the demo data has no partially refunded sale');
      const captured = approvedSum(partial, 'capture');
      const refunded = approvedSum(partial, 'refund');
      expect(refunded > 0n && refunded < captured).toBe(true);
      expect(partial.refundedAmount).toBe(decimal(refunded));

      await signInWithStorage(page, `/transactions/${partial.id}`);
      const headline = page.locator('header').filter({ hasText: l.partial }).first();
      await expect(headline).toBeVisible();
      const facts = page.getByTestId('refund-facts');
      await expect(facts).toContainText(money(decimal(refunded), l.locale).replace(/\s/g, ' '), { useInnerText: true });
      expect(norm(await facts.innerText())).toContain(money(decimal(captured - refunded), l.locale));
      await expect(facts).toContainText(l.kept);
      // the refund cycle shows its own RRN, not the sale's
      const refund = partial.cycles.find((c) => c.type === 'refund' && c.retrievalReferenceNumber !== null);
      if (refund?.retrievalReferenceNumber) await expect(page.getByTestId('cycle').filter({ hasText: refund.retrievalReferenceNumber })).toHaveCount(1);
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `transaction-partial-refund-${l.lang}`);

      await page.goto('/transactions?status=partially_refunded');
      const line = page.getByTestId('refund-line').first();
      await expect(line).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `transactions-partial-${l.lang}`);
    });

    test('a pending sale says why it is pending', async ({ page }) => {
      const res = await page.request.get('/v1/transactions/summaries?status=pending&limit=1', { headers: auth });
      const pending = ((await res.json()) as SummaryBody[])[0];
      if (!pending) throw new Error('the demo data has no pending sale');
      await signInWithStorage(page, `/transactions/${pending.id}`);
      await expect(page.getByTestId('pending-note')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `transaction-pending-${l.lang}`);
    });

    test('the pager and the totals strip say one count', async ({ page }) => {
      await signInWithStorage(page, '/transactions');
      const all = page.getByTestId('totals-all');
      await expect(all).toBeVisible();
      const total = Number(await all.getAttribute('data-count'));
      const indicator = page.getByTestId('page-indicator');
      await expect(indicator).toHaveText(l.pageOf);
      const [, , shown] = l.pageOf.exec(norm(await indicator.textContent())) ?? [];
      expect(Number((shown ?? '').replace(/[.,]/g, ''))).toBe(total);
      await expect(page.getByTestId('totals-refunds')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `transactions-${l.lang}`);
    });

    test('the overview compares a running period like for like and tells refunds apart', async ({ page }) => {
      await signInWithStorage(page, '/overview');
      // the default period (the last 7 days, today included) is still running
      await expect(page.getByTestId('running-note')).toHaveText(l.running);
      await expect(page.getByTestId('refund-partial-count')).toBeVisible();
      await expect(page.getByTestId('refund-net')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `overview-${l.lang}`);
    });
  });
}
