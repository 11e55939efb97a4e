import { endpoints, methodOf, pathTemplate, resources, type OperationId, type Resource } from '../../contract/endpoints.ts';

/** The prefix a resource's plugin is registered under (contract/endpoints.ts). */
export const prefixOf = (resource: Resource): string => resources[resource];

/** An operation's route inside its resource's plugin, in Fastify's syntax: `/{id}/history` → `/:id/history`. */
export const routeOf = (op: OperationId): string => endpoints[op][2].replace(/\{(\w+)\}/g, ':$1');

const byMethodAndPath = new Map<string, OperationId>(
  (Object.keys(endpoints) as OperationId[]).map((op) => [`${methodOf(op).toLowerCase()} ${pathTemplate(op)}`, op]),
);

/** The operationId of `get /v1/credentials/{id}` (as the OpenAPI document writes method and path), when the map has it. */
export const operationIdOf = (method: string, path: string): OperationId | undefined => byMethodAndPath.get(`${method} ${path}`);
