import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq, lt } from 'drizzle-orm';
import { pathTemplate } from '../../contract/endpoints.ts';
import { signInPagePath, ssoErrorParameter, type SsoErrorCode } from '../../contract/sso-errors.ts';
import { recordAudit, requestOrigin, type AuditActor } from '../audit/record.ts';
import type { SessionSettings } from '../auth/session-cookie.ts';
import { hashToken } from '../auth/token-store.ts';
import { ssoLogins } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { startPersonSession } from '../sign-in/session-start.ts';
import { admit } from './sso-admit.ts';
import { authorizationRequest, failureCode, finishAuthorization } from './sso-client.ts';
import { chooseOrganization } from './sso-choose.ts';
import { ssoConfigRoutes } from './config-routes.ts';
import { listSsoOrganizations, loadSsoConfig } from './sso-config.ts';

export interface SsoPluginOptions {
  sessions: SessionSettings;
  /** seals the client secrets (SIGNING_SECRET_KEY) */
  sealingKey: Buffer | null;
  /** OIDC_REDIRECT_URI; unset: this server's callback as the request reached it */
  redirectUri?: string | undefined;
}

const loginMs = 10 * 60_000;
const callbackPath = pathTemplate('finishSso');
/** The login cookie is sent back on the provider's top-level redirect to the callback: SameSite=Lax, only under /v1/sso. */
const loginCookie = (settings: SessionSettings) => (settings.secure ? '__Secure-acq_sso' : 'acq_sso');
const loginCookieOptions = (settings: SessionSettings) => ({ httpOnly: true, sameSite: 'lax' as const, secure: settings.secure, path: pathTemplate('getSsoOptions') });

/** A same-origin path to return to after sign-in (the sign-in page's `next`), never another host. */
const safeReturn = (path: string | undefined) =>
  path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !path.startsWith(signInPagePath) ? path : '/';

/** GET /v1/sso (is single sign-on set?), /v1/sso/start (to the provider), /v1/sso/callback (back, signed in) and /v1/sso/config (admins). */
export function ssoPlugin(app: ApiInstance, options: SsoPluginOptions, done: () => void): void {
  const db = app.database.db;
  const { sessions, sealingKey } = options;

  const toSignIn = (reply: FastifyReply, code: SsoErrorCode, returnTo = '/') => {
    const query = new URLSearchParams({ [ssoErrorParameter]: code, ...(returnTo === '/' ? {} : { next: returnTo }) });
    return reply.redirect(`${signInPagePath}?${query.toString()}`, 303);
  };
  const audit = (request: FastifyRequest, organizationId: string | null, actor: AuditActor, personId: string | null, outcome: 'success' | 'denied' | 'failure', details: Record<string, unknown>) =>
    recordAudit(db, { organizationId, actor, ...requestOrigin(request), action: 'session.create', target: { type: 'person', id: personId }, outcome, details: { method: 'sso', ...details } });
  const anonymous: AuditActor = { kind: 'anonymous', id: null };

  app.route({
    ...endpoint('getSsoOptions', { summary: 'Whether the dashboard offers single sign-on with an organization’s OpenID provider (extension)', tags: ['access'], security: [] }),
    handler: async () => {
      const organizations = await listSsoOrganizations(db);
      return { enabled: organizations.length > 0, needsEmail: organizations.length > 1 };
    },
  });

  app.route({
    ...endpoint('startSso', {
        summary: 'Sign in with the organization’s OpenID provider: redirects there (extension)',
        description:
          'Authorization code flow with PKCE (S256), state and nonce. The verifier, state and nonce stay on the server for 10 minutes; the browser holds ' +
          'only a random id in an HttpOnly SameSite=Lax cookie. With one organization configured no parameter is needed.',
        tags: ['access'],
        security: [],
    }),
    handler: async (request, reply) => {
      const returnTo = safeReturn(request.query.return_to);
      const organizationId = await chooseOrganization(db, request.query);
      const sso = organizationId === null ? null : await loadSsoConfig(db, sealingKey, organizationId);
      if (!sso) return toSignIn(reply, 'not_configured', returnTo);
      const redirectUri = options.redirectUri ?? `${request.protocol}://${request.host}${callbackPath}`;
      let started: Awaited<ReturnType<typeof authorizationRequest>>;
      try {
        started = await authorizationRequest(sso, redirectUri);
      } catch (error) {
        request.log.warn({ err: error, issuer: sso.issuer }, 'single sign-on: the provider did not answer its discovery document');
        return toSignIn(reply, 'provider_unavailable', returnTo);
      }
      const id = randomBytes(32).toString('base64url');
      await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date()));
      await db.insert(ssoLogins).values({ idHash: hashToken(id), organizationId: sso.organizationId, ...started.checks, returnTo, expiresAt: new Date(Date.now() + loginMs) });
      void reply.setCookie(loginCookie(sessions), id, { ...loginCookieOptions(sessions), maxAge: loginMs / 1000 });
      return reply.redirect(started.url.href, 303);
    },
  });

  app.route({
    ...endpoint('finishSso', {
        summary: 'Where the OpenID provider sends the browser back: starts the dashboard session (extension)',
        description:
          'Checks state, issuer, the ID token (signature, audience, nonce) and the PKCE verifier through the code exchange, then admits the person: someone of ' +
          'the organization with that verified email (not disabled), or a newcomer whose email domain the organization allows. Sets the same session cookie as ' +
          'POST /v1/sign-in (a new id) and redirects to the dashboard; a refusal redirects to its sign-in page with `?sso_error=<code>`.',
        tags: ['access'],
        security: [],
    }),
    handler: async (request, reply) => {
      const id = request.cookies[loginCookie(sessions)];
      void reply.clearCookie(loginCookie(sessions), loginCookieOptions(sessions));
      // single use: the login is deleted whatever follows
      const [login] = id ? await db.delete(ssoLogins).where(eq(ssoLogins.idHash, hashToken(id))).returning() : [];
      if (!login || login.expiresAt < new Date()) {
        await audit(request, login?.organizationId ?? null, anonymous, null, 'denied', { reason: 'expired' });
        return toSignIn(reply, 'expired');
      }
      const returnTo = login.returnTo;
      if (request.query.state !== login.state) {
        await audit(request, login.organizationId, anonymous, null, 'denied', { reason: 'state_mismatch' });
        return toSignIn(reply, 'invalid_response', returnTo);
      }
      const sso = await loadSsoConfig(db, sealingKey, login.organizationId);
      if (!sso) return toSignIn(reply, 'not_configured', returnTo);
      const providerActor: AuditActor = { kind: 'system', id: `sso:${new URL(sso.issuer).host}` };
      const callbackUrl = new URL(login.redirectUri);
      callbackUrl.search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      let claims: Awaited<ReturnType<typeof finishAuthorization>>;
      try {
        claims = await finishAuthorization(sso, callbackUrl, login);
      } catch (error) {
        const code = failureCode(error);
        request.log.warn({ err: error, issuer: sso.issuer }, `single sign-on refused: ${code}`);
        await audit(request, sso.organizationId, anonymous, null, code === 'provider_denied' ? 'denied' : 'failure', { reason: code });
        return toSignIn(reply, code, returnTo);
      }
      const admission = await admit(db, sso, claims, providerActor);
      if (!admission.admitted) {
        const actor: AuditActor = admission.person ? { kind: 'person', id: admission.person.id } : anonymous;
        await audit(request, sso.organizationId, actor, admission.person?.id ?? null, 'denied', { reason: admission.code });
        return toSignIn(reply, admission.code, returnTo);
      }
      const { person } = admission;
      await startPersonSession(db, request, reply, sessions, person);
      await audit(request, sso.organizationId, { kind: 'person', id: person.id }, person.id, 'success', { issuer: sso.issuer, created: admission.created });
      return reply.redirect(returnTo, 303);
    },
  });
  ssoConfigRoutes(app, sealingKey);
  done();
}
