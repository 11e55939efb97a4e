import { Readable } from 'node:stream';
import { csvDialectRules, csvQuote, type CsvDialect } from '../../contract/export.ts';
import { minorToDecimal } from '../../contract/money.ts';
import { zonedIsoWriter } from '../lib/time-zones.ts';
import { reasonOf, scriptCsvContext, wordOf, type CsvContext, type WordKind } from './csv-words.ts';

/**
 * A value of one CSV cell: text, a whole number, minor units written as decimal text, an instant (ISO text, written
 * in the export's time zone), a code the export may write as a word (`word`), a declined transaction's reason (its
 * status and response code, written in the export's language), or empty.
 */
export type CsvValue =
  | string
  | number
  | { minor: bigint }
  | { at: string }
  | { word: WordKind; code: string | null }
  | { reason: { status: string; code: string | null } }
  | null;

export interface CsvColumn<Row> {
  id: string;
  value(row: Row): CsvValue;
}

/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection": = + - @, tab, carriage return): written with
 * a leading apostrophe, so a card holder named "=HYPERLINK(...)" shows as text. Amounts and counts are numbers
 * and decimals, never text, so a refund's "-12.50" stays a number.
 */
const formulaStart = /^[=+\-@\t\r]/;

type Dialect = (typeof csvDialectRules)[CsvDialect];

function text(value: string | number | null): string {
  if (value === null) return '';
  return csvQuote(typeof value === 'string' && formulaStart.test(value) ? `'${value}` : String(value));
}

/** How one export writes cells: its dialect, and its context's zone and language. */
function fieldWriter(dialect: Dialect, context: CsvContext): (value: CsvValue) => string {
  const zoned = context.timeZone === null ? null : zonedIsoWriter(context.timeZone);
  const { words, texts } = context;
  return (value) => {
    if (value === null || typeof value !== 'object') return text(value);
    if ('minor' in value) {
      const decimal = minorToDecimal(value.minor);
      return dialect.decimalMark === '.' ? decimal : decimal.replace('.', dialect.decimalMark);
    }
    if ('at' in value) return text(zoned ? zoned(value.at) : value.at);
    if ('word' in value) return text(value.code !== null && words !== null ? wordOf(words, value.word, value.code) : value.code);
    return text(reasonOf(texts, value.reason.status, value.reason.code));
  };
}

/** Formats rows as CSV records (header first), in the dialect and the context (default: UTC and codes, for scripts). */
export function csvFormatter<Row>(columns: readonly CsvColumn<Row>[], dialectName: CsvDialect, context: CsvContext = scriptCsvContext) {
  const dialect = csvDialectRules[dialectName];
  const field = fieldWriter(dialect, context);
  return {
    header: () => dialect.bom + columns.map((c) => text(c.id)).join(dialect.separator) + '\r\n',
    rows: (rows: readonly Row[]) => {
      let out = '';
      for (const row of rows) out += columns.map((c) => field(c.value(row))).join(dialect.separator) + '\r\n';
      return out;
    },
  };
}

/**
 * A CSV stream: header, then one chunk per batch. Batches are pulled only when the socket drains (Readable.from
 * over an async generator), so the server holds one batch at a time whatever the row count.
 */
export function csvStream<Row>(
  columns: readonly CsvColumn<Row>[],
  dialect: CsvDialect,
  batches: AsyncIterable<readonly Row[]>,
  context: CsvContext = scriptCsvContext,
): Readable {
  const format = csvFormatter(columns, dialect, context);
  async function* chunks(): AsyncGenerator<string> {
    yield format.header();
    for await (const rows of batches) if (rows.length > 0) yield format.rows(rows);
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
}

/** attachment; filename="<stem>-20261122T0541Z.csv" */
export function csvDisposition(stem: string, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '');
  return `attachment; filename="${stem}-${stamp}Z.csv"`;
}
