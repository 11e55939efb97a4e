import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit.ts';
import type { ExceptionDetail, ReconciliationException, StatementFile } from '../../contract/reconciliation.ts';
import { writeCieloV15 } from '../seed/statements/cielo-v15-writer.ts';
import { buildStatement } from '../seed/statements/discrepancies.ts';
import { backends, bearer, createTestApp, insertOrganization, type TestApp } from '../test/harness.ts';
import { generatorCostRates, insertCostPlan, insertSales } from './reconciliation-fixture.ts';

const org = 'org-api';
const dayMs = 86_400_000;
const firstDayMs = Math.floor(Date.now() / dayMs) * dayMs - 10 * dayMs;

function multipart(name: string, content: Buffer) {
  const boundary = 'rxboundary7e3';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(backends.filter((b) => b.kind === 'pglite'))('reconciliation API on $kind', ({ kind }) => {
  let t: TestApp;
  let auth: string;
  let fileBytes: Buffer;
  let unknownNsu: string;
  let otherSale: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await insertOrganization(t.database, org, ['m1', 'm2']);
    await insertCostPlan(t.database, org, 'cielo', [{ effectiveFrom: '2000-01-01', rates: generatorCostRates('cielo') }]);
    auth = await bearer(t.database, org);
    const sales = await insertSales(t.database, org, 'cielo', { m1: '1012340001', m2: '1012340002' }, firstDayMs, 2, 30);
    const days = [...new Set(sales.map((s) => s.capturedOn))].sort();
    const built = buildStatement('cielo', sales.filter((s) => s.status !== 'denied'), { unknown: 1, amount: 2, fee: 1 }, 4);
    unknownNsu = built.injected.find((d) => d.kind === 'unknown')?.nsu ?? '';
    otherSale = sales.find((s) => s.status === 'denied')?.summaryId ?? '';
    const lines = [...writeCieloV15({ headMid: '1012340001', generatedOn: days[1] as string, periodStart: days[0] as string, periodEnd: days[1] as string, sequence: 3 }, built.entries)];
    fileBytes = Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { authorization: auth } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  it('imports a file sent as the body, recognises it sent again as multipart, lists it with its results', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/v1/reconciliation/files?name=CIELO03D.TXT', headers: { authorization: auth, 'content-type': 'text/plain' }, payload: fileBytes });
    expect(first.statusCode, first.body).toBe(201);
    const file = first.json<{ duplicate: boolean; file: StatementFile }>();
    expect(file.duplicate).toBe(false);
    const lines = fileBytes.toString('latin1').split('\r\n').filter((l) => l !== '');
    expect(file.file).toMatchObject({ acquirer: 'cielo', layout: 'cielo-v15', name: 'CIELO03D.TXT', lines: lines.length, exceptions: 4 });
    expect(file.file.saleRecords).toBe(lines.filter((l) => l.startsWith('E') && l.slice(27, 29) !== '06').length);

    const { body, contentType } = multipart('copy.txt', fileBytes);
    const again = await t.app.inject({ method: 'POST', url: '/v1/reconciliation/files', headers: { authorization: auth, 'content-type': contentType }, payload: body });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, file: { id: file.file.id } });
    const list = await get<{ data: StatementFile[] }>('/v1/reconciliation/files');
    expect(list.data.map((f) => f.id)).toEqual([file.file.id]);
  });

  it('refuses a damaged file with every bad line, storing nothing', async () => {
    const lines = fileBytes.toString('latin1').split('\r\n');
    lines[1] = (lines[1] as string).slice(0, 300);
    lines[2] = `${(lines[2] as string).slice(0, 565)}32132026${(lines[2] as string).slice(573)}`;
    const response = await t.app.inject({ method: 'POST', url: '/v1/reconciliation/files', headers: { authorization: auth, 'content-type': 'application/octet-stream' }, payload: Buffer.from(lines.join('\r\n'), 'latin1') });
    expect(response.statusCode).toBe(422);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const problem = response.json<{ detail: string; errors: { pointer: string; parameter: string; detail: string }[] }>();
    expect(problem.errors.slice(0, 2)).toEqual([
      { pointer: '/lines/2', parameter: 'record length', detail: 'line 2, record length: record E must be 722-760 characters long, found 300 (truncated line)' },
      { pointer: '/lines/3', parameter: 'data de autorização da venda', detail: 'line 3, data de autorização da venda: "32132026" is not a calendar date (DDMMAAAA)' },
    ]);
    expect(problem.detail).toContain('Nothing was stored');
    expect((await get<{ data: unknown[] }>('/v1/reconciliation/files')).data).toHaveLength(1);
  });

  it('lists, filters and ages exceptions; shows both sides; resolves with a note, once', async () => {
    const all = await get<{ data: ReconciliationException[] }>('/v1/reconciliation/exceptions');
    expect(all.data.map((e) => e.outcome).sort()).toEqual(['amount_differs', 'amount_differs', 'fee_differs', 'unknown_to_platform']);
    const amounts = await get<{ data: ReconciliationException[] }>('/v1/reconciliation/exceptions?outcome=amount_differs&limit=1');
    expect(amounts.data).toHaveLength(1);
    const ageingResult = await get<{ buckets: { bucket: string; count: number }[] }>('/v1/reconciliation/exceptions/ageing');
    expect(ageingResult.buckets.reduce((s, b) => s + b.count, 0)).toBe(4);
    expect(ageingResult.buckets.find((b) => b.bucket === '8-30')?.count).toBe(4);

    const target = amounts.data[0] as ReconciliationException;
    const detail = await get<ExceptionDetail>(`/v1/reconciliation/exceptions/${target.id}`);
    expect(detail.platform?.amountMinor).toBe(target.expectedMinor);
    expect(detail.acquirer[0]?.saleTotalMinor).toBe(target.reportedMinor);

    const resolve = (payload: object) => t.app.inject({ method: 'POST', url: `/v1/reconciliation/exceptions/${target.id}/resolution`, headers: { authorization: auth }, payload });
    const noNote = await resolve({ action: 'accept', note: '  ' });
    expect(noNote.statusCode).toBe(400);
    // a resolution's JSON goes through Fastify's own parser under the app's body limit, like every other JSON body
    const raw = (payload: string) =>
      t.app.inject({ method: 'POST', url: `/v1/reconciliation/exceptions/${target.id}/resolution`, headers: { authorization: auth, 'content-type': 'application/json' }, payload });
    const broken = await raw('{"action": "accept", "note": ');
    expect([broken.statusCode, broken.headers['content-type'], broken.json<{ detail: string }>().detail]).toEqual([400, 'application/problem+json; charset=utf-8', 'The request body is not valid JSON.']);
    expect((await raw('{"action": "accept", "note": "x", "__proto__": {"admin": true}}')).statusCode).toBe(400);
    expect((await raw(JSON.stringify({ action: 'accept', note: 'x'.repeat(70 * 1024) }))).statusCode).toBe(413);
    const done = await resolve({ action: 'accept', note: 'Cielo is right: tip added at the terminal' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ExceptionDetail>().exception).toMatchObject({ status: 'accepted', note: 'Cielo is right: tip added at the terminal' });
    expect(done.json<ExceptionDetail>().exception.resolvedBy).toMatch(/\S/);
    expect((await resolve({ action: 'ignore', note: 'again' })).statusCode).toBe(409);
  });

  it('links an unknown record to a sale', async () => {
    const unknown = (await get<{ data: ReconciliationException[] }>('/v1/reconciliation/exceptions?outcome=unknown_to_platform')).data[0] as ReconciliationException;
    const linked = await t.app.inject({ method: 'POST', url: `/v1/reconciliation/exceptions/${unknown.id}/resolution`, headers: { authorization: auth }, payload: { action: 'link', note: 'same sale, terminal sent another NSU', summaryId: otherSale } });
    expect(linked.statusCode, linked.body).toBe(200);
    const detail = linked.json<ExceptionDetail>();
    expect(detail.exception).toMatchObject({ status: 'linked', linkedSummaryId: otherSale });
    expect(detail.platform?.id).toBe(otherSale);
    expect(detail.acquirer.every((r) => r.nsu === unknownNsu)).toBe(true);
  });

  it('resolves 10 000 exceptions selected by a filter in one request with one note', async () => {
    await t.database.db.execute(sql`insert into reconciliation_exceptions (id, organization_id, key, outcome, acquirer, day, expected_minor)
      select 'bulk' || g, ${org}, 'bulk|' || g, 'missing_from_acquirer', 'getnet', (now() at time zone 'America/Sao_Paulo')::date - (g % 40), g from generate_series(1, 10000) g`);
    const response = await t.app.inject({ method: 'POST', url: '/v1/reconciliation/exceptions/bulk-resolution', headers: { authorization: auth }, payload: { filter: { acquirer: 'getnet', outcome: 'missing_from_acquirer' }, action: 'ignore', note: 'test terminals, never settled' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: 10_000 });
    expect((await get<{ data: unknown[] }>('/v1/reconciliation/exceptions?acquirer=getnet')).data).toHaveLength(0);
    const ignored = await get<{ data: ReconciliationException[] }>('/v1/reconciliation/exceptions?acquirer=getnet&status=ignored&limit=500');
    expect(ignored.data).toHaveLength(500);
    expect(ignored.data.every((e) => e.note === 'test terminals, never settled' && e.resolvedAt !== null)).toBe(true);
    // the ageing buckets come from per-day counts kept by triggers: they follow the bulk update (ages g % 40 days, amounts g)
    type Buckets = { buckets: { bucket: string; count: number; amountMinor: string }[] };
    const open = await get<Buckets>('/v1/reconciliation/exceptions/ageing?acquirer=getnet');
    expect(open.buckets.map((b) => b.count)).toEqual([0, 0, 0, 0]);
    const aged = await get<Buckets>('/v1/reconciliation/exceptions/ageing?acquirer=getnet&status=ignored');
    expect(aged.buckets.map((b) => [b.bucket, b.count])).toEqual([['0-2', 750], ['3-7', 1250], ['8-30', 5750], ['31+', 2250]]);
    expect(aged.buckets.reduce((s, b) => s + BigInt(b.amountMinor), 0n)).toBe(50_005_000n);
  });

  it('pages through 10 000 exceptions by their cursors, each once, oldest day first; a changed or foreign cursor is a 400', async () => {
    type Page = { data: ReconciliationException[]; nextCursor: string | null };
    const base = '/v1/reconciliation/exceptions?acquirer=getnet&status=ignored&limit=500';
    const seen: ReconciliationException[] = [];
    let cursor: string | null = null;
    let first: Page | null = null;
    for (let pages = 0; pages < 30; pages++) {
      const page: Page = await get<Page>(cursor === null ? base : `${base}&cursor=${cursor}`);
      first ??= page;
      seen.push(...page.data);
      cursor = page.nextCursor;
      if (cursor === null) break;
    }
    expect(cursor).toBeNull();
    expect(seen).toHaveLength(10_000);
    expect(new Set(seen.map((e) => e.id)).size).toBe(10_000);
    expect(seen.every((e, i) => i === 0 || (seen[i - 1] as ReconciliationException).day <= e.day)).toBe(true);
    const next = first?.nextCursor as string;
    const refused = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization: auth } });
      expect(response.statusCode, response.body).toBe(400);
      return response.json<{ errors: { parameter: string }[] }>().errors.map((e) => e.parameter);
    };
    const changed = `${next.slice(0, 10)}${next[10] === 'A' ? 'B' : 'A'}${next.slice(11)}`;
    expect(await refused(`${base}&cursor=${changed}`)).toEqual(['cursor']);
    expect(await refused(`/v1/reconciliation/exceptions?acquirer=cielo&status=ignored&limit=500&cursor=${next}`)).toEqual(['cursor']);
    expect(await refused(`${base}&cursor=2026-01-01`)).toEqual(['cursor']);
  });

  it('pages the files newest first by their cursors; a cursor of another list is a 400', async () => {
    await insertOrganization(t.database, 'org-files', ['mf']);
    const files = await bearer(t.database, 'org-files');
    // XIDs sort by creation time: ids written in that order, newest last
    const ids = Array.from({ length: 7 }, (_v, i) => `cv${String(i).padStart(2, '0')}0000000000000000`);
    await t.database.db.execute(sql`insert into statement_files (id, organization_id, acquirer, layout, sha256, size_bytes, lines, records, imported_by)
      select id, 'org-files', 'cielo', 'cielo-v15', 'sha-' || id, 100, 2, 0, 'test' from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as id`);
    type Page = { data: StatementFile[]; nextCursor: string | null };
    const read = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: files } });
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page: Page = (await read(`/v1/reconciliation/files?limit=3${cursor === null ? '' : `&cursor=${cursor}`}`)).json<Page>();
      seen.push(...page.data.map((f) => f.id));
      cursor = page.nextCursor;
      if (cursor === null) break;
    }
    expect(seen).toEqual([...ids].reverse());
    const exceptionsCursor = (await get<{ nextCursor: string }>('/v1/reconciliation/exceptions?acquirer=getnet&status=ignored&limit=1')).nextCursor;
    for (const bad of [exceptionsCursor, ids[3] as string]) {
      const refused = await read(`/v1/reconciliation/files?limit=3&cursor=${bad}`);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<{ errors: { parameter: string }[] }>().errors.map((e) => e.parameter)).toEqual(['cursor']);
    }
  });

  it('records uploads and resolutions in the audit trail: who, what, outcome; a bulk one with its count', async () => {
    const trail = (query: string) => get<AuditEntry[]>(`/v1/audit?${query}`);
    const uploads = await trail('action=statement_file.upload');
    const file = (await get<{ data: StatementFile[] }>('/v1/reconciliation/files')).data[0] as StatementFile;
    // newest first: the damaged file (refused), the copy (duplicate), the first upload
    expect(uploads.map((e) => [e.outcome, e.details.status, e.target.type, e.target.id])).toEqual([
      ['failure', 422, 'statement_file', null], ['success', 200, 'statement_file', file.id], ['success', 201, 'statement_file', file.id],
    ]);
    expect(uploads.every((e) => e.actor.kind === 'token' && e.actor.id === file.importedBy)).toBe(true);
    expect(uploads[2]?.details).toMatchObject({ name: 'CIELO03D.TXT', duplicate: false, lines: file.lines, exceptions: file.exceptions });
    expect(uploads[1]?.details).toMatchObject({ name: 'copy.txt', duplicate: true });
    expect(Number(uploads[0]?.details.problems)).toBeGreaterThanOrEqual(2);

    const resolutions = await trail('action=reconciliation_exception.resolve');
    const accepted = (await get<{ data: ReconciliationException[] }>('/v1/reconciliation/exceptions?status=accepted')).data[0] as ReconciliationException;
    // newest first: the link, the refused second resolution (409), the accept, the bodies refused before the handler (too
    // large 413, __proto__ 400, broken JSON 400: audited too), the one without a note (400)
    expect(resolutions.map((e) => [e.outcome, e.details.status, e.details.action])).toEqual([
      ['success', 200, 'link'], ['failure', 409, 'ignore'], ['success', 200, 'accept'],
      ['failure', 413, undefined], ['failure', 400, undefined], ['failure', 400, undefined], ['failure', 400, undefined],
    ]);
    expect(resolutions[2]).toMatchObject({ actor: { kind: 'token', id: accepted.resolvedBy }, target: { type: 'reconciliation_exception', id: accepted.id }, details: { outcome: 'amount_differs', note: 'Cielo is right: tip added at the terminal' } });

    const bulk = await trail('action=reconciliation_exception.bulk_resolve');
    expect(bulk).toHaveLength(1);
    expect(bulk[0]).toMatchObject({ outcome: 'success', actor: { kind: 'token', id: accepted.resolvedBy }, details: { status: 200, action: 'ignore', count: 10_000, filter: { acquirer: 'getnet', outcome: 'missing_from_acquirer' } } });
  });

  it('needs the reconciliation scopes', async () => {
    const reader = await bearer(t.database, org, { scopes: ['reconciliation:read'] });
    expect((await t.app.inject({ method: 'GET', url: '/v1/reconciliation/exceptions', headers: { authorization: reader } })).statusCode).toBe(200);
    const write = await t.app.inject({ method: 'POST', url: '/v1/reconciliation/exceptions/bulk-resolution', headers: { authorization: reader }, payload: { filter: {}, action: 'ignore', note: 'x' } });
    expect(write.statusCode).toBe(403);
    const denied = await get<AuditEntry[]>('/v1/audit?action=reconciliation_exception.bulk_resolve&outcome=denied');
    expect(denied.map((e) => [e.outcome, e.details.status])).toEqual([['denied', 403]]);
    const none = await bearer(t.database, org, { scopes: ['transactions:read'] });
    expect((await t.app.inject({ method: 'GET', url: '/v1/reconciliation/files', headers: { authorization: none } })).statusCode).toBe(403);
  });
});
