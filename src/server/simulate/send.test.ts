import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { counts, createLiveOrg, type LiveOrg } from '../test/notification-fixture.ts';
import { NotificationGenerator } from './generator.ts';
import { assertLoopback, runSimulation } from './send.ts';

describe('runSimulation against a listening server', () => {
  let t: TestApp;
  let org: LiveOrg;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    org = await createLiveOrg(t.database);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('sends signed notifications at the rate, bounded in count, and reads every answer', async () => {
    const terminal = { acquirer: 'cielo' as const, mid: org.mid, tid: org.tid, terminalId: 'term0001', serialNumber: 'SN0001', merchantTaxId: org.taxId, terminalData: { navigationMethod: null, networkSsid: null, simSerialNumber: null, simApnData: null, ipAddress: null, latitude: null, longitude: null } };
    const answers: number[] = [];
    const stats = await runSimulation({
      origin,
      organizationId: org.organizationId,
      secret: org.secret,
      generator: new NotificationGenerator([terminal], 'sendtest'),
      rate: 200,
      durationMs: 5_000,
      maxCount: 60,
      concurrency: 8,
      onAnswer: (a) => answers.push(a.status),
    });
    expect(stats.sent).toBe(60);
    expect(stats.errors).toBe(0);
    expect(answers).toHaveLength(60);
    // repeats (the generator's duplicates) answer 200; nothing is refused, every new one is stored
    expect((stats.byStatus['202'] ?? 0) + (stats.byStatus['200'] ?? 0)).toBe(60);
    expect((await counts(t.database, org.organizationId)).events).toBe(stats.byStatus['202']);
  });

  it('talks to this machine only', () => {
    expect(() => assertLoopback('http://example.com')).toThrow(/only sends to this machine/);
    expect(assertLoopback('http://localhost:1').hostname).toBe('localhost');
  });
});
