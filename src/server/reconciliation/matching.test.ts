import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reconciliationExceptions, statementFiles, statementRecords } from '../db/schema.ts';
import { writeCieloV15 } from '../seed/statements/cielo-v15-writer.ts';
import { buildStatement, type InjectedDiscrepancy } from '../seed/statements/discrepancies.ts';
import { writeGetnetV10 } from '../seed/statements/getnet-v10-writer.ts';
import { backends, createTestDatabase, insertOrganization, type TestDatabase } from '../test/harness.ts';
import { importStatement } from './import-statement.ts';
import { runMatching } from './matching.ts';
import { generatorCostRates, insertCostPlan, insertSales, saoPauloDay, writeLines, type FixtureSale } from './reconciliation-fixture.ts';

const outcomeOf: Record<InjectedDiscrepancy['kind'], string> = {
  missing: 'missing_from_acquirer', unknown: 'unknown_to_platform', amount: 'amount_differs', fee: 'fee_differs',
  payment_date: 'payment_date_differs', adjustment: 'unexpected_adjustment',
};
const org = 'org-rx';
const dayMs = 86_400_000;
// the data's first day: three weeks back, at 00:00 UTC
const firstDayMs = Math.floor(Date.now() / dayMs) * dayMs - 21 * dayMs;

async function exceptionsOf(t: TestDatabase) {
  return t.database.db.select().from(reconciliationExceptions).where(eq(reconciliationExceptions.organizationId, org));
}

/** what the exceptions say, as comparable strings; injected ones the same way */
function signature(e: { outcome: string; summaryId: string | null }, unknownNsu?: string | null) {
  return `${e.outcome}:${e.summaryId ?? `nsu ${unknownNsu}`}`;
}

describe.each(backends)('reconciliation on $kind', ({ kind, available }) => {
  describe.skipIf(!available)('matching', () => {
    let t: TestDatabase;
    let sales: FixtureSale[];
    const mids = { m1: '1012345671', m2: '1012345672', m3: '1012345673' };
    beforeAll(async () => {
      t = await createTestDatabase(kind);
      await insertOrganization(t.database, org, Object.keys(mids));
      for (const acquirer of ['cielo', 'getnet'] as const) await insertCostPlan(t.database, org, acquirer, [{ effectiveFrom: '2000-01-01', rates: generatorCostRates(acquirer) }]);
      sales = await insertSales(t.database, org, 'cielo', mids, firstDayMs, 3, 40);
    });
    afterAll(() => t.dispose());

    it('finds every injected discrepancy with its outcome and flags nothing else; the same file again is not imported', async () => {
      const days = [...new Set(sales.map((s) => s.capturedOn))].sort();
      expect(days).toHaveLength(3);
      // the file covers the three days but lists the sales of the first two: the third day's are not yet due (D+1)
      const listed = sales.filter((s) => s.status !== 'denied' && s.capturedOn !== days[2]);
      const built = buildStatement('cielo', listed, { missing: 3, unknown: 2, amount: 3, fee: 2, payment_date: 2, adjustment: 2 }, 11);
      const header = { headMid: mids.m1, generatedOn: days[2] as string, periodStart: days[0] as string, periodEnd: days[2] as string, sequence: 1 };
      const written = await writeLines(writeCieloV15(header, built.entries));
      try {
        const result = await importStatement(t.database.db, { organizationId: org, actor: 'tok-test', path: written.file, name: 'CIELO03.TXT' });
        expect(result.status).toBe('imported');
        const found = (await exceptionsOf(t)).map((e) => {
          const nsu = e.outcome === 'unknown_to_platform' ? built.injected.find((d) => d.kind === 'unknown' && e.key.includes(`|${d.nsu.replace(/^0+/, '')}|`))?.nsu : null;
          return signature(e, nsu);
        });
        const expected = built.injected.map((d) => signature({ outcome: outcomeOf[d.kind], summaryId: d.summaryId }, d.nsu));
        expect(found.sort()).toEqual(expected.sort());

        const again = await importStatement(t.database.db, { organizationId: org, actor: 'tok-test', path: written.file, name: 'copy.txt' });
        expect(again).toEqual({ status: 'duplicate', fileId: (result as { fileId: string }).fileId });
        expect(await t.database.db.select().from(statementFiles)).toHaveLength(1);
      } finally {
        await written.remove();
      }
    });

    it('a re-run changes nothing, and keeps a resolved exception resolved', async () => {
      const before = await exceptionsOf(t);
      const first = before[0] as (typeof before)[number];
      await t.database.db.update(reconciliationExceptions).set({ status: 'resolved', note: 'checked', resolvedBy: 'tok', resolvedAt: new Date() }).where(eq(reconciliationExceptions.id, first.id));
      await t.database.db.transaction((tx) => runMatching(tx, org, 'cielo'));
      await t.database.db.transaction((tx) => runMatching(tx, org, 'cielo'));
      const after = await exceptionsOf(t);
      const strip = (rows: typeof before) => rows.map((r) => ({ ...r, status: 'x', note: null, resolvedBy: null, resolvedAt: null })).sort((a, b) => a.id.localeCompare(b.id));
      expect(strip(after)).toEqual(strip(before));
      expect(after.find((r) => r.id === first.id)?.status).toBe('resolved');
    });

    it('a file with a bad line imports nothing and says which line, field and why', async () => {
      const lines = [...writeCieloV15({ headMid: mids.m1, generatedOn: saoPauloDay(firstDayMs), periodStart: saoPauloDay(firstDayMs), periodEnd: saoPauloDay(firstDayMs), sequence: 2 },
        buildStatement('cielo', sales.filter((s) => s.status === 'approved').slice(0, 3), {}, 1).entries)];
      lines[2] = `${(lines[2] as string).slice(0, 565)}99999999${(lines[2] as string).slice(573)}`;
      const written = await writeLines(lines);
      const filesBefore = await t.database.db.select().from(statementFiles);
      const recordsBefore = await t.database.db.select().from(statementRecords);
      try {
        const result = await importStatement(t.database.db, { organizationId: org, actor: 'tok-test', path: written.file, name: null });
        expect(result).toMatchObject({ status: 'rejected', problemCount: 1, problems: [{ line: 3, field: 'data de autorização da venda', reason: '"99999999" is not a calendar date (DDMMAAAA)' }] });
        expect(await t.database.db.select().from(statementFiles)).toHaveLength(filesBefore.length);
        expect(await t.database.db.select().from(statementRecords)).toHaveLength(recordsBefore.length);
      } finally {
        await written.remove();
      }
    });

    it('Getnet: injected discrepancies found, nothing else', async () => {
      const getnetMids = { m1: '000123456', m2: '000123457' };
      const getnetSales = await insertSales(t.database, org, 'getnet', getnetMids, firstDayMs, 2, 30, 500);
      const days = [...new Set(getnetSales.map((s) => s.capturedOn))].sort();
      const built = buildStatement('getnet', getnetSales.filter((s) => s.status !== 'denied'), { missing: 2, unknown: 1, amount: 2, fee: 1, payment_date: 1, adjustment: 1 }, 5);
      const written = await writeLines(writeGetnetV10({ headMid: '123456', generatedOn: days[1] as string, periodStart: days[0] as string, periodEnd: days[1] as string, sequence: 9 }, built.entries));
      try {
        const before = new Set((await exceptionsOf(t)).map((e) => e.id));
        expect((await importStatement(t.database.db, { organizationId: org, actor: 'tok', path: written.file, name: 'getnet.txt' })).status).toBe('imported');
        const found = (await exceptionsOf(t)).filter((e) => !before.has(e.id)).map((e) => `${e.outcome}:${e.summaryId ?? 'unknown'}`);
        // the second day's missing sales are not yet due (D+1 > the file's last day); only the first day's count
        const due = built.injected.filter((d) => d.kind !== 'missing' || d.capturedOn === days[0]);
        expect(found.sort()).toEqual(due.map((d) => `${outcomeOf[d.kind]}:${d.summaryId ?? 'unknown'}`).sort());
      } finally {
        await written.remove();
      }
    });
  });
});
