import { useCallback, useEffect, useRef, useState } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { Event } from '../../../contract/events.ts';
import { useLiveEvents } from '../../lib/live/use-live-events.ts';
import type { EventPage, EventParams } from './api/events-query.ts';
import { eventListKey, eventListsKey } from './api/events-keys.ts';
import { addUnseen, mergeIntoPage, pruneShown } from './live-merge.ts';

/** Stream messages are applied in batches at most this often (a burst of notifications renders once). */
const flushMs = 300;
/** Screen readers hear at most one summary this often. */
const announceMs = 3000;

export interface LiveTally {
  added: number;
  processed: number;
  failed: number;
  /** the one event changed, when exactly one did (announced by id) */
  single: { eventId: string; status: Event['eventStatus'] } | null;
}

const emptyTally: LiveTally = { added: 0, processed: 0, failed: 0, single: null };
const noneUnseen: ReadonlyMap<string, Event> = new Map();

/**
 * The Events list, live: stream messages update the cached page on screen (rows in place, new rows at the top
 * of a newest-first first page), other cached pages are marked stale, and arrivals the view cannot show are
 * kept for the "n new" marker. Changes are tallied for a polite announcement.
 */
export function useLiveList(params: EventParams) {
  const queryClient = useQueryClient();
  const [unseen, setUnseen] = useState(noneUnseen);
  const [announcement, setAnnouncement] = useState<LiveTally | null>(null);
  const buffer = useRef<Event[]>([]);
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const tally = useRef<LiveTally>(emptyTally);
  const announceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const paramsRef = useRef(params);
  useEffect(() => {
    paramsRef.current = params;
  });

  // a newest-first first page loads the unseen events its filters match: they are no longer "new" elsewhere
  const viewKey = hashKey([params]);
  const [prunedFor, setPrunedFor] = useState(viewKey);
  if (prunedFor !== viewKey) {
    setPrunedFor(viewKey);
    setUnseen(pruneShown(unseen, params));
  }

  const announce = useCallback((part: Omit<LiveTally, 'single'>, changes: { eventId: string; status: Event['eventStatus'] }[]) => {
    const current = tally.current;
    const count = current.added + current.processed + current.failed;
    const partCount = part.added + part.processed + part.failed;
    if (partCount === 0) return;
    tally.current = {
      added: current.added + part.added,
      processed: current.processed + part.processed,
      failed: current.failed + part.failed,
      single: count === 0 && partCount === 1 && changes.length === 1 ? (changes[0] ?? null) : null,
    };
    announceTimer.current ??= setTimeout(() => {
      announceTimer.current = null;
      setAnnouncement(tally.current);
      tally.current = emptyTally;
    }, announceMs);
  }, []);

  const flush = useCallback(() => {
    flushTimer.current = null;
    const batch = buffer.current;
    buffer.current = [];
    const current = paramsRef.current;
    const key = eventListKey(current);
    const cached = queryClient.getQueryData<EventPage>(key);
    // every other cached view of the list is now out of date: it reloads when shown again
    void queryClient.invalidateQueries({ queryKey: eventListsKey(), predicate: (q) => hashKey(q.queryKey) !== hashKey(key), refetchType: 'none' });
    if (!cached) return;
    const result = mergeIntoPage(cached, batch, current);
    if (result.page !== cached) queryClient.setQueryData(key, result.page);
    setUnseen((previous) => addUnseen(previous, result.unseen));
    const changes = result.changed.map((c) => ({ eventId: c.event.eventId, status: c.event.eventStatus }));
    announce(
      {
        added: result.inserted.length + result.unseen.length,
        processed: result.changed.filter((c) => c.event.eventStatus === 'processed').length,
        failed: result.changed.filter((c) => c.event.eventStatus === 'failed').length,
      },
      changes,
    );
  }, [queryClient, announce]);

  useLiveEvents(
    (event) => {
      buffer.current.push(event);
      flushTimer.current ??= setTimeout(flush, flushMs);
    },
    // the stream starts with the next change: reload the page on screen once, for what arrived before it opened
    () => void queryClient.invalidateQueries({ queryKey: eventListKey(paramsRef.current), exact: true }),
  );

  useEffect(
    () => () => {
      if (flushTimer.current) clearTimeout(flushTimer.current);
      if (announceTimer.current) clearTimeout(announceTimer.current);
    },
    [],
  );

  const clearUnseen = useCallback(() => setUnseen(noneUnseen), []);
  return { unseen, clearUnseen, announcement };
}
