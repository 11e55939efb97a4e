import { z } from 'zod';
import { Event, EventList, EventQuery } from '../../contract/events.ts';
import { callerOf } from '../auth/authenticate.ts';
import { ApiProblem } from '../errors.ts';
import { noQuery } from '../lib/no-query.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { problemResponses } from '../lib/openapi-docs.ts';
import { setPagingHeaders } from '../lib/paging.ts';
import { countEvents, eventView, findEvent, findEvents } from '../queries/events-query.ts';
import { scopeOf } from '../queries/scope.ts';

export function eventRoutes(app: ApiInstance): void {
  app.get(
    '/v1/events',
    {
      config: { auth: 'events:read' },
      schema: {
        summary: 'List notification events processed by the platform: filters, order and paging',
        operationId: 'listEvents',
        tags: ['events'],
        querystring: EventQuery,
        response: { 200: EventList, ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      const scope = scopeOf(callerOf(request));
      const query = request.query;
      const [found, total] = await Promise.all([findEvents(db, scope, query, 1), countEvents(db, scope, query, app.countCap)]);
      setPagingHeaders(request, reply, query, total, found.length > query.limit);
      return found.slice(0, query.limit).map(eventView);
    },
  );

  app.get(
    '/v1/events/:eventId',
    {
      config: { auth: 'events:read' },
      schema: {
        summary: 'One notification event by its eventId (extension)',
        description: 'An event the token may see: its organization, and its merchant for a merchant token. Any other eventId is 404.',
        operationId: 'getEvent',
        tags: ['events'],
        params: z.strictObject({ eventId: z.string().max(64).meta({ description: 'The eventId' }) }),
        querystring: noQuery,
        response: { 200: Event, ...problemResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findEvent(app.database.db, scopeOf(callerOf(request)), request.params.eventId);
      if (!row) throw new ApiProblem({ status: 404, detail: `No event ${request.params.eventId} is visible to this token.` });
      return eventView(row);
    },
  );
}
