import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';

type Operation = { operationId?: string; responses: Record<string, { content?: Record<string, unknown> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

describe('OpenAPI of the operator extensions (stats, CSV export, saved views, live stream)', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const res = await t.app.inject({ url: '/openapi.json' });
    expect(res.statusCode, res.body).toBe(200);
    doc = res.json<Doc>();
  });
  afterAll(async () => t?.close());

  it('documents every operation with a unique operationId', () => {
    const ops = [
      ['get', '/v1/transactions/stats'],
      ['get', '/v1/views'],
      ['post', '/v1/views'],
      ['get', '/v1/views/{id}'],
      ['patch', '/v1/views/{id}'],
      ['delete', '/v1/views/{id}'],
      ['get', '/v1/transactions/summaries'],
      ['get', '/v1/events'],
    ] as const;
    const ids = ops.map(([method, path]) => doc.paths[path]?.[method]?.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents the CSV responses of both lists', () => {
    for (const path of ['/v1/transactions/summaries', '/v1/events']) {
      expect(Object.keys(doc.paths[path]?.get?.responses['200']?.content ?? {})).toEqual(['application/json', 'text/csv']);
    }
  });

  it('documents the live stream\'s 200 as text/event-stream, its errors as problem+json', () => {
    const responses = doc.paths['/v1/events/stream']?.get?.responses ?? {};
    expect(Object.keys(responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect(Object.keys(responses['401']?.content ?? {})).toEqual(['application/problem+json']);
  });
});
