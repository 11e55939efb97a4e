import { z } from 'zod/mini';
import { isTimeZone, timeZoneMessage } from './time-zone.ts';

/**
 * CSV export of the list endpoints (issue 11): `Accept: text/csv` streams every matching row. The column ids
 * are the list columns' ids (the dashboard's column ids and the saved views' `columns`), defined once here.
 */
export const summaryColumnIds = [
  'created_at',
  'amount',
  'status',
  'acquirer',
  'payment_method',
  'card_brand',
  'card_first_digits',
  'card_last_digits',
  'installments',
  'id',
  'currency',
  'gateway_transaction_id',
  'card_holder_name',
  'merchant_id',
  'merchant_name',
  'response_code',
  'decline_reason',
] as const;
export type SummaryColumnId = (typeof summaryColumnIds)[number];
/** Columns of a summaries export without `columns`: the list's own columns. */
export const defaultSummaryColumns: readonly SummaryColumnId[] = summaryColumnIds.slice(0, 10);

export const eventColumnIds = [
  'created_at',
  'event_status',
  'transaction_type',
  'transaction_status',
  'amount',
  'acquirer',
  'payment_method',
  'card_brand',
  'card_bin',
  'card_last4',
  'event_id',
  'id',
  'event_type',
  'currency',
  'installments',
  'merchant_id',
  'terminal_id',
  'authorization_code',
  'acquirer_response_code',
  'decline_reason',
] as const;
export type EventColumnId = (typeof eventColumnIds)[number];
export const defaultEventColumns: readonly EventColumnId[] = eventColumnIds.slice(0, 12);

export const csvDialects = ['rfc4180', 'excel-br'] as const;
export const CsvDialect = z.enum(csvDialects);
export type CsvDialect = z.infer<typeof CsvDialect>;

export const csvContentType = 'text/csv';

/**
 * How a dialect writes fields: separator, decimal mark, BOM; both end records with CRLF (RFC 4180). Shared by the
 * server's writer and the dashboard, which rewrites the header record into the user's labels.
 */
export const csvDialectRules: Readonly<Record<CsvDialect, { separator: string; decimalMark: string; bom: string }>> = {
  rfc4180: { separator: ',', decimalMark: '.', bom: '' },
  'excel-br': { separator: ';', decimalMark: ',', bom: '\ufeff' },
};

const needsQuotes = /[",;\r\n]/;
/** A CSV field's text, quoted (quotes doubled) when it holds a separator of either dialect, a quote or a line break. */
export function csvQuote(text: string): string {
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Comma-separated column ids, each one of `known`; the error names every unknown one. */
export function columnsParameter<T extends string>(known: readonly T[]) {
  const ids = z.transform((text: string, ctx) => {
    const ids = text.split(',').map((id) => id.trim());
    const unknown = ids.filter((id) => !(known as readonly string[]).includes(id));
    if (unknown.length > 0 || ids.length === 0) {
      ctx.issues.push({
        code: 'custom',
        message: `unknown column${unknown.length === 1 ? '' : 's'} ${unknown.map((u) => `"${u}"`).join(', ')}; known: ${known.join(', ')}`,
        input: text,
      });
      return z.NEVER;
    }
    const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
    if (duplicate !== undefined) {
      ctx.issues.push({ code: 'custom', message: `column "${duplicate}" is listed twice`, input: text });
      return z.NEVER;
    }
    return ids as T[];
  });
  return z
    .optional(z.pipe(z.string(), ids))
    .check(z.meta({ description: `CSV only: comma-separated column ids, in order. Known: ${known.join(', ')}`, example: known.slice(0, 3).join(',') }));
}

/** The dialect of an export that names none. */
export const defaultCsvDialect: CsvDialect = 'rfc4180';

/** The languages an export can write its values in (the dashboard's). */
export const exportLanguages = ['en', 'pt-BR'] as const;
export type ExportLanguage = (typeof exportLanguages)[number];

export const csvQueryShape = {
  csv_dialect: z._default(z.optional(CsvDialect), defaultCsvDialect).check(
    z.meta({ description: 'CSV only: rfc4180 (comma, dot decimals) or excel-br (semicolon, comma decimals, UTF-8 BOM, for Excel in Portuguese)' }),
  ),
  tz: z.optional(z.string().check(z.refine(isTimeZone, { message: timeZoneMessage }))).check(
    z.meta({ description: "CSV only: IANA zone of the times, each with its offset (11:03:00.000-03:00); default UTC ('Z')", example: 'America/Sao_Paulo' }),
  ),
  lang: z.optional(z.enum(exportLanguages)).check(
    z.meta({ description: 'CSV only: statuses, methods, brands, acquirers and decline reasons as words of this language; default: codes (reasons per Accept-Language)' }),
  ),
};
