import type { OperationId } from './endpoints.ts';
import type { Scope } from './enums.ts';

/**
 * What each operation needs (issue 24), in one place: a scope, `any` (any signed-in person or valid token), or
 * `public` (no credentials; the route checks what it needs itself, such as a notification's signature). The server
 * gives every route its `auth` from here (src/server/auth/operation-auth.ts), the role × endpoint test computes its
 * expectations from this map and the role table, and the dashboard shows a navigation entry only with its scope.
 */
export type OperationAuth = Scope | 'any' | 'public';

export const operationAuth = {
  getHealthLive: 'public',
  getHealth: 'public',
  getHealthReady: 'public',
  getMe: 'any',
  createSession: 'any',
  deleteSession: 'public',
  listProviders: 'providers:read',
  createCredential: 'credentials:write',
  listCredentials: 'credentials:write',
  getCredential: 'credentials:write',
  updateCredential: 'credentials:write',
  listCredentialHistory: 'credentials:write',
  listMerchants: 'any',
  createMerchant: 'merchants:write',
  // onboarding picks the price plan a merchant pays (issue 25); plans are edited with fee-plans:write
  updateMerchant: 'merchants:write',
  listMerchantPricePlans: 'merchants:write',
  listTransactionSummaries: 'transactions:read',
  getTransactionSummary: 'transactions:read',
  listEvents: 'events:read',
  getEvent: 'events:read',
  streamEvents: 'events:read',
  retryEvent: 'events:write',
  receiveNotification: 'public',
  getTransactionStats: 'transactions:read',
  listSavedViews: 'any',
  createSavedView: 'views:write',
  getSavedView: 'any',
  updateSavedView: 'views:write',
  deleteSavedView: 'views:write',
  listFeePlans: 'receivables:read',
  createFeePlan: 'fee-plans:write',
  getFeePlan: 'receivables:read',
  updateFeePlan: 'fee-plans:write',
  listFeePlanVersions: 'receivables:read',
  assignFeePlan: 'fee-plans:write',
  listReceivables: 'receivables:read',
  getReceivablesCalendar: 'receivables:read',
  getReceivablesMargin: 'margin:read',
  simulateAnticipation: 'receivables:read',
  listStatementFiles: 'reconciliation:read',
  uploadStatementFile: 'reconciliation:write',
  getStatementFile: 'reconciliation:read',
  listReconciliationExceptions: 'reconciliation:read',
  getReconciliationAgeing: 'reconciliation:read',
  getReconciliationException: 'reconciliation:read',
  resolveReconciliationException: 'reconciliation:write',
  bulkResolveReconciliationExceptions: 'reconciliation:write',
  getReconciliationDaily: 'reconciliation:read',
  listAuditEntries: 'audit:read',
  signIn: 'public',
  signInSecondFactor: 'public',
  startPasskeySignIn: 'public',
  signInWithPasskey: 'public',
  getAccount: 'any',
  changePassword: 'any',
  startSecondFactor: 'any',
  confirmSecondFactor: 'any',
  renewRecoveryCodes: 'any',
  listPasskeys: 'any',
  startPasskeyRegistration: 'any',
  addPasskey: 'any',
  renamePasskey: 'any',
  removePasskey: 'any',
  listAccountSessions: 'any',
  endAccountSessions: 'any',
  endAccountSession: 'any',
  listPeople: 'people:read',
  invitePerson: 'people:write',
  acceptInvitation: 'public',
  // single sign-on: the provider's redirects carry no session yet
  getSsoOptions: 'public',
  startSso: 'public',
  finishSso: 'public',
  // who signs in through the organization's provider, and with which role: people administration
  getSsoConfig: 'people:read',
  replaceSsoConfig: 'people:write',
  deleteSsoConfig: 'people:write',
  updatePerson: 'people:write',
  resetPersonSecondFactor: 'people:write',
  listApiTokens: 'tokens:read',
  createApiToken: 'tokens:write',
  revokeApiToken: 'tokens:write',
} as const satisfies Record<OperationId, OperationAuth>;

/** The read scope that shows a transaction's card holder name, device IP address and location. */
export const holderScope: Scope = 'transactions:holder';
