/**
 * What every operation of the endpoint map (`endpoints.ts`) takes and answers on the wire: its path parameters,
 * query, request headers and body, its success responses per status, the problem statuses it documents, and whether
 * its 200 is also a CSV export. The server registers each route from here (`src/server/lib/endpoint-routes.ts`:
 * validation, the handler's request and reply types and the OpenAPI document all follow), and the dashboard's client
 * (`src/web/lib/api-client.ts`) types each call's query, body and response from here. `satisfies Record<OperationId,
 * …>`: an operation without an entry, or an entry without an operation, does not compile.
 *
 * A separate module from `endpoints.ts`, which stays strings only: every chunk of the dashboard that calls the API
 * loads that one (about 1 kB), while this one reaches every schema of the API. The dashboard imports it as a type
 * only; a chunk parses with the schema it already loads (the client checks it is the map's, or reads a subset of it).
 */
import { z } from 'zod/mini';
import { AuditList, AuditListQuery } from './audit.ts';
import { Credential, CredentialHistory, CredentialInput, CredentialList, CredentialPatch, CredentialQuery } from './credentials.ts';
import type { OperationId } from './endpoints.ts';
import { Event, EventDetail, EventFilters, EventList, EventListQuery } from './events.ts';
import { FeePlan, FeePlanAssignment, FeePlanHistory, FeePlanInput, FeePlanList, FeePlanVersionInput, PricePlanChoiceList } from './fee-plans.ts';
import { idempotencyKeyHeader, ifMatchHeader, lastEventIdHeader, organizationIdHeader, signatureHeader } from './headers.ts';
import { listBaseQuery } from './list-query.ts';
import { Me } from './me.ts';
import { Merchant, MerchantInput, MerchantList, MerchantPatch, MerchantQuery } from './merchants.ts';
import { Notification } from './notifications.ts';
import {
  Account, AccountSessionList, ApiToken, ApiTokenList, ApiTokenQuery, ApiTokenRequest, CreatedApiToken, Invitation, InvitationAccept, InvitationRequest, PasswordChange,
  PeopleQuery, Person, PersonChange, PersonList, RecoveryCodes, SecondFactorRequest, SignInRequest, SignInResult, TotpConfirm, TotpEnrolment,
} from './people.ts';
import { Passkey, PasskeyCreationOptions, PasskeyList, PasskeyParams, PasskeyRegistration, PasskeyRemoval, PasskeyRename, PasskeyRequestOptions, PasskeySignIn } from './passkeys.ts';
import { ProviderList } from './providers.ts';
import { AnticipationInput, AnticipationSimulation, Arrangements, ArrangementsQuery, Calendar, CalendarQuery, Margin, MarginQuery, ReceivableList, ReceivableQuery } from './receivables.ts';
import {
  AgeingSummary, BulkResolutionInput, BulkResolutionResult, DailySummary, ExceptionDetail, ExceptionFilter, ExceptionList, ExceptionQuery, FileListQuery,
  ResolutionInput, StatementFile, StatementFileList, StatementFileUpload,
} from './reconciliation.ts';
import { SavedView, SavedViewList, SavedViewQuery } from './saved-views.ts';
import { SsoCallbackQuery, SsoOptions, SsoRedirect, SsoStartQuery } from './sso.ts';
import { SsoConfigInput, SsoConfigView } from './sso-config.ts';
import { Problem, problemContentType } from './problem.ts';
import { Stats, StatsQuery } from './stats.ts';
import { Summary, SummaryList, SummaryListQuery } from './summaries.ts';
import { SavedViewInput, SavedViewPatch } from './views.ts';

/** The problem+json statuses an operation documents (their texts: src/server/lib/openapi-docs.ts). */
export type ProblemStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 428 | 429 | 502 | 503;

/** A response that is not JSON: its description and media types (the live stream). */
export interface MediaResponse {
  description: string;
  content: Record<string, { schema: z.ZodMiniType }>;
}

export interface EndpointSchema {
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  headers?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** success statuses: a JSON schema, or a media response */
  responses: Partial<Record<200 | 201 | 202 | 204, z.ZodMiniType | MediaResponse>> & {
    /** a browser navigation answered by a redirect (single sign-on) */
    303?: z.ZodMiniType;
    /** any other answer, for an operation without a 2xx (OpenAPI needs one or this) */
    default?: MediaResponse;
  };
  problems: readonly ProblemStatus[];
  /** the 200 is also the CSV export of every match with `Accept: text/csv`; the text describes the two */
  csv?: string;
}

/** Routes that take no query parameters: any parameter is a 400 naming it. */
export const NoQuery = z.strictObject({});
/** A redirecting operation's other answers: problems (the server could not answer with the redirect). */
const otherAnswer: MediaResponse = { description: 'Any other answer: a problem', content: { [problemContentType]: { schema: Problem } } };
const Done = z.null().check(z.meta({ description: 'Done' }));
const HealthOk = z.object({ status: z.literal('ok') });
const CredentialParams = z.object({ id: z.string().check(z.meta({ description: 'The credential id (from the Location header of POST /v1/credentials)' })) });
const SavedViewParams = z.object({ id: z.string().check(z.meta({ description: 'The saved view id' })) });
const MerchantParams = z.object({ id: z.string().check(z.maxLength(64), z.meta({ description: 'The merchant id' })) });
const FeePlanParams = z.object({ id: z.string().check(z.meta({ description: 'The fee plan id' })) });
const ReconciliationParams = z.object({ id: z.string().check(z.maxLength(64)) });
const PersonParams = z.strictObject({ id: z.string().check(z.maxLength(64), z.meta({ description: 'The person id' })) });
const TokenParams = z.strictObject({ id: z.string().check(z.maxLength(64), z.meta({ description: 'The token id' })) });
const ifMatch = (description: string) => z.object({ [ifMatchHeader]: z.optional(z.string()).check(z.meta({ description })) });

export const endpointSchemas = {
  getHealthLive: { responses: { 200: HealthOk }, problems: [] },
  getHealth: { responses: { 200: HealthOk }, problems: [] },
  getHealthReady: { responses: { 200: HealthOk }, problems: [503] },
  getMe: { query: NoQuery, responses: { 200: Me }, problems: [401] },
  createSession: { query: NoQuery, responses: { 200: Me }, problems: [401, 403] },
  deleteSession: { query: NoQuery, responses: { 204: z.null().check(z.meta({ description: 'Signed out; the cookie is cleared' })) }, problems: [403] },
  listProviders: { query: NoQuery, responses: { 200: ProviderList }, problems: [401, 403] },
  createCredential: {
    headers: z.object({
      [idempotencyKeyHeader]: z.optional(z.string()).check(
        z.meta({ description: 'Extension: a retried POST with the same key and body returns the first response instead of creating another credential (1 to 255 visible ASCII characters)' }),
      ),
    }),
    body: CredentialInput,
    responses: { 201: Credential.check(z.meta({ description: 'Created; the Location header names the new credential' })) },
    problems: [400, 401, 403, 409, 413, 415, 422, 503],
  },
  getCredential: { params: CredentialParams, query: NoQuery, responses: { 200: Credential }, problems: [400, 401, 403, 404] },
  listCredentials: { query: CredentialQuery, responses: { 200: CredentialList }, problems: [400, 401, 403] },
  updateCredential: {
    params: CredentialParams,
    headers: ifMatch('Required: the ETag of the credential as last read (428 without it, 412 when stale)'),
    body: CredentialPatch,
    responses: { 200: Credential },
    problems: [400, 401, 403, 404, 409, 412, 415, 428],
  },
  listCredentialHistory: {
    params: CredentialParams,
    query: z.strictObject({ page: listBaseQuery.page, limit: listBaseQuery.limit }),
    responses: { 200: CredentialHistory },
    problems: [400, 401, 403, 404],
  },
  listMerchants: { query: MerchantQuery, responses: { 200: MerchantList }, problems: [400, 401] },
  createMerchant: { body: MerchantInput, responses: { 201: Merchant.check(z.meta({ description: 'Created' })) }, problems: [400, 401, 403, 409, 413, 415, 422] },
  updateMerchant: { params: MerchantParams, body: MerchantPatch, responses: { 200: Merchant }, problems: [400, 401, 403, 404, 413, 415, 422] },
  listMerchantPricePlans: { query: NoQuery, responses: { 200: PricePlanChoiceList }, problems: [400, 401, 403] },
  listTransactionSummaries: { query: SummaryListQuery, responses: { 200: SummaryList }, problems: [400, 401, 403], csv: 'The page of summaries, or the CSV export' },
  getTransactionSummary: {
    params: z.strictObject({ id: z.string().check(z.maxLength(64), z.meta({ description: 'The summary id' })) }),
    query: NoQuery,
    responses: { 200: Summary },
    problems: [401, 403, 404],
  },
  listEvents: { query: EventListQuery, responses: { 200: EventList }, problems: [400, 401, 403], csv: 'The page of events, or the CSV export' },
  getEvent: {
    params: z.strictObject({ eventId: z.string().check(z.maxLength(64), z.meta({ description: 'The eventId' })) }),
    query: NoQuery,
    responses: { 200: EventDetail },
    problems: [401, 403, 404],
  },
  streamEvents: {
    // the list's filters without paging or order: whatever filters GET /v1/events gains, the stream gains
    query: EventFilters,
    headers: z.object({ [lastEventIdHeader]: z.optional(z.string().check(z.regex(/^\d{1,19}$/, 'must be the id of a message of this stream'))) }),
    responses: {
      200: {
        description: 'A stream of Event messages',
        content: {
          'text/event-stream': {
            schema: z.string().check(
              z.meta({ description: 'Server-sent events: `id: <change sequence>`, `event: event`, `data: <Event JSON>`', example: 'id: 42\nevent: event\ndata: {"eventId":"..."}\n\n' }),
            ),
          },
        },
      },
    },
    problems: [400, 401, 403],
  },
  retryEvent: {
    params: z.object({ eventId: z.string().check(z.minLength(1), z.maxLength(64), z.meta({ description: 'The eventId of the event' })) }),
    responses: { 202: Event },
    problems: [401, 403, 404, 409],
  },
  receiveNotification: {
    headers: z.object({
      [organizationIdHeader]: z.string().check(z.minLength(1), z.maxLength(64), z.meta({ description: 'The organization whose secret signed the notification' })),
      [signatureHeader]: z.optional(z.string()).check(z.meta({ description: 't=<unix seconds>,v1=<hex HMAC-SHA256>' })),
    }),
    body: Notification,
    responses: { 202: Event, 200: Event },
    problems: [400, 401, 409, 413, 415],
  },
  getTransactionStats: { query: StatsQuery, responses: { 200: Stats }, problems: [400, 401, 403] },
  listSavedViews: { query: SavedViewQuery, responses: { 200: SavedViewList }, problems: [400, 401, 403] },
  createSavedView: { body: SavedViewInput, responses: { 201: SavedView.check(z.meta({ description: 'Created; Location names it' })) }, problems: [400, 401, 403, 409, 413, 415] },
  getSavedView: { params: SavedViewParams, responses: { 200: SavedView }, problems: [401, 403, 404] },
  updateSavedView: { params: SavedViewParams, body: SavedViewPatch, responses: { 200: SavedView }, problems: [400, 401, 403, 404, 409, 413, 415] },
  deleteSavedView: { params: SavedViewParams, responses: { 204: z.null().check(z.meta({ description: 'Deleted' })) }, problems: [401, 403, 404] },
  listFeePlans: { query: NoQuery, responses: { 200: FeePlanList }, problems: [400, 401, 403] },
  createFeePlan: {
    body: FeePlanInput,
    responses: { 201: FeePlan.check(z.meta({ description: 'Created; Location names it, ETag its version' })) },
    problems: [400, 401, 403, 409, 413, 415, 422],
  },
  getFeePlan: { params: FeePlanParams, query: NoQuery, responses: { 200: FeePlan }, problems: [400, 401, 403, 404] },
  updateFeePlan: {
    params: FeePlanParams,
    headers: ifMatch('The ETag of the plan as last read ("v<version>"); required'),
    body: FeePlanVersionInput,
    responses: { 200: FeePlan },
    problems: [400, 401, 403, 404, 412, 413, 415, 422, 428],
  },
  listFeePlanVersions: { params: FeePlanParams, query: NoQuery, responses: { 200: FeePlanHistory }, problems: [400, 401, 403, 404] },
  assignFeePlan: { params: FeePlanParams, body: FeePlanAssignment, responses: { 200: FeePlan }, problems: [400, 401, 403, 404, 413, 415, 422] },
  listReceivables: { query: ReceivableQuery, responses: { 200: ReceivableList }, problems: [400, 401, 403] },
  getReceivablesCalendar: { query: CalendarQuery, responses: { 200: Calendar }, problems: [400, 401, 403] },
  getReceivablesArrangements: { query: ArrangementsQuery, responses: { 200: Arrangements }, problems: [400, 401, 403] },
  getReceivablesMargin: { query: MarginQuery, responses: { 200: Margin }, problems: [400, 401, 403] },
  simulateAnticipation: { body: AnticipationInput, responses: { 200: AnticipationSimulation }, problems: [400, 401, 403, 413, 415, 422] },
  listStatementFiles: { query: FileListQuery, responses: { 200: StatementFileList }, problems: [400, 401, 403] },
  uploadStatementFile: {
    query: z.object({ name: z.optional(z.string().check(z.maxLength(200))) }),
    responses: { 200: StatementFileUpload, 201: StatementFileUpload },
    problems: [400, 401, 403, 413, 415, 422],
  },
  getStatementFile: { params: ReconciliationParams, responses: { 200: StatementFile }, problems: [401, 403, 404] },
  listReconciliationExceptions: { query: ExceptionQuery, responses: { 200: ExceptionList }, problems: [400, 401, 403] },
  getReconciliationAgeing: { query: ExceptionFilter, responses: { 200: AgeingSummary }, problems: [400, 401, 403] },
  getReconciliationException: { params: ReconciliationParams, responses: { 200: ExceptionDetail }, problems: [401, 403, 404] },
  resolveReconciliationException: { params: ReconciliationParams, body: ResolutionInput, responses: { 200: ExceptionDetail }, problems: [400, 401, 403, 404, 409, 422] },
  bulkResolveReconciliationExceptions: { body: BulkResolutionInput, responses: { 200: BulkResolutionResult }, problems: [400, 401, 403] },
  getReconciliationDaily: {
    query: z.object({ days: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(366)), 31) }),
    responses: { 200: DailySummary },
    problems: [400, 401, 403],
  },
  listAuditEntries: { query: AuditListQuery, responses: { 200: AuditList }, problems: [400, 401, 403], csv: 'The page of entries, or the CSV export' },
  signIn: { query: NoQuery, body: SignInRequest, responses: { 200: SignInResult }, problems: [400, 401, 403, 429] },
  signInSecondFactor: { query: NoQuery, body: SecondFactorRequest, responses: { 200: SignInResult }, problems: [400, 401, 403, 429] },
  startPasskeySignIn: { query: NoQuery, responses: { 200: PasskeyRequestOptions }, problems: [403] },
  signInWithPasskey: { query: NoQuery, body: PasskeySignIn, responses: { 200: SignInResult }, problems: [400, 401, 403, 429] },
  getAccount: { query: NoQuery, responses: { 200: Account }, problems: [401, 403] },
  changePassword: { query: NoQuery, body: PasswordChange, responses: { 204: Done }, problems: [400, 401, 403] },
  startSecondFactor: { query: NoQuery, responses: { 200: TotpEnrolment }, problems: [401, 403] },
  confirmSecondFactor: { query: NoQuery, body: TotpConfirm, responses: { 200: RecoveryCodes }, problems: [400, 401, 403] },
  renewRecoveryCodes: { query: NoQuery, responses: { 200: RecoveryCodes }, problems: [401, 403, 409] },
  listPasskeys: { query: NoQuery, responses: { 200: PasskeyList }, problems: [401, 403] },
  startPasskeyRegistration: { query: NoQuery, responses: { 200: PasskeyCreationOptions }, problems: [401, 403, 409] },
  addPasskey: { query: NoQuery, body: PasskeyRegistration, responses: { 201: Passkey }, problems: [400, 401, 403, 409] },
  renamePasskey: { query: NoQuery, params: PasskeyParams, body: PasskeyRename, responses: { 200: Passkey }, problems: [400, 401, 403, 404] },
  removePasskey: { query: NoQuery, params: PasskeyParams, body: PasskeyRemoval, responses: { 204: Done }, problems: [400, 401, 403, 404] },
  listAccountSessions: { query: NoQuery, responses: { 200: AccountSessionList }, problems: [401, 403] },
  endAccountSessions: { query: NoQuery, responses: { 204: Done }, problems: [401, 403] },
  endAccountSession: {
    query: NoQuery,
    params: z.strictObject({ id: z.string().check(z.regex(/^[0-9a-f]{32}$/), z.meta({ description: 'A session id from the list' })) }),
    responses: { 204: Done },
    problems: [401, 403, 404],
  },
  getSsoOptions: { query: NoQuery, responses: { 200: SsoOptions }, problems: [] },
  startSso: { query: SsoStartQuery, responses: { 303: SsoRedirect, default: otherAnswer }, problems: [400] },
  finishSso: { query: SsoCallbackQuery, responses: { 303: SsoRedirect, default: otherAnswer }, problems: [400] },
  getSsoConfig: { query: NoQuery, responses: { 200: SsoConfigView }, problems: [401, 403, 404] },
  replaceSsoConfig: {
    query: NoQuery,
    headers: ifMatch('The ETag of the configuration as last read; required when one exists (absent: create)'),
    body: SsoConfigInput,
    responses: { 200: SsoConfigView, 201: SsoConfigView.check(z.meta({ description: 'Created; ETag names its version' })) },
    problems: [400, 401, 403, 409, 412, 413, 415, 422, 428],
  },
  deleteSsoConfig: {
    query: NoQuery,
    headers: ifMatch('The ETag of the configuration as last read; required'),
    responses: { 204: Done },
    problems: [401, 403, 404, 409, 412, 428],
  },
  listPeople: { query: PeopleQuery, responses: { 200: PersonList }, problems: [400, 401, 403] },
  invitePerson: { query: NoQuery, body: InvitationRequest, responses: { 201: Invitation }, problems: [400, 401, 403, 409, 502] },
  acceptInvitation: { query: NoQuery, body: InvitationAccept, responses: { 200: SignInResult }, problems: [400, 403, 404, 409, 410] },
  updatePerson: { query: NoQuery, params: PersonParams, body: PersonChange, responses: { 200: Person }, problems: [400, 401, 403, 404, 409] },
  resetPersonSecondFactor: { query: NoQuery, params: PersonParams, responses: { 204: Done }, problems: [401, 403, 404] },
  listApiTokens: { query: ApiTokenQuery, responses: { 200: ApiTokenList }, problems: [400, 401, 403] },
  createApiToken: { query: NoQuery, body: ApiTokenRequest, responses: { 201: CreatedApiToken }, problems: [400, 401, 403] },
  revokeApiToken: { query: NoQuery, params: TokenParams, responses: { 200: ApiToken }, problems: [401, 403, 404] },
} as const satisfies Record<OperationId, EndpointSchema>;

export type EndpointSchemas = typeof endpointSchemas;
