import type { ProviderName } from '../../../contract/enums.ts';

/** What a line of an acquirer's statement says, in the platform's terms (amounts in centavos, dates ISO). */
export type RecordKind = 'sale' | 'adjustment' | 'settlement' | 'anticipation' | 'negotiation';

export interface StatementRecord {
  line: number;
  kind: RecordKind;
  /** the record type as written in the file (`E`, `D`, `8`, `2`, `3`, …) */
  recordType: string;
  /** the merchant's establishment number at the acquirer (MID) */
  mid: string;
  /** NSU/DOC of the sale (the terminal's STAN) */
  nsu: string | null;
  authorizationCode: string | null;
  /** YYYY-MM-DD */
  captureDate: string | null;
  /** YYYY-MM-DD: when the acquirer paid or will pay */
  paymentDate: string | null;
  installment: number | null;
  installments: number | null;
  /** signed centavos */
  grossMinor: bigint;
  feeMinor: bigint;
  netMinor: bigint;
  /** the sale's total (all installments), when the record says it */
  saleTotalMinor: bigint | null;
  receivableUnitKey: string | null;
  cardBin: string | null;
  cardLast4: string | null;
  /** the acquirer's own code for an adjustment, a settlement status or a payment indicator */
  code: string | null;
  /**
   * A settlement record that says the money was paid (Cielo `D` in a payment file, opção 04; Getnet RV with
   * indicator PG, LQ or AC), not a forecast: the sale lines after it, up to the next settlement record, are what it paid.
   */
  paid?: boolean;
}

export interface LineProblem {
  line: number;
  field: string;
  reason: string;
}

/** What a whole file says about itself (header and trailer), once read. */
export interface StatementFacts {
  layout: LayoutId;
  acquirer: ProviderName;
  /** the file's generation date, YYYY-MM-DD */
  generatedOn: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  /** the header's establishment (Cielo: matriz; Getnet: origem) */
  headMid: string | null;
  sequence: string | null;
  /** the acquirer's name for the kind of file (Cielo: opção de extrato 03/04/…) */
  fileKind: string | null;
  /** the file lists every payment of its period: a payment due then and absent was not paid (Cielo 04, Getnet's daily file) */
  coversPayments: boolean;
}

export const layoutIds = ['cielo-v15', 'getnet-v10'] as const;
export type LayoutId = (typeof layoutIds)[number];

/** One reader per layout; a new layout is one module implementing this. */
export interface Layout {
  id: LayoutId;
  acquirer: ProviderName;
  /** true when the file's first line is this layout's header */
  detect(firstLine: string): boolean;
  parser(): LayoutParser;
}

export interface LayoutParser {
  /** One line without its terminator; returns the record it carries (null for header, trailer and skipped types). */
  line(text: string, lineNo: number, report: (problem: LineProblem) => void): StatementRecord | null;
  /** After the last line: the trailer's counts and totals against what was read, and the file's facts. */
  finish(lastLine: number, report: (problem: LineProblem) => void): StatementFacts;
}
