import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { requestIdHeader } from '../../contract/headers.ts';

/** An incoming X-Request-Id is kept when it is 1 to 128 letters, digits or `._:-` (nothing a log could misread). */
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

export function genReqId(request: IncomingMessage): string {
  const incoming = request.headers[requestIdHeader];
  return typeof incoming === 'string' && saneRequestId.test(incoming) ? incoming : randomUUID();
}

/** Every response names its request id (set before anything can fail, so errors carry it too). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(requestIdHeader, request.id);
    done();
  });
}
