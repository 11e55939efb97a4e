import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../contract/events.ts';
import { openDatabase } from '../db/client.ts';
import { drainDueEvents } from '../processing/worker.ts';
import { backends, bearer, createTestApp, postgresUrlOf, type TestApp } from '../test/harness.ts';
import { connect, counts, createLiveOrg, eventRow, fastPolicy, notification, postNotification, type LiveOrg } from '../test/notification-fixture.ts';

interface Frame {
  id: string;
  event: Event;
}

/** Reads server-sent events until `done` says so (or the time runs out). */
async function readFrames(response: Response, done: (frames: Frame[]) => boolean, timeoutMs = 15_000): Promise<Frame[]> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const frames: Frame[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (!done(frames) && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
    if (chunk === null || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (id && data) frames.push({ id, event: JSON.parse(data) as Event });
    }
  }
  await reader.cancel();
  return frames;
}

describe.each(backends)('live events on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestApp;
    let org: LiveOrg;
    let origin: string;
    beforeAll(async () => {
      t = await createTestApp(kind);
      org = await createLiveOrg(t.database);
      origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => t?.close());
    const drain = () => drainDueEvents(t.database, { policy: fastPolicy, changes: t.app.live.changes });
    const stream = async (token: string, query = '', lastEventId?: string) =>
      fetch(`${origin}/v1/events/stream${query}`, { headers: { authorization: token, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } });

    it('pushes new and changed events, and resumes after Last-Event-ID', async () => {
      const token = await bearer(t.database, org.organizationId, { scopes: ['events:read'] });
      const live = await stream(token);
      expect(live.status).toBe(200);
      expect(live.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const a = notification(org);
      const reading = readFrames(live, (f) => f.some((x) => x.event.eventId === a.eventId && x.event.eventStatus === 'processed'));
      await postNotification(t.app, org, a);
      await drain();
      const frames = await reading;
      expect(frames.filter((f) => f.event.eventId === a.eventId).map((f) => f.event.eventStatus)).toContain('processed');
      const last = frames[frames.length - 1]?.id ?? '';
      const b = notification(org);
      await postNotification(t.app, org, b);
      await drain();
      const resumed = await readFrames(await stream(token, '', last), (f) => f.some((x) => x.event.eventId === b.eventId));
      expect(resumed.map((f) => f.event.eventId)).toEqual([b.eventId]);
      expect(resumed[0]?.event).toMatchObject({ eventStatus: 'processed', attempts: 1 });
      expect(BigInt(resumed[0]?.id ?? 0)).toBeGreaterThan(BigInt(last));
    });

    it('applies the list filters and the token scope', async () => {
      const token = await bearer(t.database, org.organizationId, { scopes: ['events:read'] });
      const live = await stream(token, '?event_status=failed');
      const bad = notification(org, { acquirerTerminalIdentifier: 'GONE0001' });
      const reading = readFrames(live, (f) => f.some((x) => x.event.eventId === bad.eventId));
      await postNotification(t.app, org, notification(org));
      await postNotification(t.app, org, bad);
      await drain();
      const frames = await reading;
      expect(frames.map((f) => f.event.eventId)).toEqual([bad.eventId]);
      expect(frames[0]?.event).toMatchObject({ eventStatus: 'failed', failureReason: 'unknown_terminal' });
      expect((await stream(token, '?event_status=nope')).status).toBe(400);
      expect((await stream('Bearer nope')).status).toBe(401);
      const noScope = await bearer(t.database, org.organizationId, { scopes: ['transactions:read'] });
      expect((await stream(noScope)).status).toBe(403);
    });

    it('retries a failed event by hand (events:write): pending again, then processed once its cause is gone', async () => {
      const body = notification(org, { acquirerTerminalIdentifier: 'LATE0001' });
      await postNotification(t.app, org, body);
      await drain();
      expect(await eventRow(t.database, body.eventId)).toMatchObject({ eventStatus: 'failed', failureReason: 'unknown_terminal' });
      const reader = await bearer(t.database, org.organizationId, { scopes: ['events:read'] });
      const writer = await bearer(t.database, org.organizationId, { scopes: ['events:read', 'events:write'] });
      const retry = (token: string, id = body.eventId) => t.app.inject({ method: 'POST', url: `/v1/events/${id}/retry`, headers: { authorization: token } });
      expect((await retry(reader)).statusCode).toBe(403);
      await connect(t.database, org, org.mid, 'LATE0001');
      const accepted = await retry(writer);
      expect(accepted.statusCode).toBe(202);
      expect(accepted.json<Event>()).toMatchObject({ eventStatus: 'pending', failureReason: null, attempts: 1 });
      await drain();
      expect(await eventRow(t.database, body.eventId)).toMatchObject({ eventStatus: 'processed', attempts: 2 });
      const again = await retry(writer);
      expect(again.statusCode).toBe(409);
      expect(again.headers['content-type']).toMatch(/problem\+json/);
      expect((await retry(writer, 'no-such-event')).statusCode).toBe(404);
      const otherOrg = await createLiveOrg(t.database);
      expect((await retry(await bearer(t.database, otherOrg.organizationId))).statusCode).toBe(404);
    });

    it('lists the events of a transaction the worker created (summary_id)', async () => {
      const token = await bearer(t.database, org.organizationId, { scopes: ['events:read', 'transactions:read'] });
      const body = notification(org);
      await postNotification(t.app, org, body);
      await drain();
      const { summaryId } = (await eventRow(t.database, body.eventId)) as { summaryId: string | null };
      expect(summaryId).toMatch(/^[0-9a-v]{20}$/);
      expect(summaryId).not.toBe(body.id);
      const listed = await t.app.inject({ url: `/v1/events?summary_id=${summaryId}`, headers: { authorization: token } });
      expect(listed.statusCode).toBe(200);
      expect(listed.json<Event[]>().map((x) => x.eventId)).toEqual([body.eventId]);
      const other = await createLiveOrg(t.database);
      const foreign = await t.app.inject({ url: `/v1/events?summary_id=${summaryId}`, headers: { authorization: await bearer(t.database, other.organizationId) } });
      expect(foreign.json<Event[]>()).toEqual([]);
    });

    it('ends open streams when the server closes', async () => {
      const other = await createTestApp(kind);
      try {
        const otherOrg = await createLiveOrg(other.database);
        const at = await other.app.listen({ port: 0, host: '127.0.0.1' });
        const token = await bearer(other.database, otherOrg.organizationId);
        const live = await fetch(`${at}/v1/events/stream`, { headers: { authorization: token } });
        expect(live.status).toBe(200);
        const started = Date.now();
        await other.app.close();
        expect(Date.now() - started).toBeLessThan(10_000);
        await live.body?.cancel();
      } finally {
        await other.dispose();
      }
    });
  });
});

describe.skipIf(!backends[1]?.available)('two workers on PostgreSQL', () => {
  it('never process the same event, and together process every one once', async () => {
    const t = await createTestApp('postgres');
    try {
      const org = await createLiveOrg(t.database);
      const bodies = Array.from({ length: 120 }, (_, i) => notification(org, i % 4 === 3 ? { acquirerTerminalIdentifier: 'NONE0001' } : {}));
      for (const body of bodies) expect((await postNotification(t.app, org, body)).statusCode).toBe(202);
      const second = await openDatabase({ databaseUrl: await postgresUrlOf(t.database) });
      const seen: [Set<string>, Set<string>] = [new Set(), new Set()];
      const duplicates: string[] = [];
      const worker = (i: 0 | 1) => (eventId: string, outcome: unknown) => {
        if (outcome === 'deferred') return;
        if (seen[0].has(eventId) || seen[1].has(eventId)) duplicates.push(eventId);
        seen[i].add(eventId);
      };
      try {
        await Promise.all([
          drainDueEvents(t.database, { policy: fastPolicy, batchSize: 7, afterEvent: worker(0) }),
          drainDueEvents(second, { policy: fastPolicy, batchSize: 7, afterEvent: worker(1) }),
        ]);
      } finally {
        await second.close();
      }
      expect(duplicates).toEqual([]);
      expect(seen[0].size + seen[1].size).toBe(bodies.length);
      expect(seen[0].size).toBeGreaterThan(0);
      expect(seen[1].size).toBeGreaterThan(0);
      expect(await counts(t.database, org.organizationId)).toEqual({ events: 120, summaries: 90, cycles: 90 });
      const statuses = await t.database.query<{ event_status: string; attempts: number; n: string }>(
        'select event_status, attempts, count(*) as n from events where organization_id = $1 group by 1, 2 order by 1',
        [org.organizationId],
      );
      expect(statuses.map((s) => [s.event_status, s.attempts, Number(s.n)])).toEqual([['failed', 1, 30], ['processed', 1, 90]]);
    } finally {
      await t.close();
    }
  });
});
