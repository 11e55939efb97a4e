import { isUtf8 } from 'node:buffer';
import { organizationIdHeader, signatureHeader } from '../../contract/headers.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { ingestNotification } from './ingest.ts';
import { checkSignature, signatureToleranceSeconds, type SignatureCheck } from './signature.ts';
import { eventView } from '../events/events-query.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

const refusals: Record<Exclude<SignatureCheck, 'valid'>, string> = {
  missing: `Sign the notification: ${signatureHeader}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">.`,
  malformed: `The ${signatureHeader} header must be t=<unix seconds>,v1=<64 hex digits>.`,
  stale: `The signature's timestamp is more than ${signatureToleranceSeconds / 60} minutes away from the server's clock; sign again with the current time.`,
  mismatch: 'The signature does not match the body with any of the organization\'s signing secrets.',
};

const unsigned = (check: Exclude<SignatureCheck, 'valid'>) =>
  new ApiProblem({ status: 401, type: `signature-${check}`, title: 'Invalid signature', detail: refusals[check] });

/** POST /v1/notifications: signed acquirer notifications, stored pending for the worker (issue 12). */
export function notificationRoutes(app: ApiInstance, _options: unknown, done: () => void): void {
  // the signature covers the exact bytes received: keep them before parsing (this plugin's scope only)
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(/^application\/(?:[\w.+-]+\+)?json$/i, { parseAs: 'buffer' }, (request, body, done) => {
    const raw = body as Buffer;
    request.rawBody = raw;
    // JSON is UTF-8 (RFC 8259): the body is kept as text, so bytes that are not UTF-8 would not survive it
    if (!isUtf8(raw)) return done(new ApiProblem({ status: 400, type: 'malformed-json', detail: 'The request body is not valid UTF-8 JSON.' }), undefined);
    try {
      done(null, JSON.parse(raw.toString('utf8')));
    } catch {
      done(new ApiProblem({ status: 400, type: 'malformed-json', detail: 'The request body is not valid JSON.' }), undefined);
    }
  });

  app.route({
    ...endpoint('receiveNotification', {
      summary: 'Receive a signed acquirer notification: stored pending, then processed into a transaction summary',
      description:
        `Signed with the organization's signing secret: \`${signatureHeader}: t=<unix seconds>,v1=<hex HMAC-SHA256 over "<t>.<raw body>">\`, ` +
        `within ${signatureToleranceSeconds / 60} minutes of the server's clock; \`X-Organization-Id\` names the organization. ` +
        'Idempotent by eventId: the first answers 202 with the pending event, a repeat 200 with the event as it stands.',
      tags: ['notifications'],
      security: [],
    }),
    // a one-event answer (about 1 kB) to a machine: compressing it costs the server more than it saves anyone
      compress: false,
    // verify before the body's fields are validated: an unsigned caller learns nothing about the schema
      preValidation: async (request) => {
        const organizationId = request.headers[organizationIdHeader];
        const header = request.headers[signatureHeader];
        const raw = request.rawBody ?? Buffer.alloc(0);
        if (typeof organizationId !== 'string' || organizationId === '') throw unsigned(header ? 'mismatch' : 'missing');
        let check = checkSignature(typeof header === 'string' ? header : undefined, raw, await app.live.secrets.get(organizationId));
        if (check === 'mismatch') check = checkSignature(header, raw, await app.live.secrets.get(organizationId, true));
        if (check !== 'valid') throw unsigned(check);
      },
    handler: async (request, reply) => {
      const organizationId = request.headers[organizationIdHeader];
      const outcome = await ingestNotification(app.database.db, organizationId, request.body, request.rawBody ?? Buffer.alloc(0));
      if (outcome.kind === 'conflict') throw new ApiProblem({ status: 409, type: 'event-id-conflict', detail: outcome.detail });
      if (outcome.kind === 'created') {
        app.live.changes.publish(organizationId);
        app.live.wakeWorker();
      }
      return reply.code(outcome.kind === 'created' ? 202 : 200).send(eventView(outcome.row, true));
    },
  });
  done();
}
