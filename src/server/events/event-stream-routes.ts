import { and, asc, eq, gt, max, type SQL } from 'drizzle-orm';
import { callerOf } from '../auth/authenticate.ts';
import { seesHolder } from '../auth/holder-details.ts';
import { events } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { Waker } from '../lib/waker.ts';
import { eventListColumns, eventView, eventWhere } from './events-query.ts';
import { scopeOf } from '../lists/scope.ts';
import { accelBufferingHeader, cacheControlHeader, contentTypeHeader, lastEventIdHeader } from '../../contract/headers.ts';


const pollMs = 1000;
const heartbeatMs = 15_000;
const batch = 200;
/** changes are numbered when made but become visible when committed: look this far back for late commits */
const lookback = 500n;

function frame(id: bigint, data: unknown): string {
  return `id: ${id}\nevent: event\ndata: ${JSON.stringify(data)}\n\n`;
}

/** GET /v1/events/stream: server-sent events of new and changed events, resumable with Last-Event-ID (issue 12). */
export function eventStreamRoutes(app: ApiInstance): void {
  app.route({
    ...endpoint('streamEvents', {
      summary: 'Stream new and changed events as server-sent events (same filters as the list)',
      description:
        'text/event-stream; each message is `event: event`, `id: <change sequence>`, `data: <Event JSON>`. Reconnect with `Last-Event-ID` ' +
        '(EventSource does so itself) to receive every change after that one. Without it the stream starts with the next change. ' +
        'Changes made by any process are found within about a second (polling of the events change sequence); changes made by this process at once.',
      tags: ['events'],
    }),
    config: { auth: 'events:read' },
    handler: async (request, reply) => {
      const db = app.database.db;
      const scope = scopeOf(callerOf(request));
      const holder = seesHolder(callerOf(request));
      const where: SQL | undefined = eventWhere(scope, { ...request.query, page: 1, limit: 1, order_by: 'created_at', order_direction: 'desc' });
      const lastEventId = request.headers[lastEventIdHeader];
      let cursor: bigint;
      if (typeof lastEventId === 'string' && /^\d{1,19}$/.test(lastEventId)) cursor = BigInt(lastEventId);
      else {
        const [row] = await db.select({ top: max(events.changeSeq) }).from(events).where(eq(events.organizationId, scope.organizationId));
        cursor = row?.top ?? 0n;
      }
      const floor = cursor;
      const sent = new Set<bigint>();

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        [contentTypeHeader]: 'text/event-stream; charset=utf-8',
        [cacheControlHeader]: 'no-cache, no-transform',
        connection: 'keep-alive',
        [accelBufferingHeader]: 'no',
      });
      res.write(`retry: 3000\n: stream of events after change ${cursor}\n\n`);

      let open = true;
      let dirty = true;
      const waker = new Waker();
      const nudge = () => {
        dirty = true;
        waker.wake();
      };
      const unsubscribe = app.live.changes.subscribe((organizationId) => {
        if (organizationId === scope.organizationId) nudge();
      });
      const finish = () => {
        if (!open) return;
        open = false;
        unsubscribe();
        app.live.closing.removeEventListener('abort', finish);
        waker.wake();
        res.end();
      };
      app.live.closing.addEventListener('abort', finish);
      request.raw.on('close', finish);
      res.on('error', finish);

      let lastWrite = Date.now();
      while (open) {
        if (dirty) {
          dirty = false;
          try {
            const low = cursor - lookback > floor ? cursor - lookback : floor;
            // the lookback holds at most `lookback` changes, so each full read still advances by `batch` new ones
            const limit = batch + Number(lookback);
            const rows = await db.select(eventListColumns).from(events).where(and(where, gt(events.changeSeq, low))).orderBy(asc(events.changeSeq)).limit(limit);
            for (const row of rows) {
              if (!open) break;
              if (sent.has(row.changeSeq)) continue;
              sent.add(row.changeSeq);
              if (row.changeSeq > cursor) cursor = row.changeSeq;
              res.write(frame(row.changeSeq, eventView(row, holder)));
              lastWrite = Date.now();
            }
            for (const seq of sent) if (seq <= low) sent.delete(seq);
            if (rows.length === limit) dirty = true;
          } catch (error) {
            request.log.warn({ err: error }, 'event stream query failed; retrying');
          }
        }
        if (!open) break;
        if (Date.now() - lastWrite >= heartbeatMs) {
          res.write(': heartbeat\n\n');
          lastWrite = Date.now();
        }
        if (!dirty) {
          await waker.sleep(pollMs);
          dirty = true;
        }
      }
    },
  });
}
