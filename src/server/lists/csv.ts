import { Readable } from 'node:stream';
import { csvDialectRules, csvQuote, type CsvDialect } from '../../contract/export.ts';
import { minorToDecimal } from '../../contract/money.ts';

/** A value of one CSV cell: text, a whole number, minor units written as decimal text, or empty. */
export type CsvValue = string | number | { minor: bigint } | null;

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

function field(value: CsvValue, dialect: (typeof csvDialectRules)[CsvDialect]): string {
  if (value === null) return '';
  if (typeof value === 'object') {
    const text = minorToDecimal(value.minor);
    return dialect.decimalMark === '.' ? text : text.replace('.', dialect.decimalMark);
  }
  const text = typeof value === 'string' && formulaStart.test(value) ? `'${value}` : String(value);
  return csvQuote(text);
}

/** Formats rows as CSV records (header first), in the dialect. */
export function csvFormatter<Row>(columns: readonly CsvColumn<Row>[], dialectName: CsvDialect) {
  const dialect = csvDialectRules[dialectName];
  return {
    header: () => dialect.bom + columns.map((c) => field(c.id, dialect)).join(dialect.separator) + '\r\n',
    rows: (rows: readonly Row[]) => {
      let out = '';
      for (const row of rows) out += columns.map((c) => field(c.value(row), dialect)).join(dialect.separator) + '\r\n';
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
): Readable {
  const format = csvFormatter(columns, dialect);
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
