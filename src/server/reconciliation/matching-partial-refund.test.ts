import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { reconciliationExceptions, statementRecords, transactionSummaries } from '../db/schema.ts';
import { writeCieloV15 } from '../seed/statements/cielo-v15-writer.ts';
import { buildStatement } from '../seed/statements/discrepancies.ts';
import { backends, createTestDatabase, insertOrganization, type TestDatabase } from '../test/harness.ts';
import { importStatement } from './import-statement.ts';
import { insertSales, writeLines, type FixtureSale } from './reconciliation-fixture.ts';

const org = 'org-rx-partial';
const dayMs = 86_400_000;
const firstDayMs = Math.floor(Date.now() / dayMs) * dayMs - 14 * dayMs;

/**
 * A partially refunded sale (issue 23's status) is still a sale the acquirer captured: its statement line matches
 * it, a cancellation line for the refunded part is expected, and leaving it out of the file makes it missing.
 */
describe.each(backends)('partially refunded sales on $kind', ({ kind, available }) => {
  describe.skipIf(!available)('matching', () => {
    let t: TestDatabase;
    let sales: FixtureSale[];
    beforeAll(async () => {
      t = await createTestDatabase(kind);
      await insertOrganization(t.database, org, ['mp1', 'mp2']);
      sales = (await insertSales(t.database, org, 'cielo', { mp1: '1022222221', mp2: '1022222222' }, firstDayMs, 2, 12, 9000))
        .filter((s) => s.status !== 'denied');
    });
    afterAll(() => t.dispose());

    it('matches the sale and its cancellation line without an exception; a missing one is reported missing', async () => {
      const [listed, withAdjustment, left] = sales.filter((s) => s.status === 'approved') as [FixtureSale, FixtureSale, FixtureSale];
      const partial = [listed, withAdjustment, left].map((s) => s.summaryId);
      await t.database.db.update(transactionSummaries).set({ status: 'partially_refunded' }).where(inArray(transactionSummaries.id, partial));
      const inFile = sales.filter((s) => s !== left).map((s) => ({ ...s, refunded: s.refunded || s === withAdjustment }));
      const days = [...new Set(sales.map((s) => s.capturedOn))].sort();
      const built = buildStatement('cielo', inFile, {}, 3);
      const header = { headMid: '1022222221', generatedOn: days[1] as string, periodStart: days[0] as string, periodEnd: days[1] as string, sequence: 1 };
      const written = await writeLines(writeCieloV15(header, built.entries));
      try {
        expect((await importStatement(t.database.db, { organizationId: org, actor: 'tok', path: written.file, name: 'partial.txt' })).status).toBe('imported');
        const records = await t.database.db.select().from(statementRecords).where(eq(statementRecords.organizationId, org));
        for (const s of [listed, withAdjustment]) {
          const mine = records.filter((r) => r.nsu === s.nsu);
          expect(mine.map((r) => r.kind).sort()).toEqual(s === withAdjustment ? ['adjustment', 'sale'] : ['sale']);
          expect(mine.every((r) => r.summaryId === s.summaryId)).toBe(true);
        }
        const exceptions = await t.database.db.select().from(reconciliationExceptions).where(eq(reconciliationExceptions.organizationId, org));
        // the sale left out of the file is missing once its day is past the registration delay (D+1 ≤ the file's last day)
        expect(left.capturedOn).toBe(days[0]);
        expect(exceptions.map((e) => `${e.outcome}:${e.summaryId}`)).toEqual([`missing_from_acquirer:${left.summaryId}`]);
      } finally {
        await written.remove();
      }
    });
  });
});
