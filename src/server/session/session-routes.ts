import { requestOrigin } from '../audit/record.ts';
import { callerOf } from '../auth/authenticate.ts';
import { checkSessionOrigin, clearSessionCookie, readSessionCookie, setSessionCookie, type SessionSettings } from '../auth/session-cookie.ts';
import { createSession, deleteSession } from '../auth/session-store.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { describeCaller } from '../me/me-routes.ts';

const cookieNote =
  'The cookie is HttpOnly (no script can read it), SameSite=Strict, Secure behind TLS (BEHIND_TLS); it ends after ' +
  'SESSION_IDLE_MINUTES without a request, on DELETE /v1/session, and when its token is revoked. Requests it carries ' +
  'are authenticated as the token; a state-changing one must send an Origin header naming this server.';

/** Dashboard sessions (extension): exchange an access token for an HttpOnly cookie, and end it. */
export function sessionRoutes(app: ApiInstance, { settings }: { settings: SessionSettings }): void {
  app.route({
    ...endpoint('createSession', {
      summary: 'Start a dashboard session: send the token as Authorization: Bearer, receive a session cookie (extension)',
      description: `Answers the token's identity (as GET /v1/me) with Set-Cookie. ${cookieNote}`,
      tags: ['access'],
    }),
    config: { auth: 'any', audit: { action: 'session.create', target: 'session' } },
    handler: async (request, reply) => {
      if (!settings.allowTokenSignIn) {
        throw new ApiProblem({ status: 403, type: 'token-sign-in-off', detail: 'Signing in to the dashboard with an access token is off (ALLOW_TOKEN_SIGN_IN): sign in with email and password (POST /v1/sign-in).' });
      }
      if (!request.headers.authorization) {
        throw new ApiProblem({ status: 401, detail: 'Send the access token as Authorization: Bearer <token> to start a session.' });
      }
      // a page of another origin may not sign this browser in (login CSRF); API clients send no Origin
      if (request.headers.origin !== undefined) checkSessionOrigin(request);
      const caller = callerOf(request);
      const id = await createSession(app.database.db, caller.tokenId, settings.idleMs, requestOrigin(request));
      setSessionCookie(reply, settings, id);
      return describeCaller(app.database.db, caller);
    },
  });

  app.route({
    ...endpoint('deleteSession', {
      summary: 'End the dashboard session of the cookie (sign out); succeeds without one too (extension)',
      description: cookieNote,
      tags: ['access'],
      security: [],
    }),
    handler: async (request, reply) => {
      const id = readSessionCookie(request, settings);
      if (id !== null) {
        checkSessionOrigin(request);
        await deleteSession(app.database.db, id);
      }
      clearSessionCookie(reply, settings);
      return reply.code(204).send(null);
    },
  });
}
