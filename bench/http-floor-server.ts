/**
 * The HTTP floor (bench/throughput-compare.ts): node:http answering every request with one recorded API
 * response (its headers and body bytes), with no framework, database, auth or serialization. What it costs the
 * machine to serve is what any Node API pays on top of its statements for that answer.
 *
 *   node --import tsx bench/http-floor-server.ts <response.json> <port>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, portText] = process.argv.slice(2);
if (!file || !portText) throw new Error('usage: http-floor-server.ts <response.json> <port>');
const recorded = JSON.parse(readFileSync(file, 'utf8')) as { headers: Record<string, string>; body: string };
const body = Buffer.from(recorded.body, 'base64');
const headers: Record<string, string> = { ...recorded.headers, 'content-length': String(body.length) };
delete headers['transfer-encoding'];
delete headers.connection;
delete headers['keep-alive'];
const server = http.createServer({ keepAliveTimeout: 60_000 }, (_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(Number(portText), '127.0.0.1', () => console.log('listening'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
