import { callerOf } from '../auth/authenticate.ts';
import { seesHolder } from '../auth/holder-details.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { eventList } from './events-list.ts';
import { sendList } from '../lists/list-route.ts';
import { eventView, findEvent } from './events-query.ts';
import { scopeOf } from '../lists/scope.ts';
import { eventRetryRoutes } from './event-retry-routes.ts';
import { eventStreamRoutes } from './event-stream-routes.ts';

/** /v1/events: the list (or its CSV) and one event; the live stream and the retry in their own files. */
export function eventRoutes(app: ApiInstance): void {
  app.route({
    ...endpoint('listEvents', {
      summary: 'List notification events processed by the platform (filters, order, paging), or export every match as CSV',
      description:
        'With `Accept: text/csv` the response streams every event matching the filters, in the requested order (page and limit are ignored), as CSV with the `columns` chosen and the `csv_dialect`. The CSV `amount` is decimal text (the JSON `amount` is in minor units).',
      tags: ['events'],
    }),
    config: { auth: 'events:read', audit: { action: 'events.export', target: 'event', exportsOnly: true } },
    handler: // lists and exports may lag: read from a replica when there is one (eventList.replica)
    async (request, reply) => sendList(app, request, reply, eventList, request.query, (rows) => rows.map((row) => eventView(row, seesHolder(callerOf(request))))),
  });

  app.route({
    ...endpoint('getEvent', {
      summary: 'One notification event by its eventId, with the body as received (extension)',
      description:
        'An event the token may see: its organization, and its merchant for a merchant token. Any other eventId is 404. ' +
        "Besides the Event's fields it carries `rawBody`, the notification as the acquirer sent it (lists and the stream leave it out).",
      tags: ['events'],
    }),
    config: { auth: 'events:read', audit: { action: 'event.read', target: 'event', param: 'eventId' } },
    handler: async (request) => {
      const row = await findEvent(app.database.db, scopeOf(callerOf(request)), request.params.eventId);
      if (!row) throw new ApiProblem({ status: 404, detail: `No event ${request.params.eventId} is visible to this token.` });
      const holder = seesHolder(callerOf(request));
      // the raw notification carries the holder's name and the terminal's address: only with transactions:holder
      return { ...eventView(row, holder), rawBody: holder ? row.rawBody : null };
    },
  });

  eventStreamRoutes(app);
  eventRetryRoutes(app);
}
