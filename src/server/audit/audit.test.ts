import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit.ts';
import { auditEntries } from '../db/schema.ts';
import { backends, bearer } from '../test/harness.ts';
import { createListFixture, type ListFixture } from '../test/list-fixture.ts';
import { recordAudit } from './record.ts';
import { applyAuditRetention, sweepAuditEntries } from './retention.ts';

describe.each(backends)('audit trail on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let f: ListFixture;
    let readOnly: string;
    const agent = 'audit-test/1.0';
    beforeAll(async () => {
      f = await createListFixture(kind, { a: 40, b: 10 });
      readOnly = await bearer(f.database, f.orgA.id, { scopes: ['transactions:read', 'events:read'] });
    });
    afterAll(async () => f?.close());

    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth: string, extra: { payload?: object; accept?: string } = {}) =>
      f.app.inject({
        method,
        url,
        headers: { authorization: auth, 'user-agent': agent, ...(extra.accept ? { accept: extra.accept } : {}) },
        ...(extra.payload ? { payload: extra.payload } : {}),
      });
    const trail = async (query: string, auth = f.tokens.a): Promise<AuditEntry[]> => {
      const res = await call('GET', `/v1/audit?${query}`, auth);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    it('refuses UPDATE, DELETE and TRUNCATE of an entry in the database itself', async () => {
      await recordAudit(f.database.db, { organizationId: f.orgA.id, actor: { kind: 'system', id: 'test' }, action: 'test.append', target: { type: 'audit' }, outcome: 'success' });
      await expect(f.database.query(`update audit_entries set outcome = 'failure' where action = 'test.append'`)).rejects.toThrow(/append-only/);
      await expect(f.database.query(`delete from audit_entries where action = 'test.append'`)).rejects.toThrow(/append-only/);
      await expect(f.database.query('truncate audit_entries')).rejects.toThrow(/append-only/);
      await expect(f.database.query('update audit_retention set keep_days = 1')).rejects.toThrow(/check/i);
      const rows = await f.database.query<{ outcome: string }>(`select outcome from audit_entries where action = 'test.append'`);
      expect(rows).toEqual([{ outcome: 'success' }]);
    });

    it('the sweep deletes only entries older than the retention, and a retention change is itself recorded', async () => {
      const day = 86_400_000;
      await applyAuditRetention(f.database.db, 40);
      const old = new Date(Date.now() - 41 * day);
      const young = new Date(Date.now() - 39 * day);
      for (const [action, at] of [['test.old', old], ['test.young', young]] as const) {
        await f.database.db.insert(auditEntries).values({ organizationId: f.orgA.id, occurredAt: at, actorKind: 'system', actorId: 'test', action, targetType: 'audit', outcome: 'success' });
      }
      expect(await sweepAuditEntries(f.database.db)).toBe(1);
      const left = await f.database.query<{ action: string }>(`select action from audit_entries where action like 'test.%' order by action`);
      expect(left.map((r) => r.action)).toEqual(['test.append', 'test.young']);
      const changes = await f.database.query<{ details: { fromDays: number; toDays: number } }>(`select details from audit_entries where action = 'audit.retention_change' order by id`);
      expect(changes.at(-1)?.details).toEqual({ fromDays: 1826, toDays: 40 });
      await applyAuditRetention(f.database.db, 1826);
    });

    it('records a change with who, address, user agent, target and outcome; a refused one as denied', async () => {
      const created = await call('POST', '/v1/views', f.tokens.a, { payload: { name: 'Audited view', page: 'events', filters: {} } });
      expect(created.statusCode, created.body).toBe(201);
      const viewId = created.json<{ id: string }>().id;
      const refused = await call('DELETE', `/v1/views/${viewId}`, readOnly);
      expect(refused.statusCode).toBe(403);
      const entries = await trail(`target_id=${viewId}&order_direction=asc`);
      expect(entries.map((e) => [e.action, e.outcome, e.details.status])).toEqual([
        ['view.create', 'success', 201],
        ['view.delete', 'denied', 403],
      ]);
      expect(entries[0]).toMatchObject({ actor: { kind: 'token', name: 'test' }, address: '127.0.0.1', userAgent: agent, target: { type: 'view', id: viewId } });
    });

    it('records a transaction read (holder name, IP, location) and an export with its filters and row count', async () => {
      const summary = f.orgA.summaries[0];
      if (!summary) throw new Error('fixture has no summary');
      expect((await call('GET', `/v1/transactions/summaries/${summary.id}`, f.tokens.a)).statusCode).toBe(200);
      const merchant = f.orgA.merchantIds[1] ?? '';
      const expectedRows = f.orgA.summaries.filter((s) => s.merchantId === merchant).length;
      const exported = await call('GET', `/v1/transactions/summaries?merchant_id=${merchant}`, f.tokens.a, { accept: 'text/csv' });
      expect(exported.statusCode).toBe(200);
      expect(exported.body.trim().split('\r\n')).toHaveLength(expectedRows + 1);
      // a JSON page of the same list is not an export
      expect((await call('GET', `/v1/transactions/summaries?merchant_id=${merchant}`, f.tokens.a)).statusCode).toBe(200);
      const [read] = await trail(`action=transaction.read&target_id=${summary.id}`);
      expect(read).toMatchObject({ outcome: 'success', target: { type: 'transaction', id: summary.id } });
      const exports = await trail('action=transactions.export');
      expect(exports).toHaveLength(1);
      expect(exports[0]?.details).toMatchObject({ rows: expectedRows, complete: true, filters: { merchant_id: merchant } });
    });

    it('lists with prefix and outcome filters, only for audit:read, only the own organization, and exports CSV', async () => {
      const credentialLike = await trail('action=view.');
      expect(credentialLike.length).toBeGreaterThanOrEqual(2);
      expect(credentialLike.every((e) => e.action.startsWith('view.'))).toBe(true);
      expect((await trail('outcome=denied')).every((e) => e.outcome === 'denied')).toBe(true);
      expect(await trail('action=view.', f.tokens.b)).toEqual([]);
      expect((await call('GET', '/v1/audit', readOnly)).statusCode).toBe(403);
      const csv = await call('GET', '/v1/audit?action=view.&columns=action,outcome&order_direction=asc', f.tokens.a, { accept: 'text/csv' });
      expect(csv.body.trim().split('\r\n')).toEqual(['action,outcome', 'view.create,success', 'view.delete,denied']);
      expect((await call('GET', '/v1/audit?outcome=maybe', f.tokens.a)).statusCode).toBe(400);
    });
  });
});
