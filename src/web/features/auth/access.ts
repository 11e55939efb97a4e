import type { Scope } from '../../../contract/enums.ts';
import { hasScopes } from '../../lib/scopes/has-scopes.ts';

export interface AppSection {
  path: string;
  /** the section's name in the catalogue (features/auth/messages) */
  labelKey: string;
  /** All of these scopes are needed. */
  scopes: readonly Scope[];
}

/** The dashboard's sections, in navigation order, with the scopes each one needs. */
export const appSections: readonly AppSection[] = [
  { path: '/overview', labelKey: 'auth.section.overview', scopes: ['transactions:read'] },
  { path: '/transactions', labelKey: 'auth.section.transactions', scopes: ['transactions:read'] },
  { path: '/events', labelKey: 'auth.section.events', scopes: ['events:read'] },
  { path: '/receivables', labelKey: 'auth.section.receivables', scopes: ['receivables:read'] },
  { path: '/fee-plans', labelKey: 'auth.section.feePlans', scopes: ['fee-plans:write'] },
  { path: '/merchants', labelKey: 'auth.section.merchants', scopes: ['merchants:write'] },
  { path: '/credentials', labelKey: 'auth.section.credentials', scopes: ['providers:read', 'credentials:write'] },
  { path: '/reconciliation', labelKey: 'auth.section.reconciliation', scopes: ['reconciliation:read'] },
  { path: '/people', labelKey: 'auth.section.people', scopes: ['people:read'] },
  { path: '/api-tokens', labelKey: 'auth.section.apiTokens', scopes: ['tokens:read'] },
  { path: '/single-sign-on', labelKey: 'auth.section.sso', scopes: ['people:read'] },
  { path: '/audit', labelKey: 'auth.section.audit', scopes: ['audit:read'] },
];

export function allowedSections(granted: readonly Scope[]): AppSection[] {
  return appSections.filter((section) => hasScopes(granted, section.scopes));
}

/**
 * Where to go after sign-in: a same-origin path only (never `//host` or a full URL), so a crafted
 * `next` cannot send the operator elsewhere.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (next.startsWith('/sign-in')) return null;
  return next;
}
