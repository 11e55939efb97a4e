import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { receivedBodyKeys } from '../components/received-body/received-body-keys.ts';
import { credentialsKeys } from '../features/credentials/api/credentials-keys.ts';
import { eventsKeys } from '../features/events/api/events-keys.ts';
import { transactionsKeys } from '../features/transactions/api/transactions-keys.ts';

/** Every query key factory of the dashboard: one module per feature or shared lib, named <area>-keys.ts. */
const factories = import.meta.glob<Record<string, unknown>>(['../**/*-keys.ts'], { eager: true });

type Factory = { all: readonly unknown[] } & Record<string, unknown>;
const isFactory = (value: unknown): value is Factory => typeof value === 'object' && value !== null && Array.isArray((value as Factory).all);

describe('query keys', () => {
  const found = Object.entries(factories).map(([file, module]) => ({ file, exported: Object.values(module) }));

  it('come from one factory per module, every key starting with its root, and no two factories share a root', () => {
    expect(found.length).toBeGreaterThanOrEqual(7);
    const roots = new Map<string, string>();
    for (const { file, exported } of found) {
      const [factory, ...others] = exported.filter(isFactory);
      expect(factory, `${file} exports a factory`).toBeDefined();
      expect(others, `${file} exports one factory`).toEqual([]);
      if (!factory) continue;
      expect(factory.all, `${file}: a root of one word`).toHaveLength(1);
      const root = String(factory.all[0]);
      expect(roots.get(root), `${file} and ${roots.get(root) ?? ''} share the root ${root}`).toBeUndefined();
      roots.set(root, file);
      for (const [name, build] of Object.entries(factory)) {
        if (typeof build !== 'function') continue;
        const key = (build as (arg: string) => readonly unknown[])('some-id');
        expect(key.slice(0, 1), `${file}: ${name}() starts with the root`).toEqual(factory.all);
      }
    }
  });

  /** A cache holding one entry per key; which of them a filter reaches (as invalidateQueries and friends match). */
  function reached(keys: QueryKey[], filter: QueryKey): QueryKey[] {
    const client = new QueryClient();
    for (const key of keys) client.setQueryData(key, 'cached');
    return client.getQueriesData({ queryKey: filter }).map(([key]) => key);
  }

  it("a change to a connection reaches every cached copy of it, and its list pages alone when it asks for them, never the merchant search or the acquirers", () => {
    const lists = [credentialsKeys.list({}), credentialsKeys.list({ enabled: 'true', page: '2' })];
    const copies = [...lists, credentialsKeys.one('c1'), credentialsKeys.history('c1')];
    const others = [credentialsKeys.merchantSearch('ac'), credentialsKeys.providers(), transactionsKeys.one('c1')];
    expect(reached([...copies, ...others], credentialsKeys.connections())).toEqual(copies);
    expect(reached([...copies, ...others], credentialsKeys.lists())).toEqual(lists);
    expect(reached([...copies, ...others], credentialsKeys.history('c1'))).toEqual([credentialsKeys.history('c1')]);
  });

  it('live updates and retries reach every page of the events list, never an event as received or a transaction\'s events', () => {
    const pages = [eventsKeys.list({}), eventsKeys.list({ event_status: 'failed', cursor: 'abc' })];
    const others = [receivedBodyKeys.event('e1'), transactionsKeys.events('s1')];
    expect(reached([...pages, ...others], eventsKeys.lists())).toEqual(pages);
  });

  it("a live event of a transaction reloads that transaction and its events, not another one's nor the list", () => {
    const mine = [transactionsKeys.one('s1'), transactionsKeys.events('s1')];
    const others = [transactionsKeys.one('s10'), transactionsKeys.events('s2'), transactionsKeys.list({ q: 's1' })];
    expect([...reached([...mine, ...others], transactionsKeys.one('s1')), ...reached([...mine, ...others], transactionsKeys.events('s1'))]).toEqual(mine);
  });
});
