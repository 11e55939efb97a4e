import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { receivables, reconciliationExceptions, statementRecords } from '../db/schema.ts';
import { writeCieloV15Payments } from '../seed/statements/cielo-v15-writer.ts';
import { writeGetnetV10 } from '../seed/statements/getnet-v10-writer.ts';
import { buildSettlement, type BuiltSettlement, type InjectedSettlement } from '../seed/statements/settlement-discrepancies.ts';
import { backends, createTestDatabase, insertOrganization, type TestDatabase } from '../test/harness.ts';
import { resolveException } from './exceptions-query.ts';
import { importStatement } from './import-statement.ts';
import { runMatching } from './matching.ts';
import { insertReceivables, insertSales, writeLines } from './reconciliation-fixture.ts';

const org = 'org-settle';
const dayMs = 86_400_000;
// sales 100 days back: every installment (up to 3, due at D+30·k) fell due before today
const firstDayMs = Math.floor(Date.now() / dayMs) * dayMs - 100 * dayMs;
const outcomeOf: Record<InjectedSettlement['kind'], string> = {
  paid_amount: 'paid_amount_differs', paid_date: 'paid_date_differs', not_paid: 'payment_overdue', unknown_payment: 'unknown_payment',
};

type Exception = typeof reconciliationExceptions.$inferSelect;
const minor = (v: bigint | null) => v ?? 0n;

/** what an exception says, comparable with what was injected (the unknown payment by its NSU, read from its line) */
async function signatures(t: TestDatabase, rows: Exception[]) {
  const out: string[] = [];
  for (const e of rows) {
    let about = e.receivableId ?? '';
    if (e.outcome === 'unknown_payment') {
      const [line] = await t.database.db.select().from(statementRecords).where(and(eq(statementRecords.fileId, e.fileId ?? ''), eq(statementRecords.line, e.line ?? 0)));
      about = `nsu ${line?.nsu?.replace(/^0+/, '') ?? '?'}`;
    }
    const difference = e.outcome === 'paid_amount_differs' || e.outcome === 'unknown_payment' || e.outcome === 'payment_overdue' ? minor(e.reportedMinor) - minor(e.expectedMinor) : 0n;
    out.push(`${e.outcome}:${about}:${difference}:${e.outcome === 'payment_overdue' ? 'unpaid' : (e.reportedDate ?? '-')}`);
  }
  return out.sort();
}
const injectedSignatures = (built: BuiltSettlement) =>
  built.injected.map((d) => `${outcomeOf[d.kind]}:${d.receivableId ?? `nsu ${d.nsu}`}:${d.differenceMinor}:${d.kind === 'not_paid' ? 'unpaid' : d.kind === 'paid_amount' ? '-' : d.paidOn}`).sort();

describe.each(backends)('settlement matching on $kind', ({ kind, available }) => {
  describe.skipIf(!available)('payments against receivables', () => {
    let t: TestDatabase;
    const mids = { m1: '1022334451', m2: '1022334452' };
    let built: BuiltSettlement;
    let fileId = '';
    let expected: Awaited<ReturnType<typeof insertReceivables>>;
    beforeAll(async () => {
      t = await createTestDatabase(kind);
      await insertOrganization(t.database, org, Object.keys(mids));
      const sales = await insertSales(t.database, org, 'cielo', mids, firstDayMs, 2, 30);
      expected = await insertReceivables(t.database, org, 'cielo', sales);
      built = buildSettlement(expected, { paid_amount: 3, paid_date: 2, not_paid: 3, unknown_payment: 2 }, 17);
    });
    afterAll(() => t.dispose());

    const exceptions = () => t.database.db.select().from(reconciliationExceptions).where(eq(reconciliationExceptions.organizationId, org));

    it('finds every planted discrepancy with its kind and difference, nothing else, and settles the rest to the cent', async () => {
      const days = [...expected.map((p) => p.dueDate), ...built.payments.map((p) => p.paymentDate)].sort();
      const header = { headMid: mids.m1, generatedOn: days.at(-1) as string, periodStart: days[0] as string, periodEnd: days.at(-1) as string, sequence: 1 };
      const written = await writeLines(writeCieloV15Payments(header, built.payments));
      try {
        const result = await importStatement(t.database.db, { organizationId: org, actor: 'tok-test', path: written.file, name: 'CIELO04.TXT' });
        expect(result.status).toBe('imported');
        fileId = (result as { fileId: string }).fileId;
      } finally {
        await written.remove();
      }
      const found = await exceptions();
      expect(found).toHaveLength(built.injected.length);
      expect(await signatures(t, found)).toEqual(injectedSignatures(built));
      const dueOf = new Map(expected.map((p) => [p.receivableId, p.dueDate]));
      for (const e of found.filter((x) => x.outcome === 'paid_date_differs')) expect(e.expectedDate).toBe(dueOf.get(e.receivableId ?? ''));

      // settled: every receivable paid as expected, with the line that paid it; none of the planted ones
      const planted = new Set(built.injected.map((d) => d.receivableId));
      const rows = await t.database.db.select().from(receivables).where(eq(receivables.organizationId, org));
      const settled = rows.filter((r) => r.status === 'settled');
      expect(settled.map((r) => r.id).sort()).toEqual(expected.filter((p) => !planted.has(p.receivableId)).map((p) => p.receivableId).sort());
      for (const r of settled) expect([r.settlementFileId, r.settlementLine === null]).toEqual([fileId, false]);
      expect(rows.filter((r) => r.status === 'cancelled').every((r) => r.settlementFileId === null)).toBe(true);

      // to the cent: what the file's D lines paid = settled + paid on the other dates + the wrong amounts + the unknown payments
      const paidInFile = built.payments.flatMap((p) => p.entries).reduce((s, e) => s + e.grossMinor - e.feeMinor, 0n);
      const units = await t.database.db.select().from(statementRecords).where(and(eq(statementRecords.fileId, fileId), eq(statementRecords.kind, 'settlement')));
      expect(units.reduce((s, u) => s + u.netMinor, 0n)).toBe(paidInFile);
      const expectedOf = new Map(expected.map((p) => [p.receivableId, p.grossMinor - p.costFeeMinor]));
      const sumOf = (list: bigint[]) => list.reduce((s, v) => s + v, 0n);
      const accounted = sumOf(settled.map((r) => r.grossMinor - r.costFeeMinor))
        + sumOf(found.filter((e) => e.outcome === 'paid_date_differs').map((e) => expectedOf.get(e.receivableId ?? '') ?? 0n))
        + sumOf(found.filter((e) => e.outcome === 'paid_amount_differs' || e.outcome === 'unknown_payment').map((e) => minor(e.reportedMinor)));
      expect(accounted).toBe(paidInFile);
    });

    it('a re-run changes nothing; a later payment of an overdue installment settles it and its exception goes', async () => {
      const before = await exceptions();
      await t.database.db.transaction((tx) => runMatching(tx, org, 'cielo'));
      const after = await exceptions();
      const strip = (rows: Exception[]) => rows.map((r) => ({ ...r, createdAt: null })).sort((a, b) => a.id.localeCompare(b.id));
      expect(strip(after)).toEqual(strip(before));

      const late = built.injected.filter((d) => d.kind === 'not_paid');
      const lateDue = expected.filter((p) => late.some((d) => d.receivableId === p.receivableId));
      const again = buildSettlement(lateDue, {}, 1);
      const days = lateDue.map((p) => p.dueDate).sort();
      const written = await writeLines(writeCieloV15Payments({ headMid: mids.m1, generatedOn: days.at(-1) as string, periodStart: days[0] as string, periodEnd: days.at(-1) as string, sequence: 2 }, again.payments));
      try {
        expect((await importStatement(t.database.db, { organizationId: org, actor: 'tok-test', path: written.file, name: 'CIELO04-2.TXT' })).status).toBe('imported');
      } finally {
        await written.remove();
      }
      const now = await exceptions();
      expect(now.filter((e) => e.outcome === 'payment_overdue')).toEqual([]);
      expect(now).toHaveLength(before.length - late.length);
      const paid = await t.database.db.select().from(receivables).where(and(eq(receivables.organizationId, org), isNotNull(receivables.settlementFileId)));
      for (const d of late) expect(paid.find((r) => r.id === d.receivableId)?.status).toBe('settled');
    });

    it('accepting the acquirer’s amount settles the receivable with the line that paid it', async () => {
      const [wrong] = (await exceptions()).filter((e) => e.outcome === 'paid_amount_differs');
      expect(wrong).toBeDefined();
      const e = wrong as Exception;
      expect(await resolveException(t.database.db, org, 'tok-test', e.id, 'accept', 'deduction agreed', null)).toBe('done');
      const [r] = await t.database.db.select().from(receivables).where(eq(receivables.id, e.receivableId ?? ''));
      expect([r?.status, r?.settlementFileId, r?.settlementLine]).toEqual(['settled', e.fileId, e.line]);
    });

    it('Getnet: RVs paid (PG) against the receivables, planted ones found', async () => {
      const getnetMids = { m1: '000778899', m2: '000778900' };
      const sales = await insertSales(t.database, org, 'getnet', getnetMids, firstDayMs, 2, 20, 700);
      const due = await insertReceivables(t.database, org, 'getnet', sales);
      const getnet = buildSettlement(due, { paid_amount: 2, paid_date: 1, not_paid: 2, unknown_payment: 1 }, 5);
      const days = [...due.map((p) => p.dueDate), ...getnet.payments.map((p) => p.paymentDate)].sort();
      const entries = getnet.payments.flatMap((p) => p.entries.map((e) => ({ ...e, paymentDate: p.paymentDate })));
      // Getnet sends a file a day (its period is that day): the first day's file (nothing paid) and the last day's with every payment
      const header = { headMid: '778899', generatedOn: days.at(-1) as string, periodStart: days.at(-1) as string, periodEnd: days.at(-1) as string, sequence: 4 };
      const written = await writeLines(writeGetnetV10(header, entries, '060000', 'PG'));
      const first = await writeLines(writeGetnetV10({ ...header, generatedOn: days[0] as string, periodStart: days[0] as string, periodEnd: days[0] as string, sequence: 3 }, [], '060000', 'PG'));
      const before = new Set((await exceptions()).map((e) => e.id));
      try {
        expect((await importStatement(t.database.db, { organizationId: org, actor: 'tok-test', path: first.file, name: 'getnet-first.txt' })).status).toBe('imported');
        expect((await importStatement(t.database.db, { organizationId: org, actor: 'tok-test', path: written.file, name: 'getnet-paid.txt' })).status).toBe('imported');
      } finally {
        await written.remove();
        await first.remove();
      }
      const found = (await exceptions()).filter((e) => !before.has(e.id));
      expect(await signatures(t, found)).toEqual(injectedSignatures(getnet));
    });
  });
});
