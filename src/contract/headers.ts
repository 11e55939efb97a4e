/**
 * The names the dashboard reads, also as constants of their own: a bundle that needs only these drops the list below
 * (Headers.get() takes any case).
 */
export const linkHeaderName = 'Link';
export const totalCountHeaderName = 'X-Total-Count';
export const totalCountExactHeaderName = 'X-Total-Count-Exact';
export const etagHeaderName = 'ETag';
/** seconds to wait, on a 429 (the sign-in limit, the rate limiter) */
export const retryAfterHeaderName = 'Retry-After';

/**
 * Every response header a client (or a dashboard on another origin) may read: one list that CORS exposes
 * (Access-Control-Expose-Headers), the OpenAPI document describes and the paging code sets.
 */
export const responseHeaders = {
  /** RFC 8288 paging links (decisions.md, extension) */
  link: linkHeaderName,
  totalCount: totalCountHeaderName,
  /** "false" when X-Total-Count is the planner's estimate */
  totalCountExact: totalCountExactHeaderName,
  location: 'Location',
  idempotentReplayed: 'Idempotent-Replayed',
  /** a credential's version; PATCH sends it back in If-Match */
  etag: etagHeaderName,
  /** every response carries one (an incoming sane value is kept, else one is generated); so does every log line */
  requestId: 'X-Request-Id',
  wwwAuthenticate: 'WWW-Authenticate',
  retryAfter: retryAfterHeaderName,
  /** draft-ietf-httpapi-ratelimit-headers, sent by the rate limiter */
  rateLimitLimit: 'RateLimit-Limit',
  rateLimitRemaining: 'RateLimit-Remaining',
  rateLimitReset: 'RateLimit-Reset',
} as const;

/** Access-Control-Expose-Headers: every name above. */
export const exposedResponseHeaders: readonly string[] = /* @__PURE__ */ Object.values(responseHeaders);

/**
 * Lower-case, as Node hands headers over. (`@__PURE__`: a bundle that leaves a name unused drops it; the dashboard's
 * first chunk imports this module for the request headers below.)
 */
export const totalCountHeader = /* @__PURE__ */ totalCountHeaderName.toLowerCase();
export const totalCountExactHeader = /* @__PURE__ */ totalCountExactHeaderName.toLowerCase();
export const idempotencyKeyHeader = 'idempotency-key';
export const etagHeader = /* @__PURE__ */ etagHeaderName.toLowerCase();
export const requestIdHeader = /* @__PURE__ */ responseHeaders.requestId.toLowerCase();
/** Request header of PATCH /v1/credentials/{id}: the ETag last read (428 without it, 412 when stale) */
export const ifMatchHeader = 'if-match';
/** Request headers every client sends (names are case-insensitive; lower-case as fetch and Node hand them over) */
export const acceptHeader = 'accept';
export const authorizationHeader = 'authorization';
export const contentTypeHeader = 'content-type';
/** Request header of GET /v1/events/stream: the id of the last message received, to resume after it */
export const lastEventIdHeader = 'last-event-id';

/** Request header of POST /v1/notifications: a notification's signature, `t=<unix seconds>,v1=<hex HMAC-SHA256>` */
export const signatureHeader = 'x-signature';
/** Request header of POST /v1/notifications: the organization whose signing secret signed the notification */
export const organizationIdHeader = 'x-organization-id';
/** Lower-case names of response headers the server writes (Node hands them over lower-case too) */
export const linkHeader = /* @__PURE__ */ linkHeaderName.toLowerCase();
export const retryAfterHeader = /* @__PURE__ */ responseHeaders.retryAfter.toLowerCase();
export const wwwAuthenticateHeader = /* @__PURE__ */ responseHeaders.wwwAuthenticate.toLowerCase();
/** The client's software, recorded with a session and on the audit trail. */
export const userAgentHeader = 'user-agent';
/** The languages the client prefers: the CSV export's words when `lang` is not given. */
export const acceptLanguageHeader = 'accept-language';
export const cacheControlHeader = 'cache-control';
/** the CSV exports' file name */
export const contentDispositionHeader = 'content-disposition';
/** the built dashboard's files: an immutable asset drops these */
export const lastModifiedHeader = 'last-modified';
export const acceptRangesHeader = 'accept-ranges';
/** the live stream asks a proxy in front (nginx) not to buffer it */
export const accelBufferingHeader = 'x-accel-buffering';

/** Parses an RFC 8288 Link header into rel -> URL. */
export function parseLinkHeader(value: string | null | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  if (!value) return links;
  for (const part of value.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (match?.[1] !== undefined && match[2] !== undefined) {
      for (const rel of match[2].split(/\s+/)) links[rel] = match[1];
    }
  }
  return links;
}
