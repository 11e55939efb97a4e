import type { Problem } from '../../../contract/problem.ts';
import type { Provider } from '../../../contract/providers.ts';

export type CredentialFieldPath = 'merchantId' | 'providerId' | 'status' | `authenticationData.${string}`;

export interface MappedProblem {
  fields: { name: CredentialFieldPath; message: string }[];
  /** Errors that name no field on the form, for the banner. */
  unmatched: { where: string | null; detail: string }[];
}

/** JSON pointer (RFC 6901) into the request body -> the form field that holds it, if any. */
export function pointerToField(pointer: string, provider: Provider | undefined): CredentialFieldPath | null {
  const parts = pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const [head, sub] = parts;
  if (parts.length === 1 && (head === 'merchantId' || head === 'providerId' || head === 'status')) return head;
  if (parts.length === 1 && head === 'providerName') return 'providerId';
  if (parts.length === 2 && head === 'authenticationData' && sub !== undefined) {
    return provider?.authenticationFields.some((f) => f.name === sub) ? `authenticationData.${sub}` : null;
  }
  return null;
}

/** Splits a problem's errors into those a field can show and the rest. */
export function mapProblemToFields(problem: Problem | null, provider: Provider | undefined): MappedProblem {
  const mapped: MappedProblem = { fields: [], unmatched: [] };
  for (const error of problem?.errors ?? []) {
    const name = error.pointer ? pointerToField(error.pointer, provider) : null;
    if (name && !mapped.fields.some((f) => f.name === name)) mapped.fields.push({ name, message: error.detail });
    else if (!name) mapped.unmatched.push({ where: error.pointer ?? error.parameter ?? null, detail: error.detail });
  }
  return mapped;
}

/** The existing credential a 409 names: problem.existingId, or an XID in the detail. */
export function existingCredentialId(problem: Problem | null): string | null {
  if (!problem) return null;
  if (problem.existingId) return problem.existingId;
  return /\b[0-9a-v]{20}\b/.exec(problem.detail)?.[0] ?? null;
}
