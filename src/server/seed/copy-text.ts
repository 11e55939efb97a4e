import type { Column } from './columns.ts';

const needsEscape = /[\\\t\n\r]/;

/** A value in PostgreSQL COPY text format. */
function field(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  if (!needsEscape.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** Rows as COPY text (tab-separated, \N for null, one line per row). */
export function copyText<R>(columns: readonly Column<R>[], rows: readonly R[], organizationId: string): string {
  const lines: string[] = new Array<string>(rows.length);
  const parts: string[] = new Array<string>(columns.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as R;
    for (let c = 0; c < columns.length; c++) parts[c] = field((columns[c] as Column<R>).get(row, organizationId));
    lines[r] = parts.join('\t');
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

export function copyStatement(table: string, columns: readonly Column<unknown>[] | readonly { name: string }[], source: 'STDIN' | "'/dev/blob'"): string {
  return `COPY ${table} (${columns.map((c) => c.name).join(', ')}) FROM ${source}`;
}
