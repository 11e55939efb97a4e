import pg from 'pg';
import type { Database } from '../db/client.ts';

/** The PostgreSQL channel on which API processes say that events became due (stored, or retried by hand). */
export const dueChannel = 'events_due';

/**
 * Wakes the workers of other processes (npm run worker, the worker in the first of several API processes)
 * with NOTIFY instead of leaving them to their idle poll. At most one NOTIFY per `everyMs`, the last of a burst
 * included, each in its own short transaction: never inside an ingestion's insert, whose commit would then
 * wait for the notification queue's lock.
 */
export class DueNotifier {
  private last = 0;
  private trailing: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Pick<Database, 'query'>,
    private readonly everyMs = 20,
  ) {}

  notify(): void {
    if (this.trailing) return;
    const wait = this.last + this.everyMs - Date.now();
    if (wait <= 0) return this.send();
    this.trailing = setTimeout(() => {
      this.trailing = null;
      this.send();
    }, wait);
    this.trailing.unref();
  }

  private send(): void {
    this.last = Date.now();
    // a lost signal costs a worker its idle poll interval, nothing more
    this.database.query('select pg_notify($1, $2)', [dueChannel, '']).catch(() => undefined);
  }
}

export interface DueListener {
  close(): Promise<void>;
}

/**
 * LISTENs for dueChannel on a connection of its own and calls `onDue` for each signal; after a lost
 * connection it connects again a second later (the worker's idle poll covers the gap).
 */
export function listenForDue(databaseUrl: string, onDue: () => void, log?: (message: string, error?: unknown) => void): DueListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect();
    }, 1000);
    retry.unref();
  };
  const connect = () => {
    const current = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
    client = current;
    current.on('notification', onDue);
    current.on('error', (error) => {
      log?.('the worker lost its LISTEN connection; it polls meanwhile', error);
      void current.end().catch(() => undefined);
      again();
    });
    current.on('end', again);
    current
      .connect()
      .then(() => current.query(`LISTEN ${dueChannel}`))
      .catch(() => {
        void current.end().catch(() => undefined);
        again();
      });
  };
  connect();
  return {
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
