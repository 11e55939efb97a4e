import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backends, createPostgresDatabase, type BackendKind } from '../test/harness.ts';
import { applyMigrations, type MigrationConnection } from './apply-migrations.ts';
import { migrationsFolder } from './client.ts';

interface JournalEntry {
  tag: string;
  when: number;
}
const journalPath = (folder: string) => path.join(folder, 'meta', '_journal.json');
const journal = JSON.parse(readFileSync(journalPath(migrationsFolder), 'utf8')) as { entries: JournalEntry[] };

/** The migrations folder as an older release had it: the journal up to and including `lastTag`. */
function olderFolder(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'acq-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const upTo = journal.entries.findIndex((e) => e.tag === lastTag) + 1;
  writeFileSync(journalPath(folder), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  return folder;
}

async function connect(kind: BackendKind): Promise<{ connection: MigrationConnection; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = new PGlite();
    return { connection: { exec: (text) => db.exec(text), query: (text, params) => db.query(text, params) }, close: () => db.close() };
  }
  const database = await createPostgresDatabase();
  const client = new pg.Client({ connectionString: database.url.toString() });
  await client.connect();
  return { connection: { exec: (text) => client.query(text), query: (text, params) => client.query(text, params) }, close: async () => (await client.end(), await database.drop()) };
}

const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

describe('the journal', () => {
  it('gives every migration its own timestamp (a recorded timestamp marks a migration applied)', () => {
    const times = journal.entries.map((e) => e.when);
    expect(new Set(times).size).toBe(times.length);
  });
});

describe.each(backends)('migrations on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    it('upgrading a database of an older release applies every migration it lacks, timestamps in any order', async () => {
      // the release whose last migration was 0013: later ones carry earlier timestamps than it (0030, 0031, 0040), which
      // drizzle's own rule (only what is later than the last applied) would skip
      const older = olderFolder('0013_view-date-presets');
      folders.push(older);
      const lastOld = Math.max(...journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === '0013_view-date-presets') + 1).map((e) => e.when));
      const newer = journal.entries.slice(journal.entries.findIndex((e) => e.tag === '0013_view-date-presets') + 1);
      expect(newer.filter((e) => e.when < lastOld).map((e) => e.tag)).toContain('0030_fee-plans');

      const { connection, close } = await connect(kind);
      try {
        const first = await applyMigrations(connection, older);
        expect(first).toBe(journal.entries.length - newer.length);
        expect(await applyMigrations(connection, migrationsFolder)).toBe(newer.length);
        const tables = (await connection.query(`select table_name as name from information_schema.tables where table_schema = 'public'`, [])).rows as { name: string }[];
        expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['fee_plans', 'receivables', 'statement_files', 'person_merchants', 'passkeys', 'receivable_monthly']));
        // nothing left to do, and each migration recorded once
        expect(await applyMigrations(connection, migrationsFolder)).toBe(0);
        const recorded = (await connection.query('select count(*)::int as n from drizzle.__drizzle_migrations', [])).rows as { n: number }[];
        expect(recorded[0]?.n).toBe(journal.entries.length);
      } finally {
        await close();
      }
    });

    it('a failing migration leaves nothing of the run behind', async () => {
      const broken = olderFolder('0013_view-date-presets');
      folders.push(broken);
      const { connection, close } = await connect(kind);
      try {
        await applyMigrations(connection, broken);
        // the next migration's file made to fail at its end: the run is one transaction
        const full = mkdtempSync(path.join(tmpdir(), 'acq-migrations-'));
        folders.push(full);
        cpSync(migrationsFolder, full, { recursive: true });
        const next = journal.entries[journal.entries.findIndex((e) => e.tag === '0013_view-date-presets') + 1];
        const file = path.join(full, `${next?.tag ?? ''}.sql`);
        writeFileSync(file, `${readFileSync(file, 'utf8')}\n--> statement-breakpoint\nSELECT no_such_function();`);
        await expect(applyMigrations(connection, full)).rejects.toThrow(/no_such_function/);
        const recorded = (await connection.query('select count(*)::int as n from drizzle.__drizzle_migrations', [])).rows as { n: number }[];
        expect(recorded[0]?.n).toBe(journal.entries.findIndex((e) => e.tag === '0013_view-date-presets') + 1);
      } finally {
        await close();
      }
    });
  });
});
