/**
 * Every operation of the API, once: its operationId, method and path. The server registers each resource's plugin
 * under `resources[...]` and each route at `endpoints[...].path` (src/server/lib/endpoint-routes.ts), the OpenAPI
 * document takes its operationIds from here, and the dashboard builds every request path through `apiPath`, so a
 * path typed wrong, or a path parameter missing or misnamed, is a compile error (docs/design.md, "One name, one
 * place"). `src/server/endpoints.test.ts` checks the server registers exactly these; `src/web/api-paths.test.ts`
 * that the dashboard writes no API path itself.
 *
 * Strings only, no schema: every chunk of the dashboard that calls the API loads this module (about 1 kB). What each
 * operation takes and answers is in `endpoint-schemas.ts`, keyed by the same operationIds (a separate module: it
 * reaches every schema of the API; the dashboard imports it as a type only).
 */

/** The prefix each resource folder of the server is registered under. */
export const resources = {
  health: '/health',
  me: '/v1/me',
  session: '/v1/session',
  providers: '/v1/providers',
  credentials: '/v1/credentials',
  merchants: '/v1/merchants',
  summaries: '/v1/transactions/summaries',
  events: '/v1/events',
  notifications: '/v1/notifications',
  stats: '/v1/transactions/stats',
  views: '/v1/views',
  'fee-plans': '/v1/fee-plans',
  receivables: '/v1/receivables',
  reconciliation: '/v1/reconciliation',
  audit: '/v1/audit',
  'sign-in': '/v1/sign-in',
  account: '/v1/account',
  sso: '/v1/sso',
  people: '/v1/people',
  tokens: '/v1/tokens',
} as const;

export type Resource = keyof typeof resources;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** method, resource, and the path below the resource's prefix, OpenAPI style (`/{id}`; '' is the prefix itself); a tuple: the map ships in the dashboard */
export type Endpoint = readonly [method: HttpMethod, resource: Resource, path: string];

export const endpoints = {
  getHealthLive: ['GET', 'health', '/live'],
  getHealth: ['GET', 'health', ''],
  getHealthReady: ['GET', 'health', '/ready'],
  getMe: ['GET', 'me', ''],
  createSession: ['POST', 'session', ''],
  deleteSession: ['DELETE', 'session', ''],
  listProviders: ['GET', 'providers', ''],
  createCredential: ['POST', 'credentials', ''],
  listCredentials: ['GET', 'credentials', ''],
  getCredential: ['GET', 'credentials', '/{id}'],
  updateCredential: ['PATCH', 'credentials', '/{id}'],
  listCredentialHistory: ['GET', 'credentials', '/{id}/history'],
  listMerchants: ['GET', 'merchants', ''],
  createMerchant: ['POST', 'merchants', ''],
  updateMerchant: ['PATCH', 'merchants', '/{id}'],
  listMerchantPricePlans: ['GET', 'merchants', '/price-plans'],
  listTransactionSummaries: ['GET', 'summaries', ''],
  getTransactionSummary: ['GET', 'summaries', '/{id}'],
  listEvents: ['GET', 'events', ''],
  getEvent: ['GET', 'events', '/{eventId}'],
  streamEvents: ['GET', 'events', '/stream'],
  retryEvent: ['POST', 'events', '/{eventId}/retry'],
  receiveNotification: ['POST', 'notifications', ''],
  getTransactionStats: ['GET', 'stats', ''],
  listSavedViews: ['GET', 'views', ''],
  createSavedView: ['POST', 'views', ''],
  getSavedView: ['GET', 'views', '/{id}'],
  updateSavedView: ['PATCH', 'views', '/{id}'],
  deleteSavedView: ['DELETE', 'views', '/{id}'],
  listFeePlans: ['GET', 'fee-plans', ''],
  createFeePlan: ['POST', 'fee-plans', ''],
  getFeePlan: ['GET', 'fee-plans', '/{id}'],
  updateFeePlan: ['PUT', 'fee-plans', '/{id}'],
  listFeePlanVersions: ['GET', 'fee-plans', '/{id}/history'],
  assignFeePlan: ['POST', 'fee-plans', '/{id}/merchants'],
  listReceivables: ['GET', 'receivables', ''],
  getReceivablesCalendar: ['GET', 'receivables', '/calendar'],
  getReceivablesArrangements: ['GET', 'receivables', '/arrangements'],
  getReceivablesMargin: ['GET', 'receivables', '/margin'],
  simulateAnticipation: ['POST', 'receivables', '/anticipation/simulate'],
  listStatementFiles: ['GET', 'reconciliation', '/files'],
  uploadStatementFile: ['POST', 'reconciliation', '/files'],
  getStatementFile: ['GET', 'reconciliation', '/files/{id}'],
  listReconciliationExceptions: ['GET', 'reconciliation', '/exceptions'],
  getReconciliationAgeing: ['GET', 'reconciliation', '/exceptions/ageing'],
  getReconciliationException: ['GET', 'reconciliation', '/exceptions/{id}'],
  resolveReconciliationException: ['POST', 'reconciliation', '/exceptions/{id}/resolution'],
  bulkResolveReconciliationExceptions: ['POST', 'reconciliation', '/exceptions/bulk-resolution'],
  getReconciliationDaily: ['GET', 'reconciliation', '/daily'],
  listAuditEntries: ['GET', 'audit', ''],
  signIn: ['POST', 'sign-in', ''],
  signInSecondFactor: ['POST', 'sign-in', '/second-factor'],
  startPasskeySignIn: ['POST', 'sign-in', '/passkey/options'],
  signInWithPasskey: ['POST', 'sign-in', '/passkey'],
  getAccount: ['GET', 'account', ''],
  changePassword: ['POST', 'account', '/password'],
  startSecondFactor: ['POST', 'account', '/second-factor'],
  confirmSecondFactor: ['POST', 'account', '/second-factor/confirm'],
  renewRecoveryCodes: ['POST', 'account', '/recovery-codes'],
  listPasskeys: ['GET', 'account', '/passkeys'],
  startPasskeyRegistration: ['POST', 'account', '/passkeys/options'],
  addPasskey: ['POST', 'account', '/passkeys'],
  renamePasskey: ['PATCH', 'account', '/passkeys/{id}'],
  removePasskey: ['POST', 'account', '/passkeys/{id}/removal'],
  listAccountSessions: ['GET', 'account', '/sessions'],
  endAccountSessions: ['DELETE', 'account', '/sessions'],
  endAccountSession: ['DELETE', 'account', '/sessions/{id}'],
  getSsoOptions: ['GET', 'sso', ''],
  startSso: ['GET', 'sso', '/start'],
  finishSso: ['GET', 'sso', '/callback'],
  getSsoConfig: ['GET', 'sso', '/config'],
  replaceSsoConfig: ['PUT', 'sso', '/config'],
  deleteSsoConfig: ['DELETE', 'sso', '/config'],
  listPeople: ['GET', 'people', ''],
  invitePerson: ['POST', 'people', '/invitations'],
  acceptInvitation: ['POST', 'people', '/invitations/accept'],
  updatePerson: ['PATCH', 'people', '/{id}'],
  resetPersonSecondFactor: ['DELETE', 'people', '/{id}/second-factor'],
  listApiTokens: ['GET', 'tokens', ''],
  createApiToken: ['POST', 'tokens', ''],
  revokeApiToken: ['DELETE', 'tokens', '/{id}'],
} as const satisfies Record<string, Endpoint>;

export type OperationId = keyof typeof endpoints;

/** The full path template of an operation, e.g. `/v1/credentials/{id}`. */
export type PathOf<Op extends OperationId> = `${(typeof resources)[(typeof endpoints)[Op][1]]}${(typeof endpoints)[Op][2]}`;

/** The names of a path template's parameters: `/a/{id}/b/{x}` → 'id' | 'x'. */
type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/** What apiPath takes after the operation: its path parameters, or nothing when it has none. */
export type PathParams<Op extends OperationId> = [ParamNames<PathOf<Op>>] extends [never] ? [] : [Record<ParamNames<PathOf<Op>>, string>];

/** The full path template of an operation (`/v1/credentials/{id}`). */
export const pathTemplate = <Op extends OperationId>(op: Op): PathOf<Op> => `${resources[endpoints[op][1]]}${endpoints[op][2]}` as PathOf<Op>;

/** An operation's method. */
export const methodOf = (op: OperationId): HttpMethod => endpoints[op][0];

/** The path of one request: the template with each parameter filled in, URL-encoded. */
export function apiPath<Op extends OperationId>(op: Op, ...[params]: PathParams<Op>): string {
  const values = (params ?? {}) as Record<string, string>;
  return pathTemplate(op).replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(values[name] ?? ''));
}
