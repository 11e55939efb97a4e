import type { Language } from '../i18n/languages.ts';
/**
 * Counts CSV records as the bytes stream in: a line break ends a record unless it is inside a quoted field
 * (RFC 4180: quotes double inside a field, so a plain toggle per quote is exact). The header is not a row.
 */
export class CsvRowCounter {
  private inQuotes = false;
  private records = 0;
  private pendingText = false;

  push(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 && !this.inQuotes) {
        this.records++;
        this.pendingText = false;
        continue;
      }
      if (c === 34) this.inQuotes = !this.inQuotes;
      if (c !== 13 && c !== 0xfeff) this.pendingText = true;
    }
  }

  /** data rows so far (records minus the header); a last record without a line break counts once ended */
  rows(ended = false): number {
    const total = this.records + (ended && this.pendingText ? 1 : 0);
    return Math.max(0, total - 1);
  }
}

/**
 * The size received so far in mebibytes with one decimal, the unit left to the sentence: 1_572_864 bytes → 1.5 / 1,5.
 * Here, with the export's other progress helpers, and not in lib/format.ts: only the export's panel, loaded on
 * intent, shows it, and format.ts rides in every signed-in page's first chunk.
 */
export function formatMegabytes(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1_048_576);
}

/** transacoes-2026-11-23.csv / transactions-2026-11-23.csv: the list's name in the user's language, the local date. */
export function exportFileName(base: string, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const safe = base
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${safe || 'export'}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** The export's query: the list's API parameters without paging (page, cursor, limit), plus the columns and the dialect. */
const pagingKeys = new Set(['page', 'cursor', 'limit']);

export function exportParams(
  params: Readonly<Record<string, string | undefined>>,
  columns: readonly string[],
  dialect: 'rfc4180' | 'excel-br',
  reader?: ExportReader,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '' && !pagingKeys.has(key)) out[key] = value;
  out.columns = columns.join(',');
  if (dialect !== 'rfc4180') out.csv_dialect = dialect;
  if (reader) {
    out.tz = reader.timeZone;
    out.lang = reader.language;
  }
  return out;
}

/** Who reads an export: the IANA zone its times are written in, the language of its values (the API's `tz`, `lang`). */
export interface ExportReader {
  timeZone: string;
  language: Language;
}
