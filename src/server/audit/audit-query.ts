import { and, asc, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditListQuery } from '../../contract/audit.ts';
import { parseCreatedAtFilter } from '../../contract/filters.ts';
import type { Db } from '../db/client.ts';
import { accessTokens, auditEntries as a, people } from '../db/schema.ts';
import { offsetOf } from '../lists/paging.ts';
import { cappedCount, type TotalCount } from '../lists/total-count.ts';

type Filters = Omit<AuditListQuery, 'columns' | 'csv_dialect'>;

const nsToDate = (ns: bigint, up: boolean): Date => new Date(Number(up ? (ns + 999_999n) / 1_000_000n : ns / 1_000_000n));

export function auditWhere(organizationId: string, query: Filters): SQL | undefined {
  const conditions: SQL[] = [eq(a.organizationId, organizationId)];
  const range = query.occurred_at === undefined ? null : parseCreatedAtFilter(query.occurred_at);
  if (range?.fromNs != null) conditions.push(sql`${a.occurredAt} >= ${nsToDate(range.fromNs, false)}`);
  if (range?.toNs != null) conditions.push(sql`${a.occurredAt} < ${nsToDate(range.toNs, true)}`);
  if (query.action !== undefined) {
    const prefix = query.action.endsWith('.');
    conditions.push(prefix ? like(a.action, `${query.action.replace(/[\\%_]/g, '\\$&')}%`) : eq(a.action, query.action));
  }
  if (query.actor_id !== undefined) conditions.push(eq(a.actorId, query.actor_id));
  if (query.target_type !== undefined) conditions.push(eq(a.targetType, query.target_type));
  if (query.target_id !== undefined) conditions.push(eq(a.targetId, query.target_id));
  if (query.outcome !== undefined) conditions.push(eq(a.outcome, query.outcome));
  return and(...conditions);
}

/** The actor's name as it is now: a token's name, a person's email. */
export const actorName = sql<string | null>`coalesce((select ${accessTokens.name} from ${accessTokens} where ${a.actorKind} = 'token' and ${accessTokens.id} = ${a.actorId}), (select ${people.email} from ${people} where ${a.actorKind} = 'person' and ${people.id} = ${a.actorId}))`;

export const auditColumns = {
  id: a.id,
  occurredAt: a.occurredAt,
  actorKind: a.actorKind,
  actorId: a.actorId,
  actorName,
  address: a.address,
  userAgent: a.userAgent,
  action: a.action,
  targetType: a.targetType,
  targetId: a.targetId,
  outcome: a.outcome,
  details: a.details,
};

export type AuditRow = { id: bigint; occurredAt: Date; actorKind: string; actorId: string | null; actorName: string | null; address: string | null; userAgent: string | null; action: string; targetType: string; targetId: string | null; outcome: string; details: Record<string, unknown> };

export async function findAuditEntries(db: Db, organizationId: string, query: Filters): Promise<AuditRow[]> {
  const by = query.order_direction === 'asc' ? asc : desc;
  return db
    .select(auditColumns)
    .from(a)
    .where(auditWhere(organizationId, query))
    .orderBy(by(a.occurredAt), by(a.id))
    .limit(query.limit + 1)
    .offset(offsetOf(query));
}

export const countAuditEntries = (db: Db, organizationId: string, query: Filters, cap: number): Promise<TotalCount> =>
  cappedCount(db, a, auditWhere(organizationId, query), cap);

/** Every matching entry in the list's order, in keyset batches (the export). */
export async function* auditBatches(db: Db, organizationId: string, query: Filters, size = 2000): AsyncGenerator<AuditRow[]> {
  const where = auditWhere(organizationId, query);
  const asc_ = query.order_direction === 'asc';
  const by = asc_ ? asc : desc;
  let last: AuditRow | undefined;
  for (;;) {
    const after = last ? sql`(${a.occurredAt}, ${a.id}) ${sql.raw(asc_ ? '>' : '<')} (${last.occurredAt}, ${last.id})` : undefined;
    const rows = await db.select(auditColumns).from(a).where(and(where, after)).orderBy(by(a.occurredAt), by(a.id)).limit(size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    last = rows.at(-1);
  }
}

export const auditView = (r: AuditRow): AuditEntry => ({
  id: String(r.id),
  occurredAt: r.occurredAt.toISOString(),
  actor: { kind: r.actorKind as AuditEntry['actor']['kind'], id: r.actorId, name: r.actorName },
  address: r.address,
  userAgent: r.userAgent,
  action: r.action,
  target: { type: r.targetType as AuditEntry['target']['type'], id: r.targetId },
  outcome: r.outcome as AuditEntry['outcome'],
  details: r.details,
});
