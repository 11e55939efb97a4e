import { z } from 'zod';
import { EventDetail, EventList, EventListQuery } from '../../contract/events.ts';
import { defaultEventColumns } from '../../contract/export.ts';
import { callerOf } from '../auth/authenticate.ts';
import { ApiProblem } from '../errors.ts';
import { noQuery } from '../lib/no-query.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { eventBatches, eventCsvColumns } from './events-export.ts';
import { sendCsv, wantsCsv } from '../lists/send-csv.ts';
import { listResponse, problemResponses } from '../lib/openapi-docs.ts';
import { setPagingHeaders } from '../lists/paging.ts';
import { countEvents, eventKeyset, eventPosition, eventView, findEvent, findEvents } from './events-query.ts';
import { decodeCursor, fingerprint, pageOf } from '../lists/keyset.ts';
import { scopeOf } from '../lists/scope.ts';
import { eventRetryRoutes } from './event-retry-routes.ts';
import { eventStreamRoutes } from './event-stream-routes.ts';

/** /v1/events: the list (or its CSV) and one event; the live stream and the retry in their own files. */
export function eventRoutes(app: ApiInstance): void {
  app.get(
    '',
    {
      config: { auth: 'events:read', audit: { action: 'events.export', target: 'event', exportsOnly: true } },
      schema: {
        summary: 'List notification events processed by the platform (filters, order, paging), or export every match as CSV',
        description:
          'With `Accept: text/csv` the response streams every event matching the filters, in the requested order (page and limit are ignored), as CSV with the `columns` chosen and the `csv_dialect`. The CSV `amount` is decimal text (the JSON `amount` is in minor units).',
        operationId: 'listEvents',
        tags: ['events'],
        querystring: EventListQuery,
        response: { 200: listResponse(EventList, 'The page of events, or the CSV export'), ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const db = app.database.read; // lists and exports may lag: a replica when there is one
      const scope = scopeOf(callerOf(request));
      const query = request.query;
      if (wantsCsv(request)) {
        return sendCsv(reply, {
          stem: 'events',
          ids: query.columns ?? defaultEventColumns,
          values: eventCsvColumns,
          dialect: query.csv_dialect,
          total: await countEvents(db, scope, query, app.countCap),
          batches: eventBatches(db, scope, query),
        });
      }
      const print = fingerprint('events', 'created_at', query.order_direction, query);
      const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor, eventKeyset(query.order_direction), print);
      const [found, total] = await Promise.all([
        findEvents(db, scope, query, 1, cursor),
        app.totals.get('events', scope, query, () => countEvents(db, scope, query, app.countCap)),
      ]);
      const { rows, more } = pageOf(found, query.limit, cursor);
      setPagingHeaders(request, reply, query, total, more, { cursor, print, rows, more, position: eventPosition });
      return rows.map(eventView);
    },
  );

  app.get(
    '/:eventId',
    {
      config: { auth: 'events:read', audit: { action: 'event.read', target: 'event', param: 'eventId' } },
      schema: {
        summary: 'One notification event by its eventId, with the body as received (extension)',
        description:
          'An event the token may see: its organization, and its merchant for a merchant token. Any other eventId is 404. ' +
          "Besides the Event's fields it carries `rawBody`, the notification as the acquirer sent it (lists and the stream leave it out).",
        operationId: 'getEvent',
        tags: ['events'],
        params: z.strictObject({ eventId: z.string().max(64).meta({ description: 'The eventId' }) }),
        querystring: noQuery,
        response: { 200: EventDetail, ...problemResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findEvent(app.database.db, scopeOf(callerOf(request)), request.params.eventId);
      if (!row) throw new ApiProblem({ status: 404, detail: `No event ${request.params.eventId} is visible to this token.` });
      return { ...eventView(row), rawBody: row.rawBody };
    },
  );

  eventStreamRoutes(app);
  eventRetryRoutes(app);
}
