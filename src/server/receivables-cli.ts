/**
 * `npm run receivables -- backfill [--organization ID] [--batch N]`: computes the receivables schedule of every
 * captured sale that has none yet (docs/receivables.md), with a progress bar; safe to stop and run again.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { backfillReceivables } from './receivables/backfill.ts';
import { formatDuration, groupDigits, progressReporter } from './seed/progress.ts';

const usage = `usage: npm run receivables -- backfill [--organization ID] [--batch N]
  backfill        the receivables of every approved captured sale that has none yet (re-runnable)
  --organization  only this organization (default: all)
  --batch         summaries per transaction (default 5000)`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { organization: { type: 'string' }, batch: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || positionals[0] !== 'backfill') {
    process.stdout.write(`${usage}\n`);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const batchSize = values.batch === undefined ? 5000 : Number(values.batch);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000) {
    process.stderr.write('--batch must be a whole number from 1 to 100000\n');
    process.exitCode = 2;
    return;
  }
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data', queryTimeoutMs: 0 }).catch((error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
  const progress = progressReporter(process.stderr);
  let stop = false;
  process.on('SIGINT', () => {
    if (stop) process.exit(130);
    stop = true;
    progress.note('stopping after the current batch; run the backfill again to continue');
  });
  try {
    const started = performance.now();
    const result = await backfillReceivables(database.db, {
      ...(values.organization ? { organizationId: values.organization } : {}),
      batchSize,
      bulk: database,
      onProgress: (done, total, rows) => progress.update(done, total, rows),
      onIndexRebuild: (name) => progress.note(`rebuilding ${name} (${formatDuration((performance.now() - started) / 1000)} so far)`),
      shouldStop: () => stop,
    });
    progress.finish();
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`scheduled ${groupDigits(result.receivables)} receivables of ${groupDigits(result.sales)} sales in ${formatDuration(seconds)}\n`);
  } finally {
    await database.close();
  }
}

await main();
