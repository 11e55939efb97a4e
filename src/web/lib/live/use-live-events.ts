import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Event } from '../../../contract/events.ts';
import type { LiveEventStream, LiveStatus } from './event-stream.ts';

let stream: LiveEventStream | null = null;
let loading: Promise<LiveEventStream> | null = null;
const statusListeners = new Set<() => void>();

/** The stream client (and its SSE parser) loads with the first listener, after the page's own code: not part of a route's first load. */
function load(): Promise<LiveEventStream> {
  loading ??= import('./event-stream.ts').then(({ LiveEventStream }) => {
    const created = new LiveEventStream();
    created.onStatus(() => {
      for (const listener of statusListeners) listener();
    });
    stream = created;
    return created;
  });
  return loading;
}

/** The app's one live connection: every page that listens shares it. */
export const liveEvents = {
  subscribe: (listener: (event: Event) => void): (() => void) => {
    let stop: (() => void) | null = null;
    let gone = false;
    void load().then((s) => {
      if (!gone) stop = s.subscribe(listener);
    });
    return () => {
      gone = true;
      stop?.();
    };
  },
  getStatus: (): LiveStatus => stream?.getStatus() ?? 'connecting',
  onStatus: (listener: () => void): (() => void) => {
    statusListeners.add(listener);
    return () => statusListeners.delete(listener);
  },
};

/** Calls `listener` for every new or changed event while the component is mounted (the latest listener, no resubscribing). */
export function useLiveEvents(listener: (event: Event) => void, enabled = true): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    return liveEvents.subscribe((event) => latest.current(event));
  }, [enabled]);
}

/** The live connection's state, re-rendering when it changes. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveEvents.onStatus, liveEvents.getStatus, liveEvents.getStatus);
}
