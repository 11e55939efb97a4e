/**
 * The bare API (bench/throughput-compare.ts): node:http answering every request by running one API request's
 * statements (captured on the wire) through `pg` with the API's pool size and timestamp handling, then sending
 * JSON.stringify of the driver's rows as a UTF-8 buffer, with the API's recorded headers. No framework, auth,
 * validation, mapping, headers of its own or paging links: the least any Node API on these statements and this
 * driver can do per request, so its req/s bounds what any such API could reach on this machine.
 *
 * With `fastify` it answers the same from a Fastify instance with no plugin, no hook and no schema (one catch-all
 * route): what the decided framework costs by itself.
 *
 *   node --import tsx bench/bare-api-server.ts <bare.json> <port> [fastify]
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import Fastify from 'fastify';
import pg from 'pg';
import type { WireStatement } from './pg-wire-capture.ts';

const [file, portText, framework] = process.argv.slice(2);
if (!file || !portText) throw new Error('usage: bare-api-server.ts <bare.json> <port>');
const spec = JSON.parse(readFileSync(file, 'utf8')) as { databaseUrl: string; statements: WireStatement[]; headers: Record<string, string> };
// the API's pool (src/server/db/client.ts) and, as Drizzle's node-postgres driver does, date and time types as text
const asText = (value: string): string => value;
const textTypes = new Set([1082, 1083, 1114, 1184, 1266]);
const driverParser = pg.types.getTypeParser as (oid: number, format?: 'text' | 'binary') => (value: string) => unknown;
const types = { getTypeParser: (oid: number, format?: 'text' | 'binary') => (textTypes.has(oid) ? asText : driverParser(oid, format)) };
const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: 10 });
const queries = spec.statements.map((s, i) => ({ text: s.sql, values: s.params, types, ...(s.prepared ? { name: `bare_${i}` } : {}) }));
const headers: Record<string, string> = { ...spec.headers };
for (const name of ['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'link', 'x-total-count']) delete headers[name];

/** One request's statements in turn, the driver's rows as JSON in a UTF-8 buffer. */
async function answer(): Promise<Buffer> {
  const results: unknown[][] = [];
  for (const query of queries) results.push((await pool.query(query)).rows);
  return Buffer.from(JSON.stringify(results));
}

const port = Number(portText);
if (framework === 'fastify') {
  const app = Fastify({ logger: false, keepAliveTimeout: 60_000 });
  app.get('/*', async (_request, reply) => reply.headers(headers).send(await answer()));
  await app.listen({ port, host: '127.0.0.1' });
  console.log('listening');
  process.once('SIGTERM', () => void app.close().then(() => pool.end()).then(() => process.exit(0)));
} else {
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (_request, response) => {
    answer().then(
      (body) => {
        response.writeHead(200, { ...headers, 'content-length': String(body.length) });
        response.end(body);
      },
      () => {
        response.writeHead(500);
        response.end();
      },
    );
  });
  server.listen(port, '127.0.0.1', () => console.log('listening'));
  process.once('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
}
