import type { AuditColumnId } from '../../../contract/audit.ts';
import type { EventColumnId, SummaryColumnId } from '../../../contract/export.ts';

/**
 * The one place where a list's dashboard column ids meet the API's export column ids (the CSV `columns` and a
 * saved view's `columns`). A dashboard column may show several API columns (the events card column: brand, BIN
 * and last 4) or none (the expand toggle). Order matters: the export writes them in this order.
 */
export type ApiColumnMap<A extends string = string> = Readonly<Record<string, readonly A[]>>;

export const summaryApiColumns: ApiColumnMap<SummaryColumnId> = {
  created_at: ['created_at'],
  amount: ['amount'],
  status: ['status'],
  merchant: ['merchant_name'],
  acquirer: ['acquirer'],
  payment_method: ['payment_method'],
  card_brand: ['card_brand'],
  card_first_digits: ['card_first_digits'],
  card_last_digits: ['card_last_digits'],
  installments: ['installments'],
  response_code: ['response_code'],
  decline_reason: ['decline_reason'],
  id: ['id'],
};

export const eventApiColumns: ApiColumnMap<EventColumnId> = {
  created_at: ['created_at'],
  event_status: ['event_status'],
  transaction: ['transaction_type', 'transaction_status'],
  amount: ['amount'],
  acquirer: ['acquirer'],
  payment_method: ['payment_method'],
  merchant: ['merchant_id'],
  transaction_id: ['id'],
  card: ['card_brand', 'card_bin', 'card_last4'],
  response_code: ['acquirer_response_code'],
  decline_reason: ['decline_reason'],
};

/** The audit log: who is the actor's kind, id and name; the target its type and id. */
export const auditApiColumns: ApiColumnMap<AuditColumnId> = {
  occurred_at: ['occurred_at'],
  actor: ['actor_kind', 'actor_id', 'actor_name'],
  action: ['action'],
  target: ['target_type', 'target_id'],
  outcome: ['outcome'],
  address: ['address'],
};

/** The API columns of the visible dashboard columns, in their visible order (each once). */
export function toApiColumns(visible: readonly string[], map: ApiColumnMap): string[] {
  const out: string[] = [];
  for (const id of visible) for (const api of map[id] ?? []) if (!out.includes(api)) out.push(api);
  return out;
}

/**
 * The visible dashboard columns of a list of API columns (a saved view's): a dashboard column shows when any of
 * its API columns is listed, ordered by the first one listed. Unknown API ids are ignored.
 */
export function fromApiColumns(api: readonly string[], map: ApiColumnMap, choosable: readonly string[]): string[] {
  const placed = choosable
    .map((id) => ({ id, at: Math.min(...(map[id] ?? []).map((a) => api.indexOf(a)).filter((i) => i >= 0)) }))
    .filter((c) => Number.isFinite(c.at));
  return placed.sort((a, b) => a.at - b.at).map((c) => c.id);
}

/**
 * The export header's label of each API column of the visible columns, in the user's language: the label its list
 * column shows, or, for a column that shows several API columns (the events card), that part's label (`parts`).
 */
export function apiColumnLabels(
  visible: readonly string[],
  map: ApiColumnMap,
  labels: Readonly<Record<string, string>>,
  parts: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of visible) {
    const api = map[id] ?? [];
    for (const a of api) out[a] ??= (api.length > 1 ? parts[a] : undefined) ?? labels[id] ?? a;
  }
  return out;
}

/** Dashboard columns that have no API column: shown on screen, left out of an export. */
export function unexportedColumns(visible: readonly string[], map: ApiColumnMap): string[] {
  return visible.filter((id) => (map[id] ?? []).length === 0);
}
