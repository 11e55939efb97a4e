import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase, type TestDatabase } from '../test/harness.ts';
import type { ApiInstance } from './api-instance.ts';

describe('/docs: the API reference for people', () => {
  let test: TestDatabase;
  let app: ApiInstance;
  let webRoot: string;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    // a built dashboard beside it: /docs must not fall back to the dashboard's index.html
    webRoot = mkdtempSync(path.join(tmpdir(), 'web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>dashboard</title>');
    app = await buildApp({ database: test.database, webRoot });
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers GET /docs with the viewer page, whose scripts and styles come from this origin under /docs/static', async () => {
    const res = await app.inject({ url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger-ui');
    expect(res.body).not.toContain('dashboard');
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1] ?? '', 'http://127.0.0.1/docs').pathname);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset.startsWith('/docs/static/'), asset).toBe(true);
      const file = await app.inject({ url: asset });
      expect(file.statusCode, asset).toBe(200);
    }
    // the app's CSP allows only this origin's scripts: the viewer needs no more
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it('loads the same OpenAPI document /openapi.json serves, and leaves the dashboard its routes', async () => {
    const doc = await app.inject({ url: '/docs/json' });
    const served = await app.inject({ url: '/openapi.json' });
    expect(served.statusCode).toBe(200);
    expect(doc.json()).toEqual(served.json());
    const init = await app.inject({ url: '/docs/static/swagger-initializer.js' });
    expect(init.body).toContain("resolveUrl('./json')");
    const dashboard = await app.inject({ url: '/transactions', headers: { accept: 'text/html' } });
    expect(dashboard.body).toContain('<title>dashboard</title>');
    const missing = await app.inject({ url: '/docs/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
  });
});
