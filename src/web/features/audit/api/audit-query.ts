import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { AuditList } from '../../../../contract/audit.ts';
import { pagingHeaders } from '../../../components/data-table/paging.ts';
import { api } from '../../../lib/api-client.ts';
import type { AuditKey } from '../audit-url.ts';
import { auditListKey } from './audit-keys.ts';

/** One page of the audit trail, newest first; the previous page stays on screen while another loads. */
export function auditQuery(params: Partial<Record<AuditKey, string>>) {
  return queryOptions({
    queryKey: auditListKey(params),
    queryFn: async ({ signal }) => {
      const { data, headers } = await api('listAuditEntries', AuditList, { query: params, signal });
      return { rows: data, paging: pagingHeaders(headers) };
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
