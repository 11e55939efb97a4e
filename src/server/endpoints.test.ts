import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointSchemas } from '../contract/endpoint-schemas.ts';
import { endpoints, methodOf, pathTemplate, type OperationId } from '../contract/endpoints.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

type Operation = {
  operationId?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: Record<string, unknown> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };
const methods = new Set(['get', 'post', 'patch', 'put', 'delete']);

type Def = { type: string; shape?: Record<string, unknown>; in?: Schema; innerType?: Schema; left?: Schema; right?: Schema };
type Schema = { _zod: { def: Def } };
/** The field names of an object schema, through the pipes, defaults and intersections around it. */
function fieldNames(schema: Schema | undefined): string[] {
  if (!schema) return [];
  const def = schema._zod.def;
  if (def.shape) return Object.keys(def.shape);
  if (def.in) return fieldNames(def.in);
  if (def.innerType) return fieldNames(def.innerType);
  if (def.left && def.right) return [...fieldNames(def.left), ...fieldNames(def.right)];
  throw new Error(`no fields in a ${def.type} schema`);
}

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

  /** What the map says of each operation, and what the route the server registered documents (its schema, as served). */
  it('registers each route with the schema map’s parameters, headers, body and responses (contract/endpoint-schemas.ts)', () => {
    const fromMap = (op: OperationId) => {
      const wire = endpointSchemas[op] as (typeof endpointSchemas)[OperationId] & { params?: Schema; query?: Schema; headers?: Schema; body?: Schema; csv?: string };
      return {
        path: fieldNames(wire.params).sort(),
        query: fieldNames(wire.query).sort(),
        header: fieldNames(wire.headers).sort(),
        body: wire.body !== undefined,
        statuses: [...Object.keys(wire.responses), ...wire.problems.filter((status) => status !== 429).map(String)].sort(),
        csv: wire.csv !== undefined,
      };
    };
    const ownProblems = (op: OperationId): readonly number[] => endpointSchemas[op].problems;
    const served = (op: OperationId) => {
      const operation = doc.paths[pathTemplate(op)]?.[methodOf(op).toLowerCase()] ?? {};
      const names = (where: string) => (operation.parameters ?? []).filter((p) => p.in === where).map((p) => p.name).sort();
      return {
        path: names('path'),
        query: names('query'),
        header: names('header'),
        body: operation.requestBody !== undefined,
        // the document adds the rate limiter's 429 to every operation and a 503 to those that touch the database (lib/openapi-tidy.ts)
        statuses: Object.keys(operation.responses ?? {})
          .filter((status) => status !== '429' && (status !== '503' || ownProblems(op).includes(503)))
          .sort(),
        csv: operation.responses?.['200']?.content?.['text/csv'] !== undefined,
      };
    };
    for (const op of Object.keys(endpoints) as OperationId[]) expect({ op, ...served(op) }).toEqual({ op, ...fromMap(op) });
  });
});
