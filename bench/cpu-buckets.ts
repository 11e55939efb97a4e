/**
 * Where a server's CPU went: a V8 .cpuprofile's self time summed by who owns the code (a package, the project,
 * Node's internals, V8 builtins, the garbage collector). Idle time is left out of the total.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const packageBuckets: [RegExp, string][] = [
  [/^(pg|pg-protocol|pg-pool|pg-types|pg-connection-string|postgres-.*|pgpass)$/, 'pg driver'],
  [/^drizzle-orm$/, 'Drizzle'],
  [/^(zod|fastify-type-provider-zod)$/, 'zod'],
  [/^(fastify|@fastify\/.*|find-my-way|avvio|light-my-request|fast-json-stringify|fast-querystring|pino.*|sonic-boom|abstract-logging|thread-stream)$/, 'Fastify + pino'],
  [/^tsx$|^esbuild$|^get-tsconfig$/, 'tsx loader'],
];

/** The owner of a code location, e.g. `pg driver`, `project`, `Node internals`. */
export function bucketOf(frame: ProfileNode['callFrame']): string | null {
  const { url, functionName } = frame;
  if (functionName === '(idle)') return null;
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(program)') return 'V8 (program)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    const name = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? '');
    return packageBuckets.find(([pattern]) => pattern.test(name))?.[1] ?? 'other packages';
  }
  if (url.includes('/src/')) return 'project';
  if (url.startsWith('node:')) return 'Node internals (sockets, streams, timers)';
  if (url === '') return functionName === 'stringify' || functionName === 'parse' ? `JSON.${functionName}` : 'V8 builtins';
  return 'other';
}

/** Self milliseconds by bucket, largest first. */
export function cpuBuckets(profileFile: string): { bucket: string; ms: number }[] {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
  const owners = new Map(profile.nodes.map((node) => [node.id, bucketOf(node.callFrame)]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const bucket = owners.get(id);
    if (!bucket) return;
    totals.set(bucket, (totals.get(bucket) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].map(([bucket, ms]) => ({ bucket, ms })).sort((a, b) => b.ms - a.ms);
}
