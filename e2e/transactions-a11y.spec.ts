import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { screenshot } from './support/screenshots.ts';
import { openTransactions, rowsOf, tableName } from './transactions-helpers.ts';

test('transactions: accessible and photographed, the list, filtered, and one transaction page', async ({ page }) => {
  test.setTimeout(90_000);
  await openTransactions(page);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'transactions-default');

  await openTransactions(page, '?status=approved&payment_method=credit_card&amount=100..&order_by=amount&order_direction=desc');
  await expect(page.getByTestId('page-indicator')).toBeVisible();
  await screenshot(page, 'transactions-filtered', async (p) => {
    // On narrow screens the filters sit behind the disclosure: open it so the picture shows them.
    const toggle = p.getByRole('button', { name: /^Filters/ });
    if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  });

  await openTransactions(page);
  await rowsOf(page, tableName).first().getByRole('link', { name: /^Open transaction / }).click();
  await expect(page.getByTestId('cycle').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'transaction-page');
});
