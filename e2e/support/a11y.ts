import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe (WCAG 2.x A/AA rules) on the page and fails on any serious or critical violation. It waits first until
 * nothing on the page is marked busy: a list keeps its previous rows on screen, dimmed, while the next ones load,
 * and a scan of those dimmed rows reports contrast that no settled page has.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, 'serious or critical accessibility violations').toEqual([]);
}
