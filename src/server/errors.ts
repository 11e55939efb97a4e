import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problemContentType, type Problem, type ProblemFieldError } from '../contract/problem.ts';
import { poolBusyIn, type PoolBusyError } from './db/pool.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { validationProblem } from './lib/validation-errors.ts';
import { contentTypeHeader, retryAfterHeader } from '../contract/headers.ts';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Seconds a client should wait before retrying while the database is unreachable (Retry-After). */
export const databaseRetryAfterSeconds = 5;

export const databaseUnavailable = (): ProblemInit => ({
  status: 503,
  type: 'database-unavailable',
  detail: `The database is unreachable; nothing was changed. Retry in ${databaseRetryAfterSeconds} seconds.`,
  headers: { [retryAfterHeader]: String(databaseRetryAfterSeconds) },
});

/**
 * Every connection of the pool stayed busy for the whole wait (DB_POOL_WAIT_MS): the database is up, the process
 * has more work in flight than connections. Retry-After is that wait rounded up: the queue turns over in about as long.
 */
export const serviceBusy = (busy: Pick<PoolBusyError, 'waitedMs'>): ProblemInit => {
  const seconds = Math.max(1, Math.ceil(busy.waitedMs / 1000));
  return {
    status: 503,
    type: 'service-busy',
    detail: `The service is busy: no database connection came free within ${busy.waitedMs} ms. Nothing was changed; retry in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
    headers: { [retryAfterHeader]: String(seconds) },
  };
};

export const problemTypeBase = 'https://acquirer-console.dev/problems/';

export interface ProblemInit {
  status: number;
  detail: string;
  type?: string;
  title?: string;
  errors?: ProblemFieldError[];
  existingId?: string;
  headers?: Record<string, string>;
}

/** Thrown by handlers and hooks; the error handler renders it as application/problem+json. */
export class ApiProblem extends Error {
  constructor(readonly init: ProblemInit) {
    super(init.detail);
  }
}

export const titleOf = (status: number): string => titles[status] ?? 'Error';

export function problemBody(init: ProblemInit, instance?: string): Problem {
  const body: Problem = {
    type: problemTypeBase + (init.type ?? slug(init.status)),
    title: init.title ?? titles[init.status] ?? 'Error',
    status: init.status,
    detail: init.detail,
  };
  if (instance !== undefined) body.instance = instance;
  if (init.errors) body.errors = init.errors;
  if (init.existingId !== undefined) body.existingId = init.existingId;
  return body;
}

function slug(status: number): string {
  return (titles[status] ?? 'error').toLowerCase().replace(/ /g, '-');
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, init: ProblemInit): FastifyReply {
  for (const [name, value] of Object.entries(init.headers ?? {})) void reply.header(name, value);
  return reply
    .code(init.status)
    .type(problemContentType)
    .send(problemBody(init, request.url.split('?')[0]));
}

export const badRequest = (detail: string, errors: ProblemFieldError[]): ApiProblem =>
  new ApiProblem({ status: 400, type: 'validation-error', title: 'Invalid request', detail, errors });

/** Fastify's own client errors (body parsing, content type, size) keep their status with a plain message. */
const fastifyClientErrors: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is larger than the limit of 64 KiB.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON: send Content-Type: application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiProblem, request, reply) => {
    if (error instanceof ApiProblem) return sendProblem(request, reply, error.init);
    if (error.validation) return sendProblem(request, reply, validationProblem(error.validation, error.validationContext));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = error.code ? fastifyClientErrors[error.code] : undefined;
      const malformedJson = error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY';
      const detail = known ?? (malformedJson ? 'The request body is not valid JSON.' : error.message);
      return sendProblem(request, reply, { status, detail, type: malformedJson ? 'malformed-json' : undefined });
    }
    // the logger's err serializer is safeError (app.ts): errors are handed to it as they are
    const busy = poolBusyIn(error);
    if (busy) {
      request.log.warn({ err: busy, pool: { ...busy.stats, waitedMs: busy.waitedMs } }, 'database pool busy: answered 503 service-busy');
      return sendProblem(request, reply, serviceBusy(busy));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendProblem(request, reply, databaseUnavailable());
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(request, reply, { status: 500, detail: 'An unexpected error occurred. It has been logged.' });
  });
}

const jsonType = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** Only JSON bodies are read: any other (or no) content type on a POST is a 415 problem. */
export function requireJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(['text/plain']);
  app.addHook('preValidation', (request, _reply, done) => {
    const takesBody = request.routeOptions.schema?.body !== undefined;
    if (takesBody && !jsonType.test(request.headers[contentTypeHeader] ?? '')) {
      done(new ApiProblem({ status: 415, detail: fastifyClientErrors.FST_ERR_CTP_INVALID_MEDIA_TYPE ?? 'Send JSON.' }));
      return;
    }
    done();
  });
}
