import { and, eq, inArray, sql } from 'drizzle-orm';
import { callerOf } from '../auth/authenticate.ts';
import { seesHolder } from '../auth/holder-details.ts';
import { events } from '../db/schema.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { eventListColumns, eventView } from './events-query.ts';
import { merchantCondition, scopeOf } from '../lists/scope.ts';

/** POST /v1/events/{eventId}/retry: a failed (or unscheduled pending) event is due again now (issue 12). */
export function eventRetryRoutes(app: ApiInstance): void {
  app.route({
    ...endpoint('retryEvent', {
      summary: 'Retry a failed event now: it becomes pending and due, and the worker processes it again',
      description: 'The outcome arrives on GET /v1/events/stream (or GET /v1/events): processed, or failed with a new reason. A processed event cannot be retried (409).',
      tags: ['events'],
    }),
    config: { auth: 'events:write', audit: { action: 'event.retry', target: 'event', param: 'eventId' } },
    handler: async (request, reply) => {
      const scope = scopeOf(callerOf(request));
      const { eventId } = request.params;
      const mine = and(eq(events.eventId, eventId), eq(events.organizationId, scope.organizationId), merchantCondition(events.merchantId, scope));
      const [updated] = await app.database.db
        .update(events)
        .set({
          eventStatus: 'pending',
          nextAttemptAt: new Date(),
          failureReason: null,
          failureDetail: null,
          updatedAtText: new Date().toISOString(),
          changeSeq: sql`nextval('events_change_seq')`,
        })
        .where(and(mine, inArray(events.eventStatus, ['failed', 'pending'])))
        .returning(eventListColumns);
      if (!updated) {
        const [existing] = await app.database.db.select({ status: events.eventStatus }).from(events).where(mine);
        if (!existing) throw new ApiProblem({ status: 404, detail: `No event ${eventId}.` });
        throw new ApiProblem({ status: 409, type: 'event-already-processed', detail: `Event ${eventId} is already processed; there is nothing to retry.` });
      }
      app.live.changes.publish(scope.organizationId);
      app.live.wakeWorker();
      return reply.code(202).send(eventView(updated, seesHolder(callerOf(request))));
    },
  });
}
