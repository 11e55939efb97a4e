import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** A person known to the test provider: the claims it asserts. */
export interface TestAccount {
  email: string;
  email_verified: boolean;
  name: string;
  groups: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** by subject; a test may change an account's claims between sign-ins */
  accounts: Map<string, TestAccount>;
  stop(): Promise<void>;
}

/**
 * A real OpenID provider (panva's oidc-provider, OpenID-certified) on 127.0.0.1 and a random port, with one
 * confidential client whose redirect URI is `redirectUri`, PKCE required for it, and claims by scope (email,
 * profile, groups). Its login interaction is minimal: GET /interaction/<uid>?account=<subject> logs that account
 * in (a test drives it with plain HTTP), or `autoLogin`'s without the parameter (a browser test); consent is taken
 * as given for this first-party client.
 */
export async function startTestProvider(redirectUri: string, options: { autoLogin?: string } = {}): Promise<TestProvider> {
  const clientId = 'acquirer-console';
  const clientSecret = randomBytes(24).toString('base64url');
  const accounts = new Map<string, TestAccount>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic' }],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' }] as never },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    features: { devInteractions: { enabled: false } },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
    },
    // first-party client: every scope it asks for is granted without a consent screen
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, params } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(typeof params?.scope === 'string' ? params.scope : 'openid');
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    await provider.interactionDetails(req, res);
    const accountId = new URL(req.url ?? '/', issuer).searchParams.get('account') ?? options.autoLogin ?? '';
    await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 400;
        res.end(String(error));
      });
    } else void handle(req, res);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
