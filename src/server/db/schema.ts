import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { AuthenticationField } from '../../contract/providers.ts';
import type { EventCardData, TerminalData } from '../../contract/events.ts';
import type { FeeRates, SettlementTerms } from '../../contract/fee-plans.ts';

/** An index key on a text column in byte order (collation "C"), matching the queries' `x COLLATE "C"`. */
const byteOrder = (column: AnyPgColumn) => sql`${column} collate "C"`;

const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** Sub-acquirer organizations: every token, credential, summary and event belongs to one. */
export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  taxId: text('tax_id').notNull(),
  createdAt: createdAt(),
});

export const merchants = pgTable(
  'merchants',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull().references(() => organizations.id),
    name: text('name').notNull(),
    taxId: text('tax_id').notNull(),
    createdAt: createdAt(),
    /** merchant category code (ISO 18245) of merchants added through POST /v1/merchants; null for older rows */
    mcc: text('mcc'),
    /** issue 25: the merchant's price plan (fee_plans, kind price); null: the organization's default price plan */
    feePlanId: text('fee_plan_id').references((): AnyPgColumn => feePlans.id),
    /** the name in lower case without accents, for GET /v1/merchants?q= (kept by the database) */
    searchName: text('search_name').generatedAlwaysAs(
      sql`lower(translate(name, 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN'))`,
    ),
  },
  (t) => [index('merchants_org_idx').on(t.organizationId, t.id), index('merchants_org_tax_id_idx').on(t.organizationId, t.taxId),
    // GET /v1/merchants pages in name order: read in index order and stop at the page, no sort of the organization
    index('merchants_org_name_idx').on(t.organizationId, t.name, t.id),
  ],
);

export const providers = pgTable('providers', {
  id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  captureType: text('capture_type').notNull(),
  authenticationFields: jsonb('authentication_fields').$type<AuthenticationField[]>().notNull(),
});

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull().references(() => organizations.id),
    merchantId: text('merchant_id').references(() => merchants.id),
    name: text('name').notNull(),
    /** hex SHA-256 of the opaque token; the token itself is never stored */
    tokenHash: text('token_hash').notNull().unique(),
    scopes: text('scopes').array().notNull(),
    mode: text('mode', { enum: ['live', 'test'] }).notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    /** 'api': a machine token; 'person': the identity a signed-in person acts through (no usable secret) */
    kind: text('kind', { enum: ['api', 'person'] }).notNull().default('api'),
    personId: text('person_id').references((): AnyPgColumn => people.id),
    /** the person who made an API token */
    createdBy: text('created_by').references((): AnyPgColumn => people.id),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('access_tokens_org_idx').on(t.organizationId), uniqueIndex('access_tokens_person_uq').on(t.personId).where(sql`${t.kind} = 'person'`)],
);

export const credentials = pgTable(
  'credentials',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull().references(() => organizations.id),
    merchantId: text('merchant_id').notNull().references(() => merchants.id),
    providerId: text('provider_id').notNull().references(() => providers.id),
    authenticationData: jsonb('authentication_data').$type<Record<string, string>>().notNull(),
    /** canonical text of the identifying (non-secret) authentication values: MID and TID for EMV */
    identityKey: text('identity_key').notNull(),
    additionalData: jsonb('additional_data').$type<Record<string, unknown>>(),
    status: text('status', { enum: ['connected', 'disconnected'] }).notNull(),
    testMode: boolean('test_mode').notNull(),
    enabled: boolean('enabled').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** optimistic concurrency: bumped by every change (PATCH); the ETag is made from it */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('credentials_identity_uq').on(t.organizationId, t.merchantId, t.providerId, t.testMode, t.identityKey),
    index('credentials_org_mode_created_idx').on(t.organizationId, t.testMode, t.createdAt, t.id),
  ],
);

/** Idempotency-Key replay store: the first response of a POST, per token and key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tokenId: text('token_id').notNull().references(() => accessTokens.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code').notNull(),
    responseBody: jsonb('response_body').notNull(),
    location: text('location'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.key] })],
);

export const transactionSummaries = pgTable(
  'transaction_summaries',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull().references(() => organizations.id),
    merchantId: text('merchant_id').notNull().references(() => merchants.id),
    createdAt: createdAt(),
    acquirer: text('acquirer').notNull(),
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    installments: integer('installments').notNull(),
    gatewayTransactionId: text('gateway_transaction_id').notNull(),
    cardBrand: text('card_brand'),
    cardFirstDigits: text('card_first_digits'),
    cardLastDigits: text('card_last_digits'),
    cardHolderName: text('card_holder_name'),
    cardExpirationMonth: smallint('card_expiration_month'),
    cardExpirationYear: smallint('card_expiration_year'),
    acquirerMerchantId: text('acquirer_merchant_id'),
    acquirerTerminalId: text('acquirer_terminal_id'),
    /** the sum of the sale's approved capture cycles (migration 0012): what gross volume counts */
    capturedMinor: bigint('captured_minor', { mode: 'bigint' }).notNull().default(0n),
    /** the sum of the sale's approved refund cycles (migration 0012): the refunded amount */
    refundedMinor: bigint('refunded_minor', { mode: 'bigint' }).notNull().default(0n),
  },
  (t) => [
    // amount and BIN trail the default order's index: a deep page filtered by either (a range, a short prefix)
    // then skips its OFFSET inside an index-only scan instead of visiting the table for every skipped row
    index('summaries_org_created_idx').on(t.organizationId, t.createdAt, t.id, t.amountMinor, byteOrder(t.cardFirstDigits)),
    index('summaries_org_merchant_created_idx').on(t.organizationId, t.merchantId, t.createdAt, t.id),
    index('summaries_org_gateway_idx').on(t.organizationId, t.gatewayTransactionId),
    // Every other list index ends with merchant_id: past the order's id tie-breaker it changes no order, and it
    // lets an index-only scan (the deferred join of a page, the capped count) check a merchant token's scope
    // without visiting the table.
    index('summaries_org_acquirer_idx').on(t.organizationId, t.acquirer, t.createdAt, t.id, t.merchantId),
    index('summaries_org_method_idx').on(t.organizationId, t.paymentMethod, t.createdAt, t.id, t.merchantId),
    index('summaries_org_status_idx').on(t.organizationId, t.status, t.createdAt, t.id, t.merchantId),
    index('summaries_org_amount_idx').on(t.organizationId, t.amountMinor, t.id, t.merchantId),
    index('summaries_org_brand_idx').on(t.organizationId, t.cardBrand, t.createdAt, t.id, t.merchantId),
    // Text sorts compare bytewise (ORDER BY x COLLATE "C", id): these indexes carry the same collation so an
    // index scan yields that order. The card ones also serve their filters, written with COLLATE "C" too
    // (a C-collated B-tree serves LIKE 'prefix%'), so they replace the default-collation filter indexes.
    index('summaries_org_acquirer_sort_idx').on(t.organizationId, byteOrder(t.acquirer), t.id, t.merchantId),
    index('summaries_org_method_sort_idx').on(t.organizationId, byteOrder(t.paymentMethod), t.id, t.merchantId),
    index('summaries_org_status_sort_idx').on(t.organizationId, byteOrder(t.status), t.id, t.merchantId),
    index('summaries_org_brand_sort_idx').on(t.organizationId, byteOrder(t.cardBrand), t.id, t.merchantId),
    index('summaries_org_first_digits_c_idx').on(t.organizationId, byteOrder(t.cardFirstDigits), t.id, t.merchantId),
    index('summaries_org_last_digits_c_idx').on(t.organizationId, byteOrder(t.cardLastDigits), t.id, t.merchantId),
    // q: exact identifier lookups (migration 0005)
    index('summaries_gateway_id_idx').on(t.gatewayTransactionId),
  ],
);

export const cycles = pgTable(
  'cycles',
  {
    id: text('id').primaryKey(),
    summaryId: text('summary_id').notNull().references(() => transactionSummaries.id),
    seq: smallint('seq').notNull(),
    createdAt: createdAt(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    authorizationCode: text('authorization_code'),
    responseCode: text('response_code'),
    responseMessage: text('response_message'),
    retrievalReferenceNumber: text('retrieval_reference_number'),
    systemTraceAuditNumber: text('system_trace_audit_number'),
    gatewayTransactionId: text('gateway_transaction_id').notNull(),
    deviceFingerprintId: text('device_fingerprint_id'),
    deviceIpAddress: text('device_ip_address'),
    deviceLatitude: doublePrecision('device_latitude'),
    deviceLongitude: doublePrecision('device_longitude'),
  },
  (t) => [
    index('cycles_summary_idx').on(t.summaryId, t.seq),
    // q: exact identifier lookups (migration 0005)
    index('cycles_gateway_id_idx').on(t.gatewayTransactionId),
    index('cycles_rrn_idx').on(t.retrievalReferenceNumber),
    index('cycles_stan_idx').on(t.systemTraceAuditNumber),
    index('cycles_authorization_code_idx').on(t.authorizationCode),
  ],
);

export const eventChangeSeq = pgSequence('events_change_seq');

export const events = pgTable(
  'events',
  {
    /** eventId: unique per webhook event, the tie-breaker of every order */
    eventId: text('event_id').primaryKey(),
    /** the Event's `id`: the transaction it describes */
    id: text('id').notNull(),
    organizationId: text('organization_id').notNull().references(() => organizations.id),
    /** null while a notification's MID/TID has not been matched to a connection (unknown terminal) */
    merchantId: text('merchant_id').references(() => merchants.id),
    /** epoch nanoseconds: PostgreSQL timestamps stop at microseconds, events do not */
    createdAtNs: bigint('created_at_ns', { mode: 'bigint' }).notNull(),
    /** createdAt exactly as it arrived, every digit kept */
    createdAtText: text('created_at_text').notNull(),
    updatedAtText: text('updated_at_text').notNull(),
    terminalId: text('terminal_id').notNull(),
    eventStatus: text('event_status').notNull(),
    eventType: text('event_type').notNull(),
    acquirerName: text('acquirer_name').notNull(),
    transactionType: text('transaction_type').notNull(),
    transactionStatus: text('transaction_status').notNull(),
    terminalSerialNumber: text('terminal_serial_number').notNull(),
    merchantTaxId: text('merchant_tax_id').notNull(),
    acquirerMerchantIdentifier: text('acquirer_merchant_identifier').notNull(),
    acquirerTerminalIdentifier: text('acquirer_terminal_identifier').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    installments: integer('installments'),
    installmentInterest: boolean('installment_interest'),
    authorizationCode: text('authorization_code'),
    productAid: text('product_aid'),
    retrievalReferenceNumber: text('retrieval_reference_number'),
    acquirerResponseCode: text('acquirer_response_code'),
    cardData: jsonb('card_data').$type<EventCardData | null>(),
    terminalData: jsonb('terminal_data').$type<TerminalData>().notNull(),
    metadata: jsonb('metadata').$type<Record<string, string | number | boolean | null>>().notNull(),
    // processing (issue 12): see src/server/processing/
    failureReason: text('failure_reason'),
    failureDetail: text('failure_detail'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, precision: 3 }),
    processedAt: timestamp('processed_at', { withTimezone: true, precision: 3 }),
    summaryId: text('summary_id'),
    connectionId: text('connection_id'),
    /** hex SHA-256 of the notification's raw body: a repeat with another body is a conflict */
    payloadHash: text('payload_hash'),
    /**
     * The notification's body as received (UTF-8 JSON text, unknown fields and all; a full card number in it masked
     * to BIN + last 4 before storage, see notifications/raw-body.ts); null for events stored before issue 21. Read by
     * the single-event API only: lists, exports, the stream and the worker leave it out (eventListColumns).
     */
    rawBody: text('raw_body'),
    /** bumped (nextval) by every insert and change: the live stream's cursor (Last-Event-ID) */
    changeSeq: bigint('change_seq', { mode: 'bigint' }).notNull().default(sql`nextval('events_change_seq')`),
  },
  (t) => [
    index('events_org_created_idx').on(t.organizationId, t.createdAtNs, t.eventId),
    index('events_org_merchant_created_idx').on(t.organizationId, t.merchantId, t.createdAtNs, t.eventId),
    // merchant_id last: a merchant token's scope is checked inside index-only scans (see transaction_summaries)
    index('events_org_status_created_idx').on(t.organizationId, t.eventStatus, t.createdAtNs, t.eventId, t.merchantId),
    index('events_org_type_created_idx').on(t.organizationId, t.eventType, t.createdAtNs, t.eventId, t.merchantId),
    index('events_due_idx').on(t.nextAttemptAt).where(sql`event_status = 'pending' and next_attempt_at is not null`),
    index('events_org_change_idx').on(t.organizationId, t.changeSeq),
    // summary_id and q: a transaction's events, exact identifier lookups (migration 0005)
    index('events_org_transaction_idx').on(t.organizationId, t.id, t.createdAtNs, t.eventId),
    index('events_org_rrn_idx').on(t.organizationId, t.retrievalReferenceNumber),
    index('events_org_authorization_code_idx').on(t.organizationId, t.authorizationCode),
  ],
);

/** Dashboard sessions (HttpOnly cookie): the SHA-256 of the random session id, never the id itself. */
export const dashboardSessions = pgTable(
  'dashboard_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    tokenId: text('token_id')
      .notNull()
      .references(() => accessTokens.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    address: text('address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('dashboard_sessions_token_idx').on(t.tokenId), index('dashboard_sessions_last_seen_idx').on(t.lastSeenAt)],
);

/** Notification signing secrets (issue 12): per organization; two valid during a rotation. */
export const signingSecrets = pgTable(
  'signing_secrets',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull().references(() => organizations.id),
    /** 'aes-256-gcm:<iv>:<tag>:<ciphertext>' with SIGNING_SECRET_KEY, or 'plain:<secret>' without it */
    secretSealed: text('secret_sealed').notNull(),
    lastFour: text('last_four').notNull(),
    createdAt: createdAt(),
    /** set when a rotation replaces it: still valid until then */
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('signing_secrets_org_idx').on(t.organizationId)],
);

/**
 * Issue 11: totals of transaction_summaries for /v1/transactions/stats, per organization and merchant ('*' =
 * every merchant): an hourly cube (status, acquirer, payment method, card brand ('' for pix)), the same per
 * UTC day, and hourly per status alone. Kept by statement-level triggers on transaction_summaries (migration
 * 0007, enabled ALWAYS so the seed's bulk load keeps them too), in the same transaction as the rows; the event
 * worker adds a whole batch's deltas itself, in one summary_rollup_apply just before its commit (migration 0009).
 */
const rollupCube = {
  organizationId: text('organization_id').notNull(),
  merchantId: text('merchant_id').notNull(),
  status: text('status').notNull(),
  acquirer: text('acquirer').notNull(),
  paymentMethod: text('payment_method').notNull(),
  cardBrand: text('card_brand').notNull(),
  count: bigint('count', { mode: 'bigint' }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  capturedMinor: bigint('captured_minor', { mode: 'bigint' }).notNull().default(0n),
  refundedMinor: bigint('refunded_minor', { mode: 'bigint' }).notNull().default(0n),
};

export const summaryRollup = pgTable('summary_rollup', { ...rollupCube, hour: timestamp('hour', { withTimezone: true }).notNull() }, (t) => [
  primaryKey({ name: 'summary_rollup_pk', columns: [t.organizationId, t.merchantId, t.hour, t.status, t.acquirer, t.paymentMethod, t.cardBrand] }),
]);

export const summaryRollupDaily = pgTable('summary_rollup_daily', { ...rollupCube, day: date('day', { mode: 'string' }).notNull() }, (t) => [
  primaryKey({ name: 'summary_rollup_daily_pk', columns: [t.organizationId, t.merchantId, t.day, t.status, t.acquirer, t.paymentMethod, t.cardBrand] }),
]);

export const summaryRollupStatus = pgTable(
  'summary_rollup_status',
  {
    organizationId: text('organization_id').notNull(),
    merchantId: text('merchant_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    count: bigint('count', { mode: 'bigint' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    capturedMinor: bigint('captured_minor', { mode: 'bigint' }).notNull().default(0n),
    refundedMinor: bigint('refunded_minor', { mode: 'bigint' }).notNull().default(0n),
  },
  (t) => [primaryKey({ name: 'summary_rollup_status_pk', columns: [t.organizationId, t.merchantId, t.hour, t.status] })],
);

/** Issue 11: saved views of a list page, shared in the organization (merchantId null) or a merchant's own. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull().references(() => organizations.id),
    merchantId: text('merchant_id').references(() => merchants.id),
    name: text('name').notNull(),
    page: text('page', { enum: ['transactions', 'events'] }).notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    orderBy: text('order_by'),
    orderDirection: text('order_direction', { enum: ['asc', 'desc'] }),
    columns: text('columns').array(),
    /** a relative period (contract datePresets) kept instead of filters.created_at (migration 0013) */
    datePreset: text('date_preset'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [unique('saved_views_name_uq').on(t.organizationId, t.page, t.merchantId, t.name).nullsNotDistinct()],
);

/** What changed on a credential, who (the token) and when; written in the change's transaction. */
export const credentialHistory = pgTable(
  'credential_history',
  {
    id: text('id').primaryKey(),
    credentialId: text('credential_id').notNull().references(() => credentials.id),
    tokenId: text('token_id').notNull().references(() => accessTokens.id),
    action: text('action', { enum: ['created', 'updated'] }).notNull(),
    /** the changed values, secrets already masked */
    changes: jsonb('changes').$type<{ field: string; from: string | boolean | null; to: string | boolean | null }[]>().notNull(),
    at: createdAt(),
  },
  (t) => [index('credential_history_credential_idx').on(t.credentialId, t.at, t.id)],
);

/** Issue 25 (migration 0030): fee plans, price (a merchant pays) or cost (an acquirer connection charges). */
export const feePlans = pgTable(
  'fee_plans',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull().references(() => organizations.id),
    kind: text('kind', { enum: ['price', 'cost'] }).notNull(),
    name: text('name').notNull(),
    /** cost plans: the acquirer whose connections charge it; null for price plans */
    acquirer: text('acquirer'),
    isDefault: boolean('is_default').notNull().default(false),
    /** the latest version; its ETag is "v<version>" */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('fee_plans_org_idx').on(t.organizationId, t.kind, t.id),
    uniqueIndex('fee_plans_default_price_uq').on(t.organizationId).where(sql`kind = 'price' AND is_default`),
    uniqueIndex('fee_plans_cost_acquirer_uq').on(t.organizationId, t.acquirer).where(sql`kind = 'cost'`),
  ],
);

/** Every version of a fee plan, never changed: a version applies to sales captured from effective_from. */
export const feePlanVersions = pgTable(
  'fee_plan_versions',
  {
    planId: text('plan_id').notNull().references(() => feePlans.id),
    version: integer('version').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    /** FeeRates of the contract (percent text) */
    rates: jsonb('rates').$type<FeeRates>().notNull(),
    terms: jsonb('terms').$type<SettlementTerms>().notNull(),
    createdAt: createdAt(),
    /** the access token that wrote it; null for the seed's and the backfill's defaults */
    createdBy: text('created_by'),
  },
  (t) => [primaryKey({ name: 'fee_plan_versions_pk', columns: [t.planId, t.version] })],
);

/**
 * Issue 25 (migration 0031): the receivables schedule, one row per installment of an approved capture and one per
 * negative adjustment (docs/receivables.md). gross − fee = net on every row (a CHECK). The unit (UR) is
 * receiver_tax_id + brand + product + acquirer + due_date. Status 'overdue' is derived on read (scheduled, past due).
 */
export const receivables = pgTable(
  'receivables',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull(),
    merchantId: text('merchant_id').notNull(),
    summaryId: text('summary_id').notNull(),
    sourceCycleId: text('source_cycle_id').notNull(),
    kind: text('kind', { enum: ['installment', 'adjustment'] }).notNull(),
    installment: smallint('installment').notNull(),
    installments: smallint('installments').notNull(),
    receiverTaxId: text('receiver_tax_id').notNull(),
    acquirer: text('acquirer').notNull(),
    paymentMethod: text('payment_method').notNull(),
    brand: text('brand').notNull(),
    product: text('product', { enum: ['debit', 'credit', 'pix'] }).notNull(),
    grossMinor: bigint('gross_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    costFeeMinor: bigint('cost_fee_minor', { mode: 'bigint' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'bigint' }).notNull(),
    refundedMinor: bigint('refunded_minor', { mode: 'bigint' }).notNull().default(0n),
    feeRateBps: integer('fee_rate_bps').notNull(),
    costRateBps: integer('cost_rate_bps').notNull(),
    pricePlanId: text('price_plan_id'),
    pricePlanVersion: integer('price_plan_version'),
    costPlanId: text('cost_plan_id'),
    costPlanVersion: integer('cost_plan_version'),
    capturedOn: date('captured_on', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    originalDueDate: date('original_due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['scheduled', 'settled', 'cancelled', 'adjusted'] }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** issue 26 (migration 0042): the statement line that paid it, when reconciliation settled it */
    settlementFileId: text('settlement_file_id'),
    settlementLine: integer('settlement_line'),
  },
  (t) => [
    index('receivables_org_due_idx').on(t.organizationId, t.dueDate, t.id, t.merchantId),
    index('receivables_org_merchant_due_idx').on(t.organizationId, t.merchantId, t.dueDate, t.id),
    index('receivables_org_acquirer_due_idx').on(t.organizationId, t.acquirer, t.dueDate, t.id, t.merchantId),
    index('receivables_org_brand_due_idx').on(t.organizationId, t.brand, t.dueDate, t.id, t.merchantId),
    index('receivables_org_method_due_idx').on(t.organizationId, t.paymentMethod, t.dueDate, t.id, t.merchantId),
    index('receivables_org_status_due_idx').on(t.organizationId, t.status, t.dueDate, t.id, t.merchantId),
    index('receivables_summary_idx').on(t.summaryId),
  ],
);

/** Per-day totals of receivables (migration 0031's statement triggers keep them): the calendar and the margin read these. */
export const receivableDaily = pgTable(
  'receivable_daily',
  {
    organizationId: text('organization_id').notNull(),
    merchantId: text('merchant_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    acquirer: text('acquirer').notNull(),
    brand: text('brand').notNull(),
    product: text('product').notNull(),
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull(),
    count: bigint('count', { mode: 'bigint' }).notNull(),
    grossMinor: bigint('gross_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    costFeeMinor: bigint('cost_fee_minor', { mode: 'bigint' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'receivable_daily_pk', columns: [t.organizationId, t.dueDate, t.merchantId, t.acquirer, t.brand, t.product, t.paymentMethod, t.status] }),
    index('receivable_daily_merchant_idx').on(t.organizationId, t.merchantId, t.dueDate),
  ],
);

/** Per-month totals of receivables, the same dimensions (migration 0032, the same triggers): long ranges read whole months here. */
export const receivableMonthly = pgTable(
  'receivable_monthly',
  {
    organizationId: text('organization_id').notNull(),
    merchantId: text('merchant_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    acquirer: text('acquirer').notNull(),
    brand: text('brand').notNull(),
    product: text('product').notNull(),
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull(),
    count: bigint('count', { mode: 'bigint' }).notNull(),
    grossMinor: bigint('gross_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    costFeeMinor: bigint('cost_fee_minor', { mode: 'bigint' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ name: 'receivable_monthly_pk', columns: [t.organizationId, t.month, t.merchantId, t.acquirer, t.brand, t.product, t.paymentMethod, t.status] })],
);

/** Issue 26: an acquirer's statement file, imported once per organization (its SHA-256), with its results. */
export const statementFiles = pgTable(
  'statement_files',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull().references(() => organizations.id),
    acquirer: text('acquirer').notNull(),
    layout: text('layout').notNull(),
    sha256: text('sha256').notNull(),
    name: text('name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    lines: integer('lines').notNull(),
    records: integer('records').notNull(),
    fileKind: text('file_kind'),
    headMid: text('head_mid'),
    sequence: text('sequence'),
    generatedOn: date('generated_on', { mode: 'string' }),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    importedAt: timestamp('imported_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    importedBy: text('imported_by').notNull(),
    saleRecords: integer('sale_records').notNull().default(0),
    matchedRecords: integer('matched_records').notNull().default(0),
    exceptions: integer('exceptions').notNull().default(0),
    grossMinor: bigint('gross_minor', { mode: 'bigint' }).notNull().default(0n),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull().default(0n),
    netMinor: bigint('net_minor', { mode: 'bigint' }).notNull().default(0n),
    /** migration 0042: the file lists every payment of its period (Cielo 04, Getnet's daily file) */
    coversPayments: boolean('covers_payments').notNull().default(false),
  },
  (t) => [unique('statement_files_sha_uq').on(t.organizationId, t.sha256), index('statement_files_org_imported_idx').on(t.organizationId, t.importedAt, t.id)],
);

/** One record of a statement file, with the normalised keys the matcher joins on and the sale it matched. */
export const statementRecords = pgTable(
  'statement_records',
  {
    /** the file's row is inserted by the same import transaction (migration 0043 dropped the per-row foreign key) */
    fileId: text('file_id').notNull(),
    line: integer('line').notNull(),
    organizationId: text('organization_id').notNull(),
    acquirer: text('acquirer').notNull(),
    kind: text('kind').notNull(),
    recordType: text('record_type').notNull(),
    mid: text('mid').notNull(),
    nsu: text('nsu'),
    authorizationCode: text('authorization_code'),
    midKey: text('mid_key').notNull(),
    nsuKey: text('nsu_key'),
    authKey: text('auth_key'),
    captureDate: date('capture_date', { mode: 'string' }),
    paymentDate: date('payment_date', { mode: 'string' }),
    installment: smallint('installment'),
    installments: smallint('installments'),
    grossMinor: bigint('gross_minor', { mode: 'bigint' }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'bigint' }).notNull(),
    saleTotalMinor: bigint('sale_total_minor', { mode: 'bigint' }),
    urKey: text('ur_key'),
    cardBin: text('card_bin'),
    cardLast4: text('card_last4'),
    code: text('code'),
    summaryId: text('summary_id'),
    manual: boolean('manual').notNull().default(false),
    /** migration 0042: a payment record's own line; on the sale lines it pays, its line; null elsewhere */
    paymentLine: integer('payment_line'),
  },
  (t) => [
    primaryKey({ name: 'statement_records_pk', columns: [t.fileId, t.line] }),
    index('statement_records_org_acquirer_idx').on(t.organizationId, t.acquirer, t.kind),
    index('statement_records_summary_idx').on(t.summaryId).where(sql`summary_id is not null`),
    index('statement_records_payment_idx').on(t.organizationId, t.acquirer, t.summaryId, t.installment).where(sql`payment_line is not null`),
  ],
);

/** A reconciliation exception: keyed by what it is about, so a re-run of the matcher updates instead of adding. */
export const reconciliationExceptions = pgTable(
  'reconciliation_exceptions',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull().references(() => organizations.id),
    key: text('key').notNull(),
    outcome: text('outcome').notNull(),
    acquirer: text('acquirer').notNull(),
    merchantId: text('merchant_id'),
    summaryId: text('summary_id'),
    fileId: text('file_id'),
    line: integer('line'),
    day: date('day', { mode: 'string' }).notNull(),
    expectedMinor: bigint('expected_minor', { mode: 'bigint' }),
    reportedMinor: bigint('reported_minor', { mode: 'bigint' }),
    expectedDate: date('expected_date', { mode: 'string' }),
    reportedDate: date('reported_date', { mode: 'string' }),
    status: text('status').notNull().default('open'),
    note: text('note'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, precision: 3 }),
    linkedSummaryId: text('linked_summary_id'),
    createdAt: createdAt(),
    /** migration 0042: the receivable a settlement exception is about */
    receivableId: text('receivable_id'),
  },
  (t) => [
    unique('reconciliation_exceptions_key_uq').on(t.organizationId, t.key),
    index('reconciliation_exceptions_org_status_idx').on(t.organizationId, t.status, t.day, t.id),
    index('reconciliation_exceptions_org_file_idx').on(t.organizationId, t.fileId),
    index('reconciliation_exceptions_org_outcome_idx').on(t.organizationId, t.status, t.outcome, t.day, t.id),
    index('reconciliation_exceptions_org_acquirer_idx').on(t.organizationId, t.status, t.acquirer, t.day, t.id),
    index('reconciliation_exceptions_org_merchant_idx').on(t.organizationId, t.status, t.merchantId, t.day, t.id),
    index('reconciliation_exceptions_org_acquirer_merchant_idx').on(t.organizationId, t.status, t.acquirer, t.merchantId, t.day, t.id),
  ],
);

/** Per-day counts and amounts at stake of the exceptions (migration 0043's statement triggers keep them): the ageing buckets. */
export const reconciliationExceptionDays = pgTable(
  'reconciliation_exception_days',
  {
    organizationId: text('organization_id').notNull(),
    status: text('status').notNull(),
    outcome: text('outcome').notNull(),
    acquirer: text('acquirer').notNull(),
    /** '' when the exception has none */
    merchantId: text('merchant_id').notNull(),
    fileId: text('file_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: bigint('count', { mode: 'bigint' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ name: 'reconciliation_exception_days_pk', columns: [t.organizationId, t.status, t.outcome, t.acquirer, t.merchantId, t.fileId, t.day] })],
);

/** Retention of the audit trail (one row): the database refuses deleting younger entries (migration 0020). */
export const auditRetention = pgTable('audit_retention', {
  only: boolean('only').primaryKey().default(true),
  keepDays: integer('keep_days').notNull().default(1826),
});

/** Who did what, when, from where, and how it ended (issue 24). Append-only: UPDATE, TRUNCATE and early DELETE are refused by triggers. */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text('organization_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: ['person', 'token', 'system', 'anonymous'] }).notNull(),
    actorId: text('actor_id'),
    address: text('address'),
    userAgent: text('user_agent'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    outcome: text('outcome', { enum: ['success', 'denied', 'failure'] }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_entries_org_occurred_idx').on(t.organizationId, t.occurredAt, t.id), index('audit_entries_occurred_idx').on(t.occurredAt)],
);

/** People who sign in to the dashboard (issue 24). Their scopes come from the role, through their 'person' access token. */
export const people = pgTable(
  'people',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id').notNull().references(() => organizations.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** Argon2id PHC string; null until the invitation is accepted */
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** the last TOTP time step accepted: a code is never accepted twice */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    status: text('status', { enum: ['active', 'invited', 'disabled'] }).notNull().default('active'),
    createdAt: createdAt(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, precision: 3 }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [uniqueIndex('people_email_uq').on(sql`lower(${t.email})`), index('people_org_idx').on(t.organizationId, t.email)],
);

/** The merchants a merchant operator acts for (issue 24, migration 0025): one or more; none for the other roles. */
export const personMerchants = pgTable(
  'person_merchants',
  {
    personId: text('person_id').notNull().references(() => people.id, { onDelete: 'cascade' }),
    merchantId: text('merchant_id').notNull().references(() => merchants.id),
  },
  (t) => [primaryKey({ name: 'person_merchants_pk', columns: [t.personId, t.merchantId] })],
);

/** One-time recovery codes, hashed; a used one is deleted. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    personId: text('person_id').notNull().references(() => people.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.codeHash] })],
);

/** A password accepted, the second factor awaited: a short-lived random id, stored hashed. */
export const signInChallenges = pgTable('sign_in_challenges', {
  idHash: text('id_hash').primaryKey(),
  personId: text('person_id').notNull().references(() => people.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
});

/** Failed sign-ins per account (email:…) and per address (address:…), counted over the rate-limit window. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_key_at_idx').on(t.key, t.at)],
);

/** Single sign-on (issue 24): an organization's OpenID provider and who it lets in (src/server/sso/). */
export const ssoConfigs = pgTable('sso_configs', {
  organizationId: text('organization_id').primaryKey().references(() => organizations.id),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** sealed like the signing secrets: 'aes-256-gcm:…' with SIGNING_SECRET_KEY, or 'plain:…' */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  scopes: text('scopes').notNull().default('openid email profile'),
  /** lower-case email domains whose verified people may join without an invitation */
  allowedDomains: text('allowed_domains').array().notNull().default(sql`'{}'`),
  roleClaim: text('role_claim').notNull().default('groups'),
  /** claim value → role, in order: the first pair whose value the person's claim holds wins */
  roleMap: jsonb('role_map').$type<{ value: string; role: string }[]>().notNull().default([]),
  /** the role of a domain-allowed newcomer whose claim maps to none; null: such a newcomer is refused */
  defaultRole: text('default_role'),
  /** 'env': written from OIDC_* at start (removed when they are unset); 'api': set otherwise */
  source: text('source', { enum: ['env', 'api'] }).notNull().default('api'),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

/** A sign-in with the organization's provider under way: the browser holds only a random id (HttpOnly cookie), stored hashed. */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    idHash: text('id_hash').primaryKey(),
    organizationId: text('organization_id').notNull().references(() => organizations.id),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('sso_logins_expires_idx').on(t.expiresAt)],
);

/** An invitation link (issue 24): only its token's SHA-256 is kept; it works once and for 72 hours. */
export const invitations = pgTable(
  'invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    personId: text('person_id').notNull().references(() => people.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by').references(() => people.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('invitations_person_idx').on(t.personId)],
);

/** A person's passkeys (WebAuthn credentials): the COSE public key as base64url, the signature counter, the name they gave it. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    personId: text('person_id').notNull().references(() => people.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'`),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [uniqueIndex('passkeys_credential_uq').on(t.credentialId), index('passkeys_person_idx').on(t.personId, t.createdAt)],
);

/** WebAuthn challenges under way (registration, second factor, passkey sign-in): each used once, within minutes. */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'second_factor', 'sign_in'] }).notNull(),
    personId: text('person_id').references(() => people.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);
