import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInWithStorage } from './support/auth.ts';
import { demoToken } from './support/env.ts';
import { screenshot } from './support/screenshots.ts';
import { rowsOf } from './transactions-helpers.ts';

/**
 * The path sign-in -> transactions -> a transaction's page -> events -> connect in each language, chosen by the browser's
 * language alone (Playwright's locale sets navigator.languages), with axe on every page and screenshots
 * (e2e/artifacts/screenshots/i18n-<page>-<language>-<width>-<scheme>.png).
 */
const languages = [
  {
    lang: 'en',
    locale: 'en-US',
    other: 'pt-BR',
    token: 'Access token',
    signIn: 'Sign in',
    nav: 'Main',
    transactions: 'Transactions',
    events: 'Events',
    eventsTable: 'Events',
    transactionsTable: 'Transactions',
    connections: 'Acquirer connections',
    connect: 'Connect an acquirer',
    showDetails: /^Show details of/,
    openTransaction: /^Open transaction /,
    transaction: 'Transaction',
    page: /^Page 1 of \d+ · [\d,]+ results$/,
    currency: /R\$\s?[\d,]+\.\d{2}/,
    mode: 'Test mode',
    status: 'Event status',
  },
  {
    lang: 'pt-BR',
    locale: 'pt-BR',
    other: 'en',
    token: 'Token de acesso',
    signIn: 'Entrar',
    nav: 'Principal',
    transactions: 'Transações',
    events: 'Eventos',
    eventsTable: 'Eventos',
    transactionsTable: 'Transações',
    connections: 'Conexões com credenciadoras',
    connect: 'Conectar credenciadora',
    showDetails: /^Mostrar detalhes de/,
    openTransaction: /^Abrir a transação /,
    transaction: 'Transação',
    page: /^Página 1 de \d+ · [\d.]+ resultados$/,
    currency: /R\$\s?[\d.]+,\d{2}/,
    mode: 'Modo de teste',
    status: 'Status do evento',
  },
] as const;

/** The JavaScript files the page asked for, to check which language chunks were downloaded. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}
const messageChunk = (scripts: string[], lang: string) => scripts.some((s) => new RegExp(`/assets/${lang}-[\\w-]+\\.js$`).test(s));

for (const l of languages) {
  test.describe(`dashboard in ${l.lang}`, () => {
    test.use({ locale: l.locale });

    test(`sign-in -> transactions -> transaction -> events -> connect, accessible, in ${l.lang}`, async ({ page }) => {
      test.setTimeout(180_000);
      const scripts = recordScripts(page);
      await page.goto('/sign-in');
      await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
      await expect(page.getByRole('heading', { name: l.signIn })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `i18n-sign-in-${l.lang}`);
      await page.getByLabel(l.token).fill(demoToken);
      await page.getByRole('button', { name: l.signIn }).click();

      const nav = page.getByRole('navigation', { name: l.nav });
      await expect(page).toHaveURL(/\/overview$/);
      await nav.getByRole('link', { name: l.transactions }).click();
      await expect(page).toHaveURL(/\/transactions/);
      await expect(page.getByTestId('org-info')).toContainText(l.mode);
      await expect(page.getByTestId('page-indicator')).toHaveText(l.page);
      const first = rowsOf(page, l.transactionsTable).first();
      await expect(first).toBeVisible();
      await expect(first.locator('td[data-column="amount"]')).toHaveText(l.currency);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `i18n-transactions-${l.lang}`);
      await first.getByRole('link', { name: l.openTransaction }).click();
      await expect(page.getByRole('heading', { level: 1, name: l.transaction })).toBeVisible();
      await expect(page.getByTestId('cycle').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `i18n-transaction-${l.lang}`);

      await nav.getByRole('link', { name: l.events }).click();
      await expect(page).toHaveTitle(new RegExp(`^${l.events} · `));
      await expect(page.getByRole('heading', { level: 1, name: l.events })).toBeVisible();
      await expect(page.getByRole('group', { name: l.status })).toBeVisible();
      const event = rowsOf(page, l.eventsTable).first();
      await expect(event).toBeVisible();
      await event.getByRole('button', { name: l.showDetails }).click();
      await expect(page.getByTestId('exact-created-at').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `i18n-events-${l.lang}`);

      await nav.getByRole('link', { name: l.connections }).click();
      await expect(page).toHaveURL(/\/credentials$/);
      await expect(page.getByRole('heading', { level: 1, name: l.connections })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `i18n-connections-${l.lang}`);
      await page.getByRole('link', { name: l.connect }).click();
      await expect(page).toHaveURL(/\/credentials\/new/);
      await expect(page.getByRole('main').locator('form').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `i18n-connect-${l.lang}`);

      // Only the active language's messages were downloaded.
      expect(messageChunk(scripts, l.lang), scripts.join('\n')).toBe(true);
      expect(messageChunk(scripts, l.other), scripts.join('\n')).toBe(false);
    });
  });
}

test.describe('language switch', () => {
  test.use({ locale: 'en-US' });

  test('switching to Portuguese translates the shell at once, sets <html lang> and is kept after a reload', async ({ page }) => {
    await signInWithStorage(page, '/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await page.getByLabel('Language').selectOption('pt-BR');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Transações' })).toBeVisible();
    await expect(page).toHaveTitle(/^Eventos · /);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
    await page.getByLabel('Idioma').selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});
