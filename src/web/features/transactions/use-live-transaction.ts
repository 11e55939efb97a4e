import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../lib/live/use-live-events.ts';
import { summaryEventsKey, summaryKey } from './api/transactions-keys.ts';

/** Several events of one transaction in a burst reload it once. */
const settleMs = 400;

/**
 * Keeps a transaction page current: an event of this transaction on the shared live stream (by the summary
 * it created or updated, or by the sender's transaction id) reloads the summary (status, cycles) and its events.
 */
export function useLiveTransaction(summaryId: string, gatewayTransactionId: string | null) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reload = () => {
    timer.current ??= setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: summaryKey(summaryId) });
      void queryClient.invalidateQueries({ queryKey: summaryEventsKey(summaryId) });
    }, settleMs);
  };
  useLiveEvents((event) => {
    const ours = event.summaryId === summaryId || event.id === summaryId || (gatewayTransactionId !== null && event.id === gatewayTransactionId);
    if (ours) reload();
  }, reload);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}
