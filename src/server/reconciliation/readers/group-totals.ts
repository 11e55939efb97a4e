import type { LineProblem } from './statement-record.ts';

export interface Totals {
  count: number;
  gross: bigint;
  fee: bigint;
  net: bigint;
}

/** the layout's names of a summary record's fields, and of the record and its detail lines in messages */
export interface GroupNames {
  summary: string;
  detail: string;
  count: string;
  gross: string;
  fee: string;
  net: string;
  /** a summary without detail lines is not checked (Getnet: an RV of a payment or an anticipation lists no CVs) */
  detailsOptional?: boolean;
}

/**
 * A summary record (Cielo `D` of a payment file, Getnet RV) and the detail lines that follow it up to the next
 * summary: when the group ends, each of the summary's totals is compared with what its details add up to, and a
 * difference is a problem on the summary's line naming the field and both values.
 */
export class GroupTotals {
  private open: { line: number; said: Totals; sum: Totals; first: number; last: number; tainted: boolean } | null = null;

  constructor(private readonly names: GroupNames) {}

  /** a summary record read without problems (null when it had some: its details are then not checked against it) */
  start(line: number, said: Totals | null, report: (problem: LineProblem) => void): void {
    this.close(report);
    this.open = said === null ? null : { line, said, sum: { count: 0, gross: 0n, fee: 0n, net: 0n }, first: 0, last: 0, tainted: false };
  }

  /** a detail line of the open summary, if any */
  add(line: number, gross: bigint, fee: bigint, net: bigint): void {
    const open = this.open;
    if (open === null) return;
    if (open.first === 0) open.first = line;
    open.last = line;
    open.sum.count++;
    open.sum.gross += gross;
    open.sum.fee += fee;
    open.sum.net += net;
  }

  /** a detail line with problems of its own (already reported): its summary is not checked */
  taint(): void {
    if (this.open !== null) this.open.tainted = true;
  }

  close(report: (problem: LineProblem) => void): void {
    const open = this.open;
    this.open = null;
    if (open === null || open.tainted || (open.sum.count === 0 && this.names.detailsOptional === true)) return;
    const { names } = this;
    const lines = `its ${open.sum.count} ${names.detail} lines (${open.first}-${open.last})`;
    const check = (field: string, said: bigint, sum: bigint) => {
      if (said !== sum) report({ line: open.line, field, reason: `the ${names.summary} record says ${said} centavos, ${lines} add up to ${sum} centavos` });
    };
    if (open.said.count !== open.sum.count) {
      report({ line: open.line, field: names.count, reason: `the ${names.summary} record says ${open.said.count} ${names.detail} lines, ${open.sum.count === 0 ? 'none follow it' : `${open.sum.count} follow it (${open.first}-${open.last})`}` });
    }
    if (open.sum.count === 0) return;
    check(names.gross, open.said.gross, open.sum.gross);
    check(names.fee, open.said.fee, open.sum.fee);
    check(names.net, open.said.net, open.sum.net);
  }
}
