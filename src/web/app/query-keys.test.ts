import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { receivedEventKey } from '../components/received-body/received-body-keys.ts';
import { merchantSearchKey } from '../components/merchant-combobox/merchant-search-keys.ts';
import { connectionHistoryKey, connectionKey, connectionListKey, connectionListsKey, connectionsKey, providersKey } from '../features/credentials/api/credentials-keys.ts';
import { eventListKey, eventListsKey } from '../features/events/api/events-keys.ts';
import { summaryEventsKey, summaryKey, summaryListKey } from '../features/transactions/api/transactions-keys.ts';

/** Every query key factory of the dashboard: one module per feature or shared lib, named <area>-keys.ts. */
const factories = import.meta.glob<Record<string, unknown>>(['../**/*-keys.ts'], { eager: true });

describe('query keys', () => {
  it('come from one factory module per area, every key starting with the module\'s root, and no two modules share a root', () => {
    const modules = Object.entries(factories);
    expect(modules.length).toBeGreaterThanOrEqual(7);
    const roots = new Map<string, string>();
    for (const [file, module] of modules) {
      const builders = Object.entries(module).filter((entry): entry is [string, (arg: string) => readonly unknown[]] => typeof entry[1] === 'function');
      expect(builders.length, `${file} builds keys`).toBeGreaterThan(0);
      expect(Object.keys(module).length, `${file} exports key builders only`).toBe(builders.length);
      const firsts = new Set(builders.map(([, build]) => build('some-id')[0]));
      expect([...firsts], `${file}: every key starts with one root`).toHaveLength(1);
      const root = String([...firsts][0]);
      expect(roots.get(root), `${file} and ${roots.get(root) ?? ''} share the root ${root}`).toBeUndefined();
      roots.set(root, file);
    }
  });

  /** A cache holding one entry per key; which of them a filter reaches (as invalidateQueries and friends match). */
  function reached(keys: QueryKey[], filter: QueryKey): QueryKey[] {
    const client = new QueryClient();
    for (const key of keys) client.setQueryData(key, 'cached');
    return client.getQueriesData({ queryKey: filter }).map(([key]) => key);
  }

  it("a change to a connection reaches every cached copy of it, and its list pages alone when it asks for them, never the merchant search or the acquirers", () => {
    const lists = [connectionListKey({}), connectionListKey({ enabled: 'true', page: '2' })];
    const copies = [...lists, connectionKey('c1'), connectionHistoryKey('c1')];
    const others = [merchantSearchKey('ac'), providersKey(), summaryKey('c1')];
    expect(reached([...copies, ...others], connectionsKey())).toEqual(copies);
    expect(reached([...copies, ...others], connectionListsKey())).toEqual(lists);
    expect(reached([...copies, ...others], connectionHistoryKey('c1'))).toEqual([connectionHistoryKey('c1')]);
  });

  it('live updates and retries reach every page of the events list, never an event as received or a transaction\'s events', () => {
    const pages = [eventListKey({}), eventListKey({ event_status: 'failed', cursor: 'abc' })];
    const others = [receivedEventKey('e1'), summaryEventsKey('s1')];
    expect(reached([...pages, ...others], eventListsKey())).toEqual(pages);
  });

  it("a live event of a transaction reloads that transaction and its events, not another one's nor the list", () => {
    const mine = [summaryKey('s1'), summaryEventsKey('s1')];
    const others = [summaryKey('s10'), summaryEventsKey('s2'), summaryListKey({ q: 's1' })];
    expect([...reached([...mine, ...others], summaryKey('s1')), ...reached([...mine, ...others], summaryEventsKey('s1'))]).toEqual(mine);
  });
});
