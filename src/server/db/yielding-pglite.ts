import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs each statement synchronously on the main thread and hands its queue from one statement to
 * the next in microtasks, so a deep queue starves the event loop: no socket is read, no timer fires (a
 * liveness probe waited seconds behind list queries). This front lets one call at a time into PGlite and
 * turns the event loop (setImmediate) before each, so requests that need no database answer at once.
 * A transaction is one call: its statements run on its own handle, inside that turn. `queue.depth` counts
 * the calls running or waiting (the metrics' pool gauges).
 */
export function yieldingPglite(client: PGlite, queue: { depth: number } = { depth: 0 }): PGlite {
  let tail: Promise<unknown> = Promise.resolve();
  const turn = <T>(work: () => Promise<T>): Promise<T> => {
    queue.depth += 1;
    const run = tail.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
    tail = run.catch(() => undefined).finally(() => (queue.depth -= 1));
    return run;
  };
  const queued = new Set<PropertyKey>(['query', 'exec', 'transaction']);
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (queued.has(property)) return (...args: unknown[]) => turn(() => method.apply(target, args) as Promise<unknown>);
      return method.bind(target);
    },
  });
}
