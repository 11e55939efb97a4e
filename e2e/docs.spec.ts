import { expect, test } from '@playwright/test';
import { signInWithStorage } from './support/auth.ts';
import path from 'node:path';
import { mkdirSync } from 'node:fs';

test.describe('/docs: the API reference', () => {
  test('renders the OpenAPI document from this server only, and the dashboard keeps its routes', async ({ page }) => {
    test.setTimeout(120_000);
    const foreign: string[] = [];
    const failed: string[] = [];
    const cspErrors: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') foreign.push(request.url());
    });
    page.on('requestfailed', (request) => failed.push(request.url()));
    page.on('console', (message) => {
      // the app's CSP holds as it is: no script of the viewer is refused (one inline style attribute is, harmlessly)
      if (message.type() === 'error' && /Content Security Policy directive 'script-src/i.test(message.text())) cspErrors.push(message.text());
    });
    await page.goto('/docs');
    // 1.9 MB of viewer to parse: on a busy 2-core machine that may take more than the default 10 s
    await expect(page.locator('.information-container .title')).toContainText('Acquirer Console API', { timeout: 30_000 });
    // an operation of the endpoint map, rendered by the viewer from /docs/json: its path and operationId
    const operation = page.locator('.opblock', { has: page.getByRole('link', { name: '/v1/transactions/summaries', exact: true }) }).first();
    await expect(operation).toBeVisible();
    await expect(operation).toContainText('listTransactionSummaries');
    expect(foreign, 'no request leaves 127.0.0.1').toEqual([]);
    expect(failed).toEqual([]);
    expect(cspErrors).toEqual([]);
    // photographed at 1440 and 390 (the screen's height: the whole reference is ~60 operations long)
    const shots = process.env.SHOTS_DIR ?? 'e2e/artifacts/screenshots/i23';
    mkdirSync(shots, { recursive: true });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.screenshot({ path: path.join(shots, `docs-${width}.png`), animations: 'disabled' });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // the dashboard's routes are still the dashboard's
    await signInWithStorage(page, '/transactions');
    await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  });
});
