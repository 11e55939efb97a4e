/**
 * Runtime settings: index.html loads /config.js (served by the API server) before the app, which sets
 * window.__ACQ_CONFIG__. Absent (tests, a static host without it): the API is on the same origin.
 */
export interface RuntimeConfig {
  apiBaseUrl: string;
  /** the server accepts an access token for a dashboard session (ALLOW_TOKEN_SIGN_IN); absent: it does not */
  tokenSignIn: boolean;
}

declare global {
  interface Window {
    __ACQ_CONFIG__?: Partial<RuntimeConfig>;
  }
}

export function getRuntimeConfig(): RuntimeConfig {
  const raw = typeof window === 'undefined' ? undefined : window.__ACQ_CONFIG__;
  const base = typeof raw?.apiBaseUrl === 'string' ? raw.apiBaseUrl.trim() : '';
  return { apiBaseUrl: base.replace(/\/+$/, ''), tokenSignIn: raw?.tokenSignIn === true };
}

/** Absolute or same-origin URL for an API path (`apiPath` of contract/endpoints.ts). */
export function apiUrl(path: string): string {
  return `${getRuntimeConfig().apiBaseUrl}${path.startsWith('/') ? path : `/${path}`}`;
}
