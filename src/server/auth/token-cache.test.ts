import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { backends, createTestDatabase, insertOrganization, type TestDatabase } from '../test/harness.ts';
import { TokenCache } from './token-cache.ts';
import { createToken, revokeToken } from './token-store.ts';

describe.each(backends)('token lookup cache on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestDatabase(kind);
      await insertOrganization(test.database, 'org1', []);
    });
    afterAll(async () => test?.dispose());

    const mint = () => createToken(test.database.db, { name: 't', organizationId: 'org1', scopes: ['transactions:read'], mode: 'test' });

    it('serves a revoked token only until the TTL ends, then refuses it (a fake clock, no waiting)', async () => {
      let now = 1_000_000;
      const cache = new TokenCache(test.database.db, 2_000, () => now);
      const { id, token } = await mint();
      expect((await cache.find(token))?.revoked).toBe(false);
      expect(await revokeToken(test.database.db, id)).toBe(true);
      now += 1_999;
      expect((await cache.find(token))?.revoked).toBe(false);
      now += 2;
      expect((await cache.find(token))?.revoked).toBe(true);
    });

    it('never remembers an unknown token, so a token created after a failed try works at once', async () => {
      const cache = new TokenCache(test.database.db, 60_000);
      const token = 'acq_test_created_after_a_failed_try_0123456789';
      expect(await cache.find(token)).toBeNull();
      expect(cache.size).toBe(0);
      await createToken(test.database.db, { name: 't', organizationId: 'org1', scopes: ['transactions:read'], mode: 'test', token });
      expect((await cache.find(token))?.organizationId).toBe('org1');
    });

    it('with TTL 0 looks the token up on every call', async () => {
      const cache = new TokenCache(test.database.db, 0);
      const { id, token } = await mint();
      expect((await cache.find(token))?.revoked).toBe(false);
      await revokeToken(test.database.db, id);
      expect((await cache.find(token))?.revoked).toBe(true);
      expect(cache.size).toBe(0);
    });

    it('through the API: a revoked token is refused within the configured bound', async () => {
      const ttlSeconds = 0.3;
      const app: ApiInstance = await buildApp({ database: test.database, webRoot: null, tokenCacheSeconds: ttlSeconds });
      try {
        const { id, token } = await mint();
        const call = () => app.inject({ url: '/v1/transactions/summaries?limit=1', headers: { authorization: `Bearer ${token}` } });
        expect((await call()).statusCode).toBe(200);
        await revokeToken(test.database.db, id);
        const revokedAt = Date.now();
        let status = (await call()).statusCode;
        // polls every 50 ms, at most 5 s: the refusal must come within the TTL (plus slack for a loaded machine)
        while (status === 200 && Date.now() - revokedAt < 5_000) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          status = (await call()).statusCode;
        }
        expect(status).toBe(401);
        expect(Date.now() - revokedAt).toBeLessThan(ttlSeconds * 1000 + 2_500);
      } finally {
        await app.close();
      }
    });
  });
});
