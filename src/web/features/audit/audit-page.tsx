import { useMemo } from 'react';
import type { AuditEntry } from '../../../contract/audit.ts';
import { apiPath } from '../../../contract/endpoints.ts';
import type { Me } from '../../../contract/me.ts';
import { ListView } from '../../components/data-table/list-view.tsx';
import layout from '../../components/page-layout.module.css';
import { useT, type Translate } from '../../lib/i18n/i18n.tsx';
import { auditApiColumns } from '../../lib/list-tools/api-columns.ts';
import { listToolsUser } from '../../lib/list-tools/list-tools-user.ts';
import { useMe } from '../../lib/me-context.tsx';
import { useServerList, type ServerListConfig } from '../../lib/use-server-list.ts';
import { auditQuery } from './api/audit-query.ts';
import { auditColumns } from './audit-columns.tsx';
import { AuditFilters } from './audit-filters.tsx';
import { auditFilterKeys, auditUrlSpec, type AuditKey } from './audit-url.ts';

/** The audit log as configuration of the one list: its URL spec, query, columns, filters and the CSV export. */
const listConfig = (t: Translate, me: Me): ServerListConfig<AuditKey, AuditEntry> => ({
  spec: auditUrlSpec,
  query: auditQuery,
  columns: auditColumns(t),
  getRowId: (entry) => entry.id,
  filterKeys: auditFilterKeys,
  orderKeys: { by: null, direction: 'order_direction', fixedBy: 'occurred_at' },
  tools: {
    listId: 'audit',
    ...listToolsUser(me),
    apiColumns: auditApiColumns,
    exportPath: apiPath('listAuditEntries'),
    exportFileBase: t('audit.fileBase'),
    exportPartLabels: {
      actor_kind: t('audit.export.actorKind'),
      actor_id: t('audit.export.actorId'),
      actor_name: t('audit.export.actorName'),
      target_type: t('audit.export.targetType'),
      target_id: t('audit.export.targetId'),
    },
  },
});

/** Who did what, when, from where, and how it ended (GET /v1/audit, scope audit:read). */
export function AuditPage() {
  const t = useT();
  const me = useMe();
  const config = useMemo(() => listConfig(t, me), [t, me]);
  const list = useServerList(config);
  return (
    <section className={layout.page}>
      <header className={layout.header}>
        <div>
          <h1>{t('audit.title')}</h1>
          <p className={layout.subtitle}>{t('audit.subtitle')}</p>
        </div>
      </header>
      <ListView
        list={list}
        label={t('audit.tableLabel')}
        pagesLabel={t('audit.pagesLabel')}
        loadingLabel={t('audit.loading')}
        emptyTitle={t('audit.emptyTitle')}
        emptyText={t('audit.emptyText')}
        filteredTitle={t('audit.filteredTitle')}
        filteredText={t('audit.filteredText')}
        filters={<AuditFilters get={list.get} update={list.update} />}
      />
    </section>
  );
}
