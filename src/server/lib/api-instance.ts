import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.ts';
import type { TotalCache } from '../lists/total-count.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** lists count exactly up to this many matches, then estimate (X-Total-Count-Exact: false) */
    countCap: number;
    /** list totals reused for a few seconds per organization, scope and filters (TOTAL_CACHE_SECONDS) */
    totals: TotalCache;
    /** hours an Idempotency-Key's stored response is replayed (IDEMPOTENCY_TTL_HOURS) */
    idempotencyTtlHours: number;
  }
}

/** The Fastify instance with the zod type provider, as every route module receives it. */
export type ApiInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
