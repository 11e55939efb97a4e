/**
 * `npm run partition -- convert|maintain|status` (PostgreSQL only): monthly partitions of transaction_summaries,
 * cycles and events (src/server/db/partitions/months.ts says by what), and their retention.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from './db/client.ts';
import { isPartitioned, tableStates, type Sql } from './db/partitions/catalog.ts';
import { convertToPartitions, monthsToCover } from './db/partitions/convert.ts';
import { defaultMonthsAhead } from './db/partitions/maintain.ts';
import { defaultPartitionName, monthLabel, parseMonth, partitionName, partitionedTables } from './db/partitions/months.ts';
import { runMaintenance } from './db/partitions/run-maintenance.ts';
import { openSession } from './db/session.ts';

const usage = `usage: npm run partition -- <command> [--database-url URL] [options]     (PostgreSQL; default: $DATABASE_URL)
  convert    turns the three list tables into monthly partitions while the server keeps running (a few seconds
             of locks at the end), then maintains them
             --from YYYY-MM   first month (default: the oldest with rows, at most 36 months back)
             --ahead N        months created past the current one (default ${defaultMonthsAhead})
             --keep-old       keep the ordinary tables as <table>_unpartitioned instead of dropping them
  maintain   creates the months ahead, applies retention, analyzes (the API also does it hourly, without --drop)
             --retention-months N   keep the current month and N before it, detach older ones (default: $RETENTION_MONTHS)
             --drop                 drop the months retention detaches (default: keep them as plain tables)
  status     months and estimated rows per table`;

class UsageError extends Error {}

function whole(name: string, text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`${name} must be a whole number, got "${text}"`);
  return Number(text);
}

async function status(db: Sql): Promise<string> {
  const states = await tableStates(db);
  const lines = partitionedTables.map((t) => `${t}: ${states[t].kind === 'p' ? `partitioned, ${states[t].months.length} months${states[t].hasDefault ? ' + default' : ''}` : 'not partitioned'}`);
  if (!(await isPartitioned(db))) return lines.join('\n');
  const rows = await db.query<{ name: string; n: string }>(`select relname as name, greatest(reltuples, 0)::bigint::text as n from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r'`);
  const estimate = (name: string) => rows.find((r) => r.name === name)?.n ?? '-';
  lines.push('', 'month     ' + partitionedTables.map((t) => t.padStart(22)).join(''));
  for (const month of states.transaction_summaries.months) {
    lines.push(monthLabel(month).padEnd(10) + partitionedTables.map((t) => estimate(partitionName(t, month)).padStart(22)).join(''));
  }
  lines.push('default'.padEnd(10) + partitionedTables.map((t) => estimate(defaultPartitionName(t)).padStart(22)).join(''));
  const detached = rows.filter((r) => partitionedTables.some((t) => new RegExp(`^${t}_\\d{4}_\\d{2}$`).test(r.name)) && !partitionedTables.some((t) => states[t].months.some((m) => partitionName(t, m) === r.name)));
  if (detached.length > 0) lines.push('', `detached: ${detached.map((r) => r.name).sort().join(', ')}`);
  lines.push('', '(rows are the planner\'s estimates, as of the last ANALYZE)');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'database-url': { type: 'string' },
      from: { type: 'string' },
      ahead: { type: 'string' },
      'keep-old': { type: 'boolean', default: false },
      'retention-months': { type: 'string' },
      drop: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || !command || !['convert', 'maintain', 'status'].includes(command)) {
    process.stdout.write(`${usage}\n`);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const url = values['database-url'] ?? process.env.DATABASE_URL;
  if (!url) throw new UsageError('monthly partitions are a PostgreSQL feature: pass --database-url or set DATABASE_URL (the embedded database keeps plain tables)');
  const from = values.from === undefined ? undefined : (parseMonth(values.from) ?? undefined);
  if (values.from !== undefined && !from) throw new UsageError(`--from must be YYYY-MM, got "${values.from}"`);
  const ahead = whole('--ahead', values.ahead) ?? defaultMonthsAhead;
  const retentionMonths = whole('--retention-months', values['retention-months']) ?? whole('RETENTION_MONTHS', process.env.RETENTION_MONTHS);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const database = await openDatabase({ databaseUrl: url, queryTimeoutMs: 0 });
  try {
    if (command === 'convert') {
      const session = await openSession(database, { long: true });
      try {
        const months = await monthsToCover(session, Date.now(), ahead, from);
        log(`converting to monthly partitions, ${monthLabel(months[0]!)} to ${monthLabel(months[months.length - 1]!)}...`);
        const outcome = await convertToPartitions(session, { months, keepOld: values['keep-old'], log });
        if (outcome === 'already') log('already partitioned');
      } finally {
        await session.release();
      }
    }
    if (command === 'convert' || command === 'maintain') {
      const report = await runMaintenance(database, { retentionMonths, ahead, drop: values.drop, analyzeParents: command === 'maintain' });
      if (!report) log('nothing to maintain: the tables are not partitioned (npm run partition -- convert), or another process is maintaining them');
      else {
        log(`months created: ${report.created.map(monthLabel).join(', ') || 'none'}; detached: ${report.detached.map(monthLabel).join(', ') || 'none'}${report.dropped.length > 0 ? `; dropped ${report.dropped.join(', ')}` : ''}`);
      }
    }
    const session = await openSession(database, { long: true });
    try {
      process.stdout.write(`${await status(session)}\n`);
    } finally {
      await session.release();
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof UsageError ? `${error.message}\n\n${usage}` : `partition failed: ${error instanceof Error ? error.message : String(error)}`}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
