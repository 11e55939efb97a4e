import type { Db } from '../db/client.ts';

export interface ReconciliationAuditEntry {
  /** the token (or, once people exist, the person) that acted */
  actor: string;
  action: 'statement.imported' | 'exception.resolved';
  target: string;
  outcome: 'success';
  details: Record<string, unknown>;
}

/**
 * The one place reconciliation writes to the audit trail. Issue 24's `recordAudit` (src/server/audit/) is not on
 * main yet; until the lead points this at it, the who and when of every action are kept on the rows themselves
 * (statement_files.imported_by/imported_at, reconciliation_exceptions.resolved_by/resolved_at).
 */
export async function recordReconciliationAudit(_tx: Db, _entry: ReconciliationAuditEntry): Promise<void> {
  await Promise.resolve();
}
