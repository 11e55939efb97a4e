import { Worker } from 'node:worker_threads';
import { cycleColumns, eventColumns, rollupColumns, summaryColumns } from './columns.ts';
import { copyText } from './copy-text.ts';
import { generateChunks, generatorContext } from './generate.ts';
import { merchantProfile, type MerchantRecord } from './merchants.ts';
import type { GeneratedChunk } from './rows.ts';

/** One chunk of sales as COPY text per table (UTF-8), ready to send; `staging`: the rollup columns of a bulk load. */
export interface ChunkTexts {
  summaries: Uint8Array<ArrayBuffer>;
  cycles: Uint8Array<ArrayBuffer>;
  events: Uint8Array<ArrayBuffer>;
  staging: Uint8Array<ArrayBuffer> | null;
  counts: { summaries: number; cycles: number; events: number };
}

export function chunkTexts(organizationId: string, chunk: GeneratedChunk, staged: boolean): ChunkTexts {
  const utf8 = (text: string) => Buffer.from(text, 'utf8');
  return {
    summaries: utf8(copyText(summaryColumns, chunk.summaries, organizationId)),
    cycles: utf8(copyText(cycleColumns, chunk.cycles, organizationId)),
    events: utf8(copyText(eventColumns, chunk.events, organizationId)),
    staging: staged ? utf8(copyText(rollupColumns, chunk.summaries, organizationId)) : null,
    counts: { summaries: chunk.summaries.length, cycles: chunk.cycles.length, events: chunk.events.length },
  };
}

/** What to generate: sales [start, start + count) of a seed, in chunks (the same sales whoever generates them). */
export interface ChunkSpec {
  seed: number;
  organizationId: string;
  anchorMs: number;
  merchants: MerchantRecord[];
  start: number;
  count: number;
  chunkSize: number;
  staged: boolean;
}

/** Chunk number `index` onwards, every `stride`-th: what one generator (this thread or a worker) makes. */
export function* chunksOf(spec: ChunkSpec, index = 0, stride = 1): Generator<ChunkTexts> {
  const ctx = generatorContext(spec.seed, spec.organizationId, spec.anchorMs, spec.merchants.map(merchantProfile));
  for (let i = index; i * spec.chunkSize < spec.count; i += stride) {
    const offset = i * spec.chunkSize;
    for (const chunk of generateChunks(ctx, spec.start + offset, Math.min(spec.chunkSize, spec.count - offset), spec.chunkSize)) {
      yield chunkTexts(spec.organizationId, chunk, spec.staged);
    }
  }
}

/** Messages of chunk-worker.ts: a chunk, or its end (an error message when it failed). */
export type WorkerMessage = { chunk: ChunkTexts } | { done: true; error?: string };

/**
 * The worker thread's entry: the compiled chunk-worker.js beside this module when it runs built (dist/server), else
 * a boot file that registers tsx (a worker thread starts without the main thread's TypeScript loader) for the sources.
 */
const workerEntry = import.meta.url.endsWith('.js') ? './chunk-worker.js' : './chunk-worker-boot.mjs';

/** Chunks ahead of the loader each worker may hold (bounds memory: ~7 MB of text per 5 000 sales). */
export const workerAhead = 2;

/**
 * The chunks made by `workers` worker threads (chunk-worker.ts), worker k taking chunks k, k + workers, ..., yielded
 * in chunk order. Generation is about two thirds of a PostgreSQL bulk load's CPU; in threads it runs beside the
 * database (and, on PGlite, beside the database in the main thread). Stopping early terminates the workers.
 */
export async function* workerChunks(spec: ChunkSpec, workers: number): AsyncGenerator<ChunkTexts> {
  const threads = Array.from({ length: workers }, (_w, index) => {
    const worker = new Worker(new URL(workerEntry, import.meta.url), { workerData: { spec, index, stride: workers } });
    const queue: WorkerMessage[] = [];
    let wake: (() => void) | null = null;
    const push = (message: WorkerMessage) => {
      queue.push(message);
      wake?.();
    };
    worker.on('message', push);
    worker.on('error', (error: Error) => push({ done: true, error: error.message }));
    const next = async (): Promise<WorkerMessage> => {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      return queue.shift() as WorkerMessage;
    };
    return { worker, next };
  });
  try {
    for (let i = 0; ; i++) {
      const thread = threads[i % workers];
      if (!thread) return;
      const message = await thread.next();
      if ('done' in message) {
        if (message.error) throw new Error(`seed worker failed: ${message.error}`);
        return;
      }
      thread.worker.postMessage('more');
      yield message.chunk;
    }
  } finally {
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }
}
