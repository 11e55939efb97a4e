import { request } from 'node:http';

export interface ExportResult {
  url: string;
  dialect: string;
  status: number;
  rows: number;
  bytes: number;
  seconds: number;
  /** seconds to the first byte of the body */
  firstByteSeconds: number;
}

/** Downloads one CSV export end to end (the whole unfiltered list), counting records as they stream. */
export function measureExport(origin: string, headers: Record<string, string>, path: string, timeoutMs = 600_000): Promise<ExportResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { headers: { ...headers, accept: 'text/csv' } }, (res) => {
      let rows = 0;
      let bytes = 0;
      let firstByte = 0;
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByte = performance.now();
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows += 1;
      });
      res.on('end', () =>
        resolve({
          url: path,
          dialect: new URL(path, origin).searchParams.get('csv_dialect') ?? 'rfc4180',
          status: res.statusCode ?? 0,
          rows: Math.max(0, rows - 1),
          bytes,
          seconds: (performance.now() - started) / 1000,
          firstByteSeconds: (firstByte - started) / 1000,
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`export timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

export const exportPaths = ['/v1/transactions/summaries', '/v1/events?csv_dialect=excel-br'];
