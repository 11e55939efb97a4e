/**
 * Whether an error means the database cannot be reached (rather than that a statement failed): the socket
 * was refused, reset or timed out, the server is shutting down or starting up, or a new connection gave up
 * (`timeout expired` is pg's own DB_CONNECT_TIMEOUT_MS). Drizzle wraps driver errors, so the `cause` chain is
 * searched. A wait for a busy pool's connection is not this: pool.ts names it PoolBusyError (503 service-busy),
 * and errors.ts looks for that first.
 */
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATE: class 08 (connection exception), 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now), 53300 (too many connections)
const sqlStates = /^(08...|57P0[123]|53300)$/;
const messages = /connection terminated|timeout exceeded when trying to connect|query read timeout|connection error|not queryable|socket hang up|^timeout expired$/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (networkCodes.has(code) || sqlStates.test(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && messages.test(message.split('\n')[0] ?? '')) return true;
  }
  return false;
}
