import { z } from 'zod/mini';
import { columnsParameter, csvQueryShape } from './export.ts';
import { CreatedAtFilter, listBaseQuery } from './list-query.ts';

/** The audit trail (issue 24): who did what, when, from where, and how it ended. Append-only. */
export const auditActorKinds = ['person', 'token', 'system', 'anonymous'] as const;
export const AuditActorKind = z.enum(auditActorKinds);
export type AuditActorKind = z.infer<typeof AuditActorKind>;

export const auditOutcomes = ['success', 'denied', 'failure'] as const;
export const AuditOutcome = z.enum(auditOutcomes);
export type AuditOutcome = z.infer<typeof AuditOutcome>;

/** The kinds of things an entry is about. */
export const auditTargetTypes = ['credential', 'merchant', 'view', 'signing_secret', 'event', 'transaction', 'token', 'person', 'session', 'invitation', 'audit', 'fee_plan', 'statement_file', 'reconciliation_exception', 'sso_config'] as const;
export const AuditTargetType = z.enum(auditTargetTypes);
export type AuditTargetType = z.infer<typeof AuditTargetType>;

export const AuditEntry = z
  .object({
    id: z.string().check(z.meta({ description: 'Increasing: a later entry has a larger id' })),
    occurredAt: z.string().check(z.meta({ description: 'ISO 8601, UTC, milliseconds' })),
    actor: z.object({
      kind: AuditActorKind,
      id: z.nullable(z.string()).check(z.meta({ description: 'The person id or the token id' })),
      name: z.nullable(z.string()).check(z.meta({ description: "The person's email or the token's name, as they are now" })),
    }),
    address: z.nullable(z.string()).check(z.meta({ description: "The client's IP address (through TRUST_PROXY)" })),
    userAgent: z.nullable(z.string()),
    action: z.string().check(z.meta({ description: 'What was done, such as credential.update, transaction.read, transactions.export, person.sign_in', example: 'credential.update' })),
    target: z.object({ type: AuditTargetType, id: z.nullable(z.string()) }),
    outcome: AuditOutcome,
    details: z.record(z.string(), z.unknown()).check(z.meta({ description: 'What the action carried: an export its filters and row count, a refusal its HTTP status' })),
  })
  .register(z.globalRegistry, { id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditList = z.array(AuditEntry).register(z.globalRegistry, { id: 'AuditList' });
export type AuditList = z.infer<typeof AuditList>;

export const auditColumnIds = ['occurred_at', 'actor_kind', 'actor_id', 'actor_name', 'action', 'target_type', 'target_id', 'outcome', 'address', 'user_agent', 'details'] as const;
export type AuditColumnId = (typeof auditColumnIds)[number];

const text = (max: number, description: string) => z.optional(z.string().check(z.minLength(1), z.maxLength(max), z.meta({ description })));

export const auditQueryShape = {
  page: listBaseQuery.page,
  limit: listBaseQuery.limit,
  order_direction: listBaseQuery.order_direction,
  occurred_at: z.optional(CreatedAtFilter),
  action: text(64, 'An action, or its prefix ending in a dot (credential. gives every credential action)'),
  actor_id: text(64, 'A person id or token id'),
  target_type: z.optional(AuditTargetType),
  target_id: text(64, 'The id of the thing acted on'),
  outcome: z.optional(AuditOutcome),
};

export const AuditListQuery = z.strictObject({ ...auditQueryShape, columns: columnsParameter(auditColumnIds), ...csvQueryShape });
export type AuditListQuery = z.infer<typeof AuditListQuery>;

/** The retention of the trail: entries older than this are deleted by the sweep (AUDIT_RETENTION_DAYS). */
export const defaultAuditRetentionDays = 1826;
export const minAuditRetentionDays = 30;
