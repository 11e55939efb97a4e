import { describe, expect, it } from 'vitest';
import { generateSale } from './generate.ts';
import { generateAll, testAnchor, testContext } from './test-fixtures.ts';

describe('seed generator determinism', () => {
  it('gives identical data for the same seed and anchor', () => {
    const a = generateAll(testContext(7), 300);
    const b = generateAll(testContext(7), 300);
    expect(JSON.stringify(a, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).toBe(
      JSON.stringify(b, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
    );
  });

  it('gives different data for another seed or anchor', () => {
    const a = generateAll(testContext(7), 50);
    const b = generateAll(testContext(8), 50);
    const c = generateAll(testContext(7, undefined, testAnchor - 86_400_000), 50);
    expect(b.summaries.map((s) => s.gatewayTransactionId)).not.toEqual(a.summaries.map((s) => s.gatewayTransactionId));
    expect(c.summaries.map((s) => s.createdAtMs)).not.toEqual(a.summaries.map((s) => s.createdAtMs));
  });

  it('generates sale n the same way whatever chunk or offset it is produced in', () => {
    const ctx = testContext(3);
    const run = generateAll(ctx, 40, 100);
    expect(run.summaries[17]).toEqual(generateSale(ctx, 117).summary);
  });

  it('keeps ids unique across two organizations seeded with the same seed', () => {
    const a = generateAll(testContext(1, 'd4ps1c0000000000demo'), 2000);
    const b = generateAll(testContext(1, 'd4ps1c00000000000org'), 2000);
    const ids = (x: typeof a) => [...x.summaries.map((s) => s.id), ...x.cycles.map((c) => c.id), ...x.events.map((e) => e.eventId)];
    const all = [...ids(a), ...ids(b)];
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((id) => /^[0-9a-v]{20}$/.test(id))).toBe(true);
    const merchantsA = testContext(1, 'd4ps1c0000000000demo').merchants.map((m) => m.id);
    const merchantsB = testContext(1, 'd4ps1c00000000000org').merchants.map((m) => m.id);
    expect(merchantsA.filter((id) => merchantsB.includes(id))).toEqual([]);
  });
});
