import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInWithStorage } from './support/auth.ts';

/** Fee plans (issue 25): an admin adds a version of the default price plan from tomorrow; both languages, 1440 and 390 px. */
// both languages edit the same plan: one after the other, each reading the version the other saved
test.describe.configure({ mode: 'serial' });

const shots = process.env.SHOTS_DIR ?? 'e2e/artifacts/screenshots/receivables';
mkdirSync(shots, { recursive: true });

const languages = [
  { locale: 'en-US', lang: 'en', title: 'Fee plans', edit: 'New version', debit: 'Debit', save: 'Save version', next: /^v\d+, from / },
  { locale: 'pt-BR', lang: 'pt-BR', title: 'Planos de tarifas', edit: 'Nova versão', debit: 'Débito', save: 'Salvar versão', next: /^v\d+, a partir de / },
] as const;

for (const l of languages) {
  test.describe(`fee plans in ${l.lang}`, () => {
    test.use({ locale: l.locale });

    test('an admin adds a version to the default price plan, effective tomorrow', async ({ page }) => {
      test.setTimeout(60_000);
      await signInWithStorage(page, '/fee-plans');
      await expect(page.getByRole('heading', { level: 1, name: l.title })).toBeVisible();
      const plan = page.getByTestId('fee-plan').first();
      await plan.getByRole('button', { name: l.edit }).click();
      const debit = plan.getByRole('textbox', { name: l.debit });
      await debit.fill('1,999');
      await plan.getByRole('button', { name: l.save }).click();
      await expect(debit).toHaveAttribute('aria-invalid', 'true');
      await debit.fill(l.lang === 'en' ? '1.39' : '1,29');
      await expectNoSeriousA11yViolations(page);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${shots}/fee-plans-edit-${l.lang}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await plan.getByRole('button', { name: l.save }).click();
      await expect(plan.getByRole('rowheader', { name: l.next }).last()).toBeVisible();
      await expect(plan.locator('tbody tr').last()).toContainText(l.lang === 'en' ? '1.39%' : '1.29%');
      await expectNoSeriousA11yViolations(page);
    });
  });
}
