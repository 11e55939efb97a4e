import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import type { SsoErrorCode } from '../../contract/sso-errors.ts';
import type { SsoConfig } from './sso-config.ts';

/**
 * The OpenID Connect relying party, through openid-client (OpenID-certified; PKCE, state, nonce, ID token and
 * issuer checks are the library's). Discovery documents are remembered for 10 minutes per provider and client.
 */
const discoveryMs = 10 * 60_000;
const timeoutSeconds = 10;
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

const loopback = (issuer: string) => new URL(issuer).protocol === 'http:';

/** The provider's discovery document, fetched now (an admin's save checks the issuer with it). */
export const discoverProvider = (sso: Pick<SsoConfig, 'issuer' | 'clientId' | 'clientSecret'>): Promise<oidc.Configuration> =>
  oidc.discovery(new URL(sso.issuer), sso.clientId, undefined, oidc.ClientSecretBasic(sso.clientSecret), {
    timeout: timeoutSeconds,
    // http only for a provider on this machine (checkIssuer refuses any other)
    ...(loopback(sso.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
  });

function providerConfig(sso: SsoConfig): Promise<oidc.Configuration> {
  const key = createHash('sha256').update(JSON.stringify([sso.issuer, sso.clientId, sso.clientSecret])).digest('base64url');
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < discoveryMs) return hit.config;
  const config = discoverProvider(sso);
  config.catch(() => discovered.delete(key));
  discovered.set(key, { at: Date.now(), config });
  return config;
}

/** What the login keeps server-side until the provider sends the browser back. */
export interface LoginChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** The provider's authorization URL (code flow, PKCE S256, state, nonce) and the checks to keep. */
export async function authorizationRequest(sso: SsoConfig, redirectUri: string): Promise<{ url: URL; checks: LoginChecks }> {
  const config = await providerConfig(sso);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier, redirectUri };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: sso.scopes,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state: checks.state,
    nonce: checks.nonce,
  });
  return { url, checks };
}

export type Claims = Record<string, unknown>;

/**
 * Exchanges the code (with the PKCE verifier) and checks the answer: state, issuer (RFC 9207), the ID token's
 * signature, audience and nonce. Returns the ID token's claims merged with the UserInfo endpoint's (providers put
 * email and groups in either).
 */
export async function finishAuthorization(sso: SsoConfig, callbackUrl: URL, checks: LoginChecks): Promise<Claims> {
  const config = await providerConfig(sso);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('no ID token');
  const userInfo = config.serverMetadata().userinfo_endpoint ? await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub) : {};
  return { ...userInfo, ...idClaims };
}

/** Why a sign-in with the provider failed, for the sign-in page: refused by the provider, unreachable, or an answer that did not check out. */
export function failureCode(error: unknown): Extract<SsoErrorCode, 'provider_denied' | 'provider_unavailable' | 'invalid_response'> {
  if (error instanceof oidc.AuthorizationResponseError) return 'provider_denied';
  const unreachable = (e: unknown): boolean =>
    e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError' || (e instanceof TypeError && /fetch/i.test(e.message)) || unreachable(e.cause));
  return unreachable(error) ? 'provider_unavailable' : 'invalid_response';
}
