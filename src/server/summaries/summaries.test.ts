import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryOrderFields, type SummaryOrderField } from '../../contract/enums.ts';
import { parseAmountFilter, parseCreatedAtFilter } from '../../contract/filters.ts';
import { minorToDecimal } from '../../contract/money.ts';
import type { Summary } from '../../contract/summaries.ts';
import { cycles } from '../db/schema.ts';
import { backends } from '../test/harness.ts';
import { createListFixture, sortRows, walk, type ListFixture, type StoredSummary } from '../test/list-fixture.ts';

const path = '/v1/transactions/summaries';
type Params = Record<string, string>;

/** The filter semantics of decisions.md, computed in JS over the full data set. */
function matches(row: StoredSummary, params: Params): boolean {
  const ns = BigInt(row.createdAt.getTime()) * 1_000_000n;
  const amount = params.amount === undefined ? null : parseAmountFilter(params.amount);
  const created = params.created_at === undefined ? null : parseCreatedAtFilter(params.created_at);
  return (
    (params.acquirer === undefined || row.acquirer === params.acquirer) &&
    (params.payment_method === undefined || row.paymentMethod === params.payment_method) &&
    (params.status === undefined || row.status === params.status) &&
    (params.card_brand === undefined || row.cardBrand === params.card_brand) &&
    (params.card_last_digits === undefined || row.cardLastDigits === params.card_last_digits) &&
    (params.card_first_digits === undefined || (row.cardFirstDigits ?? '').startsWith(params.card_first_digits)) &&
    (amount === null || ((amount.min === null || row.amountMinor >= amount.min) && (amount.max === null || row.amountMinor <= amount.max))) &&
    (created === null || ((created.fromNs === null || ns >= created.fromNs) && (created.toNs === null || ns < created.toNs)))
  );
}

const sortKeys: Record<SummaryOrderField, (r: StoredSummary) => string | number | bigint | null> = {
  created_at: (r) => r.createdAt.getTime(),
  amount: (r) => r.amountMinor,
  acquirer: (r) => r.acquirer,
  payment_method: (r) => r.paymentMethod,
  status: (r) => r.status,
  card_brand: (r) => r.cardBrand,
  card_first_digits: (r) => r.cardFirstDigits,
  card_last_digits: (r) => r.cardLastDigits,
};

const ids = (items: Summary[]) => items.map((s) => s.id);

describe.each(backends)('GET /v1/transactions/summaries on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let f: ListFixture;
    let rows: StoredSummary[];
    beforeAll(async () => {
      f = await createListFixture(kind);
      rows = f.orgA.summaries;
    });
    afterAll(async () => f?.close());

    const expected = (params: Params, field: SummaryOrderField = 'created_at', direction: 'asc' | 'desc' = 'desc') =>
      sortRows(rows.filter((r) => matches(r, params)), sortKeys[field], (r) => r.id, direction).map((r) => r.id);

    it('lists every summary of the organization, newest first, in pages of 20 by default', async () => {
      const res = await f.app.inject({ url: path, headers: { authorization: f.tokens.a } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe(String(rows.length));
      expect(ids(res.json<Summary[]>())).toEqual(expected({}).slice(0, 20));
      const all = await walk<Summary>(f.app, f.tokens.a, path, {});
      expect(ids(all.items)).toEqual(expected({}));
    });

    it.each(summaryOrderFields.flatMap((field) => (['asc', 'desc'] as const).map((direction) => ({ field, direction }))))(
      'orders by $field $direction with ties broken by id',
      async ({ field, direction }) => {
        const all = await walk<Summary>(f.app, f.tokens.a, path, { order_by: field, order_direction: direction });
        expect(ids(all.items)).toEqual(expected({}, field, direction));
      },
    );

    it('applies every filter exactly as documented, alone and combined, paging through every match once', async () => {
      const card = rows.find((r) => r.cardFirstDigits !== null) ?? rows[0];
      const some = rows[Math.floor(rows.length / 2)];
      if (!card?.cardFirstDigits || !card.cardLastDigits || !some) throw new Error('fixture has no card rows');
      const day = some.createdAt.toISOString().slice(0, 10);
      const cases: Params[] = [
        { acquirer: 'cielo' },
        { acquirer: 'safrapay' },
        { payment_method: 'pix' },
        { payment_method: 'debit_card' },
        { status: 'approved' },
        { status: 'denied' },
        { card_brand: 'visa' },
        { card_brand: 'elo' },
        { card_first_digits: card.cardFirstDigits.slice(0, 2) },
        { card_first_digits: card.cardFirstDigits },
        { card_last_digits: card.cardLastDigits },
        { amount: minorToDecimal(some.amountMinor) },
        { amount: '100..500' },
        { amount: '..50.00' },
        { amount: '1000.5..' },
        { created_at: day },
        { created_at: some.createdAt.toISOString() },
        { created_at: `${day}T00:00:00-03:00..${day}T12:00:00-03:00` },
        { created_at: `..${day}` },
        { created_at: `${day}..` },
        { acquirer: some.acquirer, payment_method: some.paymentMethod, amount: '10..' },
        { status: 'approved', card_brand: 'mastercard', order_by: 'amount', order_direction: 'asc' },
      ];
      let nonEmpty = 0;
      for (const params of cases) {
        const want = expected(params, (params.order_by as SummaryOrderField | undefined) ?? 'created_at', (params.order_direction as 'asc' | undefined) ?? 'desc');
        const got = await walk<Summary>(f.app, f.tokens.a, path, params, 37);
        expect(ids(got.items), JSON.stringify(params)).toEqual(want);
        expect(new Set(ids(got.items)).size).toBe(want.length);
        if (want.length > 0) nonEmpty += 1;
      }
      expect(nonEmpty).toBeGreaterThanOrEqual(cases.length - 2);
    });

    it('renders amounts as decimal text, cards (null for pix) and every cycle in sequence', async () => {
      const res = await f.app.inject({ url: `${path}?limit=100`, headers: { authorization: f.tokens.a } });
      const items = res.json<Summary[]>();
      const dbCycles = await f.database.db.select().from(cycles);
      for (const item of items) {
        const row = rows.find((r) => r.id === item.id);
        expect(item.amount).toBe(minorToDecimal(row?.amountMinor ?? -1n));
        expect(item.card === null).toBe(item.paymentMethod === 'pix');
        expect(item.createdAt).toBe(row?.createdAt.toISOString());
        const mine = dbCycles.filter((c) => c.summaryId === item.id).sort((x, y) => x.seq - y.seq);
        expect(item.cycles.map((c) => c.id)).toEqual(mine.map((c) => c.id));
        expect(item.cycles.every((c) => c.transactionSummaryId === item.id && /^\d+\.\d{2}$/.test(c.amount))).toBe(true);
      }
      expect(items.some((s) => s.cycles.length > 1)).toBe(true);
    });

    it('answers a page past the end with an empty list and a prev link', async () => {
      const res = await f.app.inject({ url: `${path}?page=999&limit=100`, headers: { authorization: f.tokens.a } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers.link).toContain('rel="prev"');
      expect(res.headers.link).not.toContain('rel="next"');
    });
  });
});
