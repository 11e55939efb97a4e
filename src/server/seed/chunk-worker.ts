/** A seed generator thread (see workerChunks in chunk-source.ts): makes its share of the chunks, a few ahead. */
import { parentPort, workerData } from 'node:worker_threads';
import { chunksOf, workerAhead, type ChunkSpec, type WorkerMessage } from './chunk-source.ts';

const { spec, index, stride } = workerData as { spec: ChunkSpec; index: number; stride: number };
let credits = workerAhead;
let wake: (() => void) | null = null;
parentPort?.on('message', () => {
  credits += 1;
  wake?.();
});
const send = (message: WorkerMessage) => parentPort?.postMessage(message);
try {
  for (const chunk of chunksOf(spec, index, stride)) {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits -= 1;
    send({ chunk });
  }
  send({ done: true });
} catch (error) {
  send({ done: true, error: error instanceof Error ? error.message : String(error) });
}
