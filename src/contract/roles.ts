import { z } from 'zod/mini';
import { scopes, type Scope } from './enums.ts';

/**
 * The roles of the console's people (issue 24): each a set of the existing scopes, and a limit. The one table every
 * check reads: the server grants a person's session exactly these scopes, the dashboard shows only what they allow,
 * and the role × endpoint test computes its expectations from it.
 */
export const roleNames = ['admin', 'onboarding', 'support', 'merchant_operator', 'read_only'] as const;
export const Role = z.enum(roleNames);
export type Role = z.infer<typeof Role>;

export interface RoleDefinition {
  scopes: readonly Scope[];
  /** true: the person acts for one merchant only (people.merchant_id), like a merchant-limited token */
  merchantLimited: boolean;
}

export const roles: Readonly<Record<Role, RoleDefinition>> = {
  /** owner/admin: people, roles, tokens, signing secrets, everything */
  admin: { scopes, merchantLimited: false },
  /** merchants and acquirer connections */
  onboarding: { scopes: ['providers:read', 'credentials:write', 'merchants:write'], merchantLimited: false },
  /** transactions, events, retry, the card holder details */
  support: { scopes: ['providers:read', 'transactions:read', 'transactions:holder', 'events:read', 'events:write', 'views:write'], merchantLimited: false },
  /** one merchant: overview, transactions, exports, views */
  merchant_operator: { scopes: ['transactions:read', 'views:write'], merchantLimited: true },
  /** sees the lists, changes nothing */
  read_only: { scopes: ['providers:read', 'transactions:read', 'events:read'], merchantLimited: false },
};

export const roleScopes = (role: Role): Scope[] => [...roles[role].scopes];
