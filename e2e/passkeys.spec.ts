import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { demoToken, e2ePort } from './support/env.ts';
import { newPerson, type E2ePerson } from './support/people.ts';
import { captureWidths, shotsDir } from './support/screenshots.ts';

/**
 * Passkeys (issue 24) in real Chromium with its virtual authenticator (CDP WebAuthn: CTAP2, internal, resident keys,
 * user verification): a person of this spec's own turns on the app (through the API: the app's screens are
 * sign-in.spec.ts's), adds a passkey on My account, signs out, signs in with password + passkey, then with the passkey
 * alone, renames and removes it (with the password). WebAuthn takes no IP address as relying party id, so this spec
 * opens the dashboard at http://localhost:<port> (the same server; a secure context like 127.0.0.1).
 */
test.describe.configure({ mode: 'serial' });

const baseURL = `http://localhost:${e2ePort}`;
test.use({ baseURL });
const shots = shotsDir('people');

const texts = {
  en: {
    locale: 'en-US', email: 'Email', password: 'Password', continue: 'Continue', codeTitle: 'Two-step verification', myAccount: 'My account', nav: 'Main', signOut: 'Sign out',
    name: 'Passkey name', add: 'Add a passkey', usePasskey: 'Use your passkey', alone: 'Use a passkey instead', never: 'Never', rename: 'Rename', save: 'Save',
    remove: 'Remove', yourPassword: 'Your password', removeYes: 'Remove passkey', none: 'No passkeys yet.', first: 'Work laptop', second: 'Old laptop', newName: 'New name for Work laptop',
  },
  'pt-BR': {
    locale: 'pt-BR', email: 'E-mail', password: 'Senha', continue: 'Continuar', codeTitle: 'Verificação em duas etapas', myAccount: 'Minha conta', nav: 'Principal', signOut: 'Sair',
    name: 'Nome da chave', add: 'Adicionar uma chave de acesso', usePasskey: 'Usar a chave de acesso', alone: 'Usar uma chave de acesso', never: 'Nunca', rename: 'Renomear', save: 'Salvar',
    remove: 'Remover', yourPassword: 'Sua senha', removeYes: 'Remover chave de acesso', none: 'Nenhuma chave de acesso ainda.', first: 'Notebook do trabalho', second: 'Notebook antigo', newName: 'Novo nome para Notebook do trabalho',
  },
} as const;
type Texts = (typeof texts)[keyof typeof texts];

const capture = (page: Page, name: string, lang: string) => captureWidths(page, shots, name, lang);

/** Chromium's virtual authenticator: a platform authenticator with resident keys that verifies the person at once. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** The authenticator app, turned on through the API with this page's session (passkeys come after it). */
async function turnOnApp(page: Page) {
  const headers = { origin: baseURL };
  const started = await page.request.post('/v1/account/second-factor', { headers });
  const { secret } = (await started.json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
  const confirmed = await page.request.post('/v1/account/second-factor/confirm', { headers, data: { code } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

async function passwordStep(page: Page, l: Texts, person: E2ePerson) {
  await page.goto('/sign-in');
  await page.getByLabel(l.email, { exact: true }).fill(person.email);
  await page.getByLabel(l.password, { exact: true }).fill(person.password);
  await page.getByRole('button', { name: l.continue }).click();
}

const shell = (page: Page, l: Texts) => expect(page.getByRole('navigation', { name: l.nav })).toBeVisible();
async function signOut(page: Page, l: Texts) {
  await page.getByRole('button', { name: l.signOut, exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
}

/** The signed-in person's successful entries whose action starts with `action`, newest first (read with the demo token). */
async function auditOf(page: Page, action: string) {
  const { person } = (await (await page.request.get('/v1/account')).json()) as { person: { id: string } };
  const res = await page.request.get(`/v1/audit?actor_id=${person.id}&limit=100`, { headers: { authorization: `Bearer ${demoToken}` } });
  const entries = (await res.json()) as { action: string; outcome: string; details: Record<string, unknown> }[];
  expect(Array.isArray(entries), JSON.stringify(entries).slice(0, 300)).toBe(true);
  return entries.filter((e) => e.outcome === 'success' && e.action.startsWith(action));
}

for (const lang of ['en', 'pt-BR'] as const) {
  const l = texts[lang];
  test.describe(lang, () => {
    test.use({ locale: l.locale });

    test('adds a passkey on My account, signs in with password + passkey and with the passkey alone, renames and removes it', async ({ page }) => {
      test.setTimeout(120_000);
      const person = await newPerson(`passkey-${lang}`);
      const { cdp, authenticatorId } = await virtualAuthenticator(page);
      await passwordStep(page, l, person);
      await shell(page, l);
      await turnOnApp(page);

      // My account: name it and add it; the authenticator now holds one discoverable credential
      await page.getByRole('link', { name: l.myAccount }).click();
      await page.getByLabel(l.name).fill(l.first);
      await page.getByRole('button', { name: l.add }).click();
      const row = page.getByTestId('passkey');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(l.first);
      await expect(row).toContainText(l.never);
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials.map((c) => c.isResidentCredential)).toEqual([true]);
      await expectNoSeriousA11yViolations(page);
      await capture(page, 'account-passkeys', lang);
      await signOut(page, l);

      // password, then the passkey (offered first)
      await passwordStep(page, l, person);
      await expect(page.getByRole('heading', { name: l.codeTitle })).toBeVisible();
      await expect(page.getByRole('button', { name: l.usePasskey })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await capture(page, 'sign-in-passkey', lang);
      await page.getByRole('button', { name: l.usePasskey }).click();
      await shell(page, l);
      await signOut(page, l);

      // the passkey alone
      await expect(page.getByRole('button', { name: l.alone })).toBeVisible();
      await capture(page, 'sign-in-with-passkey-button', lang);
      await page.getByRole('button', { name: l.alone }).click();
      await shell(page, l);
      const methods = (await auditOf(page, 'person.sign_in')).map((e) => e.details.method);
      expect(methods.slice(0, 3)).toEqual(['passkey', 'password+passkey', 'password']);

      // rename, then remove with the password
      await page.getByRole('link', { name: l.myAccount }).click();
      await expect(row).not.toContainText(l.never);
      await row.getByRole('button', { name: l.rename }).click();
      await page.getByLabel(l.newName).fill(l.second);
      await page.getByRole('button', { name: l.save, exact: true }).click();
      await expect(row).toContainText(l.second);
      await row.getByRole('button', { name: l.remove, exact: true }).click();
      await row.getByLabel(l.yourPassword).fill(person.password);
      await expectNoSeriousA11yViolations(page);
      await capture(page, 'account-passkey-remove', lang);
      await row.getByRole('button', { name: l.removeYes }).click();
      await expect(row).toHaveCount(0);
      await expect(page.getByText(l.none)).toBeVisible();
      const changes = (await auditOf(page, 'person.passkey_')).map((e) => e.action);
      expect(changes).toEqual(['person.passkey_remove', 'person.passkey_rename', 'person.passkey_add']);
    });
  });
}
