import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SummaryOrderField } from '../../contract/enums.ts';
import type { SummaryColumnId } from '../../contract/export.ts';
import type { SummaryQuery } from '../../contract/summaries.ts';
import type { Db } from '../db/client.ts';
import { merchants, transactionSummaries as s } from '../db/schema.ts';
import type { RowScope } from '../lists/scope.ts';
import { summaryColumns, summaryOrder, summaryWhere, type SummaryRow } from './summaries-query.ts';
import type { CsvColumn } from '../lists/csv.ts';

export const exportBatchSize = 2000;

const orderColumn: Record<SummaryOrderField, { column: AnyPgColumn; text: boolean; nullable: boolean }> = {
  created_at: { column: s.createdAt, text: false, nullable: false },
  amount: { column: s.amountMinor, text: false, nullable: false },
  acquirer: { column: s.acquirer, text: true, nullable: false },
  payment_method: { column: s.paymentMethod, text: true, nullable: false },
  status: { column: s.status, text: true, nullable: false },
  card_brand: { column: s.cardBrand, text: true, nullable: true },
  card_first_digits: { column: s.cardFirstDigits, text: true, nullable: true },
  card_last_digits: { column: s.cardLastDigits, text: true, nullable: true },
};

const orderValue: Record<SummaryOrderField, (row: SummaryRow) => unknown> = {
  created_at: (r) => r.createdAt,
  amount: (r) => r.amountMinor,
  acquirer: (r) => r.acquirer,
  payment_method: (r) => r.paymentMethod,
  status: (r) => r.status,
  card_brand: (r) => r.cardBrand,
  card_first_digits: (r) => r.cardFirstDigits,
  card_last_digits: (r) => r.cardLastDigits,
};

/**
 * Rows strictly after `last` in the list's order (summaryOrder: text bytewise, NULLs last ascending and first
 * descending, ties by id in the same direction).
 */
function after(field: SummaryOrderField, direction: 'asc' | 'desc', last: SummaryRow): SQL {
  const { column, text, nullable } = orderColumn[field];
  const value = orderValue[field](last);
  const beyond = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  const col = text ? sql`${column} collate "C"` : sql`${column}`;
  const val = value instanceof Date ? sql`${value.toISOString()}::timestamptz` : text ? sql`${value} collate "C"` : sql`${value}`;
  const idAfter = sql`${s.id} ${beyond} ${last.id}`;
  if (!nullable) return sql`(${col}, ${s.id}) ${beyond} (${val}, ${last.id})`;
  if (value === null) {
    // inside the NULL run: last when ascending (only NULLs follow), first when descending (every value follows)
    return direction === 'asc' ? sql`(${column} is null and ${idAfter})` : sql`((${column} is null and ${idAfter}) or ${column} is not null)`;
  }
  const valueAfter = sql`(${col} ${beyond} ${val} or (${col} = ${val} and ${idAfter}))`;
  return direction === 'asc' ? sql`(${valueAfter} or ${column} is null)` : valueAfter;
}

/** Every summary matching the filters, in the list's order, in keyset batches (no OFFSET, no open transaction). */
export async function* summaryBatches(db: Db, scope: RowScope, query: SummaryQuery, size = exportBatchSize): AsyncGenerator<SummaryRow[]> {
  const where = summaryWhere(scope, query);
  const order = summaryOrder(query.order_by, query.order_direction);
  let last: SummaryRow | undefined;
  for (;;) {
    const rows = await db
      .select(summaryColumns)
      .from(s)
      .leftJoin(merchants, eq(merchants.id, s.merchantId))
      .where(last ? and(where, after(query.order_by, query.order_direction, last)) : where)
      .orderBy(...order)
      .limit(size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    last = rows.at(-1);
  }
}

export const summaryCsvColumns: Record<SummaryColumnId, CsvColumn<SummaryRow>['value']> = {
  created_at: (r) => r.createdAt.toISOString(),
  amount: (r) => ({ minor: r.amountMinor }),
  status: (r) => r.status,
  acquirer: (r) => r.acquirer,
  payment_method: (r) => r.paymentMethod,
  card_brand: (r) => r.cardBrand,
  card_first_digits: (r) => r.cardFirstDigits,
  card_last_digits: (r) => r.cardLastDigits,
  installments: (r) => r.installments,
  id: (r) => r.id,
  currency: (r) => r.currency,
  gateway_transaction_id: (r) => r.gatewayTransactionId,
  card_holder_name: (r) => r.cardHolderName,
  merchant_id: (r) => r.merchantId,
  merchant_name: (r) => r.merchantName,
};
