import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../src/server/test/oidc-provider.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { demoToken } from './support/env.ts';
import { freePort, startServerProcess, unthrottled, type ServerProcess } from './support/server-process.ts';
import { shotsDir } from './support/screenshots.ts';

const shots = shotsDir('sso');

/**
 * An admin sets single sign-on from the dashboard (issue 24 item 4): a server of this spec's own (its single sign-on
 * must not reach the other specs' sign-in page) and a real OpenID provider (oidc-provider) started here. The form's
 * checks, the server's 422 at the issuer field (nothing answers there), a save that discovery accepts, and then a
 * newcomer signing in through the provider with the role their group maps to.
 */
test.describe('single sign-on set by an admin', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let idp: TestProvider;
  let server: ServerProcess;
  let baseUrl = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'acq-e2e-sso-settings-'));

  test.beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    idp = await startTestProvider(`${baseUrl}/v1/sso/callback`, { autoLogin: 'neo' });
    idp.accounts.set('neo', { email: 'neo@acme.example', email_verified: true, name: 'Neo Souza', groups: ['ops'] });
    const env: NodeJS.ProcessEnv = { ...process.env, ...unthrottled, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_SUMMARIES: '40', WORKER: 'off' };
    Object.assign(env, { DEMO_ACCESS_TOKEN: demoToken, ALLOW_TOKEN_SIGN_IN: 'true', DATABASE_URL: '', PUBLIC_API_BASE_URL: '', CORS_ORIGIN: '' });
    for (const name of Object.keys(env)) if (name.startsWith('OIDC_')) delete env[name];
    server = await startServerProcess('sso-settings', baseUrl, env);
  });
  test.afterAll(async () => {
    await server?.stop();
    await idp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const asAdmin = async (browser: Browser, locale: string) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    const session = await page.request.post(`${baseUrl}/v1/session`, { headers: { authorization: `Bearer ${demoToken}` } });
    expect(session.status()).toBe(200);
    await page.goto(`${baseUrl}/single-sign-on`);
    return { context, page };
  };

  test('checks the form, shows the provider’s refusal at the issuer, saves, and a newcomer then signs in through it', async ({ browser }) => {
    const { context, page } = await asAdmin(browser, 'en');
    await expect(page.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Single sign-on' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Single sign-on is off')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText("Enter the issuer's URL, starting with https://")).toBeVisible();
    await expect(page.getByText('Enter the client secret')).toBeVisible();
    await expect(page.getByLabel(/^Issuer URL/)).toBeFocused();

    const closed = await startTestProvider('http://127.0.0.1:9/cb');
    await closed.stop();
    await page.getByLabel(/^Issuer URL/).fill(closed.issuer);
    await page.getByLabel(/^Client id/).fill(idp.clientId);
    await page.getByLabel(/^Client secret/).fill(idp.clientSecret);
    await page.getByLabel(/^Scopes/).fill('openid email profile groups');
    await page.getByLabel(/^Allowed email domains/).fill('acme.example, not a domain');
    await page.getByRole('button', { name: 'Add a group' }).press('Enter');
    await expect(page.getByLabel(/^Group 1/)).toBeFocused();
    await page.keyboard.type('ops');
    await page.getByLabel(/^Role for group 1/).selectOption('support');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter email domains like example.com')).toBeVisible();
    await page.getByLabel(/^Allowed email domains/).fill('acme.example');
    await page.getByRole('button', { name: 'Save' }).click();
    // the server asked the issuer for its discovery document: nothing answers there
    await expect(page.getByText(/^The provider did not answer at this address/)).toBeVisible();
    await expect(page.getByLabel(/^Issuer URL/)).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel(/^Issuer URL/).fill(idp.issuer);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved. The provider answered.' })).toBeVisible();
    await expect(page.getByText('Single sign-on is on')).toBeVisible();
    // write-only: the secret is never shown again; empty keeps it
    await expect(page.getByLabel(/^Client secret/)).toHaveValue('');
    await expect(page.getByText('A secret is set and never shown. Leave empty to keep it.')).toBeVisible();
    const read = await page.evaluate(async () => (await fetch('/v1/sso/config')).text());
    expect(read).not.toContain(idp.clientSecret);
    await context.close();

    const visitor = await browser.newContext({ locale: 'en' });
    const signIn = await visitor.newPage();
    await signIn.goto(`${baseUrl}/sign-in?next=%2Fevents`);
    await signIn.getByRole('button', { name: 'Sign in with your company' }).click();
    await signIn.waitForURL(`${baseUrl}/events`);
    const me = await signIn.evaluate(async () => (await fetch('/v1/me')).json() as Promise<{ scopes: string[] }>);
    expect(me.scopes).toContain('events:write');
    expect(me.scopes).not.toContain('people:read');
    await visitor.close();
  });

  for (const locale of ['en', 'pt-BR'] as const) {
    test(`the saved settings, in words (${locale}); screenshots`, async ({ browser }) => {
      const { context, page } = await asAdmin(browser, locale);
      await expect(page.getByRole('heading', { name: locale === 'en' ? 'Single sign-on' : 'Login único (SSO)', level: 1 })).toBeVisible();
      await expect(page.getByLabel(locale === 'en' ? /^Group 1/ : /^Grupo 1/)).toHaveValue('ops');
      await expectNoSeriousA11yViolations(page);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.screenshot({ path: path.join(shots, `sso-settings-${locale}-${width}.png`), fullPage: true, animations: 'disabled' });
      }
      await context.close();
    });
  }
});
