/** Writes the served OpenAPI document to a file (default dist/openapi.json), for `npm run lint:openapi` (redocly). */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';

const out = path.resolve(process.argv[2] ?? 'dist/openapi.json');
const database = await openDatabase({});
const app = await buildApp({ database, webRoot: null });
const res = await app.inject({ url: '/openapi.json' });
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, res.body);
await app.close();
await database.close();
console.log(`OpenAPI document written to ${out}`);
