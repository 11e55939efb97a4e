import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveEventStream, type LiveStatus } from './event-stream.ts';

interface Call {
  headers: Record<string, string>;
  /** pushes text into this connection's body */
  push: (text: string) => void;
  close: () => void;
}

/** A fake server: each connection is a call whose body the test writes; `answer` picks the status per call. */
function fakeServer(answer: (n: number) => number = () => 200) {
  const calls: Call[] = [];
  const fetch = (_url: string, init: RequestInit) => {
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    const call: Call = { headers: init.headers as Record<string, string>, push: (text) => controller.enqueue(encoder.encode(text)), close: () => controller.close() };
    calls.push(call);
    const status = answer(calls.length);
    if (status !== 200) return Promise.resolve(new Response(JSON.stringify({ type: 'about:blank' }), { status, headers: { 'content-type': 'application/json' } }));
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }));
  };
  return { calls, fetch };
}

const message = (id: number, eventId: string, status = 'pending') =>
  `id: ${id}\nevent: event\ndata: ${JSON.stringify({ ...sample, eventId, eventStatus: status })}\n\n`;

const sample = {
  id: 'txn1', createdAt: '2026-06-01T12:00:00.123456789Z', updatedAt: '2026-06-01T12:00:00Z', terminalId: 'T1', merchantId: 'm1', eventId: 'e', eventStatus: 'pending',
  eventType: 'payment.authorized', acquirerName: 'cielo', transactionType: 'authorization', transactionStatus: 'approved', terminalSerialNumber: 'S',
  merchantTaxId: '12345678000199', acquirerMerchantIdentifier: 'M', acquirerTerminalIdentifier: 'T', currency: 'BRL', amount: 100, paymentMethod: 'pix',
  installments: null, installmentInterest: null, authorizationCode: null, productAid: null, retrievalReferenceNumber: null, acquirerResponseCode: null,
  cardData: null, terminalData: { navigationMethod: null, networkSsid: null, simSerialNumber: null, simApnData: null, ipAddress: null, latitude: null, longitude: null },
  metadata: {}, failureReason: null, failureDetail: null, attempts: 0, nextAttemptAt: null, processedAt: null, summaryId: null, connectionId: null,
};

let stream: LiveEventStream | null = null;
afterEach(() => stream?.stop());

describe('LiveEventStream', () => {
  it('delivers messages, reconnects after a drop with Last-Event-ID, and reports its state', async () => {
    const server = fakeServer();
    stream = new LiveEventStream({ fetch: server.fetch, retryMs: 10, isOnline: () => true });
    const statuses: LiveStatus[] = [];
    stream.onStatus(() => statuses.push(stream?.getStatus() ?? 'offline'));
    const received: string[] = [];
    let gaps = 0;
    stream.onGap(() => gaps++);
    stream.subscribe((e) => received.push(`${e.eventId}:${e.eventStatus}`));
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.headers['last-event-id']).toBeUndefined();
    server.calls[0]?.push(`retry: 600\n: hello\n\n${message(41, 'a')}`);
    server.calls[0]?.push(message(42, 'a', 'processed').slice(0, 30));
    server.calls[0]?.push(message(42, 'a', 'processed').slice(30));
    server.calls[0]?.push('id: 43\nevent: event\ndata: {"not":"an event"}\n\n');
    await vi.waitFor(() => expect(received).toEqual(['a:pending', 'a:processed']));
    expect(stream.getStatus()).toBe('live');
    server.calls[0]?.close();
    await vi.waitFor(() => expect(server.calls).toHaveLength(2), { timeout: 3000 });
    expect(server.calls[1]?.headers['last-event-id']).toBe('43');
    await vi.waitFor(() => expect(stream?.getStatus()).toBe('live'));
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
    // only the first connection could miss changes; the resumed one gets every change after 43
    expect(gaps).toBe(1);
  });

  it('stops on 401 and says offline; one connection serves every subscriber', async () => {
    const server = fakeServer((n) => (n === 1 ? 401 : 200));
    stream = new LiveEventStream({ fetch: server.fetch, retryMs: 10, isOnline: () => true });
    const stopA = stream.subscribe(() => undefined);
    stream.subscribe(() => undefined);
    await vi.waitFor(() => expect(stream?.getStatus()).toBe('offline'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls).toHaveLength(1);
    stopA();
  });

  it('says offline after repeated failures and keeps trying', async () => {
    const server = fakeServer((n) => (n <= 3 ? 503 : 200));
    stream = new LiveEventStream({ fetch: server.fetch, retryMs: 5, offlineAfter: 2, isOnline: () => true });
    const seen = new Set<LiveStatus>();
    stream.onStatus(() => seen.add(stream?.getStatus() ?? 'offline'));
    stream.subscribe(() => undefined);
    await vi.waitFor(() => expect(stream?.getStatus()).toBe('live'), { timeout: 3000 });
    expect(server.calls).toHaveLength(4);
    expect([...seen]).toEqual(['connecting', 'reconnecting', 'offline', 'live']);
  });
});
