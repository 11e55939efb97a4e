import { getRuntimeConfig } from './runtime-config.ts';

/**
 * Who is signed in, in this tab. The same-origin dashboard holds no token at all: signing in exchanges it for
 * an HttpOnly session cookie (POST /v1/session) that no script can read and every tab shares; this module only
 * knows whether a session is believed to exist. A dashboard served from another origin (PUBLIC_API_BASE_URL
 * elsewhere) calls the API with a bearer token, kept in sessionStorage for this tab only (decisions.md: never
 * localStorage, logs or URLs). A BroadcastChannel tells the other tabs of a sign-in or sign-out.
 */
export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';
export type SignOutReason = 'signed-out' | 'expired';

export interface SessionState {
  status: SessionStatus;
  /** the bearer token of a cross-origin dashboard; always null for the cookie session */
  token: string | null;
}

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

/** The cookie session serves a dashboard on the API's own origin; another origin uses a bearer token. */
export function usesCookieSession(): boolean {
  const base = getRuntimeConfig().apiBaseUrl;
  if (!base || typeof window === 'undefined') return true;
  try {
    return new URL(base, window.location.href).origin === window.location.origin;
  } catch {
    return true;
  }
}

function initialState(): SessionState {
  if (usesCookieSession()) return { status: 'unknown', token: null };
  const token = storage()?.getItem(storageKey) ?? null;
  return { status: token ? 'signed-in' : 'signed-out', token };
}

let state: SessionState | null = null;
let lastReason: SignOutReason | null = null;

export function getSession(): SessionState {
  state ??= initialState();
  return state;
}

function update(next: SessionState, broadcast: 'signed-in' | 'signed-out' | null): void {
  state = next;
  if (broadcast) channel()?.postMessage(broadcast);
  for (const listener of listeners) listener();
}

/** Sign-in succeeded: the cookie is set (token null), or a cross-origin dashboard keeps its bearer token. */
export function startSession(token: string | null): void {
  lastReason = null;
  if (token !== null) storage()?.setItem(storageKey, token);
  update({ status: 'signed-in', token }, 'signed-in');
}

/**
 * Forgets the session in this tab (and tells the other tabs on sign-out). `expired` when the server refused it
 * (a 401) after it had worked, or when the server says a session it issued ended (`known`), so sign-in can say
 * why; a new tab that never had one is simply signed out.
 */
export function endSession(reason: SignOutReason = 'signed-out', known = false): void {
  lastReason = getSession().status === 'unknown' && reason === 'expired' && !known ? null : reason;
  storage()?.removeItem(storageKey);
  update({ status: 'signed-out', token: null }, reason === 'signed-out' ? 'signed-out' : null);
}

/**
 * The API answered a request made with this tab's session: a tab opened on an existing cookie (`unknown`) is signed
 * in. A later 401 then ends it as expired, even a plain one, from a request that went out after a parallel answer's
 * Set-Cookie had already cleared the cookie (the server's session-ended answer does that). No broadcast: the other
 * tabs share the cookie and learn it the same way.
 */
export function confirmSession(): void {
  if (getSession().status === 'unknown') update({ status: 'signed-in', token: null }, null);
}

/** The token for the Authorization header: only a cross-origin dashboard has one. */
export function getBearerToken(): string | null {
  return getSession().token;
}

/** Why the session last ended in this tab, if it did. */
export function lastSignOutReason(): SignOutReason | null {
  return lastReason;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let opened: BroadcastChannel | null | undefined;
function channel(): BroadcastChannel | null {
  if (opened !== undefined) return opened;
  opened = typeof BroadcastChannel === 'undefined' || !usesCookieSession() ? null : new BroadcastChannel('acq.session');
  opened?.addEventListener('message', (event: MessageEvent) => {
    if (event.data === 'signed-out') {
      lastReason = 'signed-out';
      update({ status: 'signed-out', token: null }, null);
    } else if (event.data === 'signed-in' && getSession().status !== 'signed-in') {
      lastReason = null;
      update({ status: 'signed-in', token: null }, null);
    }
  });
  return opened;
}

/** Listens to the other tabs from the start (a tab that has not signed in itself still hears them). */
export function listenToOtherTabs(): void {
  channel();
}

/** Tests: back to the state of a freshly loaded tab. */
export function resetSessionForTests(): void {
  state = null;
  lastReason = null;
  storage()?.removeItem(storageKey);
}
