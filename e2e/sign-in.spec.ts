import { readFile } from 'node:fs/promises';
import { expect, request, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInWithStorage } from './support/auth.ts';
import { e2eBaseUrl } from './support/env.ts';
import { newPerson, type E2ePerson } from './support/people.ts';
import { captureWidths, shotsDir } from './support/screenshots.ts';

/**
 * Issue 24's sign-in as a person, in the real dashboard against the real server: an admin of the demo organization
 * (a person of this spec's own, e2e/support/people.ts, so the demo admin never gets a second factor other specs would
 * meet) signs in by password, enrols an authenticator app on My account (the code computed here from the secret the
 * page shows, RFC 6238 with otpauth), signs out, signs in again with password and a code, uses a recovery code once
 * (and sees it refused the second time), ends another session and signs out everywhere; in English, then in
 * Portuguese, each with a new person. Screenshots at 1440 and 390 px into SHOTS_DIR.
 */
test.describe.configure({ mode: 'serial' });

const shots = shotsDir('people');
const period = 30;
/** The person of the running language, and what the server has seen of their app: its secret and the last time step it accepted. */
let person: E2ePerson = { email: '', password: '' };
const app: { secret: string | null; lastStep: number | null } = { secret: null, lastStep: null };

const stepNow = () => Math.floor(Date.now() / 1000 / period);

/**
 * A code the server has not accepted yet: the step after the last one used, or now. The server takes one step of
 * drift either way, so a code of the next step works at once, and one further waits (at most a period) for the clock.
 */
async function freshCode(secret: string, lastStep: number | null): Promise<string> {
  const step = lastStep === null ? stepNow() : Math.max(stepNow(), lastStep + 1);
  for (let i = 0; i < period + 2 && step - 1 > stepNow(); i++) await new Promise((resolve) => setTimeout(resolve, 1000));
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period, algorithm: 'SHA1' }).generate({ timestamp: step * period * 1000 });
  app.lastStep = step;
  return code;
}

const texts = {
  en: {
    locale: 'en-US',
    email: 'Email',
    password: 'Password',
    continue: 'Continue',
    signIn: 'Sign in',
    wrong: 'The email or password is not right',
    codeTitle: 'Two-step verification',
    appCode: 'Code from your authenticator app',
    useRecovery: 'Use a recovery code instead',
    useApp: 'Use the code from the app instead',
    recovery: 'Recovery code',
    codeWrong: 'The code is not right',
    myAccount: 'My account',
    role: 'Owner / admin',
    add: 'Set up an authenticator app',
    replace: 'Replace the authenticator app',
    enrolCode: 'Code from the app',
    turnOn: 'Turn on',
    saved: 'I have saved them',
    on: 'On',
    signOut: 'Sign out',
    thisDevice: 'This device',
    endSession: 'End session',
    everywhere: 'Sign out everywhere',
    everywhereYes: 'Yes, sign out everywhere',
    nav: 'Main',
  },
  'pt-BR': {
    locale: 'pt-BR',
    email: 'E-mail',
    password: 'Senha',
    continue: 'Continuar',
    signIn: 'Entrar',
    wrong: 'O e-mail ou a senha não estão certos',
    codeTitle: 'Verificação em duas etapas',
    appCode: 'Código do aplicativo autenticador',
    useRecovery: 'Usar um código de recuperação',
    useApp: 'Usar o código do aplicativo',
    recovery: 'Código de recuperação',
    codeWrong: 'O código não está certo',
    myAccount: 'Minha conta',
    role: 'Dono / administrador',
    add: 'Configurar um aplicativo autenticador',
    replace: 'Trocar o aplicativo autenticador',
    enrolCode: 'Código do aplicativo',
    turnOn: 'Ligar',
    saved: 'Já guardei',
    on: 'Ligada',
    signOut: 'Sair',
    thisDevice: 'Este dispositivo',
    endSession: 'Encerrar sessão',
    everywhere: 'Sair de todos os lugares',
    everywhereYes: 'Sim, sair de todos os lugares',
    nav: 'Principal',
  },
} as const;
type Texts = (typeof texts)[keyof typeof texts];

const capture = (page: Page, name: string, lang: string) => captureWidths(page, shots, name, lang);

async function passwordStep(page: Page, l: Texts) {
  await page.goto('/sign-in');
  await page.getByLabel(l.email, { exact: true }).fill(person.email);
  await page.getByLabel(l.password, { exact: true }).fill(person.password);
  await page.getByRole('button', { name: l.continue }).click();
}

async function signInWithCode(page: Page, l: Texts, code: { recovery: string } | 'app') {
  await passwordStep(page, l);
  await expect(page.getByRole('heading', { name: l.codeTitle })).toBeVisible();
  if (code === 'app') await page.getByLabel(l.appCode).fill(await freshCode(app.secret ?? '', app.lastStep));
  else {
    await page.getByRole('button', { name: l.useRecovery }).click();
    await page.getByLabel(l.recovery).fill(code.recovery);
  }
  await page.getByRole('button', { name: l.signIn, exact: true }).click();
}

const shell = (page: Page, l: Texts) => expect(page.getByRole('navigation', { name: l.nav })).toBeVisible();

async function signOut(page: Page, l: Texts) {
  await page.getByRole('button', { name: l.signOut, exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

for (const lang of ['en', 'pt-BR'] as const) {
  const l = texts[lang];
  test.describe(lang, () => {
    test.use({ locale: l.locale });
    test.beforeAll(async () => {
      person = await newPerson(`sign-in-${lang}`);
      app.secret = null;
      app.lastStep = null;
    });

    test('a person signs in by password, enrols an app, signs in with its code and a recovery code, and signs out everywhere', async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto('/sign-in');
      await expect(page.getByLabel(l.email, { exact: true })).toHaveAttribute('autocomplete', 'username');
      await expect(page.getByLabel(l.password, { exact: true })).toHaveAttribute('autocomplete', 'current-password');
      await expectNoSeriousA11yViolations(page);
      await capture(page, 'sign-in', lang);

      // a wrong password: the same words as an unknown email, nothing about which was wrong
      await page.getByLabel(l.email, { exact: true }).fill(person.email);
      await page.getByLabel(l.password, { exact: true }).fill('not the password, certainly');
      await page.getByRole('button', { name: l.continue }).click();
      await expect(page.getByRole('alert')).toContainText(l.wrong);
      await expectNoSeriousA11yViolations(page);
      await capture(page, 'sign-in-wrong', lang);

      // keyboard only: the email field has the focus, Tab to the password, Enter sends
      await page.goto('/sign-in');
      await expect(page.getByLabel(l.email, { exact: true })).toBeFocused();
      await page.keyboard.type(person.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(person.password);
      await page.keyboard.press('Enter');
      if (app.secret !== null) {
        await expect(page.getByLabel(l.appCode)).toBeFocused();
        await page.keyboard.type(await freshCode(app.secret, app.lastStep));
        await page.keyboard.press('Enter');
      }
      await shell(page, l);
      expect(page.url()).not.toContain(encodeURIComponent(person.password));
      expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain(person.password.slice(4));

      // My account: who, and the app enrolled with the code computed here from the secret on screen
      await page.getByRole('link', { name: l.myAccount }).click();
      await expect(page.getByTestId('account-email')).toHaveText(person.email);
      await expect(page.getByText(l.role)).toBeVisible();
      await page.getByRole('button', { name: app.secret === null ? l.add : l.replace }).click();
      const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s/g, '') ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await expect(page.locator('img[src^="data:image/svg+xml"]')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await capture(page, 'account-enrol', lang);
      await page.getByLabel(l.enrolCode).fill(await freshCode(secret, null));
      app.secret = secret;
      await page.getByRole('button', { name: l.turnOn }).click();
      await expect(page.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
      const codes = await page.getByTestId('recovery-codes').locator('code').allTextContents();
      await expectNoSeriousA11yViolations(page);
      await capture(page, 'account-recovery-codes', lang);
      await page.getByRole('button', { name: l.saved }).click();
      await expect(page.getByText(l.on, { exact: true })).toBeVisible();
      await signOut(page, l);

      // again: password, then a code of the app
      await passwordStep(page, l);
      await expect(page.getByRole('heading', { name: l.codeTitle })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await capture(page, 'sign-in-code', lang);
      await page.getByLabel(l.appCode).fill(await freshCode(secret, app.lastStep));
      await page.getByRole('button', { name: l.signIn, exact: true }).click();
      await shell(page, l);
      await signOut(page, l);

      // a recovery code works once
      const [first = '', second = ''] = codes;
      await signInWithCode(page, l, { recovery: first });
      await shell(page, l);
      await signOut(page, l);
      await signInWithCode(page, l, { recovery: first });
      await expect(page.getByRole('alert')).toContainText(l.codeWrong);
      await page.getByRole('button', { name: l.useApp }).click();
      await page.getByLabel(l.appCode).fill(await freshCode(secret, app.lastStep));
      await page.getByRole('button', { name: l.signIn, exact: true }).click();
      await shell(page, l);

      // another browser signs in (with another recovery code): My account lists it and ends it
      const other = await request.newContext({ baseURL: e2eBaseUrl, userAgent: 'e2e-other-browser' });
      const started = await other.post('/v1/sign-in', { data: { email: person.email, password: person.password } });
      const { challenge } = (await started.json()) as { challenge: string };
      expect((await other.post('/v1/sign-in/second-factor', { data: { challenge, code: second } })).status()).toBe(200);
      expect((await other.get('/v1/account')).status()).toBe(200);
      await page.getByRole('link', { name: l.myAccount }).click();
      const sessions = page.getByTestId('account-session');
      const mine = sessions.filter({ hasText: l.thisDevice });
      await expect(mine).toHaveCount(1);
      const elsewhere = sessions.filter({ hasText: 'e2e-other-browser' });
      await expect(elsewhere).toHaveCount(1);
      await expectNoSeriousA11yViolations(page);
      await capture(page, 'account', lang);
      await elsewhere.getByRole('button', { name: l.endSession }).click();
      await expect(elsewhere).toHaveCount(0);
      expect((await other.get('/v1/account')).status()).toBe(401);
      await other.dispose();

      // sign out everywhere: this browser too
      await page.getByRole('button', { name: l.everywhere }).click();
      await page.getByRole('button', { name: l.everywhereYes }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
      await page.goto('/overview');
      await expect(page).toHaveURL(/\/sign-in\?next=%2Foverview/);
    });
  });
}

test('the audit log lists the sign-ins, filters by action prefix and exports the filtered list as CSV', async ({ page }) => {
  await signInWithStorage(page, '/audit?action=person.');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Audit log entries' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const actions = await table.locator('tbody tr td code').filter({ hasText: /^[a-z_]+\.[a-z_.]+$/ }).allTextContents();
  expect(actions.length).toBeGreaterThan(0);
  for (const action of actions) expect(action.startsWith('person.')).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await capture(page, 'audit', 'en');

  await page.getByTestId('export-button').click();
  const panel = page.getByRole('dialog', { name: 'Export CSV' });
  await panel.getByRole('radio', { name: /^CSV/ }).check();
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path()) ?? '', 'utf8')).trim().split('\r\n');
  expect(lines[0]).toBe(['When', 'Who (kind)', 'Who (id)', 'Who', 'Action', 'Target (kind)', 'Target (id)', 'Outcome', 'Address'].join(','));
  // the same filter through the API: as many entries as the file has rows
  const api = await page.request.get('/v1/audit?action=person.&limit=1');
  expect(lines.length - 1).toBe(Number(api.headers()['x-total-count']));
});
