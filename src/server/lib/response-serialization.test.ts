import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { CredentialList } from '../../contract/credentials.ts';
import { Event, EventList } from '../../contract/events.ts';
import { MerchantList } from '../../contract/merchants.ts';
import { Summary, SummaryList } from '../../contract/summaries.ts';
import { buildApp } from '../app.ts';
import type { ApiInstance } from './api-instance.ts';
import { createListFixture, type ListFixture } from '../test/list-fixture.ts';

// production serialises with plain JSON.stringify (no zod pass); this checks that what it sends is what the
// schema-checking serialiser (on in tests) sends, and that it satisfies the documented schema
describe('responses without the zod serialiser', () => {
  let f: ListFixture;
  let plain: ApiInstance;
  let checked: ApiInstance;
  beforeAll(async () => {
    f = await createListFixture('pglite', { a: 60, b: 10 });
    plain = await buildApp({ database: f.database, webRoot: null, validateResponses: false });
    checked = await buildApp({ database: f.database, webRoot: null, validateResponses: true });
    const created = await checked.inject({
      method: 'POST',
      url: '/v1/credentials',
      headers: { authorization: f.tokens.a },
      payload: {
        merchantId: f.orgA.merchantIds[0],
        providerId: 'd4ps1c0000000000cie0',
        providerName: 'cielo',
        authenticationData: { merchantIdentifier: 'MID42', terminalIdentifier: 'T42' },
      },
    });
    if (created.statusCode !== 201) throw new Error(`credential not created: ${created.body}`);
  });
  afterAll(async () => {
    await plain?.close();
    await checked?.close();
    await f?.close();
  });

  const both = async (url: string) => {
    const headers = { authorization: f.tokens.a };
    const [a, b] = await Promise.all([plain.inject({ url, headers }), checked.inject({ url, headers })]);
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toBe(b.headers['content-type']);
    expect(a.headers['content-length']).toBe(String(a.rawPayload.length));
    // the same values (key order may differ: zod writes keys in schema order); no key beyond the schema's
    expect(a.json()).toEqual(b.json());
    return a.json<unknown>();
  };

  it.each([
    ['/v1/transactions/summaries?limit=100', SummaryList],
    ['/v1/transactions/summaries?limit=20&order_by=amount&order_direction=asc', SummaryList],
    ['/v1/events?limit=100', EventList],
    ['/v1/credentials', CredentialList],
    ['/v1/merchants', MerchantList],
  ] as [string, z.ZodMiniType][])('%s: same content, valid against its schema', async (url, schema) => {
    const body = await both(url);
    expect(schema.safeParse(body).success).toBe(true);
    expect((body as unknown[]).length).toBeGreaterThan(0);
  });

  it('single summary and event: same content, valid against their schemas', async () => {
    const summary = f.orgA.summaries[0];
    const event = f.orgA.events[0];
    if (!summary || !event) throw new Error('fixture has no rows');
    expect(Summary.safeParse(await both(`/v1/transactions/summaries/${summary.id}`)).success).toBe(true);
    expect(Event.safeParse(await both(`/v1/events/${event.eventId}`)).success).toBe(true);
  });
});
