import { expect, test } from '@playwright/test';
import { signInWithStorage } from './support/auth.ts';
import { screenshot } from './support/screenshots.ts';

test.describe('/docs: the API reference', () => {
  test('renders the OpenAPI document from this server only, and the dashboard keeps its routes', async ({ page }) => {
    const foreign: string[] = [];
    const failed: string[] = [];
    const cspErrors: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') foreign.push(request.url());
    });
    page.on('requestfailed', (request) => failed.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await page.goto('/docs');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Acquirer Console API');
    // an operation of the endpoint map, rendered by the viewer from /docs/json: its path and operationId
    const operation = page.locator('.opblock', { has: page.getByRole('link', { name: '/v1/transactions/summaries', exact: true }) }).first();
    await expect(operation).toBeVisible();
    await expect(operation).toContainText('listTransactionSummaries');
    expect(foreign, 'no request leaves 127.0.0.1').toEqual([]);
    expect(failed).toEqual([]);
    expect(cspErrors).toEqual([]);
    await screenshot(page, 'docs');

    // the dashboard's routes are still the dashboard's
    await signInWithStorage(page, '/transactions');
    await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  });
});
