import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../contract/events.ts';
import type { Problem } from '../../contract/problem.ts';
import { responseCodeTextsEn } from '../../contract/response-code-texts-en.ts';
import { responseCodeTextsPt } from '../../contract/response-code-texts-pt.ts';
import type { ResponseCodeTexts } from '../../contract/response-codes.ts';
import type { Summary } from '../../contract/summaries.ts';
import { backends } from '../test/harness.ts';
import { createListFixture, walk, type ListFixture } from '../test/list-fixture.ts';

/** Issue 23: the export's time zone (tz), its words (lang, Accept-Language) and its response code columns. */
const records = (body: string): string[][] => parse(body, { bom: true });

/** 2026-11-25T14:03:00.123Z shifted by a fixed offset, written as the export should: wall time, fraction, ±hh:mm. */
function shifted(iso: string, offsetMinutes: number): string {
  const fraction = /(\.\d+)Z$/.exec(iso)?.[1] ?? '';
  const wall = new Date(Date.parse(iso) + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offsetMinutes);
  const sign = offsetMinutes < 0 ? '-' : '+';
  return `${wall}${fraction}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The code that speaks for a summary, worked out here from its cycles: the last denied one's, else the last given. */
function expectedCode(summary: Summary): string | null {
  const withCode = summary.cycles.filter((c) => c.responseCode !== null);
  return (withCode.findLast((c) => c.status === 'denied') ?? withCode.at(-1))?.responseCode ?? null;
}
const meaning = (texts: ResponseCodeTexts, code: string | null) => (code !== null && code in texts ? texts[code as keyof ResponseCodeTexts].meaning : '');

describe.each(backends)('CSV export: time zones, languages, response codes on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let f: ListFixture;
    let summaries: Summary[];
    const csv = (path: string, params: Record<string, string>, headers: Record<string, string> = {}) =>
      f.app.inject({ url: `${path}?${new URLSearchParams(params).toString()}`, headers: { authorization: f.tokens.a, accept: 'text/csv', ...headers } });
    beforeAll(async () => {
      f = await createListFixture(kind, { a: 160, b: 10 });
      summaries = (await walk<Summary>(f.app, f.tokens.a, '/v1/transactions/summaries', {})).items;
    });
    afterAll(async () => f?.close());

    it('writes times in UTC with Z by default and with tz=UTC, and in a zone with its offset (São Paulo: -03:00, no DST; Kolkata: +05:30)', async () => {
      const cases: [Record<string, string>, (iso: string) => string][] = [
        [{}, (iso) => iso],
        [{ tz: 'UTC' }, (iso) => iso],
        [{ tz: 'America/Sao_Paulo' }, (iso) => shifted(iso, -180)],
        [{ tz: 'Asia/Kolkata' }, (iso) => shifted(iso, 330)],
      ];
      for (const [params, expected] of cases) {
        const res = await csv('/v1/transactions/summaries', { ...params, columns: 'id,created_at' });
        expect(res.statusCode, res.body).toBe(200);
        const [, ...rows] = records(res.body);
        expect(rows.map(([, at]) => at)).toEqual(summaries.map((s) => expected(s.createdAt ?? '')));
      }
      const [, ...events] = records((await csv('/v1/events', { columns: 'created_at', tz: 'America/Sao_Paulo' })).body);
      const listed = await walk<Event>(f.app, f.tokens.a, '/v1/events', {});
      expect(events.map(([at]) => at)).toEqual(listed.items.map((e) => shifted(e.createdAt, -180)));
      expect(events[0]?.[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+-03:00$/);
    });

    it('refuses a time zone that is not an IANA name, naming tz', async () => {
      for (const tz of ['Mars/Olympus', '-03:00', 'America/Sao_Paulo; drop']) {
        const res = await csv('/v1/transactions/summaries', { tz });
        expect(res.statusCode, tz).toBe(400);
        expect(res.json<Problem>().errors?.[0]?.parameter).toBe('tz');
      }
    });

    it('writes codes by default, words with lang=pt-BR, and each summary’s response code and decline reason when asked', async () => {
      const columns = 'id,status,payment_method,acquirer,response_code,decline_reason';
      const [header, ...raw] = records((await csv('/v1/transactions/summaries', { columns })).body);
      expect(header).toEqual(columns.split(','));
      const byId = new Map(summaries.map((s) => [s.id, s]));
      const declined = summaries.filter((s) => s.status === 'denied');
      expect(declined.length).toBeGreaterThan(0);
      for (const [id = '', status, method, acquirer, code, reason] of raw) {
        const s = byId.get(id);
        expect([status, method, acquirer]).toEqual([s?.status, s?.paymentMethod, s?.acquirer]);
        expect(code).toBe(s ? (expectedCode(s) ?? '') : 'missing');
        // a script's decline reason is English (no lang, no Accept-Language)
        expect(reason).toBe(s?.status === 'denied' ? meaning(responseCodeTextsEn, expectedCode(s)) : '');
      }
      expect(raw.filter((r) => r[5] !== '').length).toBeGreaterThan(0);

      const [, ...pt] = records((await csv('/v1/transactions/summaries', { columns, lang: 'pt-BR', csv_dialect: 'excel-br' })).body.replace(/;/g, ','));
      const words: Record<string, string> = { approved: 'Aprovada', denied: 'Negada', credit_card: 'Cartão de crédito', debit_card: 'Cartão de débito', pix: 'Pix' };
      for (const [id = '', status, method, , code, reason] of pt) {
        const s = byId.get(id);
        if (s && s.status in words) expect(status).toBe(words[s.status]);
        if (s) expect(method).toBe(words[s.paymentMethod]);
        expect(code).toBe(s ? (expectedCode(s) ?? '') : 'missing');
        if (s?.status === 'denied' && expectedCode(s) === '51') expect(reason).toBe('Saldo ou limite insuficiente.');
        expect(reason).toBe(s?.status === 'denied' ? meaning(responseCodeTextsPt, expectedCode(s)) : '');
      }
    });

    it('takes the decline reason’s language from Accept-Language when lang is absent, codes staying codes', async () => {
      const res = await csv('/v1/transactions/summaries', { columns: 'id,status,decline_reason', status: 'denied' }, { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' });
      const [, ...rows] = records(res.body);
      expect(rows.length).toBeGreaterThan(0);
      const byId = new Map(summaries.map((s) => [s.id, s]));
      for (const [id = '', status, reason] of rows) {
        expect(status).toBe('denied');
        expect(reason).toBe(meaning(responseCodeTextsPt, expectedCode(byId.get(id) as Summary)));
      }
    });

    it('exports the events’ response code and decline reason, in words with lang', async () => {
      const listed = await walk<Event>(f.app, f.tokens.a, '/v1/events', {});
      const res = await csv('/v1/events', { columns: 'event_id,transaction_status,acquirer_response_code,decline_reason', lang: 'pt-BR' });
      const [header, ...rows] = records(res.body);
      expect(header).toEqual(['event_id', 'transaction_status', 'acquirer_response_code', 'decline_reason']);
      const byId = new Map(listed.items.map((e) => [e.eventId, e]));
      expect(rows.length).toBe(listed.items.length);
      for (const [id = '', status, code, reason] of rows) {
        const e = byId.get(id);
        expect(code).toBe(e?.acquirerResponseCode ?? '');
        expect(status).toBe(e?.transactionStatus === 'denied' ? 'Negada' : status);
        expect(reason).toBe(e?.transactionStatus === 'denied' ? meaning(responseCodeTextsPt, e.acquirerResponseCode) : '');
      }
      expect(rows.some((r) => r[3] !== '')).toBe(true);
    });
  });
});
