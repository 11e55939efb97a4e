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
  storage()?.setItem(storageKey, token);
  notify();
}

export function clearToken(): void {
  storage()?.removeItem(storageKey);
  notify();
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

export const sessionStorageKey = storageKey;
