/** Paging headers (decisions.md, extension): RFC 8288 Link with next/prev/first, and X-Total-Count. */
export const totalCountHeader = 'x-total-count';
export const totalCountExactHeader = 'x-total-count-exact';
export const idempotencyKeyHeader = 'idempotency-key';

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
/** Every response carries one (an incoming sane value is kept, else one is generated); so does every log line. */
export const requestIdHeader = 'x-request-id';
