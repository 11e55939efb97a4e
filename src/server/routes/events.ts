import { EventList, EventQuery } from '../../contract/events.ts';
import { callerOf } from '../auth/authenticate.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { problemResponses } from '../lib/openapi-docs.ts';
import { setPagingHeaders } from '../lib/paging.ts';
import { countEvents, eventView, findEvents } from '../queries/events-query.ts';
import { scopeOf } from '../queries/scope.ts';

export function eventRoutes(app: ApiInstance): void {
  app.get(
    '/v1/events',
    {
      config: { auth: 'events:read' },
      schema: {
        summary: 'List notification events processed by the platform: filters, order and paging',
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
}
