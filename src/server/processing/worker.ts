import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { events } from '../db/schema.ts';
import type { ChangeBus } from '../live/change-bus.ts';
import { Waker } from '../lib/waker.ts';
import { eventListColumns, type EventRow } from '../events/events-query.ts';
import { connectionKeyOf, loadConnections, loadSales, writeBatch, type Applied } from './batch-store.ts';
import { listenForDue } from './due-signal.ts';
import { defaultPolicy, processEvent, retryDelayMs, type Outcome, type ProcessingPolicy } from './process-event.ts';

export interface WorkerOptions {
  policy?: ProcessingPolicy;
  /** events claimed per transaction */
  batchSize?: number;
  /** how often an idle worker looks for due events (retries, or events stored by another process) */
  idleMs?: number;
  changes?: ChangeBus;
  log?: (message: string, error?: unknown) => void;
  /** PostgreSQL URL: LISTEN there for the API processes' due signals (due-signal.ts) instead of waiting out idleMs */
  listen?: string;
  /** test hook: called for each event of a batch once the batch is written, before it commits */
  afterEvent?: (eventId: string, outcome: Outcome | 'deferred' | 'error') => void | Promise<void>;
  /** told what each committed batch did, and of batches that failed as a whole (the metrics) */
  observer?: WorkerObserver;
}

/**
 * What became of a claimed event: applied, failed for good (a business failure), waiting for a retry (an
 * out-of-order step), an unexpected error (retried with backoff), or deferred because another worker held its sale.
 */
export type WorkerOutcome = Outcome['status'] | 'error' | 'deferred';
export const workerOutcomes: readonly WorkerOutcome[] = ['processed', 'failed', 'retry', 'error', 'deferred'];

export interface WorkerObserver {
  committed(outcomes: readonly WorkerOutcome[]): void;
  batchFailed(): void;
}

export const defaultBatchSize = 100;
/** After a batch under a quarter full, a running worker waits this long before claiming again: fuller batches for that much latency. */
const gatherMs = 20;
/** Another worker holds this sale's lock: try again shortly, without counting an attempt. */
const lockWaitMs = 200;
const saleKey = (row: EventRow) => `${row.organizationId}:${row.id}`;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One sale (auth, capture...) is applied by one worker at a time: the keys whose transaction-scoped lock this worker got. */
async function lockSales(tx: Db, rows: readonly EventRow[]): Promise<Set<string>> {
  const keys = JSON.stringify([...new Set(rows.map(saleKey))]);
  const result = await tx.execute(sql`select k as key, pg_try_advisory_xact_lock(hashtext(k)) as locked from jsonb_array_elements_text(${keys}::jsonb) as k`);
  return new Set(rowsOf<{ key: string; locked: boolean }>(result).filter((r) => r.locked).map((r) => r.key));
}

/** Applies events to their sales in memory, in claim order, then writes the batch (batch-store.ts). */
async function applyBatch(tx: Db, rows: readonly EventRow[], policy: ProcessingPolicy, now: Date): Promise<Applied[]> {
  const connections = await loadConnections(tx, rows);
  const book = await loadSales(tx, rows);
  const applied = rows.map((row) => {
    const connection = connections.get(connectionKeyOf(row)) ?? null;
    return { row, connection, outcome: processEvent(row, connection, book, policy) };
  });
  await writeBatch(tx, book, applied, now);
  return applied;
}

/**
 * Claims up to `batchSize` due pending events (FOR UPDATE SKIP LOCKED: concurrent workers, in this or other
 * processes, never claim the same event) and applies them in one transaction with a few set-based statements.
 * If the process dies or the transaction aborts, nothing of the batch is committed and the events stay
 * pending and due: nothing is lost, and nothing is applied twice. An unexpected error (not a business failure)
 * rolls the batch back to its savepoint and the events are applied one by one, so only the culprit counts
 * an attempt and waits its backoff. Returns how many events were claimed.
 */
export async function processDueEvents(database: Database, options: WorkerOptions = {}): Promise<number> {
  const policy = options.policy ?? defaultPolicy;
  const organizations = new Set<string>();
  const tally: WorkerOutcome[] = [];
  const claimed = await database.db.transaction(async (tx) => {
    const now = new Date();
    const due = await tx
      .select(eventListColumns)
      .from(events)
      .where(and(eq(events.eventStatus, 'pending'), isNotNull(events.nextAttemptAt), lte(events.nextAttemptAt, now)))
      .orderBy(asc(events.nextAttemptAt), asc(events.createdAtNs))
      .limit(options.batchSize ?? defaultBatchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const locked = await lockSales(tx, due);
    const ready = due.filter((row) => locked.has(saleKey(row)));
    const deferred = due.filter((row) => !locked.has(saleKey(row)));
    if (deferred.length > 0) {
      const ids = deferred.map((row) => row.eventId);
      await tx.update(events).set({ nextAttemptAt: new Date(now.getTime() + lockWaitMs) }).where(inArray(events.eventId, ids));
    }
    const outcomes = new Map<string, Outcome | 'error'>();
    try {
      if (ready.length > 0) for (const a of await tx.transaction((batch) => applyBatch(batch as unknown as Db, ready, policy, now))) outcomes.set(a.row.eventId, a.outcome);
    } catch (batchError) {
      if (ready.length > 1) options.log?.(`a batch of ${ready.length} events failed; applying them one by one`, batchError);
      for (const row of ready) {
        try {
          const [a] = await tx.transaction((single) => applyBatch(single as unknown as Db, [row], policy, now));
          if (a) outcomes.set(row.eventId, a.outcome);
        } catch (error) {
          // an unexpected error (not a business failure): count the attempt and try again later
          options.log?.(`event ${row.eventId}: processing error, retrying`, error);
          outcomes.set(row.eventId, 'error');
          await tx
            .update(events)
            .set({ attempts: row.attempts + 1, nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts + 1, policy)), changeSeq: sql`nextval('events_change_seq')` })
            .where(eq(events.eventId, row.eventId));
        }
      }
    }
    for (const row of due) {
      const outcome = outcomes.get(row.eventId);
      if (outcome) organizations.add(row.organizationId);
      tally.push(outcome === undefined ? 'deferred' : outcome === 'error' ? 'error' : outcome.status);
      await options.afterEvent?.(row.eventId, outcome ?? 'deferred');
    }
    return due.length;
  });
  if (tally.length > 0) options.observer?.committed(tally);
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

/** A loop that processes due events as they come: woken by ingestion in this process or a due signal (`listen`), else every `idleMs`. */
export function startWorker(database: Database, options: WorkerOptions = {}): RunningWorker {
  const idleMs = options.idleMs ?? 250;
  const fullish = (options.batchSize ?? defaultBatchSize) / 4;
  let running = true;
  let woken = false;
  const waker = new Waker();
  const wake = () => {
    woken = true;
    waker.wake();
  };
  const listener = options.listen ? listenForDue(options.listen, wake, options.log) : null;
  const loop = (async () => {
    while (running) {
      woken = false;
      let claimed = 0;
      try {
        claimed = await processDueEvents(database, options);
      } catch (error) {
        if (running) {
          options.observer?.batchFailed();
          options.log?.('worker batch failed; it is retried', error);
        }
      }
      if (!running || claimed >= fullish) continue;
      // a small batch: let the next one gather for a moment (each batch costs a dozen statements whatever its size)
      if (claimed > 0) await new Promise((resolve) => setTimeout(resolve, gatherMs));
      else if (!woken) await waker.sleep(idleMs);
    }
  })();
  return {
    wake,
    stop: async () => {
      running = false;
      waker.wake();
      await Promise.all([loop, listener?.close()]);
    },
  };
}
