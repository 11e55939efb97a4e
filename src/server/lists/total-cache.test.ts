import { describe, expect, it } from 'vitest';
import { filterKey, TotalCache, type TotalCount } from './total-count.ts';

const scope = { organizationId: 'org1', merchantIds: null };

describe('TotalCache', () => {
  const counter = () => {
    let calls = 0;
    return {
      count: (): Promise<TotalCount> => Promise.resolve({ value: ++calls, exact: true }),
      get calls() {
        return calls;
      },
    };
  };

  it('reuses a total for the same filters whatever the page, limit or order, until the TTL ends (fake clock)', async () => {
    let now = 0;
    const cache = new TotalCache(5_000, () => now);
    const c = counter();
    expect((await cache.get('summaries', scope, { status: 'approved', page: 1, limit: 20 }, c.count)).value).toBe(1);
    expect((await cache.get('summaries', scope, { limit: 100, page: 7, order_by: 'amount', status: 'approved', cursor: 'x' }, c.count)).value).toBe(1);
    now = 4_999;
    expect((await cache.get('summaries', scope, { status: 'approved' }, c.count)).value).toBe(1);
    now = 5_000;
    expect((await cache.get('summaries', scope, { status: 'approved' }, c.count)).value).toBe(2);
  });

  it('keeps organizations, merchant scopes, lists and filters apart', async () => {
    const cache = new TotalCache(60_000);
    const c = counter();
    await cache.get('summaries', scope, { status: 'approved' }, c.count);
    await cache.get('summaries', scope, { status: 'declined' }, c.count);
    await cache.get('summaries', scope, {}, c.count);
    await cache.get('events', scope, { status: 'approved' }, c.count);
    await cache.get('summaries', { organizationId: 'org2', merchantIds: null }, { status: 'approved' }, c.count);
    await cache.get('summaries', { organizationId: 'org1', merchantIds: ['m1'] }, { status: 'approved' }, c.count);
    expect(c.calls).toBe(6);
  });

  it('forgets an organization at once when its rows change, and shares one count between concurrent requests', async () => {
    const cache = new TotalCache(60_000);
    const c = counter();
    const [a, b] = await Promise.all([cache.get('events', scope, {}, c.count), cache.get('events', scope, {}, c.count)]);
    expect([a.value, b.value, c.calls]).toEqual([1, 1, 1]);
    cache.forget('org2');
    expect((await cache.get('events', scope, {}, c.count)).value).toBe(1);
    cache.forget('org1');
    expect((await cache.get('events', scope, {}, c.count)).value).toBe(2);
  });

  it('TTL 0 counts every time; a failed count is not kept', async () => {
    const c = counter();
    const off = new TotalCache(0);
    await off.get('events', scope, {}, c.count);
    await off.get('events', scope, {}, c.count);
    expect(c.calls).toBe(2);
    const cache = new TotalCache(60_000);
    await expect(cache.get('events', scope, {}, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('events', scope, {}, c.count)).value).toBe(3);
  });

  it('filterKey ignores undefined values and parameter order', () => {
    expect(filterKey({ b: '2', a: '1', c: undefined, page: 3 })).toBe(filterKey({ a: '1', b: '2' }));
  });
});
