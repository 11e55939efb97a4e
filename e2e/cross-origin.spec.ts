import { expect, test } from '@playwright/test';
import { crossApiBaseUrl, crossCountCap, crossSeedSummaries, crossWebBaseUrl, demoToken } from './support/env.ts';

/**
 * The dashboard served from a second origin (a dashboard host whose /config.js names the API: PUBLIC_API_BASE_URL)
 * calling an API server that allows that origin (CORS_ORIGIN) and estimates totals above COUNT_CAP.
 */
test('a dashboard on another origin signs in with a bearer token and shows the exact count of the stats where the list only estimates', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${crossApiBaseUrl}/v1/`)) apiCalls.push(request.url());
  });
  await page.goto(`${crossWebBaseUrl}/sign-in?next=%2Ftransactions`);
  await page.getByLabel('Access token').fill(demoToken);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${crossWebBaseUrl}/transactions`);

  // the seeded summaries are more than the cap: the API says its total is an estimate (X-Total-Count-Exact: false)
  const response = await page.waitForResponse((r) => r.url().startsWith(`${crossApiBaseUrl}/v1/transactions/summaries`) && r.status() === 200);
  expect(await response.headerValue('x-total-count-exact')).toBe('false');
  expect(Number(await response.headerValue('x-total-count'))).toBeGreaterThan(crossCountCap);
  expect(crossSeedSummaries).toBeGreaterThan(crossCountCap);

  const indicator = page.getByTestId('page-indicator');
  // the list estimates, the totals strip's stats count exactly, and the pager says that one count (issue 23)
  await expect(indicator).toHaveText(`Page 1 of ${Math.ceil(crossSeedSummaries / 20)} · ${crossSeedSummaries.toLocaleString('en-US')} results`);
  // the last page is one click away (a rel="last" cursor: e2e/cursor-paging.spec.ts)
  await expect(page.getByRole('button', { name: 'Last page' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled();

  // every call went to the API's origin, with the token as a bearer header kept for this tab only
  expect(apiCalls.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => sessionStorage.getItem('acq.accessToken'))).toBe(demoToken);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
});

test('the API refuses other origins: no CORS headers for them', async ({ request }) => {
  const allowed = await request.get(`${crossApiBaseUrl}/v1/me`, { headers: { origin: crossWebBaseUrl, authorization: `Bearer ${demoToken}` } });
  expect(allowed.headers()['access-control-allow-origin']).toBe(crossWebBaseUrl);
  expect(allowed.headers()['access-control-expose-headers']).toContain('X-Total-Count-Exact');
  const other = await request.get(`${crossApiBaseUrl}/v1/me`, { headers: { origin: 'http://127.0.0.1:1', authorization: `Bearer ${demoToken}` } });
  expect(other.headers()['access-control-allow-origin']).toBeUndefined();
});
