/**
 * Values shared by the e2e global setup and the specs. The server runs on E2E_PORT (random by default);
 * the demo token is fixed; the limited tokens are minted by the global setup and passed in env vars.
 */
// A random high port unless E2E_PORT is given, so two runs on one machine do not meet. Set here, in the
// runner process that loads the config first; the workers inherit it, so every process agrees.
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(20_000 + Math.floor(Math.random() * 20_000));
export const e2ePort = Number(process.env.E2E_PORT);
export const e2eBaseUrl = `http://127.0.0.1:${e2ePort}`;

/** The demo organization's token: every scope, test mode. */
export const demoToken = 'e2e-demo-token-0123456789abcdefghijklmnop';
export const demoOrganizationName = 'Demo Subacquirer Ltda';
export const demoOrganizationId = 'd4ps1c0000000000demo';
/** The demo organization's signing secret, fixed so a spec can sign notifications to POST /v1/notifications. */
export const demoSigningSecret = 'e2e-demo-signing-secret-0123456789abcdef';

/**
 * The demo organization's admin person (DEMO_ADMIN_EMAIL / DEMO_ADMIN_PASSWORD, set by the global setup): the sign-in
 * spec signs in as them by password. The password follows the server's rules (15+ characters, not the email's name).
 */
export const demoAdminEmail = 'admin@e2e.acquirer-console.dev';
export const demoAdminPassword = 'e2e violet tangerine bicycle';

/** How many summaries the e2e database holds: several pages of 20 for every filter. */
export const seedSummaries = 400;

export const envNames = {
  readerToken: 'E2E_READER_TOKEN',
  merchantToken: 'E2E_MERCHANT_TOKEN',
  merchantId: 'E2E_MERCHANT_ID',
  /** set when the second-origin API server runs on PostgreSQL (the token CLI can then revoke while it runs) */
  crossDatabaseUrl: 'E2E_CROSS_DATABASE_URL',
} as const;

/**
 * A second deployment for the cross-origin specs: an API server (its own database, a small COUNT_CAP so totals
 * are estimates, CORS_ORIGIN = the dashboard host) and a dashboard host on another origin whose /config.js
 * points at it (PUBLIC_API_BASE_URL).
 */
export const crossApiBaseUrl = `http://127.0.0.1:${e2ePort + 1}`;
export const crossWebBaseUrl = `http://127.0.0.1:${e2ePort + 2}`;
export const crossCountCap = 25;
export const crossSeedSummaries = 120;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the e2e global setup did not run`);
  return value;
}

/** transactions:read and events:read only, live mode, whole organization. */
export const readerToken = () => required(envNames.readerToken);
/** every scope, live mode, limited to one merchant. */
export const merchantToken = () => required(envNames.merchantToken);
export const merchantId = () => required(envNames.merchantId);
