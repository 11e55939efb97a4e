import { describe, expect, it } from 'vitest';
import { cardBrands, cycleStatuses, cycleTypes, eventStatuses, eventTransactionStatuses, eventTransactionTypes, paymentMethods, providerNames, summaryStatuses } from '../../contract/enums.ts';
import { Event } from '../../contract/events.ts';
import { Notification } from '../../contract/notifications.ts';
import { timestampToNs } from '../../contract/filters.ts';
import { abecsCodes, abecsDeclines } from './abecs.ts';
import { binsByBrand } from './cards.ts';
import type { CycleRow } from './rows.ts';
import { generateAll, testAnchor, testContext } from './test-fixtures.ts';

const sample = generateAll(testContext(42), 4000);
const cyclesOf = new Map<string, CycleRow[]>();
for (const c of sample.cycles) cyclesOf.set(c.summaryId, [...(cyclesOf.get(c.summaryId) ?? []), c]);
const has = (cs: CycleRow[], type: string, status = 'approved') => cs.some((c) => c.type === type && c.status === status);

describe('generated sales are coherent', () => {
  it('covers every enum value', () => {
    const values = (xs: string[]) => new Set(xs);
    expect(values(sample.summaries.map((s) => s.status))).toEqual(new Set(summaryStatuses));
    expect(values(sample.summaries.map((s) => s.paymentMethod))).toEqual(new Set(paymentMethods));
    expect(values(sample.summaries.map((s) => s.acquirer))).toEqual(new Set(providerNames));
    expect(values(sample.summaries.flatMap((s) => (s.cardBrand ? [s.cardBrand] : [])))).toEqual(new Set(cardBrands));
    expect(values(sample.cycles.map((c) => c.type))).toEqual(new Set(cycleTypes));
    expect(values(sample.cycles.map((c) => c.status))).toEqual(new Set(cycleStatuses));
    expect(values(sample.events.map((e) => e.eventStatus))).toEqual(new Set(eventStatuses));
    // refund events only arrive as live notifications: the seed's events never describe refunds
    expect(values(sample.events.map((e) => e.transactionType))).toEqual(new Set(eventTransactionTypes.filter((t) => t !== 'refund')));
    expect(values(sample.events.map((e) => e.transactionStatus))).toEqual(new Set(eventTransactionStatuses));
    const declineCodes = values(sample.cycles.filter((c) => c.status === 'denied').map((c) => c.responseCode ?? ''));
    expect(declineCodes).toEqual(new Set(abecsDeclines.map((d) => d.code)));
  });

  it('tells each status with the right cycles and amounts', () => {
    for (const s of sample.summaries) {
      const cs = cyclesOf.get(s.id) ?? [];
      expect(cs.length).toBeGreaterThanOrEqual(1);
      expect(cs.length).toBeLessThanOrEqual(4);
      const captured = cs.filter((c) => c.type === 'capture' && c.status === 'approved').reduce((a, c) => a + c.amountMinor, 0);
      const refunded = cs.filter((c) => c.type === 'refund' && c.status === 'approved').reduce((a, c) => a + c.amountMinor, 0);
      if (s.status === 'approved') {
        expect(has(cs, 'authorization') || has(cs, 'pre_authorization')).toBe(true);
        expect(captured).toBe(s.amountMinor);
        expect(refunded).toBe(0);
      }
      if (s.status === 'refunded') {
        expect(captured).toBe(s.amountMinor);
        expect(refunded).toBeGreaterThan(0);
        expect(refunded).toBeLessThanOrEqual(captured);
      }
      if (s.status === 'canceled') expect(has(cs, 'void') || has(cs, 'reversal')).toBe(true);
      if (s.status === 'pending') expect(captured).toBe(0);
      if (s.status === 'denied') {
        expect(cs).toHaveLength(1);
        expect(cs[0]?.status).toBe('denied');
        expect(abecsCodes.has(cs[0]?.responseCode ?? '')).toBe(true);
        expect(cs[0]?.authorizationCode).toBeNull();
      }
      for (const c of cs) {
        if (c.status === 'approved') expect(c.responseCode).toBe('00');
        if (c.type === 'authorization' || c.type === 'pre_authorization') expect(c.amountMinor).toBe(s.amountMinor);
        expect(c.createdAtMs).toBeGreaterThanOrEqual(s.createdAtMs);
        expect(c.createdAtMs).toBeLessThanOrEqual(testAnchor);
      }
    }
  });

  it('keeps card data realistic and pix card-free', () => {
    for (const s of sample.summaries) {
      const cs = cyclesOf.get(s.id) ?? [];
      if (s.paymentMethod === 'pix') {
        expect([s.cardBrand, s.cardFirstDigits, s.cardLastDigits, s.cardHolderName]).toEqual([null, null, null, null]);
        expect(s.installments).toBe(1);
        for (const c of cs) expect([c.authorizationCode, c.retrievalReferenceNumber, c.systemTraceAuditNumber]).toEqual([null, null, null]);
        for (const c of cs) expect(c.gatewayTransactionId).toMatch(/^[ED]\d{8}\d{12}[0-9A-Z]{11}$/);
        continue;
      }
      expect(binsByBrand[s.cardBrand as keyof typeof binsByBrand]).toContain(s.cardFirstDigits);
      expect(s.cardLastDigits).toMatch(/^\d{4}$/);
      expect(s.cardHolderName).toMatch(/^[A-Z ]{3,26}$/);
      const expiry = (s.cardExpirationYear ?? 0) * 12 + (s.cardExpirationMonth ?? 0);
      const sale = new Date(s.createdAtMs);
      const expired = expiry < sale.getUTCFullYear() * 12 + sale.getUTCMonth() + 1;
      expect(expired).toBe(cs[0]?.responseCode === '54');
      if (s.paymentMethod === 'debit_card') expect(s.installments).toBe(1);
      expect(s.installments).toBeGreaterThanOrEqual(1);
      expect(s.installments).toBeLessThanOrEqual(12);
      for (const c of cs) {
        if (c.status !== 'pending') expect(c.retrievalReferenceNumber).toMatch(/^\d{12}$/);
        expect(c.systemTraceAuditNumber).toMatch(/^\d{6}$/);
        if (c.status === 'approved') expect(c.authorizationCode).toMatch(/^[0-9A-Z]{6}$/);
        if (c.deviceLatitude !== null) expect(c.deviceLatitude).toBeGreaterThan(-34);
        if (c.deviceLatitude !== null) expect(c.deviceLatitude).toBeLessThan(6);
      }
    }
    expect(sample.summaries.filter((s) => s.amountMinor === 15000).length).toBeGreaterThan(5);
    expect(new Set(sample.summaries.map((s) => s.gatewayTransactionId)).size).toBe(sample.summaries.length);
  });

  it('puts data in the last 90 days, with rows today and in the last week', () => {
    const day = 86_400_000;
    const times = sample.summaries.map((s) => s.createdAtMs);
    expect(Math.max(...times)).toBeLessThanOrEqual(testAnchor);
    expect(Math.min(...times)).toBeGreaterThan(testAnchor - 91 * day);
    expect(times.filter((t) => t > testAnchor - day).length / times.length).toBeGreaterThan(0.04);
    expect(times.filter((t) => t > testAnchor - 7 * day).length / times.length).toBeGreaterThan(0.2);
  });
});

describe('generated events', () => {
  it('match the Event contract and the null rules', () => {
    const byId = new Map(sample.summaries.map((s) => [s.id, s]));
    for (const e of sample.events) {
      const s = byId.get(e.id);
      expect(s).toBeDefined();
      expect(Event.safeParse({ ...e, createdAt: e.createdAtText, updatedAt: e.updatedAtText, nextAttemptAt: null, connectionId: null }).success).toBe(true);
      // historical processing fields: processed once when last updated; failed once (terminal not yet connected); pending never scheduled
      if (e.eventStatus === 'processed') expect([e.attempts, e.processedAt, e.summaryId, e.failureReason]).toEqual([1, e.updatedAtText, e.id, null]);
      if (e.eventStatus === 'failed') expect([e.attempts, e.processedAt, e.summaryId, e.failureReason]).toEqual([1, null, null, 'unknown_terminal']);
      if (e.eventStatus === 'pending') expect([e.attempts, e.processedAt, e.summaryId, e.failureReason]).toEqual([0, null, null, null]);
      expect(timestampToNs(e.createdAtText)).toBe(e.createdAtNs);
      expect(timestampToNs(e.updatedAtText)! >= e.createdAtNs).toBe(true);
      expect(e.acquirerMerchantIdentifier).toMatch(/^[A-Za-z0-9]{1,15}$/);
      expect(e.acquirerTerminalIdentifier).toMatch(/^[A-Za-z0-9]{1,8}$/);
      expect(e.merchantTaxId).toMatch(/^\d{14}$/);
      if (e.transactionStatus !== 'approved') expect(e.authorizationCode).toBeNull();
      if (e.paymentMethod === 'pix') expect([e.cardData, e.productAid, e.installments]).toEqual([null, null, null]);
      if (s?.installments === 1) expect([e.installments, e.installmentInterest]).toEqual([null, null]);
      if (e.terminalData.navigationMethod !== 'wifi') expect(e.terminalData.networkSsid).toBeNull();
      if (e.terminalData.navigationMethod === 'wifi') expect(e.terminalData.simSerialNumber).toBeNull();
      if (e.terminalData.simSerialNumber !== null) expect(e.terminalData.simSerialNumber).toMatch(/^8955\d{15,16}$/);
    }
    const fractions = (digits: number) => sample.events.filter((e) => new RegExp(`:\\d{2}${digits ? `\\.\\d{${digits}}` : ''}Z$`).test(e.createdAtText)).length;
    expect(fractions(9)).toBeGreaterThan(100);
    expect(fractions(3)).toBeGreaterThan(100);
    expect(fractions(0)).toBeGreaterThan(100);
    expect(sample.events.some((e) => Object.keys(e.metadata).length === 0)).toBe(true);
    expect(new Set(sample.events.map((e) => e.eventId)).size).toBe(sample.events.length);
    const perSummary = new Map<string, number>();
    for (const e of sample.events) perSummary.set(e.id, (perSummary.get(e.id) ?? 0) + 1);
    expect(Math.max(...perSummary.values())).toBe(2);
    expect(perSummary.size).toBeLessThan(sample.summaries.length);
  });

  it('carry the notification they arrived as: valid under the contract, saying what the event stores, plus the NSU', () => {
    const cycleOf = new Map(sample.cycles.map((c) => [`${c.summaryId}|${c.type}|${c.status}|${c.amountMinor}`, c]));
    for (const e of sample.events) {
      const parsed = Notification.safeParse(JSON.parse(e.rawBody));
      expect(parsed.success, e.rawBody).toBe(true);
      if (!parsed.success) continue;
      const n = parsed.data;
      expect([n.eventId, n.id, n.createdAt, n.amount, n.transactionType, n.transactionStatus]).toEqual([e.eventId, e.id, e.createdAtText, e.amount, e.transactionType, e.transactionStatus]);
      expect([n.acquirerMerchantIdentifier, n.acquirerTerminalIdentifier, n.retrievalReferenceNumber, n.acquirerResponseCode]).toEqual([e.acquirerMerchantIdentifier, e.acquirerTerminalIdentifier, e.retrievalReferenceNumber, e.acquirerResponseCode]);
      expect(n.terminalData).toEqual(e.terminalData);
      expect(n.metadata).toEqual(e.metadata);
      expect(n.cardData === null ? null : { captureMethod: n.cardData.captureMethod, holderName: n.cardData.holderName, cardBrand: n.cardData.cardBrand, bin: n.cardData.bin, last4: n.cardData.last4 }).toEqual(e.cardData);
      const nsu = (JSON.parse(e.rawBody) as { nsu?: string }).nsu;
      const cycle = cycleOf.get(`${e.id}|${e.transactionType}|${e.transactionStatus}|${e.amount}`);
      expect(nsu ?? null).toBe(cycle?.systemTraceAuditNumber ?? null);
    }
    expect(sample.events.some((e) => e.rawBody.includes('"nsu":"'))).toBe(true);
  });
});
