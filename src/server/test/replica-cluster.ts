import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

/** The newest installed PostgreSQL server binaries (Debian: /usr/lib/postgresql/<major>/bin), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root).filter((d) => existsSync(path.join(root, d, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin') : null;
}


export interface ReplicaCluster {
  primaryUrl: string;
  replicaUrl: string;
  /** stops the standby only (the primary keeps answering) */
  stopReplica(): void;
  stop(): void;
}

/**
 * A primary and a streaming standby of its own, on free ports, in a temporary folder (never the shared server):
 * initdb, pg_basebackup -R, both started with pg_ctl. PostgreSQL refuses to run as root, so as root the
 * clusters belong to the `postgres` user. `stop()` stops both (immediate) and removes the folder.
 */
export async function startReplicaCluster(): Promise<ReplicaCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  const root = mkdtempSync(path.join(os.tmpdir(), 'acq-replica-'));
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString()) : undefined;
  const ownerGroup = asRoot ? Number(execFileSync('id', ['-g', 'postgres']).toString()) : undefined;
  if (owner !== undefined && ownerGroup !== undefined) chownSync(root, owner, ownerGroup);
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error?.message}`);
  };
  const primary = path.join(root, 'primary');
  const standby = path.join(root, 'standby');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const started: string[] = [];
  const stop = () => {
    for (const dir of started.reverse()) {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already down
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    appendFileSync(
      path.join(primary, 'postgresql.conf'),
      [`listen_addresses = '127.0.0.1'`, `unix_socket_directories = '${root}'`, 'wal_level = replica', 'max_wal_senders = 4', 'hot_standby = on', 'fsync = off', 'shared_buffers = 32MB', ''].join('\n'),
    );
    writeFileSync(path.join(primary, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n');
    run('pg_ctl', ['-D', primary, '-o', `-p ${primaryPort}`, '-l', path.join(root, 'primary.log'), '-w', 'start']);
    started.push(primary);
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standby, '-R', '-X', 'stream', '--no-sync']);
    run('pg_ctl', ['-D', standby, '-o', `-p ${replicaPort}`, '-l', path.join(root, 'standby.log'), '-w', 'start']);
    started.push(standby);
  } catch (error) {
    stop();
    throw error;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stopReplica: () => {
      run('pg_ctl', ['-D', standby, '-m', 'immediate', '-w', 'stop']);
      started.splice(started.indexOf(standby), 1);
    },
    stop,
  };
}
