import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { writeCieloV15 } from '../src/server/seed/statements/cielo-v15-writer.ts';
import { buildStatement, type PlatformSale } from '../src/server/seed/statements/discrepancies.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInWithStorage } from './support/auth.ts';

/**
 * Upload → queue → resolve, in each language: a Cielo EDI v15 file of sales the platform never made (a MID no
 * merchant has), so each of its sales is an "unknown to the platform" exception; one is resolved with a note.
 * Screenshots in /work/shots/i26/ (1440 and 390 wide), axe on the page.
 */
const shots = '/work/shots/i26';
const languages = [
  { lang: 'en', locale: 'en-US', file: 'Statement file', unknown: 'Unknown to the platform', open: 'Compare and resolve', note: 'Note (required)', save: 'Save', imported: /imported: 5 lines, 3 exceptions/ },
  { lang: 'pt-BR', locale: 'pt-BR', file: 'Arquivo de extrato', unknown: 'Desconhecida na plataforma', open: 'Comparar e resolver', note: 'Observação (obrigatória)', save: 'Salvar', imported: /importado: 5 linhas, 3 exceções/ },
];

function statement(sequence: number): Buffer {
  const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
  const sales: PlatformSale[] = [];
  const built = buildStatement('cielo', sales, { unknown: 3 }, sequence);
  for (const d of built.injected) d.mid = '1099999999';
  const entries = built.entries.map((e) => ({ ...e, mid: '1099999999', date: day }));
  const lines = [...writeCieloV15({ headMid: '1099999999', generatedOn: day, periodStart: day, periodEnd: day, sequence }, entries)];
  return Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
}

// one after the other: both languages work the same organization's queue
test.describe.configure({ mode: 'serial' });

for (const [index, language] of languages.entries()) {
  test.describe(`reconciliation in ${language.lang}`, () => {
    test.use({ locale: language.locale });

    test('upload a statement, see its exceptions, resolve one with a note', async ({ page }) => {
      mkdirSync(shots, { recursive: true });
      await signInWithStorage(page, '/reconciliation');
      await page.getByRole('button', { name: language.file }).setInputFiles({ name: `CIELO03-${language.lang}.TXT`, mimeType: 'text/plain', buffer: statement(100 + index) });
      await expect(page.getByText(language.imported)).toBeVisible();
      const rows = page.getByRole('row').filter({ hasText: language.unknown });
      await expect(rows.first()).toBeVisible();
      // the queue refetches after the import (with the other language's rows still open in it): count once it settles
      await page.waitForLoadState('networkidle');
      let before = -1;
      await expect
        .poll(async () => {
          const seen = await rows.count();
          const settled = seen === before;
          before = seen;
          return settled;
        }, { intervals: [500], timeout: 10_000 })
        .toBe(true);
      expect(before).toBeGreaterThanOrEqual(3);
      await expectNoSeriousA11yViolations(page);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.screenshot({ path: `${shots}/reconciliation-${language.lang}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await rows.first().getByRole('button', { name: language.open }).click();
      await page.getByLabel(language.note).first().fill('e2e: checked with the acquirer');
      await page.screenshot({ path: `${shots}/reconciliation-${language.lang}-resolve-1440.png`, fullPage: true });
      await page.getByRole('button', { name: language.save }).click();
      await expect(page.getByRole('row').filter({ hasText: language.unknown })).toHaveCount(before - 1);
    });
  });
}
