import { endpointSchemas, type EndpointSchemas } from '../../contract/endpoint-schemas.ts';
import { endpoints, methodOf, pathTemplate, resources, type HttpMethod, type OperationId, type Resource } from '../../contract/endpoints.ts';
import { listResponse, problemResponses } from './openapi-docs.ts';

/** The prefix a resource's plugin is registered under (contract/endpoints.ts). */
export const prefixOf = (resource: Resource): string => resources[resource];

/** An operation's route inside its resource's plugin, in Fastify's syntax: `/{id}/history` → `/:id/history`. */
export const routeOf = (op: OperationId): string => endpoints[op][2].replace(/\{(\w+)\}/g, ':$1');

const byMethodAndPath = new Map<string, OperationId>(
  (Object.keys(endpoints) as OperationId[]).map((op) => [`${methodOf(op).toLowerCase()} ${pathTemplate(op)}`, op]),
);

/** The operationId of `get /v1/credentials/{id}` (as the OpenAPI document writes method and path), when the map has it. */
export const operationIdOf = (method: string, path: string): OperationId | undefined => byMethodAndPath.get(`${method} ${path}`);

/** What a route file says about its operation for people: the OpenAPI document's words, not the wire. */
export interface OperationDocs {
  summary: string;
  description?: string;
  tags: string[];
  /** `[]`: no token (health, sign-in, signed notifications) */
  security?: [];
}

type Part<E, K extends string> = E extends Record<K, infer S> ? S : undefined;

/** An operation's route schema as Fastify and its zod type provider see it: the handler's request and reply types follow from it. */
export interface RouteSchema<Op extends OperationId> extends OperationDocs {
  operationId: Op;
  params: Part<EndpointSchemas[Op], 'params'>;
  querystring: Part<EndpointSchemas[Op], 'query'>;
  headers: Part<EndpointSchemas[Op], 'headers'>;
  body: Part<EndpointSchemas[Op], 'body'>;
  /** the success responses (the problem responses are added at run time; a handler throws those) */
  response: EndpointSchemas[Op]['responses'];
}

/**
 * An operation's method, route and schema, all from the contract (the endpoint map and its schema map), for
 * `app.route({ ...endpoint('getSavedView', docs), config, handler })`: a route file writes only its words, its
 * config and its handler.
 */
export function endpoint<Op extends OperationId>(op: Op, docs: OperationDocs): { method: HttpMethod; url: string; schema: RouteSchema<Op> } {
  const wire: EndpointSchemas[OperationId] = endpointSchemas[op];
  const responses: Record<string, unknown> = { ...wire.responses };
  if ('csv' in wire) responses[200] = listResponse(wire.responses[200], wire.csv);
  const schema = {
    operationId: op,
    ...docs,
    ...('params' in wire ? { params: wire.params } : {}),
    ...('query' in wire ? { querystring: wire.query } : {}),
    ...('headers' in wire ? { headers: wire.headers } : {}),
    ...('body' in wire ? { body: wire.body } : {}),
    response: { ...responses, ...problemResponses(...wire.problems) },
  };
  return { method: methodOf(op), url: routeOf(op), schema: schema as unknown as RouteSchema<Op> };
}


