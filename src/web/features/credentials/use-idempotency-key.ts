import { useRef } from 'react';
import { randomUuid } from '../../lib/uuid.ts';

interface Attempt {
  key: string;
  payload: string;
  retryable: boolean;
}

/**
 * One Idempotency-Key per attempt: retrying the very same body after a network error (when the first
 * request may have reached the server) reuses its key; any edit, or any answered attempt, gets a new one.
 */
export function useIdempotencyKey() {
  const last = useRef<Attempt | null>(null);
  return {
    keyFor(body: unknown): string {
      const payload = JSON.stringify(body);
      if (last.current?.retryable && last.current.payload === payload) return last.current.key;
      last.current = { key: randomUuid(), payload, retryable: false };
      return last.current.key;
    },
    settled(networkError: boolean) {
      if (last.current) last.current.retryable = networkError;
    },
  };
}
