import { csvContentType, type CsvDialect } from '../../../contract/export.ts';
import { totalCountHeaderName } from '../../../contract/headers.ts';
import { apiStream } from '../api-client.ts';
import { CsvHeaderRewriter } from './csv-header.ts';
import { CsvRowCounter, exportParams, type ExportReader } from './csv-progress.ts';

export interface ExportProgress {
  rows: number;
  bytes: number;
  /** X-Total-Count of the filter (null when the server sent none) */
  total: number | null;
}

export interface ExportRequest {
  path: string;
  params: Readonly<Record<string, string | undefined>>;
  columns: readonly string[];
  /** API column id -> the label the list shows, in the user's language: the file's header record (the API writes ids) */
  headerLabels: Readonly<Record<string, string>>;
  dialect: CsvDialect;
  /** whose file it is: the times' zone and the values' language (the API's `tz` and `lang`) */
  reader?: ExportReader;
  signal: AbortSignal;
  onProgress: (progress: ExportProgress) => void;
}

/**
 * Downloads a CSV export by reading the streamed response (fetch + ReadableStream, with the session's
 * credentials), reporting rows and bytes as they arrive, its header record rewritten into the user's labels (the
 * rest of the bytes kept as they came); resolves to the whole file as a Blob. Abort through
 * the signal (Cancel); an API error rejects with its ApiError (problem+json parsed).
 */
export async function downloadCsv(request: ExportRequest): Promise<{ blob: Blob; rows: number }> {
  const response = await apiStream(request.path, {
    params: exportParams(request.params, request.columns, request.dialect, request.reader),
    accept: csvContentType,
    signal: request.signal,
  });
  const totalHeader = response.headers.get(totalCountHeaderName);
  const total = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null;
  const counter = new CsvRowCounter();
  const decoder = new TextDecoder();
  const header = new CsvHeaderRewriter(request.headerLabels, request.dialect);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lastReport = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(...header.push(value));
      bytes += value.byteLength;
      counter.push(decoder.decode(value, { stream: true }));
      const now = performance.now();
      if (now - lastReport > 100) {
        lastReport = now;
        request.onProgress({ rows: counter.rows(), bytes, total });
      }
    }
  }
  chunks.push(...header.end());
  counter.push(decoder.decode());
  const rows = counter.rows(true);
  request.onProgress({ rows, bytes, total });
  return { blob: new Blob(chunks, { type: `${csvContentType};charset=utf-8` }), rows };
}

/** Hands the file to the browser as a download (a Blob URL, revoked once the click has been handled). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
