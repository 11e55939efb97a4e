import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';

const run = promisify(execFile);
const redocly = path.resolve(import.meta.dirname, '../../node_modules/.bin/redocly');

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
}

/** The served /openapi.json passes `redocly lint` with the recommended rules: no error, no warning. */
describe('OpenAPI document lint (redocly, recommended rules)', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(tmpdir(), 'acq-openapi-'));
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports nothing', async () => {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, (await t.app.inject({ url: '/openapi.json' })).body);
    const { stdout } = await run(redocly, ['lint', '--format=json', '--extends=recommended', file], { timeout: 60_000 }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
    );
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems: LintProblem[] };
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    expect(problems).toEqual([]);
  });

  it('names every operation and the server', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json<{ servers: unknown[]; paths: Record<string, Record<string, { operationId?: string }>> }>();
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.servers).toHaveLength(1);
  });

  it('documents the 503 of an unreachable database (problem+json, Retry-After) on every operation that touches it, and only there', async () => {
    type Response = { content?: Record<string, unknown>; headers?: Record<string, unknown> };
    const doc = (await t.app.inject({ url: '/openapi.json' })).json<{ paths: Record<string, Record<string, { responses: Record<string, Response> }>> }>();
    const missing: string[] = [];
    const extra: string[] = [];
    let withDatabase = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const unavailable = operation.responses['503'];
        // every /v1 operation authenticates (tokens and sessions live in the database); /health/ready asks the database
        if (path.startsWith('/v1/') || path === '/health/ready') {
          withDatabase += 1;
          const documented = unavailable?.content?.['application/problem+json'] !== undefined && unavailable.headers?.['Retry-After'] !== undefined;
          if (!documented) missing.push(`${method} ${path}`);
          // /metrics (the metrics listener) has a 503 of its own: a process that did not hand over its samples
        } else if (unavailable && path !== '/metrics') extra.push(`${method} ${path}`);
      }
    }
    expect(withDatabase).toBeGreaterThan(20);
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });
});
