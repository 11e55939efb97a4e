import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInWithStorage } from './support/auth.ts';
import { screenshot } from './support/screenshots.ts';

/**
 * Issue 23, "Fit the screen": both lists fit a 1440 px screen with their default columns (no sideways scroll), an
 * expanded event's detail is whole on screen, and at 390 px the tab bar, the totals chips and the Copy buttons stay
 * inside the viewport. Measured in the browser, in both languages (Portuguese words are longer).
 */
const languages = [
  { locale: 'en-US', lang: 'en', copy: /^Copy /, details: /^Show details/, main: 'Main' },
  { locale: 'pt-BR', lang: 'pt-BR', copy: /^Copiar /, details: /^Mostrar detalhes/, main: 'Principal' },
] as const;

/** How much the list's table is wider than its scroller (0 or less: it fits). */
const tableOverflow = (page: Page) =>
  page.locator('main table').first().evaluate((table) => {
    const scroller = table.parentElement;
    if (!scroller) throw new Error('a table without its scroller');
    return { table: table.scrollWidth, container: scroller.clientWidth };
  });

/** The elements that reach outside [0, viewport width] (left, right edges in CSS pixels), with their text for the report. */
async function outsideViewport(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements
      .map((e) => ({ e, r: e.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.left < -0.5 || r.right > document.documentElement.clientWidth + 0.5))
      .map(({ e, r }) => `${(e.textContent ?? '').trim().slice(0, 40)} [${Math.round(r.left)}, ${Math.round(r.right)}]`),
  );
}

async function openList(page: Page, path: string) {
  await signInWithStorage(page, path);
  await expect(page.locator('main table tbody tr[data-row-id]').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

for (const { locale, lang, copy, details, main } of languages) {
  test.describe(`fit the screen (${lang})`, () => {
    test.use({ locale });

    test('1440 px: the transactions list fits with its default columns', async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await openList(page, '/transactions');
      const { table, container } = await tableOverflow(page);
      test.info().annotations.push({ type: 'measured', description: `transactions ${lang}: table ${table} px in ${container} px` });
      console.log(`measured: transactions ${lang} at 1440: table ${table} px in ${container} px`);
      expect(table).toBeLessThanOrEqual(container);
    });

    test('1440 px: the events list fits, and an expanded event’s detail is whole on screen', async ({ page }) => {
      test.slow(); // the expanded list is photographed whole, at two widths in two color schemes
      await page.setViewportSize({ width: 1440, height: 900 });
      await openList(page, '/events');
      const { table, container } = await tableOverflow(page);
      test.info().annotations.push({ type: 'measured', description: `events ${lang}: table ${table} px in ${container} px` });
      console.log(`measured: events ${lang} at 1440: table ${table} px in ${container} px`);
      expect(table).toBeLessThanOrEqual(container);

      await page.locator('main table tbody tr[data-row-id]').first().getByRole('button', { name: details }).click();
      const panel = page.locator('main table tbody tr:not([data-row-id]) > td > *').first();
      await expect(panel).toBeVisible();
      await expect(page.getByTestId('exact-created-at')).toBeVisible();
      const fit = await panel.evaluate((element) => {
        const scroller = element.closest('table')?.parentElement;
        if (!scroller) throw new Error('a detail outside a table');
        const box = scroller.getBoundingClientRect();
        const beyond = [element, ...element.querySelectorAll('*')]
          .map((e) => ({ e, r: e.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && r.right > box.right + 0.5)
          .map(({ e, r }) => `${e.tagName.toLowerCase()} ${(e.textContent ?? '').trim().slice(0, 30)} → ${Math.round(r.right)} > ${Math.round(box.right)}`);
        return { beyond, scrollLeft: scroller.scrollLeft, right: box.right, viewport: document.documentElement.clientWidth };
      });
      expect(fit.beyond).toEqual([]);
      expect(fit.scrollLeft).toBe(0);
      expect(fit.right).toBeLessThanOrEqual(fit.viewport);
      await screenshot(page, `fit-events-expanded-${lang}`);
    });

    test('390 px: the tab bar, the totals chips and the Copy buttons stay inside the screen', async ({ page }) => {
      test.slow(); // three pages, each photographed at two widths in two color schemes
      await page.setViewportSize({ width: 390, height: 844 });
      await openList(page, '/transactions');
      const tabs = page.getByRole('navigation', { name: main }).getByRole('link');
      await expect(tabs.first()).toBeVisible();
      expect(await tabs.count()).toBeGreaterThan(4);
      expect(await outsideViewport(tabs)).toEqual([]);
      const chips = page.getByTestId('totals-strip').locator('li, p');
      await expect(chips.first()).toBeVisible();
      expect(await outsideViewport(chips)).toEqual([]);
      await screenshot(page, `fit-transactions-${lang}`);

      // a transaction's page has its identifiers' Copy buttons
      const id = await page.locator('main table tbody tr[data-row-id]').first().getAttribute('data-row-id');
      await page.goto(`/transactions/${encodeURIComponent(id ?? '')}`);
      const transactionCopies = page.getByRole('button', { name: copy });
      await expect(transactionCopies.first()).toBeVisible();
      expect(await outsideViewport(transactionCopies)).toEqual([]);
      await screenshot(page, `fit-transaction-${lang}`);

      // an expanded event: its fields' Copy buttons
      await openList(page, '/events');
      await page.locator('main table tbody tr[data-row-id]').first().getByRole('button', { name: details }).click();
      await expect(page.getByTestId('exact-created-at')).toBeVisible();
      const eventCopies = page.getByRole('button', { name: copy });
      await expect(eventCopies.first()).toBeVisible();
      expect(await outsideViewport(eventCopies)).toEqual([]);
      expect(await outsideViewport(page.getByRole('navigation', { name: main }).getByRole('link'))).toEqual([]);
      await screenshot(page, `fit-events-390-${lang}`);
    });
  });
}
