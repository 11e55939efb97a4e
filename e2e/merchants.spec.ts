import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInWithStorage } from './support/auth.ts';
import { demoToken } from './support/env.ts';
import { screenshot, shotsDir } from './support/screenshots.ts';
import { brasiliaDay } from './support/brasilia-days.ts';

interface ApiMerchant {
  id: string;
  name: string;
  taxId: string;
}

/** A CNPJ with its two check digits computed here by the mod-11 rule (independently of the dashboard's code). */
function cnpjFrom(twelve: string): string {
  let digits = twelve;
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const rest = weights.reduce((sum, w, i) => sum + w * Number(digits[i]), 0) % 11;
    digits += String(rest < 2 ? 0 : 11 - rest);
  }
  return digits;
}
const uniqueCnpj = () => cnpjFrom(`${Date.now() % 100_000_000}`.padStart(8, '0') + String(1000 + Math.floor(Math.random() * 9000)));
const written = (d: string) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;

async function demoMerchants(page: Page): Promise<ApiMerchant[]> {
  const response = await page.request.get('/v1/merchants?limit=100', { headers: { authorization: `Bearer ${demoToken}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiMerchant[];
}

const table = (page: Page) => page.getByRole('table', { name: /^(Merchants|Estabelecimentos)$/ });

test.describe('merchants', () => {
  test('search by CNPJ (written with punctuation) finds the merchant; its connections are one click away', async ({ page }) => {
    const [merchant] = await demoMerchants(page);
    if (!merchant) throw new Error('the demo organization has no merchants');
    await signInWithStorage(page, '/overview');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Merchants' }).click();
    await expect(page.getByRole('heading', { name: 'Merchants', level: 1 })).toBeVisible();
    const search = page.getByRole('textbox', { name: 'Search by name or CNPJ' });
    await search.fill(written(merchant.taxId).slice(0, 10));
    await search.press('Enter');
    await expect(page).toHaveURL(/[?&]q=/);
    const row = table(page).getByRole('row').filter({ hasText: merchant.name });
    await expect(row).toContainText(written(merchant.taxId));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'merchants-search');
    await row.getByRole('link', { name: `Acquirer connections of ${merchant.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/credentials\\?merchant_id=${merchant.id}$`));
  });

  test('add a merchant (CNPJ checked and written 00.000.000/0000-00); the same CNPJ again names and links it', async ({ page }) => {
    const cnpj = uniqueCnpj();
    const name = `Mercado E2E ${cnpj.slice(-6)}`;
    await signInWithStorage(page, '/merchants');
    await page.getByRole('button', { name: 'Add a merchant' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add a merchant' });
    await dialog.getByLabel(/^Name/).fill(name);
    const wrong = cnpj.slice(0, 13) + String((Number(cnpj[13]) + 1) % 10);
    await dialog.getByLabel(/^CNPJ/).fill(wrong);
    await dialog.getByLabel(/category code/).fill('5411');
    await dialog.getByRole('button', { name: 'Add merchant' }).click();
    await expect(dialog.getByText(/check digits/)).toBeVisible();
    await dialog.getByLabel(/^CNPJ/).fill(cnpj);
    await dialog.getByLabel(/category code/).focus();
    await expect(dialog.getByLabel(/^CNPJ/)).toHaveValue(written(cnpj));
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Add merchant' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Merchant added: ${name} · CNPJ ${written(cnpj)}` })).toBeVisible();
    await expect(table(page).getByRole('row').filter({ hasText: name })).toContainText(written(cnpj));
    await screenshot(page, 'merchants-added');

    await page.getByRole('button', { name: 'Add a merchant' }).click();
    dialog = page.getByRole('dialog', { name: 'Add a merchant' });
    await dialog.getByLabel(/^Name/).fill('Someone Else');
    await dialog.getByLabel(/^CNPJ/).fill(cnpj);
    await dialog.getByLabel(/category code/).fill('5812');
    await dialog.getByRole('button', { name: 'Add merchant' }).click();
    await expect(dialog.getByRole('alert')).toContainText(`CNPJ already registered to ${name}`);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'merchants-duplicate');
    await dialog.getByRole('link', { name: 'Open it' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/merchants\\?q=${cnpj}$`));
    await expect(table(page).getByRole('row')).toHaveCount(2); // the header and the one merchant
    await expect(table(page)).toContainText(name);
  });

  test('the connect form keeps its draft across a reload, shows the merchant by name and CNPJ, and never stores a secret', async ({ page }) => {
    // The demo acquirers have no secret field; this one gets an API key marked secret (the catalogue's own shape)
    await page.route('**/v1/providers', async (route) => {
      const response = await route.fetch();
      const providers = (await response.json()) as { name: string; authenticationFields: object[] }[];
      for (const p of providers) p.authenticationFields.push({ name: 'apiKey', label: 'API key', required: false, secret: true });
      await route.fulfill({ response, json: providers });
    });
    const [merchant] = await demoMerchants(page);
    if (!merchant) throw new Error('the demo organization has no merchants');
    await signInWithStorage(page, '/credentials/new');
    const box = page.getByRole('combobox', { name: /^Merchant/ });
    await box.fill(merchant.taxId.slice(0, 8));
    await expect(page.getByRole('listbox', { name: 'Merchants' }).getByRole('option').first()).toContainText(written(merchant.taxId));
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(box).toHaveValue(merchant.name);
    await expect(page.getByText(`${merchant.name} · CNPJ ${written(merchant.taxId)}`)).toBeVisible();
    await page.getByLabel(/^Acquirer/).selectOption({ label: 'Rede' });
    await page.getByLabel(/Merchant ID \(MID\)/).fill('DRAFTMID1');
    await page.getByLabel(/Terminal ID \(TID\)/).fill('DRAFT1');
    await page.getByLabel(/API key/).fill('sk-secret-never-stored');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('acq.credentialDraft') ?? '')).toContain('DRAFT1');

    await page.reload();
    await expect(page.getByLabel(/Merchant ID \(MID\)/)).toHaveValue('DRAFTMID1');
    await expect(page.getByLabel(/Terminal ID \(TID\)/)).toHaveValue('DRAFT1');
    await expect(page.getByLabel(/API key/)).toHaveValue('');
    await expect(page.getByLabel(/^Acquirer/)).toHaveValue(/.+/);
    await expect(page.getByRole('combobox', { name: /^Merchant/ })).toHaveValue(merchant.name);
    await expect(page.getByText(`${merchant.name} · CNPJ ${written(merchant.taxId)}`)).toBeVisible();
    await expect(page.getByText('What you typed in this tab was kept')).toBeVisible();
    const storage = await page.evaluate(() => ({ session: JSON.stringify({ ...sessionStorage }), local: JSON.stringify({ ...localStorage }) }));
    expect(storage.session).not.toContain('sk-secret-never-stored');
    expect(storage.local).not.toContain('sk-secret-never-stored');
    expect(storage.local).not.toContain('DRAFTMID1');
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'connect-form-draft');

    await page.getByRole('button', { name: 'Start over' }).click();
    await expect(page.getByLabel(/^Acquirer/)).toHaveValue('');
    await page.reload();
    await expect(page.getByLabel(/^Acquirer/)).toHaveValue('');
  });
});

/** A MID/TID pair no other test uses (the server rejects the same merchant+provider+MID+TID twice). */
function uniqueCodes() {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase();
  return { mid: `M${n}`.slice(0, 15), tid: `T${n.slice(-7)}` };
}

for (const { locale, texts } of [
  { locale: 'en-US', texts: { connect: /^Connect an acquirer for /, acquirer: /^Acquirer/, submit: 'Connect acquirer', created: 'Acquirer connected', next: 'What to do next', see: 'See its transactions', disable: 'Disable' } },
  { locale: 'pt-BR', texts: { connect: /^Conectar uma credenciadora para /, acquirer: /^Credenciadora/, submit: 'Conectar credenciadora', created: 'Credenciadora conectada', next: 'Próximos passos', see: 'Ver as transações', disable: 'Desativar' } },
]) {
  test.describe(`from a merchant to its first transaction (${locale})`, () => {
    test.use({ locale });

    test('the form shows the merchant by name and CNPJ; the new connection leads with what to do next', async ({ page }) => {
      test.slow(); // two pages photographed at two widths in two color schemes
      const codes = uniqueCodes();
      const [, merchant] = await demoMerchants(page);
      if (!merchant) throw new Error('the demo organization has fewer than two merchants');
      await signInWithStorage(page, `/merchants?q=${merchant.taxId}`);
      await page.getByRole('link', { name: texts.connect }).click();
      await expect(page).toHaveURL(new RegExp(`/credentials/new\\?merchant_id=${merchant.id}$`));
      await expect(page.getByRole('combobox', { name: /^(Merchant|Estabelecimento)/ })).toHaveValue(merchant.name);
      await expect(page.getByText(`${merchant.name} · CNPJ ${written(merchant.taxId)}`)).toBeVisible();
      await expect(page.getByText(merchant.id)).toHaveCount(0);
      await page.getByLabel(texts.acquirer).selectOption({ label: 'Stone' });
      await page.getByLabel(/\(MID\)/).fill(codes.mid);
      await page.getByLabel(/\(TID\)/).fill(codes.tid);
      await screenshot(page, `connect-form-${locale}`);
      await page.getByRole('button', { name: texts.submit }).click();

      await expect(page.getByRole('heading', { name: texts.next })).toBeVisible();
      const banner = page.getByRole('status').filter({ hasText: texts.created });
      await expect(banner).toBeVisible();
      // green: the success tokens, not the notice's amber
      const colors = await banner.evaluate((element) => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--color-success-soft)';
        document.body.append(probe);
        const success = getComputedStyle(probe).color;
        probe.remove();
        return { background: getComputedStyle(element).backgroundColor, success };
      });
      expect(colors.background).toBe(colors.success);
      const see = page.getByRole('link', { name: texts.see });
      await expect(see).toHaveAttribute('href', new RegExp(`merchant_id=${merchant.id}`));
      // the main action comes first and is the accent one; Disable is a secondary button after it
      const disable = page.getByRole('button', { name: texts.disable, exact: true });
      const [seeBox, disableBox] = [await see.boundingBox(), await disable.boundingBox()];
      expect(seeBox && disableBox && (seeBox.y < disableBox.y || (seeBox.y === disableBox.y && seeBox.x < disableBox.x))).toBe(true);
      const [seeBackground, disableBackground] = [await see.evaluate((e) => getComputedStyle(e).backgroundColor), await disable.evaluate((e) => getComputedStyle(e).backgroundColor)];
      expect(seeBackground).not.toBe(disableBackground);
      expect(await page.evaluate(() => sessionStorage.getItem('acq.credentialDraft'))).toBeNull();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `new-connection-${locale}`);
      await see.click();
      await expect(page).toHaveURL(/\/transactions\?acquirer=stone&merchant_id=/);
    });
  });
}

test.describe('merchants in Portuguese', () => {
  test.use({ locale: 'pt-BR' });

  test('the page, the search and the dialog speak Portuguese', async ({ page }) => {
    const [merchant] = await demoMerchants(page);
    if (!merchant) throw new Error('the demo organization has no merchants');
    await signInWithStorage(page, `/merchants?q=${merchant.taxId.slice(0, 8)}`);
    await expect(page.getByRole('heading', { name: 'Estabelecimentos', level: 1 })).toBeVisible();
    await expect(table(page).getByRole('row').filter({ hasText: merchant.name })).toContainText(written(merchant.taxId));
    await expect(page.getByRole('textbox', { name: 'Buscar por nome ou CNPJ' })).toHaveValue(merchant.taxId.slice(0, 8));
    await screenshot(page, 'merchants-pt-BR');
    await page.getByRole('button', { name: 'Cadastrar estabelecimento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cadastrar estabelecimento' });
    await dialog.getByLabel(/^Nome/).fill('Outro nome');
    await dialog.getByLabel(/^CNPJ/).fill(merchant.taxId);
    await dialog.getByLabel(/categoria/).fill('5411');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(dialog.getByRole('alert')).toContainText(`CNPJ já cadastrado para ${merchant.name}`);
    await expect(dialog.getByRole('link', { name: 'Abrir' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'merchants-duplicate-pt-BR');
  });
});

const shots = shotsDir('merchants');

test.describe('the price plan a merchant pays (issue 25: onboarding picks a plan when connecting a merchant)', () => {
  test('picked when adding the merchant, then seen and changed on the connect flow', async ({ page }) => {
    const auth = { authorization: `Bearer ${demoToken}` };
    const suffix = uniqueCnpj().slice(-6);
    const rates = { debit: '0.99', credit: '2.49', credit2to6: '2.99', credit7to12: '3.49', pix: '0.49', anticipationMonthly: '1.49' };
    const created = await page.request.post('/v1/fee-plans', { headers: auth, data: { kind: 'price', name: `Premium ${suffix}`, effectiveFrom: brasiliaDay(), rates } });
    expect(created.status(), await created.text()).toBe(201);
    const premium = (await created.json()) as { id: string; name: string };
    const planOf = async (cnpj: string) => {
      const found = (await (await page.request.get(`/v1/merchants?q=${cnpj}`, { headers: auth })).json()) as (ApiMerchant & { feePlanId: string | null })[];
      return found[0]?.feePlanId;
    };

    const cnpj = uniqueCnpj();
    const name = `Loja Plano ${cnpj.slice(-6)}`;
    await signInWithStorage(page, '/merchants');
    await page.getByRole('button', { name: 'Add a merchant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a merchant' });
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel(/^CNPJ/).fill(cnpj);
    await dialog.getByLabel(/category code/).fill('5411');
    const plan = dialog.getByLabel(/^Price plan/);
    // the organization's default is what a merchant gets unless another plan is picked, and says so
    await expect(plan.locator('option:checked')).toHaveText(/^Default plan \(.+\)$/);
    await plan.selectOption({ label: premium.name });
    await expect(dialog.getByText('debit 0.99%, credit 2.49%, Pix 0.49%')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await plan.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect.poll(() => planOf(cnpj)).toBe(premium.id);

    await page.goto('/credentials/new');
    const box = page.getByRole('combobox', { name: /^Merchant/ });
    await box.fill(cnpj.slice(0, 10));
    await expect(page.getByRole('listbox', { name: 'Merchants' }).getByRole('option').first()).toContainText(name);
    await box.press('ArrowDown');
    await box.press('Enter');
    const panelPlan = page.getByRole('combobox', { name: new RegExp(`^Price plan of ${name}`) });
    await expect(panelPlan).toHaveValue(premium.id);
    await panelPlan.selectOption({ index: 0 });
    await page.getByRole('button', { name: 'Change plan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Plan changed' })).toBeVisible();
    await expect.poll(() => planOf(cnpj)).toBeNull();
    await expectNoSeriousA11yViolations(page);
  });

  for (const locale of ['en', 'pt-BR'] as const) {
    test(`the plan field in the dialog and on the connect flow (${locale}); screenshots`, async ({ browser }) => {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      const [merchant] = await demoMerchants(page);
      if (!merchant) throw new Error('the demo organization has no merchants');
      await signInWithStorage(page, '/merchants');
      await page.getByRole('button', { name: locale === 'en' ? 'Add a merchant' : 'Cadastrar estabelecimento' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel(locale === 'en' ? /^Price plan/ : /^Plano de tarifas/)).toBeEnabled();
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.screenshot({ path: path.join(shots, `merchant-plan-dialog-${locale}-${width}.png`), animations: 'disabled' });
      }
      await dialog.getByRole('button', { name: locale === 'en' ? 'Cancel' : 'Cancelar' }).click();
      await page.goto('/credentials/new');
      const box = page.getByRole('combobox', { name: /^(Merchant|Estabelecimento)/ });
      await box.fill(merchant.taxId.slice(0, 8));
      await expect(page.getByRole('listbox').getByRole('option').first()).toContainText(merchant.name);
      await box.press('ArrowDown');
      await box.press('Enter');
      await expect(page.getByRole('button', { name: locale === 'en' ? 'Change plan' : 'Trocar plano' })).toBeDisabled();
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.screenshot({ path: path.join(shots, `merchant-plan-connect-${locale}-${width}.png`), fullPage: true, animations: 'disabled' });
      }
      await context.close();
    });
  }
});
