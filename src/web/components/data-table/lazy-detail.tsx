import { lazy, Suspense, type ComponentType } from 'react';
import { Skeleton } from '../skeleton.tsx';

/**
 * A row panel (use-server-list `detail.render`) whose code is a chunk of its own, so the list's first load does not
 * carry it: `preload` fetches it (on intent: the pointer over or the focus on a row's button, or as soon as the list
 * shows), and a row opened before it arrived shows a skeleton for that moment.
 */
export function lazyDetail<TRow>(load: () => Promise<ComponentType<{ row: TRow }>>) {
  let loading: Promise<ComponentType<{ row: TRow }>> | null = null;
  const preload = () => (loading ??= load());
  const Panel = lazy(async () => ({ default: await preload() }));
  const render = (row: TRow) => (
    <Suspense fallback={<Skeleton height="1rem" lines={4} />}>
      <Panel row={row} />
    </Suspense>
  );
  return { render, preload: () => void preload() };
}
