/**
 * Forgiving search (issue 23): the spellings a numeric identifier may be stored under, so `q` finds an NSU/STAN read
 * as "6149" for `006149`, or an RRN or authorization code with or without its leading zeros: the text as given, the
 * number without its leading zeros, and padded to the widths the acquirers use (6 digits: STAN and authorization
 * code; 12 digits: RRN). Each is an exact probe of the same index, so the search stays an index lookup. A text that
 * is not all digits is matched only as given. Always four values (repeats allowed), so the statement keeps one shape.
 * (Spaces inside a number were already taken out by the contract's SearchQuery.)
 */
export function identifierVariants(q: string): [string, string, string, string] {
  if (!/^\d+$/.test(q)) return [q, q, q, q];
  const core = q.replace(/^0+(?=\d)/, '');
  const pad = (width: number) => (core.length < width ? core.padStart(width, '0') : core);
  return [q, core, pad(6), pad(12)];
}
