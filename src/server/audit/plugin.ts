import { auditColumnIds } from '../../contract/audit.ts';
import { callerOf } from '../auth/authenticate.ts';
import type { CsvColumn } from '../lists/csv.ts';
import { sendCsv, wantsCsv } from '../lists/send-csv.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { setPagingHeaders } from '../lists/paging.ts';
import { auditBatches, auditView, countAuditEntries, findAuditEntries, type AuditRow } from './audit-query.ts';

const auditCsvColumns: Record<(typeof auditColumnIds)[number], CsvColumn<AuditRow>['value']> = {
  occurred_at: (r) => r.occurredAt.toISOString(),
  actor_kind: (r) => r.actorKind,
  actor_id: (r) => r.actorId,
  actor_name: (r) => r.actorName,
  action: (r) => r.action,
  target_type: (r) => r.targetType,
  target_id: (r) => r.targetId,
  outcome: (r) => r.outcome,
  address: (r) => r.address,
  user_agent: (r) => r.userAgent,
  details: (r) => JSON.stringify(r.details),
};

/** GET /v1/audit: the organization's audit trail, newest first, with filters, paging and CSV export. */
export function auditPlugin(app: ApiInstance, _options: unknown, done: () => void): void {
  app.route({
    ...endpoint('listAuditEntries', {
      summary: 'List the audit trail: who did what, when, from where, and the outcome (extension), or export it as CSV',
      description:
        'Every change (people, roles, tokens, connections, merchants, views, signing secrets, event retries) and every sensitive read (a transaction or event ' +
        'with the card holder, IP address or location; every export with its filters and row count), refused attempts included. Append-only: the database ' +
        'refuses updating or deleting an entry before its retention (AUDIT_RETENTION_DAYS, default 5 years). With `Accept: text/csv` every match streams as CSV.',
      tags: ['access'],
    }),
    config: { auth: 'audit:read', audit: { action: 'audit.export', target: 'audit', exportsOnly: true } },
    handler: async (request, reply) => {
      const { organizationId } = callerOf(request);
      const query = request.query;
      const db = app.database.db;
      if (wantsCsv(request)) {
        return sendCsv(reply, {
          stem: 'audit',
          ids: query.columns ?? auditColumnIds,
          values: auditCsvColumns,
          dialect: query.csv_dialect,
          total: await countAuditEntries(db, organizationId, query, app.countCap),
          batches: auditBatches(db, organizationId, query),
        });
      }
      const [rows, total] = await Promise.all([findAuditEntries(db, organizationId, query), countAuditEntries(db, organizationId, query, app.countCap)]);
      const more = rows.length > query.limit;
      setPagingHeaders(request, reply, query, total, more);
      return rows.slice(0, query.limit).map(auditView);
    },
  });
  done();
}
