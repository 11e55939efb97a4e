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
 * Single sign-on in a browser: a real OpenID provider (oidc-provider) and a server of this spec's own, whose demo
 * organization takes it through OIDC_* (a newcomer of acme.example whose `ops` group maps to support).
 */
test.describe('sign in with your company', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let idp: TestProvider;
  let server: ServerProcess;
  let baseUrl = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'acq-e2e-sso-'));

  test.beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    idp = await startTestProvider(`${baseUrl}/v1/sso/callback`, { autoLogin: 'neo' });
    idp.accounts.set('neo', { email: 'neo@acme.example', email_verified: true, name: 'Neo Souza', groups: ['ops'] });
    server = await startServerProcess('sso', baseUrl, {
      ...process.env,
      ...unthrottled,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_SUMMARIES: '40',
      WORKER: 'off',
      DATABASE_URL: '',
      PUBLIC_API_BASE_URL: '',
      CORS_ORIGIN: '',
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_SCOPES: 'openid email profile groups',
      OIDC_ROLE_MAP: 'finance=read_only,ops=support',
      OIDC_ALLOWED_DOMAINS: 'acme.example',
      // the env-managed settings page is opened as the demo token's admin session
      DEMO_ACCESS_TOKEN: demoToken,
      ALLOW_TOKEN_SIGN_IN: 'true',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await idp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const open = async (browser: Browser, locale: string, url: string) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${url}`);
    return { context, page };
  };

  test('signs a newcomer of an allowed domain in through the provider, with the role their group maps to', async ({ browser }) => {
    const { context, page } = await open(browser, 'en', '/sign-in?next=%2Fevents');
    const button = page.getByRole('button', { name: 'Sign in with your company' });
    await expect(button).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await button.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/events`);
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    const me = await page.evaluate(async () => (await fetch('/v1/me')).json() as Promise<{ scopes: string[] }>);
    expect(me.scopes).toContain('events:write');
    expect(me.scopes).not.toContain('credentials:write');
    await context.close();
  });

  for (const locale of ['en', 'pt-BR']) {
    test(`the Single sign-on page shows settings the environment manages, read-only (${locale}); screenshots`, async ({ browser }) => {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      expect((await page.request.post(`${baseUrl}/v1/session`, { headers: { authorization: `Bearer ${demoToken}` } })).status()).toBe(200);
      await page.goto(`${baseUrl}/single-sign-on`);
      await expect(page.getByText(locale === 'en' ? "Managed by the server's environment" : 'Gerenciado pelo ambiente do servidor')).toBeVisible();
      await expect(page.getByText(idp.issuer)).toBeVisible();
      await expect(page.getByText(locale === 'en' ? 'Set (never shown)' : 'Definido (nunca exibido)')).toBeVisible();
      await expect(page.getByRole('button', { name: locale === 'en' ? 'Save' : 'Salvar' })).toHaveCount(0);
      await expect(page.getByRole('textbox')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.screenshot({ path: path.join(shots, `sso-settings-managed-${locale}-${width}.png`), fullPage: true, animations: 'disabled' });
      }
      await context.close();
    });

    test(`shows the button, and a refusal's reason in words (${locale}); screenshots`, async ({ browser }) => {
      const { context, page } = await open(browser, locale, '/sign-in?sso_error=not_invited');
      await expect(page.getByRole('alert')).toContainText(locale === 'en' ? 'Your email has no access to this console' : 'O seu e-mail não tem acesso a este console');
      await expect(page.getByRole('button', { name: locale === 'en' ? 'Sign in with your company' : 'Entrar com a sua empresa' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.screenshot({ path: path.join(shots, `sso-sign-in-${locale}-${width}.png`), fullPage: true, animations: 'disabled' });
      }
      await context.close();
    });
  }
});
