import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { NotificationInput } from '../src/contract/notifications.ts';
import { signatureHeaderValue } from '../src/server/notifications/signature.ts';
import { terminalsOf, type SimTerminal } from '../src/server/simulate/generator.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInWithStorage } from './support/auth.ts';
import { demoOrganizationId, demoSigningSecret, demoToken, readerToken } from './support/env.ts';
import { screenshot } from './support/screenshots.ts';
import { contentTypeHeader, organizationIdHeader, signatureHeader } from '../src/contract/headers.ts';

const bearer = { Authorization: `Bearer ${demoToken}` };
const tag = () => randomBytes(5).toString('hex');

/** A terminal the seed connected (the first seeded merchant's): notifications through it are processed. */
async function connectedTerminal(request: APIRequestContext): Promise<SimTerminal & { merchantId: string }> {
  const response = await request.get('/v1/merchants?order_by=created_at&limit=1', { headers: bearer });
  expect(response.status(), await response.text()).toBe(200);
  const [merchant] = (await response.json()) as { id: string; name: string; taxId: string }[];
  if (!merchant) throw new Error('the demo organization has no merchants');
  const terminal = terminalsOf([merchant])[0];
  if (!terminal) throw new Error('the seeded merchant has no terminal');
  return { ...terminal, merchantId: merchant.id };
}

function authorization(terminal: SimTerminal, patch: Partial<NotificationInput> = {}): NotificationInput {
  const id = tag();
  return {
    eventId: `e2e-live-${id}`,
    id: `e2e-txn-${id}`,
    createdAt: new Date().toISOString(),
    eventType: 'payment.completed',
    acquirerName: terminal.acquirer,
    transactionType: 'authorization',
    transactionStatus: 'approved',
    terminalId: terminal.terminalId,
    terminalSerialNumber: terminal.serialNumber,
    merchantTaxId: terminal.merchantTaxId,
    acquirerMerchantIdentifier: terminal.mid,
    acquirerTerminalIdentifier: terminal.tid,
    currency: 'BRL',
    amount: 4_321,
    paymentMethod: 'credit_card',
    authorizationCode: 'E2E123',
    cardData: { captureMethod: 'chip', cardBrand: 'visa', bin: '411111', last4: '1111' },
    terminalData: terminal.terminalData,
    ...patch,
  };
}

/** POST /v1/notifications signed with the demo organization's secret, as an acquirer would (`raw`: these exact bytes). */
async function notify(request: APIRequestContext, body: NotificationInput, raw = JSON.stringify(body)): Promise<void> {
  const response = await request.post('/v1/notifications', {
    headers: { [contentTypeHeader]: 'application/json', [organizationIdHeader]: demoOrganizationId, [signatureHeader]: signatureHeaderValue(demoSigningSecret, raw) },
    data: raw,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

const row = (page: Page, eventId: string) => page.locator(`table[aria-label="Events"] tr[data-row-id="${eventId}"]`);
const statusOf = (page: Page, eventId: string) => row(page, eventId).locator('td[data-column="event_status"]');

async function openLive(page: Page, path = '/events') {
  await signInWithStorage(page, path);
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');
  // a reload would drop this mark: the rows must arrive without one
  await page.evaluate(() => Object.assign(window, { e2eNoReload: true }));
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload === true);

test('a signed notification appears live at the top of the Events page and turns processed; a later page shows "n new"', async ({ page, request }) => {
  const terminal = await connectedTerminal(request);
  await openLive(page);
  const sale = authorization(terminal);
  await notify(request, sale);
  await expect(row(page, sale.eventId)).toBeVisible();
  await expect(statusOf(page, sale.eventId)).toContainText('Processed');
  await expect(page.locator('table[aria-label="Events"] tbody tr').first()).toHaveAttribute('data-row-id', sale.eventId);
  expect(await notReloaded(page)).toBe(true);

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('page-indicator')).toContainText('Page 2');
  const later = authorization(terminal);
  await notify(request, later);
  const marker = page.getByTestId('new-events-marker');
  await expect(marker).toHaveText('1 new event');
  await expect(row(page, later.eventId)).toHaveCount(0);
  await screenshot(page, 'live-events-new-marker');
  await marker.click();
  await expect(page.getByTestId('page-indicator')).toContainText('Page 1');
  await expect(row(page, later.eventId)).toBeVisible();
  await expect(marker).toHaveCount(0);
  expect(await notReloaded(page)).toBe(true);
});

test('a notification from an unknown terminal fails with its reason; once the terminal is connected, Retry processes it', async ({ page, request }) => {
  // the longest journey of the suite (a failure, a fix through the API, a retry, then a live follow-up, axe and
  // screenshots): it ran out of the default 45 s once in CI (49 s), with nothing wrong but the time
  test.slow();
  const terminal = await connectedTerminal(request);
  const tid = `X${String(Date.now()).slice(-7)}`;
  const sale = authorization(terminal, { acquirerTerminalIdentifier: tid });
  await openLive(page, '/events?event_status=failed');
  await notify(request, sale);
  await expect(statusOf(page, sale.eventId)).toContainText('Failed');
  await row(page, sale.eventId).getByRole('button', { name: /Show details/ }).click();
  const panel = page.getByTestId('event-processing');
  await expect(panel.getByTestId('failure-reason')).toContainText('Unknown terminal');
  await expect(panel.getByTestId('failure-reason')).toContainText('unknown_terminal');
  await expect(panel.getByTestId('failure-reason')).toContainText('Connect the terminal, then retry.');
  await expect(panel.getByTestId('failure-reason')).toContainText(tid);
  const retry = panel.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'live-events-failed-detail');

  // fix the cause as the reason says: connect the terminal (MID/TID) to the merchant at that acquirer
  const providers = (await (await request.get('/v1/providers', { headers: bearer })).json()) as { id: string; name: string }[];
  const provider = providers.find((p) => p.name === terminal.acquirer);
  if (!provider) throw new Error(`no provider ${terminal.acquirer}`);
  const created = await request.post('/v1/credentials', {
    headers: { ...bearer, 'Idempotency-Key': `e2e-live-${tag()}` },
    data: { merchantId: terminal.merchantId, providerId: provider.id, providerName: provider.name, authenticationData: { merchantIdentifier: terminal.mid, terminalIdentifier: tid } },
  });
  expect(created.status(), await created.text()).toBe(201);

  await retry.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('retry-outcome')).toHaveText('Processed: the retry succeeded.');
  await expect(statusOf(page, sale.eventId)).toContainText('Processed');
  await expect(panel.getByTestId('failure-reason')).toHaveCount(0);
  await expect(panel.getByTestId('event-summary-link')).toBeVisible();
  await expect(panel).toContainText('Attempts');
  expect(await notReloaded(page)).toBe(true);

  // the transaction it made, then a later step of it arriving live: the cycles follow
  await panel.getByTestId('event-summary-link').click();
  await expect(page.getByRole('heading', { name: 'Transaction', level: 1 })).toBeVisible();
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');
  await expect(page.getByTestId('cycle')).toHaveCount(1);
  await notify(request, authorization(terminal, { id: sale.id, acquirerTerminalIdentifier: tid, transactionType: 'capture', eventId: `e2e-live-${tag()}` }));
  await expect(page.getByTestId('cycle')).toHaveCount(2);
});

test('in Portuguese: the failed event, its reason and Retry; the "n new" marker (photographed)', async ({ browser, request }) => {
  const terminal = await connectedTerminal(request);
  const sale = authorization(terminal, { acquirerTerminalIdentifier: `Y${String(Date.now()).slice(-7)}` });
  await notify(request, sale);
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInWithStorage(page, `/events?q=${sale.eventId}`);
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');
  const events = page.locator('table tbody tr').first();
  await expect(events.locator('td[data-column="event_status"]')).toContainText('Com falha');
  await events.getByRole('button').first().click();
  const panel = page.getByTestId('event-processing');
  await expect(panel.getByTestId('failure-reason')).toContainText('Terminal desconhecido');
  // the server's own sentence, said again in Portuguese with its values (issue 23)
  const detail = panel.getByTestId('failure-detail');
  await expect(detail).toContainText(`Nenhuma conexão desta organização tem o MID ${sale.acquirerMerchantIdentifier} e o TID ${sale.acquirerTerminalIdentifier}`);
  await expect(detail).not.toHaveAttribute('lang', 'en');
  await expect(panel.getByRole('button', { name: 'Tentar de novo' })).toBeVisible();
  await screenshot(page, 'live-events-failed-detail-pt-BR');
  await page.goto('/events?page=2');
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live');
  await notify(request, authorization(terminal));
  await expect(page.getByTestId('new-events-marker')).toHaveText('1 evento novo');
  await screenshot(page, 'live-events-new-marker-pt-BR');
  await context.close();
});

test('without events:write a failed event shows its reason but offers no Retry', async ({ page, request }) => {
  const terminal = await connectedTerminal(request);
  const sale = authorization(terminal, { acquirerTerminalIdentifier: `Z${String(Date.now()).slice(-7)}` });
  await notify(request, sale);
  await signInWithStorage(page, `/events?q=${sale.eventId}`, readerToken());
  await expect(statusOf(page, sale.eventId)).toContainText('Failed');
  await row(page, sale.eventId).getByRole('button', { name: /Show details/ }).click();
  const panel = page.getByTestId('event-processing');
  await expect(panel.getByTestId('failure-reason')).toContainText('Unknown terminal');
  await expect(panel.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('a notification with fields the platform does not know is processed, and its body shows as received, byte for byte', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const terminal = await connectedTerminal(request);
  const sale = authorization(terminal);
  // the acquirer's own layout, a field of its own at the top level and one inside cardData
  const known = JSON.stringify(sale, null, 4).replace('"cardData": {', '"cardData": {\n        "tokenReference": "tok_e2e_9f3a",');
  const raw = known.replace(/\n}$/, ',\n    "acquirerExtensions": { "nsuHost": "004512", "wallet": { "kind": "google_pay" }, "rate": 1.50 }\n}');
  expect(raw).not.toBe(JSON.stringify(sale));
  await notify(request, sale, raw);
  await openLive(page, `/events?q=${sale.eventId}`);
  await expect(statusOf(page, sale.eventId)).toContainText('Processed');
  await row(page, sale.eventId).getByRole('button', { name: /Show details/ }).click();
  const received = page.getByRole('region', { name: 'As received' });
  const body = received.getByTestId('received-body-text');
  await expect(body).toContainText('"tokenReference": "tok_e2e_9f3a"');
  await expect(body).toContainText('"rate": 1.50');
  expect(JSON.parse(await body.innerText())).toEqual(JSON.parse(raw));
  await received.getByRole('button', { name: /^Copy the body of event/ }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(raw);
  await expectNoSeriousA11yViolations(page);
});
