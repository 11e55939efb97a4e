import { createHash } from 'node:crypto';
import { detectLayout } from './layouts.ts';
import type { Layout, LineProblem, StatementFacts, StatementRecord } from './statement-record.ts';

export interface ReadOptions {
  /** read with this layout instead of detecting it from the header */
  layout?: Layout;
  /** called with every `batchSize` records read (awaited: the stream waits for it) */
  onBatch?: (records: StatementRecord[]) => Promise<void> | void;
  batchSize?: number;
  /** problems kept in the result (all are counted) */
  maxProblems?: number;
}

export interface ReadResult {
  facts: StatementFacts | null;
  /** lines in the file (a final line terminator does not start another) */
  lines: number;
  records: number;
  problems: LineProblem[];
  problemCount: number;
  /** hex SHA-256 of the bytes read */
  sha256: string;
}

/** Longest line kept: every layout's record fits, a binary upload does not fill memory. */
const maxLineChars = 2048;

/**
 * Reads a statement file as a stream of bytes (Latin-1, as the acquirers send it; CR LF or LF), line by line in
 * constant memory: each line goes to its layout's parser, records are handed on in batches, every problem is
 * reported with its line and field, and the trailer is checked at the end.
 */
export async function readStatement(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: ReadOptions = {}): Promise<ReadResult> {
  const hash = createHash('sha256');
  const decoder = new TextDecoder('latin1');
  const batchSize = options.batchSize ?? 5000;
  const maxProblems = options.maxProblems ?? 1000;
  const problems: LineProblem[] = [];
  let problemCount = 0;
  const report = (problem: LineProblem) => {
    problemCount++;
    if (problems.length < maxProblems) problems.push(problem);
  };
  let layout = options.layout ?? null;
  let parser = layout?.parser() ?? null;
  let batch: StatementRecord[] = [];
  let records = 0;
  let lineNo = 0;
  let partial = '';
  let overlong = false;
  let unknownLayout = false;

  const flush = async () => {
    if (batch.length === 0) return;
    const out = batch;
    batch = [];
    if (options.onBatch) await options.onBatch(out);
  };

  const handle = async (text: string) => {
    lineNo++;
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (lineNo === 1 && layout === null) {
      layout = detectLayout(text);
      if (layout === null) {
        unknownLayout = true;
        report({ line: 1, field: 'header', reason: 'not a known statement layout (Cielo EDI v15: "CIELO" at 43-47; Getnet V10: "CEADM100" at 24-31)' });
        return;
      }
      parser = layout.parser();
    }
    if (parser === null) return;
    const record = parser.line(text, lineNo, report);
    if (record !== null) {
      records++;
      batch.push(record);
      if (batch.length >= batchSize) await flush();
    }
  };

  for await (const chunk of source) {
    hash.update(chunk);
    if (unknownLayout) continue;
    const text = decoder.decode(chunk, { stream: true });
    let from = 0;
    for (let nl = text.indexOf('\n', from); nl !== -1; nl = text.indexOf('\n', from)) {
      const piece = text.slice(from, nl);
      from = nl + 1;
      if (overlong) {
        overlong = false;
        partial = '';
        continue;
      }
      const line = partial === '' ? piece : partial + piece;
      partial = '';
      await handle(line);
    }
    if (!overlong) partial += text.slice(from);
    if (partial.length > maxLineChars) {
      lineNo++;
      report({ line: lineNo, field: 'record length', reason: `line longer than ${maxLineChars} characters (not a statement line)` });
      partial = '';
      overlong = true;
    }
  }
  if (!unknownLayout && partial !== '' && !overlong) await handle(partial);
  await flush();
  if (lineNo === 0) report({ line: 1, field: 'header', reason: 'the file is empty' });
  const facts = parser === null ? null : (parser as { finish: (n: number, r: typeof report) => StatementFacts }).finish(lineNo, report);
  return { facts, lines: lineNo, records, problems, problemCount, sha256: hash.digest('hex') };
}
