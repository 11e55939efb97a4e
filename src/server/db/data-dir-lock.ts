import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database admits one process: a lock file in DATA_DIR names the process that holds it. A lock
 * whose process is gone (killed, crashed) is stale and taken over.
 */
export const lockFileName = 'acquirer-console.lock';

interface LockOwner {
  pid: number;
  command: string;
  since: string;
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, owner: LockOwner) {
    super(
      `DATA_DIR ${dataDir} is in use by another process (pid ${owner.pid}, ${owner.command}, since ${owner.since}). ` +
        'The embedded database admits one process at a time: stop that process first (Ctrl+C in its terminal, ' +
        `or kill ${owner.pid}) and run this again, or point DATABASE_URL at PostgreSQL to run several processes at once.`,
    );
  }
}

const held = new Map<string, number>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/** Takes the lock (or throws DataDirLockedError) and returns its release. Re-entrant within one process. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, lockFileName);
  const release = () => {
    const count = (held.get(file) ?? 1) - 1;
    if (count > 0) return void held.set(file, count);
    held.delete(file);
    if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  if (held.has(file)) {
    held.set(file, (held.get(file) ?? 0) + 1);
    return release;
  }
  const owner: LockOwner = { pid: process.pid, command: path.basename(process.argv[1] ?? 'node'), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${JSON.stringify(owner)}\n`);
      closeSync(fd);
      held.set(file, 1);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readOwner(file);
      if (current && current.pid !== process.pid && alive(current.pid)) throw new DataDirLockedError(dataDir, current);
      // stale (its process is gone) or unreadable: take it over
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
