/**
 * Where a list page's CPU goes, by what the code was doing rather than who wrote it: a V8 .cpuprofile's samples
 * put in the phase of the innermost frame on their stack that names one (reading the rows off the wire, mapping
 * them, serialising, writing, auth/headers/rate limit, ...). Samples outside a time window (start-up, warm-up)
 * can be left out. cpu-buckets.ts sums the same profiles by owner.
 */
import { readFileSync } from 'node:fs';

interface Frame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export const phases = [
  'parse rows (pg driver)',
  'query build + send (Drizzle, pg)',
  'map rows to the API shape',
  'serialize (JSON)',
  'links and paging headers',
  'auth, security headers, rate limit, request id, metrics',
  'query validation (zod)',
  'write (socket, HTTP response)',
  'HTTP parse and routing (Node, Fastify)',
  'garbage collector',
  'other',
] as const;
export type Phase = (typeof phases)[number];

const packageOf = (url: string): string | null => {
  const at = url.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const rest = url.slice(at + '/node_modules/'.length).split('/');
  return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1] ?? ''}` : (rest[0] ?? null);
};

const serializeNames = /^(stringify|serialize|plainSerializer|compiledSerializer|serializeBody|anonymous\$serialize|\$asString|\$asInteger|\$asNumber)|Serializer|serializ/;
const mapNames = /^(summaryViews|cycleView|cardOf|eventViews?|eventView|isoFromPg|minorToDecimal|shownFirstDigits|merchantViews?|credentialViews?)$/;
const linkNames = /^(setPagingHeaders|linkHeader|withParams|encodeCursor|fingerprint|pageOf|summaryPosition|eventPosition)$/;
const edgeNames = /^(authenticate|authenticateRequest|callerOf|scopeOf|lookup|rateLimit|onRateLimit|securityHeaders|setSecurityHeaders|genReqId|requestId|observe|recordRequest)$/;
const edgeFiles = /(auth\/|rate-limit|security-headers|request-id|http-metrics|token-cache|helmet|@fastify\/rate-limit|@fastify\/cors|cors\.)/;

/** The phase one frame names, or null when it names none (the caller's frame decides). */
export function phaseOfFrame({ functionName, url }: Frame): Phase | null {
  if (functionName === '(garbage collector)') return 'garbage collector';
  const pkg = packageOf(url);
  if (pkg === 'pg-protocol' || pkg === 'pg-types' || pkg === 'postgres-date' || pkg === 'postgres-array') {
    return /^(serialize|write|flush|sync|bind|execute|describe|query|send|_send)/.test(functionName) ? 'query build + send (Drizzle, pg)' : 'parse rows (pg driver)';
  }
  if (pkg === 'pg' && /^(parseRow|addFields|handleDataRow|_handleDataRow|handleRowDescription|_handleRowDescription|attachListeners|getTypeParser)$/.test(functionName)) return 'parse rows (pg driver)';
  if (pkg === 'fast-json-stringify' || (url === '' && functionName === 'stringify')) return 'serialize (JSON)';
  if (mapNames.test(functionName)) return 'map rows to the API shape';
  // the production serialiser (app.ts) is an arrow function: JSON.stringify is inlined into it
  if (functionName === '' && /\/(src\/server\/app\.ts|dist\/server\/app-[\w-]+\.js)$/.test(url)) return 'serialize (JSON)';
  if (serializeNames.test(functionName) && (url.includes('/src/') || url.includes('/dist/server/') || url === '')) return 'serialize (JSON)';
  if (linkNames.test(functionName)) return 'links and paging headers';
  if (edgeFiles.test(url) || (edgeNames.test(functionName) && (url.includes('/src/') || url.includes('/dist/server/')))) return 'auth, security headers, rate limit, request id, metrics';
  if (pkg === 'drizzle-orm' || pkg === 'pg' || pkg === 'pg-pool') return 'query build + send (Drizzle, pg)';
  if (pkg === 'zod' || pkg === 'fastify-type-provider-zod') return 'query validation (zod)';
  if (url.startsWith('node:') && /^(writeGeneric|writevGeneric|_writeGeneric|_writev|_write|write|writeOrBuffer|end|_send|_writeRaw|onSend|onSendEnd|writeHead|_storeHeader|processHeader|handleWriteReq|afterWriteDispatched)$/.test(functionName) && /net|stream|_http_outgoing|_http_server|stream_base/.test(url)) {
    return 'write (socket, HTTP response)';
  }
  if (pkg === 'fastify' || pkg === 'find-my-way' || pkg === 'fast-querystring' || pkg === 'light-my-request' || url.startsWith('node:_http') || url === 'node:net') return 'HTTP parse and routing (Node, Fastify)';
  return null;
}

/** Self milliseconds by phase over the samples in [fromUs, toUs] (the profile's monotonic microseconds), and the window's length. */
export function cpuPhases(profileFile: string, window?: { fromUs: number; toUs: number }): { phase: Phase; ms: number }[] {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const memo = new Map<number, Phase | null>();
  const phaseOf = (id: number): Phase | null => {
    if (memo.has(id)) return memo.get(id) ?? null;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)' || node.callFrame.functionName === '(root)') {
      const idle = node?.callFrame.functionName === '(idle)' ? null : node?.callFrame.functionName === '(program)' ? 'other' : null;
      memo.set(id, idle);
      return idle;
    }
    const own = phaseOfFrame(node.callFrame);
    const up = parent.get(id);
    const phase = own ?? (up === undefined ? 'other' : (phaseOf(up) ?? 'other'));
    memo.set(id, phase);
    return phase;
  };
  const totals = new Map<Phase, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    const phase = phaseOf(id);
    if (phase) totals.set(phase, (totals.get(phase) ?? 0) + delta / 1000);
  });
  return phases.map((phase) => ({ phase, ms: totals.get(phase) ?? 0 }));
}
