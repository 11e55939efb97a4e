import { Problem, problemContentType } from '../../contract/problem.ts';

type ProblemStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 503;

const descriptions: Record<ProblemStatus, string> = {
  400: 'Validation error: `errors` names each bad parameter or body field',
  401: 'Missing, unknown or revoked access token (WWW-Authenticate: Bearer)',
  403: 'The token lacks the scope, or may not act for that merchant',
  404: 'Not found',
  409: 'Conflict: `existingId` names the credential that already exists, or a request with the same Idempotency-Key is still in progress',
  413: 'Request body larger than 64 KiB',
  415: 'Request body is not application/json',
  422: 'Idempotency-Key already used with a different request',
  503: 'The database is unreachable (Retry-After says when to retry); nothing was changed',
};

/** Problem responses for a route schema, documented as application/problem+json. */
export function problemResponses(...statuses: ProblemStatus[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: descriptions[status], content: { [problemContentType]: { schema: Problem } } }]),
  );
}
