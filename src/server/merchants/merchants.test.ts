import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjCheckDigitsValid } from '../../contract/merchants.ts';
import type { Merchant } from '../../contract/merchants.ts';
import type { Problem } from '../../contract/problem.ts';
import { and, eq } from 'drizzle-orm';
import type { FeePlan, PricePlanChoice } from '../../contract/fee-plans.ts';
import { roleScopes } from '../../contract/roles.ts';
import { auditEntries, feePlans, merchants } from '../db/schema.ts';
import { defaultPriceRates, ensureDefaultPlans } from '../fee-plans/store.ts';
import { saoPauloDate } from '../receivables/business-calendar.ts';
import { backends, bearer, createTestApp, insertOrganization, type TestApp } from '../test/harness.ts';

/** Check digits computed here by the mod-11 rule, independently of the contract's helper. */
function withCheckDigits(twelve: string): string {
  let digits = twelve;
  for (const weights of [[5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]]) {
    const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
    digits += String(sum % 11 < 2 ? 0 : 11 - (sum % 11));
  }
  return digits;
}

describe('CNPJ check digits', () => {
  it('accepts known valid CNPJs and rejects a changed digit or a repeated one', () => {
    expect(cnpjCheckDigitsValid('11222333000181')).toBe(true);
    expect(cnpjCheckDigitsValid('11222333000182')).toBe(false);
    expect(cnpjCheckDigitsValid('00000000000000')).toBe(false);
    for (let i = 0; i < 50; i++) {
      const twelve = String(100_000_000_000 + i * 7_919_357).padStart(12, '0');
      const valid = withCheckDigits(twelve);
      expect(cnpjCheckDigitsValid(valid)).toBe(true);
      expect(cnpjCheckDigitsValid(valid.slice(0, 13) + String((Number(valid[13]) + 1) % 10))).toBe(false);
    }
  });
});

describe.each(backends)('merchants on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestApp;
    let writer: string;
    beforeAll(async () => {
      t = await createTestApp(kind);
      await insertOrganization(t.database, 'org1', []);
      await insertOrganization(t.database, 'org2', []);
      const names = ['Padaria São João', 'Açougue Central', 'Farmácia Popular', 'Padaria Pão Quente', 'Livraria Leitura'];
      await t.database.db.insert(merchants).values(names.map((name, i) => ({ id: `m${i}`, organizationId: 'org1', name, taxId: withCheckDigits(`1234567800${i}1`) })));
      await t.database.db.insert(merchants).values({ id: 'z0', organizationId: 'org2', name: 'Padaria Outra Org', taxId: withCheckDigits('999999990001') });
      writer = await bearer(t.database, 'org1');
    });
    afterAll(async () => t?.close());

    const search = async (q: string, authorization = writer) =>
      (await t.app.inject({ url: `/v1/merchants?q=${encodeURIComponent(q)}`, headers: { authorization } })).json<Merchant[]>().map((m) => m.name);
    const post = (payload: object, authorization = writer) => t.app.inject({ method: 'POST', url: '/v1/merchants', headers: { authorization }, payload });

    it('searches names ignoring case and accents, and the CNPJ’s start with or without punctuation; ordered by name', async () => {
      expect(await search('padaria')).toEqual(['Padaria Pão Quente', 'Padaria São João']);
      expect(await search('ACOUGUE')).toEqual(['Açougue Central']);
      expect(await search('pão')).toEqual(['Padaria Pão Quente']);
      expect(await search('12.345.678/0021')).toEqual(['Farmácia Popular']);
      expect(await search('100%')).toEqual([]);
      const res = await t.app.inject({ url: '/v1/merchants?limit=2', headers: { authorization: writer } });
      expect(res.headers['x-total-count']).toBe('5');
      expect(res.json<Merchant[]>().map((m) => m.name)).toEqual(['Açougue Central', 'Farmácia Popular']);
      expect(await search('padaria', await bearer(t.database, 'org1', { merchantId: 'm2', scopes: ['providers:read'] }))).toEqual([]);
      expect(await search('a', await bearer(t.database, 'org1', { merchantId: 'm2', scopes: ['providers:read'] }))).toEqual(['Farmácia Popular']);
    });

    it('POST adds a merchant with a valid CNPJ (formatted or not) and MCC; it is then found', async () => {
      const taxId = withCheckDigits('112223330001');
      const res = await post({ name: '  Mercado Novo ', taxId: `${taxId.slice(0, 2)}.${taxId.slice(2, 5)}.${taxId.slice(5, 8)}/${taxId.slice(8, 12)}-${taxId.slice(12)}`, mcc: '5411' });
      expect(res.statusCode).toBe(201);
      expect(res.json<Merchant>()).toMatchObject({ name: 'Mercado Novo', taxId, mcc: '5411' });
      expect(await search('mercado')).toEqual(['Mercado Novo']);
      const again = await post({ name: 'Outro', taxId, mcc: '5411' });
      expect(again.statusCode).toBe(409);
      expect(again.json<Problem>()).toMatchObject({ existingId: res.json<Merchant>().id, existingName: 'Mercado Novo' });
      expect(again.json<Problem>().detail).toContain('Mercado Novo');
    });

    it('rejects a wrong check digit, a bad shape and a bad MCC, naming each field; needs merchants:write', async () => {
      const valid = withCheckDigits('556667770001');
      const wrong = valid.slice(0, 13) + String((Number(valid[13]) + 1) % 10);
      const res = await post({ name: 'X', taxId: wrong, mcc: '54' });
      expect(res.statusCode).toBe(400);
      const errors = res.json<Problem>().errors ?? [];
      expect(errors.map((e) => e.pointer).sort()).toEqual(['/mcc', '/name', '/taxId']);
      expect(errors.find((e) => e.pointer === '/taxId')?.detail).toContain('check digits');
      expect((await post({ name: 'Loja', taxId: '1234', mcc: '5411' })).json<Problem>().errors?.[0]?.detail).toContain('14 digits');
      const reader = await bearer(t.database, 'org1', { scopes: ['credentials:write'] });
      expect((await post({ name: 'Loja', taxId: valid, mcc: '5411' }, reader)).statusCode).toBe(403);
    });

    it('onboarding picks the price plan a merchant pays when adding it, and changes it later; only price plans of the organization (422), audited', async () => {
      await ensureDefaultPlans(t.database.db, 'org1');
      await ensureDefaultPlans(t.database.db, 'org2');
      const premium = await t.app.inject({
        method: 'POST',
        url: '/v1/fee-plans',
        headers: { authorization: writer },
        payload: { kind: 'price', name: 'Premium', effectiveFrom: saoPauloDate(new Date()), rates: { ...defaultPriceRates, debit: '0.99' } },
      });
      expect(premium.statusCode, premium.body).toBe(201);
      const premiumId = premium.json<FeePlan>().id;
      const plansOf = async (org: string) => t.database.db.select().from(feePlans).where(eq(feePlans.organizationId, org));
      const cost = (await plansOf('org1')).find((p) => p.kind === 'cost');
      const otherDefault = (await plansOf('org2')).find((p) => p.isDefault);
      const onboarding = await bearer(t.database, 'org1', { scopes: roleScopes('onboarding') });

      const choices = await t.app.inject({ url: '/v1/merchants/price-plans', headers: { authorization: onboarding } });
      expect(choices.statusCode, choices.body).toBe(200);
      const data = choices.json<{ data: PricePlanChoice[] }>().data;
      expect(data.map((p) => [p.name, p.isDefault])).toEqual([['Padrão', true], ['Premium', false]]);
      expect(data[1]?.rates.debit).toBe('0.99');
      const reader = await bearer(t.database, 'org1', { scopes: ['providers:read'] });
      expect((await t.app.inject({ url: '/v1/merchants/price-plans', headers: { authorization: reader } })).statusCode).toBe(403);

      const taxId = withCheckDigits('778889990001');
      for (const [planId, why] of [[cost?.id, /cost plan/], [otherDefault?.id, /no price plan of this organization/], ['nope', /no price plan/]] as const) {
        const refused = await post({ name: 'Loja Plano', taxId, mcc: '5411', feePlanId: planId }, onboarding);
        expect(refused.statusCode, refused.body).toBe(422);
        expect(refused.json<Problem>().errors?.map((e) => [e.pointer, why.test(e.detail)])).toEqual([['/feePlanId', true]]);
      }
      expect(await search('loja plano')).toEqual([]);
      const created = await post({ name: 'Loja Plano', taxId, mcc: '5411', feePlanId: premiumId }, onboarding);
      expect(created.statusCode, created.body).toBe(201);
      const merchant = created.json<Merchant>();
      expect(merchant.feePlanId).toBe(premiumId);
      // the fee plan's own view lists it among the merchants that pay it
      const plan = await t.app.inject({ url: `/v1/fee-plans/${premiumId}`, headers: { authorization: writer } });
      expect(plan.json<FeePlan>().merchantIds).toContain(merchant.id);
      // without a plan: the organization's default (null)
      expect((await post({ name: 'Loja Padrão', taxId: withCheckDigits('778889990002'), mcc: '5411' }, onboarding)).json<Merchant>().feePlanId).toBeNull();

      const patch = (id: string, body: object, authorization = onboarding) => t.app.inject({ method: 'PATCH', url: `/v1/merchants/${id}`, headers: { authorization }, payload: body });
      expect((await patch(merchant.id, { feePlanId: cost?.id ?? '' })).statusCode).toBe(422);
      expect((await patch('z0', { feePlanId: null })).statusCode).toBe(404);
      const merchantToken = await bearer(t.database, 'org1', { merchantId: merchant.id, scopes: ['merchants:write'] });
      expect((await patch(merchant.id, { feePlanId: null }, merchantToken)).statusCode).toBe(403);
      const moved = await patch(merchant.id, { feePlanId: null });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<Merchant>().feePlanId).toBeNull();
      const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchant.id));
      expect(row?.feePlanId).toBeNull();

      const audited = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.targetId, merchant.id), eq(auditEntries.outcome, 'success')));
      expect(audited.map((e) => [e.action, e.details])).toEqual([
        ['merchant.create', { status: 201, feePlanId: premiumId }],
        ['merchant.update', { status: 200, feePlanId: { from: premiumId, to: null } }],
      ]);
    });
  });
});
