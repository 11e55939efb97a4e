import { acceptHeader } from '../../../contract/headers.ts';
import { apiUrl } from '../../lib/runtime-config.ts';
import { confirmSession, endSession } from '../../lib/session.ts';
import { rememberVerifiedMe } from './verified-me.ts';
import { apiPath } from '../../../contract/endpoints.ts';

let probe: Promise<void> | null = null;

/** The server's answer for a session cookie it had issued and no longer accepts (problem type …/session-ended). */
function sessionEnded(body: unknown): boolean {
  const type = typeof body === 'object' && body !== null ? (body as { type?: unknown }).type : undefined;
  return typeof type === 'string' && type.endsWith('/session-ended');
}

/**
 * A tab opened on the cookie session does not know whether it is signed in (`unknown`): before any signed-in code
 * loads, it asks GET /v1/me once, with a plain fetch (no schema, no query cache). A 401 ends the session (sign-in
 * next, having downloaded only what sign-in needs); an answer signs the tab in and is handed to the signed-in layout
 * (verified-me.ts), so the layout does not ask again; anything else (no network, a 5xx) leaves the question to the
 * layout, which shows the error with Retry.
 */
export function probeSession(): Promise<void> {
  probe ??= (async () => {
    try {
      const response = await fetch(apiUrl(apiPath('getMe')), { headers: { [acceptHeader]: 'application/json' } });
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status === 401) endSession('expired', sessionEnded(body));
      else if (response.ok) {
        rememberVerifiedMe(body);
        confirmSession();
      }
    } catch {
      // no answer: the layout's own request reports it
    }
  })();
  return probe;
}

/** Tests: a fresh tab probes again. */
export function resetProbeForTests(): void {
  probe = null;
}
