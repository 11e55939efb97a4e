import { once } from 'node:events';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client.ts';

/** A value in COPY's text format: \N for null; backslash, tab, newline and carriage return escaped. */
export function copyText(value: string | number | bigint | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : value;
}

export interface CopyWriter {
  /** writes rows (already in COPY text format, each ending with a newline); resolves when the stream can take more */
  write(rows: string): Promise<void>;
  /** ends the COPY and resolves once the server has stored every row */
  end(): Promise<void>;
  /** abandons the COPY (the server gets CopyFail; the transaction is then aborted) */
  abort(error: Error): Promise<void>;
}

/**
 * `COPY table (columns) FROM STDIN` on the PostgreSQL connection of a Drizzle transaction (node-postgres), or null
 * on PGlite, whose callers keep their batched INSERT. Drizzle does not expose its connection: a node-postgres
 * transaction's session holds the checked-out pg client as `client`, which is what this reads.
 */
export function copyInto(tx: Db, table: string, columns: readonly string[]): CopyWriter | null {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!(client instanceof pg.Client)) return null;
  const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  let failed: Error | null = null;
  stream.on('error', (error: Error) => (failed = error));
  return {
    async write(rows) {
      if (failed) throw failed;
      if (!stream.write(rows)) await Promise.race([once(stream, 'drain'), once(stream, 'error')]);
      if (failed) throw failed;
    },
    async end() {
      if (failed) throw failed;
      stream.end();
      await once(stream, 'finish');
    },
    async abort(error) {
      if (stream.destroyed) return;
      stream.destroy(error);
      await once(stream, 'close').catch(() => undefined);
    },
  };
}
