import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { breakSession, signInWithStorage } from './support/auth.ts';
import { demoToken } from './support/env.ts';
import { screenshot } from './support/screenshots.ts';

/** A MID/TID pair no other test uses (the server rejects the same merchant+provider+MID+TID twice). */
function uniqueCodes() {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase();
  return { mid: `M${n}`.slice(0, 15), tid: `T${n.slice(-7)}` };
}

async function openForm(page: Page) {
  await signInWithStorage(page, '/credentials/new');
  await expect(page.getByRole('heading', { name: 'Connect an acquirer' })).toBeVisible();
  await expect(page.getByLabel(/^Acquirer/)).toBeEnabled();
}

const merchantOptions = (page: Page) => page.getByRole('listbox', { name: 'Merchants' }).getByRole('option');

/** Picks the first merchant named like `text` with the keyboard only: type, ArrowDown, Enter. */
async function chooseMerchant(page: Page, text = 'Padaria') {
  const box = page.getByRole('combobox', { name: /^Merchant/ });
  await box.fill(text);
  await expect(merchantOptions(page).first()).toContainText(text);
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(box).toHaveValue(new RegExp(text));
}

async function fillForm(page: Page, codes: { mid: string; tid: string }, provider = 'Cielo') {
  await chooseMerchant(page);
  await page.getByLabel(/^Acquirer/).selectOption({ label: provider });
  await page.getByLabel(/Merchant ID \(MID\)/).fill(codes.mid);
  await page.getByLabel(/Terminal ID \(TID\)/).fill(codes.tid);
}

const submit = (page: Page) => page.getByRole('button', { name: 'Connect acquirer' }).click();

test.describe('acquirer connections', () => {
  test('connect → its page (survives reload) → disable → enable → edit TID → history', async ({ page }) => {
    test.slow(); // a whole journey with three screenshot sets and four accessibility scans
    const codes = uniqueCodes();
    await openForm(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'credentials-empty');
    await fillForm(page, codes);
    await submit(page);
    await expect(page).toHaveURL(/\/credentials\/[0-9a-v]{20}$/);
    const id = (await page.getByTestId('credential-id').textContent()) ?? '';
    await expect(page.getByText('Acquirer connected')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('credential-id')).toHaveText(id);
    await expect(page.getByText('Enabled', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Disable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable this acquirer connection?' });
    await expect(dialog).toContainText(`MID ${codes.mid} · TID ${codes.tid}`);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByText('Enabled', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Edit codes' }).click();
    const form = page.getByRole('form', { name: 'Edit the acquirer codes' });
    await form.getByLabel(/Terminal ID \(TID\)/).fill('T-9#');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Terminal ID (TID): only letters and digits (no spaces or symbols) are allowed, so remove “-” “#”')).toBeVisible();
    await form.getByLabel(/Terminal ID \(TID\)/).fill('TNEW9');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.locator('dd code[data-field="terminalIdentifier"]')).toHaveText('TNEW9');
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText(`Terminal ID (TID): ${codes.tid} → TNEW9`)).toBeVisible();
    await expect(history.getByText('Status: Enabled → Disabled')).toBeVisible();
    await expect(history.getByText('Status: Disabled → Enabled')).toBeVisible();
    await expect(history.getByText(/connected by /)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'connection-page');

    await page.getByRole('link', { name: /Acquirer connections/ }).first().click();
    await page.getByLabel('MID or TID').fill('TNEW9');
    await page.getByLabel('MID or TID').press('Enter');
    const row = page.locator('tbody tr').filter({ hasText: 'TNEW9' });
    await expect(row).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'connections-list');
  });

  test('a duplicate names the existing connection once with "Open connection"; editing clears the banner', async ({ page }) => {
    test.slow(); // two connections created through the form, a screenshot set and a scan
    const codes = uniqueCodes();
    await openForm(page);
    await fillForm(page, codes);
    await submit(page);
    await expect(page).toHaveURL(/\/credentials\/[0-9a-v]{20}$/);
    const firstId = (await page.getByTestId('credential-id').textContent()) ?? '';

    await page.getByRole('link', { name: 'Connect another acquirer' }).click();
    await fillForm(page, codes);
    await submit(page);
    const banner = page.getByRole('alert').filter({ hasText: 'already exists' });
    await expect(banner).toBeVisible();
    await expect(banner.getByTestId('existing-credential-id')).toHaveText(firstId);
    await expect(banner.getByText(firstId)).toHaveCount(1);
    await expect(page.locator(':focus')).toHaveAttribute('tabindex', '-1');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'credentials-conflict');
    await page.getByLabel(/Terminal ID \(TID\)/).fill(`${codes.tid.slice(0, 6)}X`);
    await expect(banner).toHaveCount(0);
    await page.getByLabel(/Terminal ID \(TID\)/).fill(codes.tid);
    await submit(page);
    await page.getByRole('link', { name: 'Open connection' }).click();
    await expect(page).toHaveURL(new RegExp(`/credentials/${firstId}$`));
    await expect(page.getByTestId('credential-id')).toHaveText(firstId);
  });

  test('the merchant combobox works by keyboard and offers "Add a merchant"', async ({ page }) => {
    await openForm(page);
    const box = page.getByRole('combobox', { name: /^Merchant/ });
    await box.focus();
    await box.pressSequentially('farm');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(merchantOptions(page).first()).toContainText(/Farm/i);
    await box.press('ArrowDown');
    const first = merchantOptions(page).first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('ArrowDown');
    await box.press('ArrowUp');
    await expect(merchantOptions(page).filter({ hasText: 'Add a merchant' })).toHaveAttribute('aria-selected', 'true');
    await screenshot(page, 'merchant-combobox');
    await box.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a merchant' });
    await dialog.getByLabel(/^CNPJ/).fill('11.222.333/0001-82');
    await dialog.getByLabel(/category code/).fill('54');
    await dialog.getByRole('button', { name: 'Add merchant' }).click();
    await expect(dialog.getByText(/check digits/)).toBeVisible();
    await expect(dialog.getByText('The category code must be exactly 4 digits')).toBeVisible();
  });

  test('field rules name every rule a value breaks', async ({ page }) => {
    await openForm(page);
    await submit(page);
    await expect(page.getByText('Choose an acquirer', { exact: true })).toBeVisible();
    await page.getByLabel(/^Acquirer/).selectOption({ label: 'Cielo' });
    await page.getByLabel(/Merchant ID \(MID\)/).fill('12345-67890#ABC!');
    await submit(page);
    const mid = page.getByLabel(/Merchant ID \(MID\)/);
    await expect(mid).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Merchant ID (MID): it has 16 characters, at most 15 are allowed; only letters and digits (no spaces or symbols) are allowed, so remove “-” “#” “!”')).toBeVisible();
    await expect(page.getByText(/ISO 8583/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'credentials-invalid');
  });
});

test.describe('enable/disable from the list', () => {
  /** A fresh enabled connection made through the API, and the list filtered to it. */
  async function listedConnection(page: Page, request: APIRequestContext) {
    const headers = { authorization: `Bearer ${demoToken}` };
    const [merchant] = (await (await request.get('/v1/merchants?limit=1', { headers })).json()) as { id: string }[];
    const codes = uniqueCodes();
    const created = await request.post('/v1/credentials', {
      headers,
      data: { merchantId: merchant?.id, providerId: 'd4ps1c0000000000cie0', providerName: 'cielo', authenticationData: { merchantIdentifier: codes.mid, terminalIdentifier: codes.tid } },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await signInWithStorage(page, `/credentials?q=${codes.mid}`);
    const row = page.locator('tbody tr').filter({ hasText: codes.mid });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Enabled', { exact: true })).toBeVisible();
    const current = async () => ((await (await request.get(`/v1/credentials/${id}`, { headers })).json()) as { enabled: boolean }).enabled;
    return { id, row, headers, current };
  }

  test('a failed disable shows "Disabled" at once, then puts "Enabled" back and says why', async ({ page, request }) => {
    const { row, current } = await listedConnection(page, request);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/credentials/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      await held;
      return route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        headers: { 'retry-after': '5' },
        body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'The database is not answering; try again in a few seconds.' }),
      });
    });
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog', { name: 'Disable this acquirer connection?' }).getByRole('button', { name: 'Disable' }).click();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    release();
    const banner = page.getByRole('alert').filter({ hasText: 'The change did not go through' });
    await expect(banner).toContainText('The connection was not disabled.');
    await expect(row.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Disable' })).toBeEnabled();
    expect(await current()).toBe(true);
    await screenshot(page, 'connections-toggle-failed');
  });

  test('a connection someone else disabled meanwhile is not toggled back: the list says so and shows the truth', async ({ page, request }) => {
    const { id, row, headers, current } = await listedConnection(page, request);
    const one = await request.get(`/v1/credentials/${id}`, { headers });
    const patched = await request.patch(`/v1/credentials/${id}`, { headers: { ...headers, 'if-match': one.headers().etag ?? '' }, data: { enabled: false } });
    expect(patched.status()).toBe(200);
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('dialog', { name: 'Disable this acquirer connection?' }).getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Someone else changed it meanwhile' })).toBeVisible();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Enable' })).toBeVisible();
    expect(await current()).toBe(false);
  });
});

test.describe('in Portuguese', () => {
  test.use({ locale: 'pt-BR' });
  test('the list, a connection and the form speak Portuguese', async ({ page, request }) => {
    const headers = { authorization: `Bearer ${demoToken}` };
    const merchants = (await (await request.get('/v1/merchants?limit=1', { headers })).json()) as { id: string }[];
    const codes = uniqueCodes();
    const created = await request.post('/v1/credentials', {
      headers,
      data: { merchantId: merchants[0]?.id, providerId: 'd4ps1c0000000000cie0', providerName: 'cielo', authenticationData: { merchantIdentifier: codes.mid, terminalIdentifier: codes.tid } },
    });
    expect(created.status()).toBe(201);
    await signInWithStorage(page, '/credentials');
    await expect(page.getByRole('heading', { name: 'Conexões com credenciadoras' })).toBeVisible();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await screenshot(page, 'connections-list-pt');
    await page.locator('tbody tr a').first().click();
    await expect(page.getByRole('heading', { name: 'Histórico' })).toBeVisible();
    await screenshot(page, 'connection-page-pt');
    await page.goto('/credentials/new');
    await expect(page.getByRole('heading', { name: 'Conectar credenciadora' })).toBeVisible();
    await page.getByRole('button', { name: 'Conectar credenciadora' }).click();
    await expect(page.getByText('Escolha uma credenciadora', { exact: true })).toBeVisible();
    await screenshot(page, 'credentials-invalid-pt');
  });

  test('every acquirer’s fields, hints, details and history lines are in Portuguese (issue 23)', async ({ page, request }) => {
    const headers = { authorization: `Bearer ${demoToken}` };
    const providers = (await (await request.get('/v1/providers', { headers })).json()) as { displayName: string; authenticationFields: { label: string }[] }[];
    expect(providers.length).toBeGreaterThan(0);
    await signInWithStorage(page, '/credentials/new');
    for (const provider of providers) {
      await page.getByLabel(/^Credenciadora/).selectOption({ label: provider.displayName });
      await expect(page.getByLabel(/^Código do estabelecimento \(MID\)/)).toBeVisible();
      await expect(page.getByLabel(/^Código do terminal \(TID\)/)).toBeVisible();
      await expect(page.getByText('Código do estabelecimento na credenciadora: 1 a 15 letras ou dígitos')).toBeVisible();
      await expect(page.getByText('Código do terminal na credenciadora: 1 a 8 letras ou dígitos')).toBeVisible();
      // none of the API's English field texts is left on the form
      for (const field of provider.authenticationFields) await expect(page.getByText(field.label)).toHaveCount(0);
    }
    await screenshot(page, 'credentials-fields-pt');

    // a connection's details and its history lines name the fields in Portuguese too
    const merchants = (await (await request.get('/v1/merchants?limit=1', { headers })).json()) as { id: string }[];
    const codes = uniqueCodes();
    const created = await request.post('/v1/credentials', {
      headers,
      data: { merchantId: merchants[0]?.id, providerId: 'd4ps1c0000000000cie0', providerName: 'cielo', authenticationData: { merchantIdentifier: codes.mid, terminalIdentifier: codes.tid } },
    });
    const { id } = (await created.json()) as { id: string };
    const etag = created.headers().etag ?? '';
    const patched = await request.patch(`/v1/credentials/${id}`, { headers: { ...headers, 'if-match': etag }, data: { authenticationData: { merchantIdentifier: codes.mid, terminalIdentifier: 'TNEW9' } } });
    expect(patched.status(), await patched.text()).toBe(200);
    await page.goto(`/credentials/${id}`);
    await expect(page.getByText(`Código do terminal (TID): ${codes.tid} → TNEW9`)).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: 'Código do estabelecimento (MID)' })).toBeVisible();
    await expect(page.getByText('Terminal ID (TID)')).toHaveCount(0);
  });
});

test('a submit refused with 401 returns to sign-in, then back to the form with what was typed', async ({ page }) => {
  const codes = uniqueCodes();
  await openForm(page);
  await fillForm(page, codes);
  await breakSession(page);
  await submit(page);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fcredentials%2Fnew/);
  await expect(page.getByText('Your session ended')).toBeVisible();
  await page.getByLabel('Access token').fill(demoToken);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/credentials\/new$/);
  await expect(page.getByLabel(/Merchant ID \(MID\)/)).toHaveValue(codes.mid);
  await expect(page.getByLabel(/Terminal ID \(TID\)/)).toHaveValue(codes.tid);
  await submit(page);
  await expect(page.getByTestId('credential-id')).toHaveText(/^[0-9a-v]{20}$/);
});

test('acquirers that fail to load show the problem and a working Retry', async ({ page }) => {
  let fail = true;
  await page.route('**/v1/providers', async (route) => {
    if (!fail) return route.continue();
    return route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'The provider catalogue is being updated.' }),
    });
  });
  await signInWithStorage(page, '/credentials/new');
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load the acquirers' });
  await expect(alert).toContainText('The provider catalogue is being updated.', { timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'credentials-providers-error');
  fail = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel(/^Acquirer/)).toBeVisible();
});
