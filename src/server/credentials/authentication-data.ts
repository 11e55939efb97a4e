import type { ProblemFieldError } from '../../contract/problem.ts';
import type { AuthenticationField } from '../../contract/providers.ts';

const pointer = (name: string) => `/authenticationData/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Checks authenticationData against the provider's authenticationFields; one error per bad field. */
export function checkAuthenticationData(data: Record<string, string>, fields: AuthenticationField[]): ProblemFieldError[] {
  const errors: ProblemFieldError[] = [];
  const known = new Set(fields.map((f) => f.name));
  for (const key of Object.keys(data)) {
    if (!known.has(key)) errors.push({ pointer: pointer(key), detail: `is not a field of this provider (expected: ${[...known].join(', ')})` });
  }
  for (const field of fields) {
    const value = data[field.name];
    if (value === undefined || value === '') {
      if (field.required) errors.push({ pointer: pointer(field.name), detail: `${field.label} is required` });
      continue;
    }
    if (field.maxLength !== undefined && value.length > field.maxLength) {
      errors.push({ pointer: pointer(field.name), detail: `${field.label} must be at most ${field.maxLength} characters` });
    } else if (field.pattern !== undefined && !new RegExp(field.pattern, 'u').test(value)) {
      errors.push({ pointer: pointer(field.name), detail: `${field.label} has an invalid format: ${field.description ?? field.pattern}` });
    }
  }
  return errors;
}

/** Canonical text of the identifying (non-secret) values, e.g. MID and TID: the duplicate check's key. */
export function identityKey(data: Record<string, string>, fields: AuthenticationField[]): string {
  const pairs = fields.filter((f) => !f.secret && data[f.name] !== undefined).map((f) => [f.name, data[f.name]]);
  return JSON.stringify(pairs);
}

export function maskSecret(value: string): string {
  return value.length > 4 ? `****${value.slice(-4)}` : '****';
}

/** authenticationData as responses show it: secret fields masked to their last 4 characters. */
export function maskAuthenticationData(data: Record<string, string>, fields: AuthenticationField[]): Record<string, string> {
  const secret = new Set(fields.filter((f) => f.secret).map((f) => f.name));
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, secret.has(k) ? maskSecret(v) : v]));
}
