import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeePlan, FeePlanHistory, FeePlanList } from '../../contract/fee-plans.ts';
import { addDays, saoPauloDate } from '../receivables/business-calendar.ts';
import { backends, bearer, createTestApp, insertOrganization, type TestApp } from '../test/harness.ts';

const orgA = 'orgfeeaaaaaaaaaaaaa';
const orgB = 'orgfeebbbbbbbbbbbbb';
const [m1, m2] = ['mfeeaaaaaaaaaaaaaa1', 'mfeeaaaaaaaaaaaaaa2'];
const rates = { debit: '1.49', credit: '2.99', credit2to6: '3.49', credit7to12: '3.99', pix: '0.99', anticipationMonthly: '1.99' };

describe.each(backends)('fee plans on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestApp;
    let tokens: Record<'admin' | 'other' | 'merchant1' | 'reader', string>;
    beforeAll(async () => {
      t = await createTestApp(kind);
      await insertOrganization(t.database, orgA, [m1, m2]);
      await insertOrganization(t.database, orgB, []);
      tokens = {
        admin: await bearer(t.database, orgA),
        other: await bearer(t.database, orgB),
        merchant1: await bearer(t.database, orgA, { merchantId: m1 }),
        reader: await bearer(t.database, orgA, { scopes: ['receivables:read'] }),
      };
    });
    afterAll(async () => t?.close());

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: string, payload?: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url, headers: { authorization: auth, ...headers }, ...(payload ? { payload } : {}) });
    const today = saoPauloDate(new Date());
    // plans that apply from well before any sale of the test: a year before its own today
    const longAgo = addDays(today, -365);

    it('creates a price plan and a cost plan, versions them with If-Match and keeps the history', async () => {
      const created = await call('POST', '/v1/fee-plans', tokens.admin, { name: 'Varejo', kind: 'price', isDefault: true, effectiveFrom: longAgo, rates });
      expect(created.statusCode, created.body).toBe(201);
      const plan = created.json<FeePlan>();
      expect(created.headers.location).toBe(`/v1/fee-plans/${plan.id}`);
      expect(created.headers.etag).toBe('"v1"');
      expect(plan.current).toMatchObject({ version: 1, rates, terms: { debitDays: 1, creditDays: 30, pixDays: 0 } });

      const cost = await call('POST', '/v1/fee-plans', tokens.admin, { name: 'Cielo', kind: 'cost', acquirer: 'cielo', effectiveFrom: longAgo, rates, terms: { debitDays: 2, creditDays: 30, pixDays: 0 } });
      expect(cost.statusCode, cost.body).toBe(201);
      expect((await call('POST', '/v1/fee-plans', tokens.admin, { name: 'Cielo 2', kind: 'cost', acquirer: 'cielo', effectiveFrom: longAgo, rates })).statusCode).toBe(409);
      expect((await call('POST', '/v1/fee-plans', tokens.admin, { name: 'No acquirer', kind: 'cost', effectiveFrom: longAgo, rates })).statusCode).toBe(422);

      const next = { effectiveFrom: addDays(today, 10), rates: { ...rates, credit: '2.49' } };
      expect((await call('PUT', `/v1/fee-plans/${plan.id}`, tokens.admin, next)).statusCode).toBe(428);
      expect((await call('PUT', `/v1/fee-plans/${plan.id}`, tokens.admin, next, { 'if-match': '"v7"' })).statusCode).toBe(412);
      expect((await call('PUT', `/v1/fee-plans/${plan.id}`, tokens.admin, { ...next, effectiveFrom: addDays(today, -1) }, { 'if-match': '"v1"' })).statusCode).toBe(422);
      const updated = await call('PUT', `/v1/fee-plans/${plan.id}`, tokens.admin, next, { 'if-match': '"v1"' });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.headers.etag).toBe('"v2"');
      // the new version waits for its date: today the first one is still in force
      expect(updated.json<FeePlan>()).toMatchObject({ version: 2, current: { version: 1 }, latest: { version: 2, effectiveFrom: next.effectiveFrom } });
      expect((await call('PUT', `/v1/fee-plans/${plan.id}`, tokens.admin, next, { 'if-match': '"v1"' })).statusCode).toBe(412);

      const history = (await call('GET', `/v1/fee-plans/${plan.id}/history`, tokens.reader)).json<FeePlanHistory>();
      expect(history.data.map((v) => [v.version, v.rates.credit])).toEqual([[1, '2.99'], [2, '2.49']]);
    });

    it('rejects malformed rates with a clear error', async () => {
      const res = await call('POST', '/v1/fee-plans', tokens.admin, { name: 'Bad', kind: 'price', effectiveFrom: '2024-02-30', rates: { ...rates, debit: '1.999' } });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('debit');
    });

    it('shows a merchant token only the price plan it pays, never the costs; other organizations see nothing', async () => {
      const all = (await call('GET', '/v1/fee-plans', tokens.admin)).json<FeePlanList>().data;
      expect(all.map((p) => p.kind).sort()).toEqual(['cost', 'price']);
      const own = (await call('GET', '/v1/fee-plans', tokens.merchant1)).json<FeePlanList>().data;
      expect(own.map((p) => p.kind)).toEqual(['price']);
      expect((await call('GET', '/v1/fee-plans', tokens.other)).json<FeePlanList>().data).toEqual([]);
      expect((await call('POST', '/v1/fee-plans', tokens.merchant1, { name: 'Mine', kind: 'price', effectiveFrom: longAgo, rates })).statusCode).toBe(403);
      expect((await call('POST', '/v1/fee-plans', tokens.reader, { name: 'Mine', kind: 'price', effectiveFrom: longAgo, rates })).statusCode).toBe(403);
    });

    it('assigns a price plan to a merchant', async () => {
      const special = (await call('POST', '/v1/fee-plans', tokens.admin, { name: 'Especial', kind: 'price', effectiveFrom: longAgo, rates: { ...rates, debit: '0.99' } })).json<FeePlan>();
      const res = await call('POST', `/v1/fee-plans/${special.id}/merchants`, tokens.admin, { merchantId: m2 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<FeePlan>().merchantIds).toEqual([m2]);
      expect((await call('POST', `/v1/fee-plans/${special.id}/merchants`, tokens.admin, { merchantId: 'nobody' })).statusCode).toBe(422);
    });
  });
});
