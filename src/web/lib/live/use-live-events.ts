import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Event } from '../../../contract/events.ts';
import { LiveEventStream, type LiveStatus } from './event-stream.ts';

/** The app's one live connection: every page that listens shares it. */
export const liveEvents = new LiveEventStream();

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
