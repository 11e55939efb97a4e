import { sql } from 'drizzle-orm';
import { minAuditRetentionDays } from '../../contract/audit.ts';
import type { Db } from '../db/client.ts';
import { auditEntries, auditRetention } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { recordAudit } from './record.ts';

/** How often entries past the retention are deleted (also once at start). */
const sweepEveryMs = 60 * 60 * 1000;

/**
 * Sets the retention the database enforces (audit_retention.keep_days; its CHECK refuses less than 30 days), and
 * records the change as an entry of its own when it differs. Returns the days in force.
 */
export async function applyAuditRetention(db: Db, days: number): Promise<number> {
  if (!Number.isInteger(days) || days < minAuditRetentionDays) throw new Error(`AUDIT_RETENTION_DAYS must be a whole number of at least ${minAuditRetentionDays}`);
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ keepDays: auditRetention.keepDays }).from(auditRetention).for('update');
    if (current?.keepDays === days) return days;
    await tx.update(auditRetention).set({ keepDays: days });
    await recordAudit(tx, {
      organizationId: null,
      actor: { kind: 'system', id: 'server' },
      action: 'audit.retention_change',
      target: { type: 'audit' },
      outcome: 'success',
      details: { fromDays: current?.keepDays ?? null, toDays: days },
    });
    return days;
  });
}

/** Deletes entries older than the retention: the only DELETE the database admits on audit_entries. */
export async function sweepAuditEntries(db: Db): Promise<number> {
  const rows = await db
    .delete(auditEntries)
    .where(sql`${auditEntries.occurredAt} < now() - make_interval(days => (select ${auditRetention.keepDays} from ${auditRetention}))`)
    .returning({ id: auditEntries.id });
  return rows.length;
}

/** Applies the retention and sweeps when the server starts listening, then hourly; never fatal. */
export function registerAuditRetention(app: ApiInstance, days: number): void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    sweepAuditEntries(app.database.db).then(
      (n) => n > 0 && app.log.info({ swept: n }, 'audit entries past their retention deleted'),
      (error: unknown) => app.log.warn({ err: error }, 'audit sweep failed; will retry'),
    );
  app.addHook('onListen', async () => {
    await applyAuditRetention(app.database.db, days).catch((error: unknown) => app.log.error({ err: error }, 'audit retention not applied'));
    void sweep();
    timer = setInterval(() => void sweep(), sweepEveryMs).unref();
  });
  app.addHook('onClose', () => clearInterval(timer));
}
