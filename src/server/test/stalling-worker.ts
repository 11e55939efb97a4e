import { openDatabase } from '../db/client.ts';
import { processDueEvents } from '../processing/worker.ts';

/**
 * A worker process for the crash test (worker-crash.test.ts): on DATABASE_URL it commits COMMITTED_BATCHES
 * batches of BATCH_SIZE events, then writes a whole batch and stops before its commit, saying so on stdout,
 * and waits there to be killed.
 */
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const batchSize = Number(process.env.BATCH_SIZE);
for (let i = 0; i < Number(process.env.COMMITTED_BATCHES); i++) {
  console.log(`committed ${await processDueEvents(database, { batchSize })}`);
}
let applied = 0;
await processDueEvents(database, {
  batchSize,
  afterEvent: async () => {
    if (++applied < batchSize) return;
    console.log('stalled before commit');
    await new Promise(() => undefined);
  },
});
