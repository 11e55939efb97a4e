import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, endpoints, methodOf, type OperationId } from '../contract/endpoints.ts';
import type { Event, EventDetail } from '../contract/events.ts';
import { operationAuth } from '../contract/operation-auth.ts';
import { roleNames, roles, type Role } from '../contract/roles.ts';
import type { Summary } from '../contract/summaries.ts';
import { buildApp } from './app.ts';
import type { ApiInstance } from './lib/api-instance.ts';
import { hashPassword } from './people/passwords.ts';
import { createPerson } from './people/people-store.ts';
import { createListFixture, type ListFixture } from './test/list-fixture.ts';

/** One request per operation: a path with real or made-up ids, and a body where the operation takes one. */
interface Sample {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** the request ends the session it is sent with: sent with a session of its own */
  endsSession?: boolean;
  /** an operation that does not act on the person (token sign-in): the same answer for every role */
  sameForEveryRole?: boolean;
}

const password = 'matrix passphrase of the test';
const missing = 'zzzzzzzzzzzzzzzzzzzz';

describe('role × endpoint matrix (every operation, every role, through a signed-in person)', () => {
  let f: ListFixture;
  let app: ApiInstance;
  let base: string;
  const sessions = new Map<Role, string>();
  let samples: Record<OperationId, Sample>;
  /** a merchant operator acts for two of org A's four merchants */
  const merchantsOf = (role: Role) => (roles[role].merchantLimited ? f.orgA.merchantIds.slice(0, 2) : []);

  const signIn = async (role: Role): Promise<string> => {
    const res = await fetch(`${base}${apiPath('signIn')}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email: `${role}@matrix.example`, password }) });
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('acq_session='));
    return cookie?.split(';')[0] ?? '';
  };

  const call = async (op: OperationId, cookie: string): Promise<{ status: number; body: string }> => {
    const sample = samples[op];
    const method = methodOf(op);
    const path = (apiPath as (op: OperationId, params?: Record<string, string>) => string)(op, sample.params);
    const hasBody = method !== 'GET' && method !== 'DELETE' && sample.body !== undefined;
    const controller = new AbortController();
    const res = await fetch(`${base}${path}${sample.query ?? ''}`, {
      method,
      signal: controller.signal,
      headers: { cookie, origin: base, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      ...(hasBody ? { body: JSON.stringify(sample.body) } : {}),
    });
    // the event stream stays open: its status is all this test reads
    if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      controller.abort();
      return { status: res.status, body: '' };
    }
    return { status: res.status, body: await res.text() };
  };

  beforeAll(async () => {
    f = await createListFixture('pglite', { a: 80, b: 20 });
    const hash = await hashPassword(password);
    for (const role of roleNames) {
      await createPerson(f.database.db, { organizationId: f.orgA.id, email: `${role}@matrix.example`, name: role, role, merchantIds: merchantsOf(role), status: 'active', mode: 'test', passwordHash: hash });
    }
    app = await buildApp({ database: f.database, webRoot: null, allowTokenSignIn: false, rateLimits: { perToken: 10_000, perAddress: 10_000, authFailures: 1000, notifications: 1000, windowMs: 60_000 } });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    const summary = f.orgA.summaries[0];
    const event = f.orgA.events[0];
    if (!summary || !event) throw new Error('empty fixture');
    samples = {
      getHealthLive: {},
      getHealth: {},
      getHealthReady: {},
      getMe: {},
      createSession: { sameForEveryRole: true },
      deleteSession: { endsSession: true },
      listProviders: {},
      createCredential: { body: {} },
      listCredentials: {},
      getCredential: { params: { id: missing } },
      updateCredential: { params: { id: missing }, body: {} },
      listCredentialHistory: { params: { id: missing } },
      listMerchants: {},
      createMerchant: { body: {} },
      updateMerchant: { params: { id: missing }, body: {} },
      listMerchantPricePlans: {},
      listTransactionSummaries: {},
      getTransactionSummary: { params: { id: summary.id } },
      listEvents: {},
      getEvent: { params: { eventId: event.eventId } },
      streamEvents: {},
      retryEvent: { params: { eventId: missing } },
      receiveNotification: { body: {} },
      getTransactionStats: {},
      listSavedViews: {},
      createSavedView: { body: { name: 'Matrix view', page: 'transactions' } },
      getSavedView: { params: { id: missing } },
      updateSavedView: { params: { id: missing }, body: { name: 'Renamed' } },
      deleteSavedView: { params: { id: missing } },
      listFeePlans: {},
      createFeePlan: { body: {} },
      getFeePlan: { params: { id: missing } },
      updateFeePlan: { params: { id: missing }, body: {} },
      listFeePlanVersions: { params: { id: missing } },
      assignFeePlan: { params: { id: missing }, body: {} },
      listReceivables: {},
      getReceivablesCalendar: {},
      getReceivablesArrangements: {},
      getReceivablesMargin: {},
      simulateAnticipation: { body: {} },
      listStatementFiles: {},
      uploadStatementFile: { body: {} },
      getStatementFile: { params: { id: missing } },
      listReconciliationExceptions: {},
      getReconciliationAgeing: {},
      getReconciliationException: { params: { id: missing } },
      resolveReconciliationException: { params: { id: missing }, body: {} },
      bulkResolveReconciliationExceptions: { body: {} },
      getReconciliationDaily: {},
      listAuditEntries: {},
      signIn: { body: {} },
      signInSecondFactor: { body: {} },
      startPasskeySignIn: {},
      signInWithPasskey: { body: {} },
      getAccount: {},
      changePassword: { body: {} },
      startSecondFactor: { body: {} },
      confirmSecondFactor: { body: {} },
      renewRecoveryCodes: { body: {} },
      listPasskeys: {},
      startPasskeyRegistration: {},
      addPasskey: { body: {} },
      renamePasskey: { params: { id: missing }, body: { name: 'matrix' } },
      removePasskey: { params: { id: missing }, body: {} },
      listAccountSessions: {},
      endAccountSessions: { endsSession: true },
      endAccountSession: { params: { id: missing } },
      listPeople: {},
      invitePerson: { body: {} },
      acceptInvitation: { body: {} },
      getSsoOptions: {},
      startSso: {},
      finishSso: {},
      getSsoConfig: {},
      replaceSsoConfig: { body: {} },
      deleteSsoConfig: {},
      updatePerson: { params: { id: missing }, body: {} },
      resetPersonSecondFactor: { params: { id: missing } },
      listApiTokens: {},
      createApiToken: { body: {} },
      revokeApiToken: { params: { id: missing } },
    };
    for (const role of roleNames) sessions.set(role, await signIn(role));
  });
  afterAll(async () => {
    await app?.close();
    await f?.close();
  });

  const operations = Object.keys(endpoints) as OperationId[];

  it.each(roleNames)('%s: every operation answers as the role table and the operation map say', async (role) => {
    const granted = new Set<string>(roles[role].scopes);
    const wrong: string[] = [];
    for (const op of operations) {
      const needed = operationAuth[op];
      const sample = samples[op];
      const cookie = sample.endsSession ? await signIn(role) : (sessions.get(role) ?? '');
      const { status, body } = await call(op, cookie);
      // signing out everywhere ends the person's other sessions too: sign in again
      if (sample.endsSession) sessions.set(role, await signIn(role));
      if (needed === 'public' || sample.sameForEveryRole) {
        // what a public operation answers does not depend on who is signed in
        const { status: asAdmin } = await call(op, sample.endsSession ? await signIn('admin') : (sessions.get('admin') ?? ''));
        if (sample.endsSession) sessions.set('admin', await signIn('admin'));
        if (status !== asAdmin) wrong.push(`${op}: ${status}, the admin got ${asAdmin}`);
        continue;
      }
      const allowed = needed === 'any' || granted.has(needed);
      if (allowed && (status === 401 || status === 403)) wrong.push(`${op}: ${status} though allowed (${needed}): ${body.slice(0, 160)}`);
      if (!allowed && (status !== 403 || !body.includes('insufficient-scope'))) wrong.push(`${op}: ${status} though ${role} lacks ${needed}`);
    }
    expect(wrong).toEqual([]);
  });

  const getJson = async <T,>(role: Role, path: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, { headers: { cookie: sessions.get(role) ?? '' } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };

  it('a merchant operator of two merchants sees both and never a third: lists, CSV, stats, merchants, detail 404, /v1/me', async () => {
    const own = new Set(f.orgA.merchantIds.slice(0, 2));
    const third = f.orgA.merchantIds[2] ?? '';
    const expected = f.orgA.summaries.filter((s) => own.has(s.merchantId));
    expect(new Set(expected.map((s) => s.merchantId))).toEqual(own);
    const list = await getJson<Summary[]>('merchant_operator', `${apiPath('listTransactionSummaries')}?limit=100`);
    expect(list.map((s) => s.id).sort()).toEqual(expected.map((s) => s.id).sort());
    const merchantsSeen = await getJson<{ id: string }[]>('merchant_operator', apiPath('listMerchants'));
    expect(new Set(merchantsSeen.map((m) => m.id))).toEqual(own);
    const me = await getJson<{ merchantIds: string[] | null; merchants: { id: string; taxId?: string }[] }>('merchant_operator', apiPath('getMe'));
    expect(new Set(me.merchantIds)).toEqual(own);
    expect(new Set(me.merchants.map((m) => m.id))).toEqual(own);
    // a filter inside the set narrows to that merchant; outside it, the same empty answer as a merchant token's
    const first = [...own][0] ?? '';
    const narrowed = await getJson<Summary[]>('merchant_operator', `${apiPath('listTransactionSummaries')}?limit=100&merchant_id=${first}`);
    expect(narrowed.length).toBe(expected.filter((s) => s.merchantId === first).length);
    expect(await getJson<Summary[]>('merchant_operator', `${apiPath('listTransactionSummaries')}?merchant_id=${third}`)).toEqual([]);
    // the CSV export: every row of the two, none other
    const csv = await fetch(`${base}${apiPath('listTransactionSummaries')}?columns=id,merchant_id`, { headers: { cookie: sessions.get('merchant_operator') ?? '', accept: 'text/csv' } });
    const lines = (await csv.text()).trim().split(/\r?\n/).slice(1);
    expect(lines.map((l) => l.split(',')[0]).sort()).toEqual(expected.map((s) => s.id).sort());
    // stats: the totals of the two merchants' rows (the rollups summed over the set), and nothing for a third
    const stats = await getJson<{ totals: { count: number } }>('merchant_operator', apiPath('getTransactionStats'));
    expect(stats.totals.count).toBe(expected.length);
    const outside = await getJson<{ totals: { count: number } }>('merchant_operator', `${apiPath('getTransactionStats')}?merchant_id=${third}`);
    expect(outside.totals.count).toBe(0);
    const other = f.orgA.summaries.find((s) => s.merchantId === third);
    const res = await fetch(`${base}${apiPath('getTransactionSummary', { id: other?.id ?? '' })}`, { headers: { cookie: sessions.get('merchant_operator') ?? '' } });
    expect(res.status).toBe(404);
    // the admin of the organization sees every merchant's sales
    const all = await getJson<Summary[]>('admin', `${apiPath('listTransactionSummaries')}?limit=100`);
    expect(all.length).toBe(Math.min(f.orgA.summaries.length, 100));
  });

  it('transactions:holder gates the holder name, IP address and location in transaction and event reads and exports', async () => {
    const withHolder = roleNames.filter((r) => roles[r].scopes.includes('transactions:holder'));
    const withoutHolder = roleNames.filter((r) => !roles[r].scopes.includes('transactions:holder') && roles[r].scopes.includes('transactions:read'));
    expect(withHolder.length).toBeGreaterThan(0);
    expect(withoutHolder.length).toBeGreaterThan(0);
    const stored = f.orgA.summaries.find((s) => s.merchantId === f.orgA.merchantIds[0] && s.cardHolderName);
    if (!stored) throw new Error('no sale with a holder name');
    for (const role of [...withHolder, ...withoutHolder]) {
      const sees = withHolder.includes(role);
      const one = await getJson<Summary>(role, apiPath('getTransactionSummary', { id: stored.id }));
      expect(one.card?.holderName, role).toBe(sees ? stored.cardHolderName : '');
      const devices = one.cycles.map((c) => c.device).filter((d) => d !== null);
      if (!sees) for (const d of devices) expect([d.ipAddress, d.geolocation], role).toEqual([null, null]);
      const page = await getJson<Summary[]>(role, `${apiPath('listTransactionSummaries')}?limit=50`);
      const holders = page.map((s) => s.card?.holderName ?? '').filter((h) => h !== '');
      if (sees) expect(holders.length, role).toBeGreaterThan(0);
      else expect(holders, role).toEqual([]);
      const csv = await fetch(`${base}${apiPath('listTransactionSummaries')}?columns=id,card_holder_name`, { headers: { cookie: sessions.get(role) ?? '', accept: 'text/csv' } });
      const names = (await csv.text()).trim().split(/\r?\n/).slice(1).map((line) => line.split(',').slice(1).join(',').replace(/"/g, ''));
      expect(names.some((n) => n !== ''), role).toBe(sees);
    }
    const event = f.orgA.events.find((e) => e.cardData?.holderName);
    if (!event) throw new Error('no event with a holder name');
    for (const role of roleNames.filter((r) => roles[r].scopes.includes('events:read'))) {
      const sees = withHolder.includes(role);
      const detail = await getJson<EventDetail>(role, apiPath('getEvent', { eventId: event.eventId }));
      expect(detail.cardData?.holderName ?? null, role).toBe(sees ? event.cardData?.holderName : null);
      if (!sees) expect([detail.terminalData.ipAddress, detail.terminalData.latitude, detail.terminalData.longitude, detail.rawBody], role).toEqual([null, null, null, null]);
      const list = await getJson<Event[]>(role, `${apiPath('listEvents')}?limit=50`);
      const named = list.filter((e) => e.cardData?.holderName);
      if (sees) expect(named.length, role).toBeGreaterThan(0);
      else expect(named, role).toEqual([]);
    }
  });
});
