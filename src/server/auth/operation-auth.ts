import type { FastifyInstance } from 'fastify';
import { operationAuth, type OperationAuth } from '../../contract/operation-auth.ts';

const authOf = (operationId: unknown): OperationAuth | undefined =>
  typeof operationId === 'string' && Object.hasOwn(operationAuth, operationId) ? operationAuth[operationId as keyof typeof operationAuth] : undefined;

/**
 * Every route of an operation in the endpoint map gets its `auth` from src/contract/operation-auth.ts (the one place
 * that says what each operation needs). A route that still declares its own and says otherwise stops the start: the
 * two may not drift apart.
 */
export function registerOperationAuth(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const needed = authOf((route.schema as { operationId?: unknown } | undefined)?.operationId);
    if (needed === undefined) return;
    const declared = route.config?.auth;
    const wanted = needed === 'public' ? undefined : needed;
    if (declared !== undefined && declared !== wanted) {
      throw new Error(`${[route.method].flat().join(",")} ${route.url} declares auth ${declared}, the operation map says ${needed}`);
    }
    route.config = { ...route.config, auth: wanted };
  });
}
