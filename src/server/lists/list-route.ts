import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Scope } from '../../contract/enums.ts';
import { defaultCsvDialect, type CsvDialect, type ExportLanguage } from '../../contract/export.ts';
import { callerOf, type Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import type { CsvColumn } from './csv.ts';
import { csvContextOf } from './csv-words.ts';
import { decodeCursor, fingerprint, pageOf, type Cursor, type KeysetOrder, type KeysetPosition } from './keyset.ts';
import { setPagingHeaders, type Paging } from './paging.ts';
import { scopeOf, type RowScope } from './scope.ts';
import { sendCsv, wantsCsv } from './send-csv.ts';
import type { TotalCount } from './total-count.ts';

/**
 * One list of the API as configuration: its filters live in `find` and `count` (the resource's query module),
 * its order in `keyset`, and this module does the rest the same way for every list: page number or cursor,
 * Link, X-Total-Count and X-Total-Count-Exact, and the CSV export of every match (`Accept: text/csv`) walked
 * by the list's own cursor. docs/design.md, "One list abstraction on each side".
 */
export interface ListSpec<Query extends Paging, Row, Who extends RowScope = Caller> {
  /** the list's name: its cursors carry it (a cursor of one list is refused by another), its cached totals are keyed by it */
  name: string;
  /** read from the replica when there is one (lists that may lag); false: the primary (reads after a write) */
  replica: boolean;
  /** the page's rows: `limit + extra` of them, from the page number, or from the cursor when one is given */
  find(db: Db, who: Who, query: Query, extra: number, cursor: Cursor | null): Promise<Row[]>;
  /** the number of matches, exact up to `cap` (cappedCount) */
  count(db: Db, who: Who, query: Query, cap: number): Promise<TotalCount>;
  /** reuse a total for a few seconds per organization, scope and filters (TOTAL_CACHE_SECONDS) */
  cachedTotal?: boolean;
  /** keyset paging: the order (its name, as the fingerprint's) and where a row stands in it; absent: page numbers only */
  keyset?: {
    orderBy(query: Query): string;
    direction(query: Query): 'asc' | 'desc';
    order(query: Query): Pick<KeysetOrder, 'type' | 'nullable'>;
    position(query: Query): (row: Row) => KeysetPosition;
  };
  /** the CSV export (needs a keyset: every match is read by cursor, in batches) */
  csv?: {
    /** file name stem: "transactions" gives transactions-20261122T0541Z.csv */
    stem: string;
    /** the columns of an export whose query names none */
    defaultColumns: readonly string[];
    values: Record<string, CsvColumn<Row>['value']>;
    /**
     * What some columns need beyond the list's own row (the summaries' response code is their cycles'): read once per
     * batch, only when the export asks for one of `columns`.
     */
    expand?: { columns: readonly string[]; rows(db: Db, rows: Row[]): Promise<Row[]> };
    /** columns only a caller with the scope sees filled (others get them empty): the card holder's name needs transactions:holder */
    scoped?: Record<string, Scope>;
  };
}

/** The export's own parameters, on the query of a list that has one (`columns`, `csv_dialect`). */
export interface ExportQuery {
  columns?: readonly string[] | undefined;
  csv_dialect?: CsvDialect | undefined;
  /** the times' IANA zone (default UTC, 'Z') */
  tz?: string | undefined;
  /** codes as words of this language (default: codes) */
  lang?: ExportLanguage | undefined;
}

/** The batches with what the export's columns need beyond the row (ListSpec csv.expand), when they need it. */
async function* expanded<Row>(batches: AsyncIterable<Row[]>, expand: (rows: Row[]) => Promise<Row[]>): AsyncGenerator<Row[]> {
  for await (const rows of batches) yield await expand(rows);
}

/** Rows an export reads per statement: a cursor page this long, then the next after its last row. */
export const exportBatchSize = 2000;

/** Every match of the list in its order, in keyset batches: the list's own cursor read, no OFFSET, no open transaction. */
export async function* listBatches<Query extends Paging, Row, Who extends RowScope>(
  spec: ListSpec<Query, Row, Who>,
  db: Db,
  who: Who,
  query: Query,
  size = exportBatchSize,
): AsyncGenerator<Row[]> {
  const keyset = spec.keyset;
  if (!keyset) throw new Error(`the ${spec.name} list has no keyset to export by`);
  const position = keyset.position(query);
  const batchQuery: Query = { ...query, page: 1, limit: size };
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await spec.find(db, who, batchQuery, 0, cursor);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < size || last === undefined) return;
    cursor = { at: position(last), back: false };
  }
}

/** The export's columns for this caller: a scoped column without its scope writes empty cells. */
function csvValuesFor<Row>(csv: NonNullable<ListSpec<Paging, Row>['csv']>, caller: Caller): Record<string, CsvColumn<Row>['value']> {
  const hidden = Object.entries(csv.scoped ?? {}).filter(([, scope]) => !caller.scopes.includes(scope));
  if (hidden.length === 0) return csv.values;
  return { ...csv.values, ...Object.fromEntries(hidden.map(([id]) => [id, () => null])) };
}

/** The database a list reads: the replica for lists that may lag. */
const databaseOf = (app: ApiInstance, spec: { replica: boolean }): Db => (spec.replica ? app.database.read : app.database.db);

/**
 * Answers a list request: the CSV export when the client asks for text/csv (and the list has one), else the
 * page, its paging headers set and its rows shaped by `view` (given the database they were read from).
 */
export async function sendList<Query extends Paging & { cursor?: string | undefined }, Row, View>(
  app: ApiInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: ListSpec<Query, Row>,
  query: Query & ExportQuery,
  view: (rows: Row[], db: Db) => View | Promise<View>,
): Promise<View | FastifyReply> {
  const caller = callerOf(request);
  const db = databaseOf(app, spec);
  const count = () => spec.count(db, caller, query, app.countCap);
  if (spec.csv && wantsCsv(request)) {
    const { csv } = spec;
    const ids = query.columns ?? csv.defaultColumns;
    const batches = listBatches(spec, db, caller, query);
    const expand = csv.expand;
    return sendCsv(reply, {
      stem: csv.stem,
      ids,
      values: csvValuesFor(csv, caller),
      dialect: query.csv_dialect ?? defaultCsvDialect,
      total: await count(),
      batches: expand && ids.some((id) => expand.columns.includes(id)) ? expanded(batches, (rows) => expand.rows(db, rows)) : batches,
      context: csvContextOf(request, query),
    });
  }
  const keyset = spec.keyset;
  const print = keyset ? fingerprint(spec.name, keyset.orderBy(query), keyset.direction(query), query) : '';
  const cursor = keyset && query.cursor !== undefined ? decodeCursor(query.cursor, keyset.order(query), print) : null;
  const [found, total] = await Promise.all([
    spec.find(db, caller, query, 1, cursor),
    spec.cachedTotal ? app.totals.get(spec.name, scopeOf(caller), query, count) : count(),
  ]);
  const { rows, more } = pageOf(found, query.limit, cursor);
  setPagingHeaders(request, reply, query, total, more, keyset ? { cursor, print, rows, more, position: keyset.position(query) } : undefined);
  return view(rows, db);
}
