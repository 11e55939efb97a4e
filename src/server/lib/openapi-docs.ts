import { z } from 'zod';
import type { ProblemStatus } from '../../contract/endpoint-schemas.ts';
import { Problem, problemContentType } from '../../contract/problem.ts';

export const descriptions: Record<ProblemStatus, string> = {
  400: 'Validation error: `errors` names each bad parameter or body field',
  401: 'Missing, unknown or revoked access token (WWW-Authenticate: Bearer)',
  403: 'The token lacks the scope, or may not act for that merchant',
  404: 'Not found',
  409: 'Conflict: `existingId` names the credential (or merchant) that already exists, or a request with the same Idempotency-Key is still in progress',
  410: 'Gone: the link expired or was already used',
  412: 'If-Match does not match the current ETag: someone else changed it; read it again (the ETag header has the current one)',
  413: 'Request body larger than 64 KiB',
  415: 'Request body is not application/json',
  422: 'Idempotency-Key already used with a different request',
  428: 'If-Match is missing: send the ETag you read',
  429: 'Too many attempts: retry after Retry-After seconds',
  502: 'A server this one depends on (the mail server of SMTP_URL) refused or did not answer',
  503:
    'Nothing was changed; retry after Retry-After seconds. Type `database-unavailable`: the database is unreachable. Type `service-busy`: the database is up but every ' +
    'connection of this server process stayed in use for the whole wait (DB_POOL_WAIT_MS), an overload',
};

/** Problem responses for a route schema, documented as application/problem+json. */
export function problemResponses(...statuses: readonly ProblemStatus[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: descriptions[status], content: { [problemContentType]: { schema: Problem } } }]),
  );
}

/** A list's 200: JSON (the page) or text/csv (the export of every match, see src/server/lists/send-csv.ts). */
export function listResponse<T>(json: T, description: string) {
  return {
    description,
    content: {
      'application/json': { schema: json },
      'text/csv': {
        schema: z.string().meta({
          description:
            'Header row of column ids, then one CRLF-ended record per row (RFC 4180 quoting). rfc4180: comma separator, dot decimals; excel-br: semicolon separator, comma decimals, UTF-8 BOM. Amounts are exact decimal text. Times are UTC (Z) unless `tz` names a zone; values are codes unless `lang` names a language. Content-Disposition names the file; X-Total-Count gives the row count as the list would.',
          example: 'created_at,amount,status\r\n2026-11-21T13:45:12.123Z,150.00,approved\r\n',
        }),
      },
    },
  };
}
