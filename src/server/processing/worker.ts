import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { events } from '../db/schema.ts';
import type { ChangeBus } from '../live/change-bus.ts';
import { Waker } from '../lib/waker.ts';
import { defaultPolicy, processEvent, retryDelayMs, type Outcome, type ProcessingPolicy } from './process-event.ts';

export interface WorkerOptions {
  policy?: ProcessingPolicy;
  /** events claimed per transaction */
  batchSize?: number;
  /** how often an idle worker looks for due events (retries, or events stored by another process) */
  idleMs?: number;
  changes?: ChangeBus;
  log?: (message: string, error?: unknown) => void;
  /** test hook: called after each event of a batch is applied, before the batch commits */
  afterEvent?: (eventId: string, outcome: Outcome | 'deferred' | 'error') => void | Promise<void>;
}

/** Another worker holds this transaction's lock: try again shortly, without counting an attempt. */
const lockWaitMs = 200;

async function tryTransactionLock(tx: Db, key: string): Promise<boolean> {
  // both drivers answer { rows }, typed differently
  const result: unknown = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${key})) as locked`);
  return (result as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
}

/**
 * Claims up to `batchSize` due pending events (FOR UPDATE SKIP LOCKED: concurrent workers, in this or
 * other processes, never claim the same event) and applies each in a savepoint of one transaction. If the
 * process dies or the transaction aborts, nothing of the batch is committed and the events stay pending
 * and due: nothing is lost, and nothing is applied twice. Returns how many events were claimed.
 */
export async function processDueEvents(database: Database, options: WorkerOptions = {}): Promise<number> {
  const policy = options.policy ?? defaultPolicy;
  const organizations = new Set<string>();
  const claimed = await database.db.transaction(async (tx) => {
    const now = new Date();
    const due = await tx
      .select()
      .from(events)
      .where(and(eq(events.eventStatus, 'pending'), isNotNull(events.nextAttemptAt), lte(events.nextAttemptAt, now)))
      .orderBy(asc(events.nextAttemptAt), asc(events.createdAtNs))
      .limit(options.batchSize ?? 25)
      .for('update', { skipLocked: true });
    for (const row of due) {
      // one transaction id (auth, capture...) is applied by one worker at a time: no duplicate summaries
      if (!(await tryTransactionLock(tx, `${row.organizationId}:${row.id}`))) {
        await tx.update(events).set({ nextAttemptAt: new Date(now.getTime() + lockWaitMs) }).where(eq(events.eventId, row.eventId));
        await options.afterEvent?.(row.eventId, 'deferred');
        continue;
      }
      let outcome: Outcome | 'error';
      try {
        outcome = await tx.transaction((savepoint) => processEvent(savepoint as unknown as Db, row, policy, new Date()));
      } catch (error) {
        // an unexpected error (not a business failure): count the attempt and try again later
        options.log?.(`event ${row.eventId}: processing error, retrying`, error);
        outcome = 'error';
        await tx
          .update(events)
          .set({ attempts: row.attempts + 1, nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts + 1, policy)), changeSeq: sql`nextval('events_change_seq')` })
          .where(eq(events.eventId, row.eventId));
      }
      organizations.add(row.organizationId);
      await options.afterEvent?.(row.eventId, outcome);
    }
    return due.length;
  });
  for (const organizationId of organizations) options.changes?.publish(organizationId);
  return claimed;
}

/** Processes until no event is due (tests, and the end of a benchmark). */
export async function drainDueEvents(database: Database, options: WorkerOptions = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await processDueEvents(database, options);
    if (n === 0) return total;
    total += n;
  }
}

export interface RunningWorker {
  wake(): void;
  stop(): Promise<void>;
}

/** A loop that processes due events as they come: woken by ingestion, else every `idleMs`. */
export function startWorker(database: Database, options: WorkerOptions = {}): RunningWorker {
  const idleMs = options.idleMs ?? 250;
  let running = true;
  let woken = false;
  const waker = new Waker();
  const wake = () => {
    woken = true;
    waker.wake();
  };
  const loop = (async () => {
    while (running) {
      woken = false;
      let claimed = 0;
      try {
        claimed = await processDueEvents(database, options);
      } catch (error) {
        if (running) options.log?.('worker batch failed; it is retried', error);
      }
      if (claimed > 0 || woken || !running) continue;
      await waker.sleep(idleMs);
    }
  })();
  return {
    wake,
    stop: async () => {
      running = false;
      waker.wake();
      await loop;
    },
  };
}
