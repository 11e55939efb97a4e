import type { Problem } from '../../contract/problem.ts';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summaryOrderFields } from '../../contract/enums.ts';
import type { Event } from '../../contract/events.ts';
import { defaultEventColumns, defaultSummaryColumns } from '../../contract/export.ts';
import { minorToDecimal } from '../../contract/money.ts';
import type { Summary } from '../../contract/summaries.ts';
import { SummaryQuery } from '../../contract/summaries.ts';
import { backends, bearer, insertOrganization } from '../test/harness.ts';
import { createListFixture, walk, type ListFixture } from '../test/list-fixture.ts';
import { eventBatches } from '../events/events-list.ts';
import { summaryBatches } from '../summaries/summaries-list.ts';

const csv = (f: ListFixture, path: string, params: Record<string, string>, auth = f.tokens.a) =>
  f.app.inject({ url: `${path}?${new URLSearchParams(params).toString()}`, headers: { authorization: auth, accept: 'text/csv' } });

const records = (body: string, delimiter = ','): string[][] => parse(body, { delimiter, bom: true, relax_column_count: false });

describe.each(backends)('CSV export on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let f: ListFixture;
    beforeAll(async () => {
      f = await createListFixture(kind, { a: 260, b: 40 });
    });
    afterAll(async () => f?.close());

    it('streams every summary the filters match, in the list order, not one page', async () => {
      const params = { order_by: 'amount', order_direction: 'asc', payment_method: 'credit_card' };
      const res = await csv(f, '/v1/transactions/summaries', { ...params, limit: '20', page: '3' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{8}T\d{4}Z\.csv"$/);
      const [header, ...rows] = records(res.body);
      expect(header).toEqual([...defaultSummaryColumns]);
      const listed = await walk<Summary>(f.app, f.tokens.a, '/v1/transactions/summaries', params);
      expect(rows.length).toBe(listed.items.length);
      expect(rows.length).toBeGreaterThan(20);
      expect(res.headers['x-total-count']).toBe(String(listed.total));
      const col = (name: string) => header?.indexOf(name) ?? -1;
      rows.forEach((row, i) => {
        const item = listed.items[i];
        expect(row[col('id')]).toBe(item?.id);
        expect(row[col('amount')]).toBe(item?.amount);
        expect(row[col('created_at')]).toBe(item?.createdAt);
        expect(row[col('card_last_digits')]).toBe(item?.card?.lastDigits ?? '');
      });
    });

    it('keeps the list order across keyset batches for every order, NULL card fields included', async () => {
      for (const order_by of summaryOrderFields) {
        for (const order_direction of ['asc', 'desc'] as const) {
          const query = SummaryQuery.parse({ order_by, order_direction });
          const batched: string[] = [];
          for await (const batch of summaryBatches(f.database.db, { organizationId: f.orgA.id, merchantIds: null }, query, 7)) batched.push(...batch.map((r) => r.id));
          const listed = await walk<Summary>(f.app, f.tokens.a, '/v1/transactions/summaries', { order_by, order_direction });
          expect(batched, `${order_by} ${order_direction}`).toEqual(listed.items.map((i) => i.id));
        }
      }
      const events: string[] = [];
      for await (const batch of eventBatches(f.database.db, { organizationId: f.orgA.id, merchantIds: null }, { page: 1, limit: 20, order_by: 'created_at', order_direction: 'asc' }, 9)) {
        events.push(...batch.map((e) => e.eventId));
      }
      const listed = await walk<Event>(f.app, f.tokens.a, '/v1/events', { order_direction: 'asc' });
      expect(events).toEqual(listed.items.map((e) => e.eventId));
    }, 180_000);

    it('writes the chosen columns in order; excel-br has a BOM, semicolons and comma decimals', async () => {
      const res = await csv(f, '/v1/transactions/summaries', { columns: 'amount,card_holder_name,id', csv_dialect: 'excel-br' });
      expect(res.statusCode).toBe(200);
      expect(res.body.startsWith('\ufeffamount;card_holder_name;id\r\n')).toBe(true);
      const [header, ...rows] = records(res.body, ';');
      expect(header).toEqual(['amount', 'card_holder_name', 'id']);
      const byId = new Map(f.orgA.summaries.map((s) => [s.id, s]));
      for (const row of rows) {
        const stored = byId.get(row[2] ?? '');
        expect(row[0]).toBe(minorToDecimal(stored?.amountMinor ?? -1n).replace('.', ','));
        expect(row[1]).toBe(stored?.cardHolderName ?? '');
      }
      expect(rows.length).toBe(f.orgA.summaries.length);
    });

    it('exports the merchant of each summary (id and name), as the list shows it', async () => {
      const res = await csv(f, '/v1/transactions/summaries', { columns: 'id,merchant_id,merchant_name' });
      expect(res.statusCode).toBe(200);
      const [header, ...rows] = records(res.body);
      expect(header).toEqual(['id', 'merchant_id', 'merchant_name']);
      const listed = await walk<Summary>(f.app, f.tokens.a, '/v1/transactions/summaries', {});
      const byId = new Map(listed.items.map((s) => [s.id, s]));
      expect(rows.length).toBe(listed.items.length);
      for (const row of rows) {
        expect(row[1]).toBe(byId.get(row[0] ?? '')?.merchantId ?? '');
        expect(row[2]).toBe(byId.get(row[0] ?? '')?.merchantName ?? '');
      }
      expect(rows.some((row) => row[2] !== '')).toBe(true);
    });

    it('exports events with decimal amounts and honours a merchant token', async () => {
      const res = await csv(f, '/v1/events', {}, f.tokens.merchantA);
      expect(res.statusCode).toBe(200);
      const [header, ...rows] = records(res.body);
      expect(header).toEqual([...defaultEventColumns]);
      const mine = f.orgA.events.filter((e) => e.merchantId === f.orgA.merchantIds[0]);
      expect(rows.length).toBe(mine.length);
      const byEventId = new Map(mine.map((e) => [e.eventId, e]));
      for (const row of rows) expect(row[header?.indexOf('amount') ?? -1]).toBe(minorToDecimal(byEventId.get(row[header?.indexOf('event_id') ?? -1] ?? '')?.amount ?? -1n));
    });

    it('rejects unknown columns with a 400 naming them, and still answers JSON without Accept: text/csv', async () => {
      const bad = await csv(f, '/v1/transactions/summaries', { columns: 'amount,pan,cvv' });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toContain('application/problem+json');
      const [error] = bad.json<Problem>().errors ?? [];
      expect(error?.parameter).toBe('columns');
      expect(error?.detail).toContain('"pan", "cvv"');
      expect(error?.detail).not.toContain('"amount"');
      const badEvents = await csv(f, '/v1/events', { columns: 'event_id,nope' });
      expect(badEvents.json<Problem>().errors?.[0]?.detail).toContain('"nope"');
      const json = await f.app.inject({ url: '/v1/transactions/summaries?columns=amount', headers: { authorization: f.tokens.a } });
      expect(json.statusCode).toBe(200);
      expect(Array.isArray(json.json())).toBe(true);
    });

    it('streams 100 000 rows in bounded server memory to a slow reader', async () => {
      const org = 'orgbigbigbigbigbig00';
      await insertOrganization(f.database, org, ['mbigbigbigbigbigbig0']);
      const n = 100_000;
      await f.database.exec(`INSERT INTO transaction_summaries (id, organization_id, merchant_id, created_at, acquirer, payment_method, status, amount_minor, currency, installments, gateway_transaction_id)
        SELECT 'big' || lpad(i::text, 17, '0'), '${org}', 'mbigbigbigbigbigbig0', now() - i * interval '1 second', 'cielo', 'pix', 'approved', i, 'BRL', 1, 'gw' || i
          FROM generate_series(1, ${n}) AS i`);
      const auth = await bearer(f.database, org);
      await f.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = f.app.server.address() as AddressInfo;
      // live heap after a full collection (vitest runs with --expose-gc): garbage not yet collected is not held memory
      const liveHeap = () => {
        global.gc?.();
        return process.memoryUsage().heapUsed;
      };
      const before = liveHeap();
      let chunks = 0;
      let peak = before;
      let lines = 0;
      let bytes = 0;
      let tail = '';
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/v1/transactions/summaries?columns=id,amount', headers: { authorization: auth, accept: 'text/csv' } }, (res) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            bytes += chunk.length;
            const text = tail + chunk;
            const parts = text.split('\r\n');
            tail = parts.pop() ?? '';
            lines += parts.length;
            chunks += 1;
            if (chunks % 25 === 0) peak = Math.max(peak, liveHeap());
            // a slow reader: the server must wait for it instead of buffering the rest
            res.pause();
            setTimeout(() => res.resume(), 1);
          });
          res.on('end', resolve);
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });
      expect(global.gc, 'vitest must run with --expose-gc (vite.config.ts)').toBeTypeOf('function');
      expect(chunks).toBeGreaterThan(50);
      expect(lines).toBe(n + 1);
      expect(bytes).toBeGreaterThan(2_500_000);
      // 100 000 rows held at once would be well over 50 MB of row objects; one batch is a few MB
      expect(peak - before).toBeLessThan(48 * 1024 * 1024);
    }, 300_000);
  });
});
