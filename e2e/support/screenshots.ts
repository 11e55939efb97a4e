import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const screenshotDir = path.resolve(import.meta.dirname, '../artifacts/screenshots');
export const screenshotWidths = [1440, 390] as const;
export const colorSchemes = ['light', 'dark'] as const;

/**
 * Full-page PNGs at 1440 and 390 wide, light and dark: e2e/artifacts/screenshots/<name>-<width>-<scheme>.png.
 * `settle` runs after each resize/scheme change (e.g. wait for a layout-dependent element).
 */
export async function screenshot(page: Page, name: string, settle?: (page: Page) => Promise<void>): Promise<void> {
  const original = page.viewportSize();
  for (const width of screenshotWidths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const colorScheme of colorSchemes) {
      await page.emulateMedia({ colorScheme });
      if (settle) await settle(page);
      await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}-${colorScheme}.png`), fullPage: true, animations: 'disabled' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  if (original) await page.setViewportSize(original);
}

/** Where a spec's own screenshots go: SHOTS_DIR when set, else e2e/artifacts/screenshots/<area> (inside the checkout). */
export const shotsDir = (area: string): string => process.env.SHOTS_DIR ?? path.join(screenshotDir, area);

/** Full-page PNGs at 1440 and 390 px in the current scheme: <dir>/<name>-<lang>-<width>.png; back to 1440 × 900. */
export async function captureWidths(page: Page, dir: string, name: string, lang: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const width of screenshotWidths) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${lang}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
