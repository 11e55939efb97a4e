/** HTTP timeouts and limits (docs/configuration.md); every one is an environment variable. */
export interface ServerLimits {
  /** REQUEST_TIMEOUT_MS: the whole request (headers and body) must arrive within this; else 408 */
  requestTimeoutMs: number;
  /** CONNECTION_TIMEOUT_MS: a socket with no traffic either way for this long is closed */
  connectionTimeoutMs: number;
  /** KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection is closed after this */
  keepAliveTimeoutMs: number;
  /** MAX_HEADER_BYTES: request line plus headers above this get 431 */
  maxHeaderBytes: number;
  /** MAX_CONNECTIONS: connections beyond this are refused */
  maxConnections: number;
  /** SHUTDOWN_TIMEOUT_MS: on SIGTERM in-flight requests get this long to finish before connections are cut */
  shutdownTimeoutMs: number;
}

export const defaultServerLimits: ServerLimits = {
  requestTimeoutMs: 20_000,
  connectionTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: 16 * 1024,
  maxConnections: 1024,
  shutdownTimeoutMs: 10_000,
};

/** How often Node checks request and header timeouts (its default of 30 s would let a 20 s timeout run to 50 s). */
export const timeoutCheckIntervalMs = (limits: ServerLimits) => Math.max(100, Math.min(2_000, Math.floor(limits.requestTimeoutMs / 4)));
