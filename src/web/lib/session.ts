/**
 * The access token lives in sessionStorage only (decisions.md: never localStorage, logs or URLs).
 * A tiny subscription lets React re-render when it changes.
 */
const storageKey = 'acq.accessToken';
type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(storageKey) ?? null;
}

export function setToken(token: string): void {
  lastReason = null;
  storage()?.setItem(storageKey, token);
  notify();
}

export type SignOutReason = 'signed-out' | 'expired';
let lastReason: SignOutReason | null = null;

/** Forgets the token; `expired` when the server refused it (a 401), so sign-in can say why. */
export function clearToken(reason: SignOutReason = 'signed-out'): void {
  lastReason = reason;
  storage()?.removeItem(storageKey);
  notify();
}

/** Why the token was last cleared in this tab, if it was. */
export function lastSignOutReason(): SignOutReason | null {
  return lastReason;
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

export const sessionStorageKey = storageKey;
