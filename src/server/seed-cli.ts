/**
 * Bulk seed: `npm run seed -- --summaries 1000000 [--seed N] [--organization ID] [--merchants N]`
 * Opens DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite, default ./data), makes sure the providers and the
 * organization exist (the demo organization by default), and appends generated sales after the ones the
 * organization already has, so ids never collide with earlier loads.
 */
import { parseArgs } from 'node:util';
import { xidPattern } from '../contract/ids.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { demoOrganization } from './seed/demo.ts';
import { formatDuration, groupDigits, progressReporter } from './seed/progress.ts';
import { seedOrganization } from './seed/seed-organization.ts';
import { backfillReceivables } from './receivables/backfill.ts';

/** Generator threads: generating is about two thirds of a load's CPU, PostgreSQL the rest. */
const defaultWorkers = 2;

const usage = `usage: npm run seed -- --summaries N [--seed N] [--organization ID] [--organization-name NAME]
       [--merchants N] [--anchor ISO-8601] [--chunk N] [--keep-indexes] [--workers N]
  --summaries      how many transaction summaries to add (required)
  --seed           generator seed (default: $SEED or 1)
  --organization   organization id (20-character XID; default: the demo organization ${demoOrganization.id})
  --merchants      merchants to create when the organization has none (default 6)
  --anchor         "now" of the generated data (default: the current time, to the minute)
  --keep-indexes   do not drop and rebuild secondary indexes (they are dropped for 100 000+ summaries; into empty
                   tables the primary keys too: do not seed a database that is taking traffic)
  --workers        threads generating the rows beside the database (default \${defaultWorkers}; 0 generates in the main thread)`;


function fail(message: string): never {
  process.stderr.write(`${message}\n\n${usage}\n`);
  process.exit(2);
}

function wholeNumber(name: string, text: string | undefined, fallback?: number): number {
  if (text === undefined) {
    if (fallback === undefined) fail(`--${name} is required`);
    return fallback;
  }
  if (!/^\d+$/.test(text)) fail(`--${name} must be a whole number, got "${text}"`);
  return Number(text);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      summaries: { type: 'string' },
      seed: { type: 'string' },
      organization: { type: 'string' },
      'organization-name': { type: 'string' },
      merchants: { type: 'string' },
      anchor: { type: 'string' },
      chunk: { type: 'string' },
      'keep-indexes': { type: 'boolean', default: false },
      workers: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const summaries = wholeNumber('summaries', values.summaries);
  const envSeed = process.env.SEED;
  if (envSeed !== undefined && !/^\d+$/.test(envSeed)) fail(`SEED must be a whole number, got "${envSeed}"`);
  const seed = wholeNumber('seed', values.seed, envSeed === undefined ? 1 : Number(envSeed));
  const organizationId = values.organization ?? demoOrganization.id;
  if (!xidPattern.test(organizationId)) fail('--organization must be a 20-character XID (0-9, a-v)');
  const merchants = values.merchants === undefined ? undefined : wholeNumber('merchants', values.merchants);
  if (merchants === 0) fail('--merchants must be 1 or more');
  const anchor = values.anchor;
  if (anchor !== undefined && !Number.isFinite(Date.parse(anchor))) fail(`--anchor must be an ISO 8601 timestamp, got "${anchor}"`);
  const chunkSize = wholeNumber('chunk', values.chunk, 5000);
  const workers = wholeNumber('workers', values.workers, defaultWorkers);
  if (chunkSize === 0) fail('--chunk must be 1 or more');
  const bulk = !values['keep-indexes'] && summaries >= 100_000;

  // no statement timeout: rebuilding an index of 10 million rows takes minutes
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data', queryTimeoutMs: 0 }).catch((error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });
  const progress = progressReporter(process.stderr);
  let stopRequested = false;
  process.on('SIGINT', () => {
    if (stopRequested) process.exit(130);
    stopRequested = true;
    progress.note('stopping after the current chunk (indexes are restored); press Ctrl-C again to abort at once');
  });
  let peakRss = process.memoryUsage().rss;
  try {
    const existing = await database.query<{ n: string; name: string | null }>(
      'SELECT (SELECT count(*) FROM transaction_summaries WHERE organization_id = $1) AS n, (SELECT name FROM organizations WHERE id = $1) AS name',
      [organizationId],
    );
    const startIndex = Number(existing[0]?.n ?? 0);
    const organizationName =
      values['organization-name'] ?? existing[0]?.name ?? (organizationId === demoOrganization.id ? demoOrganization.name : `Organization ${organizationId}`);
    progress.note(
      `seeding ${groupDigits(summaries)} summaries into ${organizationName} (${organizationId}) on ${database.kind}, seed ${seed}, ` +
        `after ${groupDigits(startIndex)} existing${bulk ? '; secondary indexes dropped during the load' : ''}`,
    );
    const started = performance.now();
    const result = await seedOrganization(database, {
      seed,
      summaries,
      organizationId,
      organizationName,
      merchants,
      anchor,
      startIndex,
      chunkSize,
      workers,
      bulk,
      shouldStop: () => stopRequested,
      onProgress: (done, total, rows) => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        progress.update(done, total, rows);
      },
      onIndexRebuild: (name) => progress.note(`rebuilding ${name} (${formatDuration((performance.now() - started) / 1000)} so far)`),
      onPhase: (step) => progress.note(`${step} (${formatDuration((performance.now() - started) / 1000)} so far)`),
    });
    progress.finish();
    // issue 25: the receivables schedule of the loaded sales (those with none yet), with its own progress line
    progress.note(`scheduling receivables (${formatDuration((performance.now() - started) / 1000)} so far)`);
    const scheduled = await backfillReceivables(database.db, {
      organizationId,
      overdueOneIn: 25,
      bulk: database,
      shouldStop: () => stopRequested,
      onProgress: (done, total, rows) => progress.update(done, total, rows),
      onIndexRebuild: (name) => progress.note(`rebuilding ${name} (${formatDuration((performance.now() - started) / 1000)} so far)`),
    });
    progress.finish();
    progress.note(`scheduled ${groupDigits(scheduled.receivables)} receivables of ${groupDigits(scheduled.sales)} sales`);
    const seconds = (performance.now() - started) / 1000;
    const rows = result.summaries + result.cycles + result.events;
    process.stdout.write(
      `seeded ${result.summaries} summaries, ${result.cycles} cycles, ${result.events} events in ${seconds.toFixed(1)} s ` +
        `(${groupDigits(rows / seconds)} rows/s)\n`,
    );
    process.stderr.write(`peak memory (RSS) ${Math.round(peakRss / 1048576)} MB\n`);
    if (stopRequested) process.exitCode = 130;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
