import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, methodOf, pathTemplate, type OperationId } from '../contract/endpoints.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

type Doc = { paths: Record<string, Record<string, { operationId?: string }>> };
const methods = new Set(['get', 'post', 'patch', 'put', 'delete']);

/** The server registers exactly the operations of contract/endpoints.ts, at their paths, under their operationIds. */
describe('the endpoint map and the server', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    doc = (await t.app.inject({ url: '/openapi.json' })).json<Doc>();
  });
  afterAll(async () => t?.close());

  it('serves every operation of the map, and no other (the metrics listener aside)', () => {
    const served = Object.entries(doc.paths)
      .filter(([path]) => path !== '/metrics')
      .flatMap(([path, item]) => Object.entries(item).filter(([method]) => methods.has(method)).map(([method, op]) => `${op.operationId} ${method.toUpperCase()} ${path}`));
    const mapped = (Object.keys(endpoints) as OperationId[]).map((op) => `${op} ${methodOf(op)} ${pathTemplate(op)}`);
    expect(served.sort()).toEqual(mapped.sort());
  });
});
