/**
 * Summaries and cycles as the driver hands them over (Drizzle's `all()`: one object per row, keyed by column
 * name, timestamps as PostgreSQL's text), so a page is mapped once, straight into the API's shape
 * (summary-view.ts), instead of into Drizzle's typed rows first.
 */

/** A timestamptz as the driver gives it: text such as `2026-11-23 10:00:00.12+00`. */
type PgTimestamp = string;
/** an int8: text from node-postgres, a number or bigint from PGlite */
type PgBigint = string | number | bigint;

export interface SummaryRecord {
  id: string;
  organization_id: string;
  merchant_id: string;
  created_at: PgTimestamp;
  acquirer: string;
  payment_method: string;
  status: string;
  amount_minor: PgBigint;
  currency: string;
  installments: number;
  gateway_transaction_id: string;
  card_brand: string | null;
  card_first_digits: string | null;
  card_last_digits: string | null;
  card_holder_name: string | null;
  card_expiration_month: number | null;
  card_expiration_year: number | null;
  acquirer_merchant_id: string | null;
  acquirer_terminal_id: string | null;
  captured_minor: PgBigint;
  refunded_minor: PgBigint;
  /** the merchant's name (merchants.name, joined) */
  name: string | null;
  /** the code that speaks for it (decidingResponseCode of its cycles): read by the CSV export only, when asked for */
  response_code?: string | null;
}

export interface CycleRecord {
  id: string;
  summary_id: string;
  seq: number;
  created_at: PgTimestamp;
  type: string;
  status: string;
  amount_minor: PgBigint;
  authorization_code: string | null;
  response_code: string | null;
  response_message: string | null;
  retrieval_reference_number: string | null;
  system_trace_audit_number: string | null;
  gateway_transaction_id: string;
  device_fingerprint_id: string | null;
  device_ip_address: string | null;
  device_latitude: number | null;
  device_longitude: number | null;
}

const utcText = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d+))?\+00$/;

/**
 * PostgreSQL's text of a timestamptz as an ISO-8601 instant with milliseconds (what Date#toISOString gives),
 * without building a Date for the usual UTC session; any other zone or era goes through Date.
 */
export function isoFromPg(text: PgTimestamp): string {
  const match = utcText.exec(text);
  if (!match) return new Date(text).toISOString();
  const fraction = `${match[3] ?? ''}000`.slice(0, 3);
  return `${match[1] ?? ''}T${match[2] ?? ''}.${fraction}Z`;
}
