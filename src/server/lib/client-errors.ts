import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { problemContentType } from '../../contract/problem.ts';
import { requestIdHeader } from '../../contract/headers.ts';
import { problemBody, sendProblem } from '../errors.ts';

/**
 * Node rejects some requests before Fastify sees them (headers too large, a request that takes too long
 * to arrive, bytes that are not HTTP): Fastify's clientErrorHandler writes those answers straight to the
 * socket. These are problem+json like every other error, with a request id.
 */
export function clientErrorHandler(this: { log: { debug: (o: object, m: string) => void } }, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request (headers and body) did not arrive in time; the connection is closed. Send it again, faster.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request line and headers are larger than the server accepts (MAX_HEADER_BYTES); send fewer or shorter headers.']
        : [400, 'The request is not valid HTTP/1.1.'];
  const requestId = randomUUID();
  this.log.debug({ requestId, code: error.code }, 'client error');
  const body = JSON.stringify(problemBody({ status, detail, type: status === 400 ? 'malformed-request' : undefined }));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 408 ? 'Request Timeout' : status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Type: ${problemContentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `${requestIdHeader}: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Fastify's router rejections: a path that is not valid percent-encoding, a path parameter too long. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply.header(requestIdHeader, request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendProblem(request, reply, { status: 414, detail: 'A path segment is longer than any identifier this API uses.', errors: [{ parameter: 'path', detail: 'is too long' }] });
    return;
  }
  const detail = error.code === 'FST_ERR_BAD_URL' ? 'The URL path is not valid percent-encoded UTF-8.' : error.message;
  void sendProblem(request, reply, { status: error.statusCode ?? 400, type: 'malformed-request', detail, errors: [{ parameter: 'path', detail: 'is not a valid URL path' }] });
}
