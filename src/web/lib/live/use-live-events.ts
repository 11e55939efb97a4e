import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Event } from '../../../contract/events.ts';
import type { LiveEventStream, LiveStatus } from './event-stream.ts';

let stream: LiveEventStream | null = null;
let loading: Promise<LiveEventStream> | null = null;
const statusListeners = new Set<() => void>();
const gapListeners = new Set<() => void>();

/** The stream client (and its SSE parser) loads with the first listener, after the page's own code: not part of a route's first load. */
function load(): Promise<LiveEventStream> {
  loading ??= import('./event-stream.ts').then(({ LiveEventStream }) => {
    const created = new LiveEventStream();
    created.onStatus(() => {
      for (const listener of statusListeners) listener();
    });
    created.onGap(() => {
      for (const listener of gapListeners) listener();
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

/**
 * Calls `listener` for every new or changed event while the component is mounted (the latest listener, no
 * resubscribing), and `onGap` when the connection opens without resuming: reload what was loaded before it.
 */
export function useLiveEvents(listener: (event: Event) => void, onGap?: () => void): void {
  const latest = useRef({ listener, onGap });
  useEffect(() => {
    latest.current = { listener, onGap };
  });
  useEffect(() => {
    const gap = () => latest.current.onGap?.();
    gapListeners.add(gap);
    const stop = liveEvents.subscribe((event) => latest.current.listener(event));
    return () => {
      gapListeners.delete(gap);
      stop();
    };
  }, []);
}

/** The live connection's state, re-rendering when it changes. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(liveEvents.onStatus, liveEvents.getStatus, liveEvents.getStatus);
}
