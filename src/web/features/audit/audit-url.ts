import { auditQueryShape } from '../../../contract/audit.ts';
import { listBaseQuery } from '../../../contract/list-query.ts';
import { listUrlSpec } from '../../lib/url-state.ts';

/** The audit log's URL keys: the API's filters and paging (`cursor` only for the list's URL shape: the audit API pages by number). */
const shape = { ...auditQueryShape, cursor: listBaseQuery.cursor };
export type AuditKey = keyof typeof shape;

export const auditUrlSpec = listUrlSpec(shape);

export const auditFilterKeys = ['occurred_at', 'action', 'actor_id', 'outcome', 'target_type', 'target_id'] as const satisfies readonly AuditKey[];
