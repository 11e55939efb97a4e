import { createParser } from 'eventsource-parser';
import { Event } from '../../../contract/events.ts';
import { acceptHeader, authorizationHeader, lastEventIdHeader } from '../../../contract/headers.ts';
import { apiUrl } from '../runtime-config.ts';
import { endSession, getBearerToken } from '../session.ts';
import { apiPath } from '../../../contract/endpoints.ts';

/** What the live connection is doing: shown to the user (components/live-indicator.tsx). */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

export type LiveListener = (event: Event) => void;

/** How the stream reaches the server: fetch in the browser, a fake in unit tests. */
export type StreamFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface LiveStreamOptions {
  fetch?: StreamFetch;
  /** first reconnect delay (the server's `retry:` replaces it); doubles per failure up to maxDelayMs */
  retryMs?: number;
  maxDelayMs?: number;
  /** the server sends a heartbeat every 15 s: nothing for this long means the connection is dead */
  silenceMs?: number;
  /** after the last subscriber leaves, the connection stays this long (a page change keeps it) */
  lingerMs?: number;
  /** consecutive failed attempts after which the status says offline (it keeps trying) */
  offlineAfter?: number;
  isOnline?: () => boolean;
}

const path = apiPath('streamEvents');

/**
 * The one connection to GET /v1/events/stream, shared by every page that listens (Events, a transaction).
 * fetch rather than EventSource: the same code serves the cookie session (same origin, credentials included)
 * and a dashboard on another origin, whose bearer token EventSource could only carry in the URL (never: tokens
 * stay out of URLs). It does what EventSource does - reconnects, resumes with Last-Event-ID, obeys `retry:` -
 * and what EventSource cannot: sees a 401 (the session ended) and detects a silent dead connection.
 */
export class LiveEventStream {
  private readonly listeners = new Set<LiveListener>();
  private readonly statusListeners = new Set<() => void>();
  private readonly gapListeners = new Set<() => void>();
  private status: LiveStatus = 'offline';
  private lastEventId: string | null = null;
  private controller: AbortController | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private retryMs: number;
  private readonly fetcher: StreamFetch;
  private readonly options: Required<Omit<LiveStreamOptions, 'fetch' | 'retryMs'>>;

  constructor(options: LiveStreamOptions = {}) {
    this.fetcher = options.fetch ?? ((url, init) => fetch(url, init));
    this.retryMs = options.retryMs ?? 3000;
    this.options = {
      maxDelayMs: options.maxDelayMs ?? 30_000,
      silenceMs: options.silenceMs ?? 45_000,
      lingerMs: options.lingerMs ?? 5000,
      offlineAfter: options.offlineAfter ?? 3,
      isOnline: options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false),
    };
  }

  getStatus = (): LiveStatus => this.status;

  /** The id of the last message received: sent back as Last-Event-ID on every reconnect. */
  getLastEventId = (): string | null => this.lastEventId;

  onStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /**
   * Called when a connection opens without Last-Event-ID (the first one): changes made before it are not sent,
   * so what a page loaded before may already be out of date.
   */
  onGap = (listener: () => void): (() => void) => {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  };

  /** Listens to every new or changed event; the first listener opens the connection, the last one's leaving closes it. */
  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    if (!this.controller) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size > 0 || this.lingerTimer) return;
      this.lingerTimer = setTimeout(() => {
        this.lingerTimer = null;
        if (this.listeners.size === 0) this.stop();
      }, this.options.lingerMs);
    };
  }

  /** Closes the connection now (sign-out, tests). */
  stop(): void {
    this.controller?.abort();
    this.controller = null;
    this.setStatus('offline');
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  private start(): void {
    const controller = new AbortController();
    this.controller = controller;
    void this.run(controller.signal);
  }

  private async run(signal: AbortSignal): Promise<void> {
    let failures = 0;
    let everLive = false;
    while (!signal.aborted) {
      if (!this.options.isOnline()) {
        this.setStatus('offline');
        await waitForOnline(signal, this.options.isOnline);
        continue;
      }
      this.setStatus(everLive || failures > 0 ? (failures >= this.options.offlineAfter ? 'offline' : 'reconnecting') : 'connecting');
      const outcome = await this.connect(signal, () => {
        everLive = true;
        failures = 0;
        this.setStatus('live');
      });
      if (signal.aborted) return;
      if (outcome === 'unauthorized') {
        this.controller = null;
        this.setStatus('offline');
        return;
      }
      failures++;
      if (everLive && failures === 1) this.setStatus('reconnecting');
      else if (failures >= this.options.offlineAfter) this.setStatus('offline');
      const delay = Math.min(this.options.maxDelayMs, this.retryMs * 2 ** Math.max(0, failures - 1));
      await sleep(delay * (0.8 + Math.random() * 0.4), signal);
    }
  }

  /** One connection: resolves when it ends (closed, failed or silent too long). */
  private async connect(signal: AbortSignal, onOpen: () => void): Promise<'ended' | 'unauthorized'> {
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    signal.addEventListener('abort', abort);
    let silence: ReturnType<typeof setTimeout> | null = null;
    const heard = () => {
      if (silence) clearTimeout(silence);
      silence = setTimeout(abort, this.options.silenceMs);
    };
    try {
      const headers: Record<string, string> = { [acceptHeader]: 'text/event-stream' };
      if (this.lastEventId !== null) headers[lastEventIdHeader] = this.lastEventId;
      const token = getBearerToken();
      if (token) headers[authorizationHeader] = `Bearer ${token}`;
      heard();
      const response = await this.fetcher(apiUrl(path), { headers, credentials: 'same-origin', cache: 'no-store', signal: attempt.signal });
      if (response.status === 401) {
        const body = (await response.json().catch(() => null)) as { type?: unknown } | null;
        endSession('expired', typeof body?.type === 'string' && body.type.endsWith('/session-ended'));
        return 'unauthorized';
      }
      if (response.status === 403) return 'unauthorized';
      if (!response.ok || !response.body) return 'ended';
      onOpen();
      if (headers[lastEventIdHeader] === undefined) for (const listener of this.gapListeners) listener();
      const parser = createParser({
        onEvent: (message) => {
          if (message.id !== undefined) this.lastEventId = message.id;
          if (message.event !== 'event') return;
          this.deliver(message.data);
        },
        onRetry: (ms) => {
          if (ms >= 500) this.retryMs = ms;
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        heard();
        parser.feed(value);
      }
      return 'ended';
    } catch {
      return 'ended';
    } finally {
      if (silence) clearTimeout(silence);
      signal.removeEventListener('abort', abort);
    }
  }

  private deliver(data: string): void {
    let parsed: ReturnType<typeof Event.safeParse>;
    try {
      parsed = Event.safeParse(JSON.parse(data));
    } catch {
      return;
    }
    if (!parsed.success) return;
    for (const listener of this.listeners) listener(parsed.data);
  }
}

const browser = () => (typeof window === 'undefined' ? null : window);

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      browser()?.removeEventListener('online', done);
      resolve();
    }
    signal.addEventListener('abort', done);
    // back online: try again at once rather than at the end of the back-off
    browser()?.addEventListener('online', done);
  });
}

function waitForOnline(signal: AbortSignal, isOnline: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!isOnline() || signal.aborted) return;
      cleanup();
      resolve();
    };
    const timer = setInterval(check, 5000);
    const abort = () => {
      cleanup();
      resolve();
    };
    function cleanup() {
      clearInterval(timer);
      browser()?.removeEventListener('online', check);
      signal.removeEventListener('abort', abort);
    }
    browser()?.addEventListener('online', check);
    signal.addEventListener('abort', abort);
  });
}
