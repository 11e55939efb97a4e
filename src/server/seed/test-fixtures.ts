import { generateChunks, generatorContext, type GeneratorContext } from './generate.ts';
import { createMerchants, merchantProfile } from './merchants.ts';
import type { GeneratedChunk } from './rows.ts';

/** Fixed "now" for tests: determinism is same seed + same anchor. */
export const testAnchor = Date.parse('2026-11-21T18:30:00.000Z');

export function testContext(seed: number, organizationId = 'd4ps1c0000000000demo', anchorMs = testAnchor): GeneratorContext {
  const merchants = createMerchants(seed, organizationId, 6, anchorMs - 120 * 86_400_000).map(merchantProfile);
  return generatorContext(seed, organizationId, anchorMs, merchants);
}

/** All sales of a small run, flattened into one chunk. */
export function generateAll(ctx: GeneratorContext, count: number, start = 0): GeneratedChunk {
  const all: GeneratedChunk = { summaries: [], cycles: [], events: [] };
  for (const chunk of generateChunks(ctx, start, count, 1000)) {
    all.summaries.push(...chunk.summaries);
    all.cycles.push(...chunk.cycles);
    all.events.push(...chunk.events);
  }
  return all;
}
