import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementFiles, statementRecords } from '../../db/schema.ts';
import { writeCieloV15Payments } from '../../seed/statements/cielo-v15-writer.ts';
import { writeGetnetV10 } from '../../seed/statements/getnet-v10-writer.ts';
import type { StatementEntry } from '../../seed/statements/statement-entry.ts';
import { createTestDatabase, insertOrganization, type TestDatabase } from '../../test/harness.ts';
import { importStatement } from '../import-statement.ts';
import { writeLines } from '../reconciliation-fixture.ts';
import { readStatement } from './read-statement.ts';

/** the line with `value` written over positions start.. (1-based) */
const put = (line: string, start: number, value: string) => line.slice(0, start - 1) + value + line.slice(start - 1 + value.length);
const read = (lines: string[]) => readStatement([Buffer.from(lines.join('\r\n') + '\r\n', 'latin1')]);

const sale = (nsu: string, gross: bigint, fee: bigint, paymentDate: string): StatementEntry => ({
  kind: 'sale', mid: '1012345671', nsu, authorizationCode: `A${nsu}`, date: '2026-03-02', time: '101010', method: 'credit_card', installment: 1, installments: 1,
  saleTotalMinor: gross, grossMinor: gross, feeMinor: fee, paymentDate, cardBin: '516292', cardLast4: '1234',
});
const header = { headMid: '1012345671', generatedOn: '2026-04-01', periodStart: '2026-04-01', periodEnd: '2026-04-01', sequence: 7 };
// two summaries of two sales each: lines 2 (summary), 3-4, 5 (summary), 6-7; header 1, trailer 8
const first = [sale('000101', 10_000n, 199n, '2026-04-01'), sale('000102', 25_050n, 498n, '2026-04-01')];
const second = [sale('000103', 7_000n, 139n, '2026-04-02'), sale('000104', 3_000n, 60n, '2026-04-02')];
const cielo = () => [...writeCieloV15Payments(header, [{ mid: '1012345671', paymentDate: '2026-04-01', entries: first }, { mid: '1012345671', paymentDate: '2026-04-02', entries: second }])];
const getnet = () => [...writeGetnetV10(header, [...first, ...second], '060000', 'PG')];
const digits = (n: bigint | number, width: number) => String(n).padStart(width, '0');

describe('summary records against their detail lines', () => {
  it('Cielo D (payment file): count, gross, fee and net of its E lines; a difference names the line, field and both values', async () => {
    expect((await read(cielo())).problems).toEqual([]);
    const lines = cielo();
    lines[4] = put(lines[4] as string, 73, digits(10_001n, 13));
    lines[1] = put(lines[1] as string, 144, digits(3, 6));
    lines[1] = put(lines[1], 87, digits(700n, 13));
    expect((await read(lines)).problems).toEqual([
      { line: 2, field: 'quantidade de lançamentos', reason: 'the D record says 3 E lines, 2 follow it (3-4)' },
      { line: 2, field: 'valor da taxa administrativa', reason: 'the D record says -700 centavos, its 2 E lines (3-4) add up to -697 centavos' },
      { line: 5, field: 'valor bruto', reason: 'the D record says 10001 centavos, its 2 E lines (6-7) add up to 10000 centavos' },
    ]);
  });

  it('Getnet RV: accepted CVs, gross, discount fee and net of the CVs carrying its number', async () => {
    expect((await read(getnet())).problems).toEqual([]);
    const lines = getnet();
    lines[1] = put(lines[1] as string, 67, digits(1, 9));
    lines[4] = put(lines[4] as string, 85, digits(9_999n, 12));
    lines[4] = put(lines[4], 97, digits(9_800n, 12));
    expect((await read(lines)).problems).toEqual([
      { line: 2, field: 'nº de CVs aceitos', reason: 'the RV record says 1 CV lines, 2 follow it (3-4)' },
      { line: 5, field: 'valor bruto', reason: 'the RV record says 9999 centavos, its 2 CV lines (6-7) add up to 10000 centavos' },
      { line: 5, field: 'valor líquido', reason: 'the RV record says 9800 centavos, its 2 CV lines (6-7) add up to 9801 centavos' },
    ]);
  });

  describe('a file whose totals differ imports nothing', () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase('pglite');
      await insertOrganization(t.database, 'org-totals', []);
    });
    afterAll(() => t.dispose());

    it.each([['cielo', cielo, 73], ['getnet', getnet, 85]] as const)('%s', async (_name, lines, grossAt) => {
      const bad = lines();
      bad[4] = put(bad[4] as string, grossAt, digits(1n, grossAt === 73 ? 13 : 12));
      const written = await writeLines(bad);
      try {
        const result = await importStatement(t.database.db, { organizationId: 'org-totals', actor: 'tok', path: written.file, name: null });
        expect(result).toMatchObject({ status: 'rejected', problemCount: 1, problems: [{ line: 5, field: 'valor bruto' }] });
        expect(await t.database.db.select().from(statementFiles)).toEqual([]);
        expect(await t.database.db.select().from(statementRecords)).toEqual([]);
      } finally {
        await written.remove();
      }
    });
  });
});
