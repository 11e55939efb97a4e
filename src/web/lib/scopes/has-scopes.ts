import type { Scope } from '../../../contract/enums.ts';
import { useMe } from '../me-context.tsx';

export function hasScopes(granted: readonly Scope[], needed: readonly Scope[]): boolean {
  return needed.every((scope) => granted.includes(scope));
}

/** Whether the signed-in token may do this (hides controls it could only fail with). */
export function useHasScope(scope: Scope): boolean {
  return useMe().scopes.includes(scope);
}
