import { csvDialectRules, csvQuote, type CsvDialect } from '../../../contract/export.ts';

/** A header longer than this without a line break is not a header of column ids: it passes through unchanged. */
const maxHeaderBytes = 64 * 1024;
const quote = 0x22;
const lineFeed = 0x0a;

/** The fields of one CSV record's text (no line break), quotes removed and doubled quotes made single. */
export function splitCsvRecord(text: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inQuotes && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') inQuotes = !inQuotes;
    else if (c === separator && !inQuotes) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/**
 * Rewrites the first record of a streamed CSV (the API's column ids) into the labels the user sees, in the
 * dialect (its separator, its BOM, quoting a label that holds a separator or a quote); every later byte passes
 * through as it came. Only the header's bytes are held until its line break arrives, so a chunk boundary may
 * fall anywhere in it. An id without a label keeps its id.
 */
export class CsvHeaderRewriter {
  private head: Uint8Array<ArrayBuffer>[] = [];
  private headBytes = 0;
  private inQuotes = false;
  private done = false;

  constructor(
    private readonly labels: Readonly<Record<string, string>>,
    private readonly dialect: CsvDialect,
  ) {}

  /** The bytes to keep for this chunk (none while the header is still incomplete). */
  push(chunk: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>[] {
    if (this.done) return [chunk];
    const end = this.headerEnd(chunk);
    if (end < 0) {
      this.head.push(chunk);
      this.headBytes += chunk.byteLength;
      if (this.headBytes <= maxHeaderBytes) return [];
      this.done = true;
      return this.takeHead();
    }
    this.head.push(chunk.subarray(0, end + 1));
    this.done = true;
    const rest = chunk.subarray(end + 1);
    return [this.rewrite(), ...(rest.byteLength > 0 ? [rest] : [])];
  }

  /** The stream ended: a header without a line break (a file of no rows written so) is rewritten all the same. */
  end(): Uint8Array<ArrayBuffer>[] {
    if (this.done) return [];
    this.done = true;
    return this.head.length > 0 ? [this.rewrite()] : [];
  }

  /** Where the header's line feed is in this chunk (a line feed inside a quoted field does not end it), or -1. */
  private headerEnd(chunk: Uint8Array): number {
    // UTF-8 never has a quote or line feed byte inside a multi-byte character: scanning bytes is exact
    for (let i = 0; i < chunk.byteLength; i++) {
      const b = chunk[i];
      if (b === quote) this.inQuotes = !this.inQuotes;
      else if (b === lineFeed && !this.inQuotes) return i;
    }
    return -1;
  }

  private takeHead(): Uint8Array<ArrayBuffer>[] {
    const head = this.head;
    this.head = [];
    return head;
  }

  private rewrite(): Uint8Array<ArrayBuffer> {
    const parts = this.takeHead();
    const bytes = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.byteLength;
    }
    // TextDecoder drops the BOM; the line ending (CRLF from the API) is kept as it came
    const text = new TextDecoder().decode(bytes);
    const ending = /\r?\n$/.exec(text)?.[0] ?? '';
    const { separator, bom } = csvDialectRules[this.dialect];
    const ids = splitCsvRecord(text.slice(0, text.length - ending.length), separator);
    const header = ids.map((id) => csvQuote(this.labels[id] ?? id)).join(separator);
    return new TextEncoder().encode(bom + header + ending);
  }
}
