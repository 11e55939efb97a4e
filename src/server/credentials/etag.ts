import { etagHeader } from '../../contract/headers.ts';
import { ApiProblem } from '../errors.ts';

/** A credential's entity tag: its version, which every change bumps. */
export const credentialEtag = (version: number) => `"v${version}"`;

/**
 * The entity tags of an If-Match header (RFC 9110 13.1.1). Missing: 428, so nobody overwrites a change they
 * have not seen. Weak tags never match (strong comparison), nor does "*": a PATCH must name the version it read.
 */
export function ifMatchTags(header: string | undefined): string[] {
  if (header === undefined || header.trim() === '') {
    throw new ApiProblem({
      status: 428,
      type: 'precondition-required',
      detail: 'Send If-Match with the ETag of the credential as you last read it (GET /v1/credentials/{id}), so no change by someone else is overwritten.',
    });
  }
  return header
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.startsWith('"'));
}

export function staleProblem(currentEtag: string): ApiProblem {
  return new ApiProblem({
    status: 412,
    type: 'stale-credential',
    detail: 'The credential changed since you read it (If-Match does not match its ETag). Read it again and reapply your change.',
    headers: { [etagHeader]: currentEtag },
  });
}
