/** The runtime interface (decisions.md / common.md): every setting the server reads from the environment. */
export interface RuntimeEnv {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoAccessToken: string | undefined;
  seedSummaries: number;
  seed: number;
  publicApiBaseUrl: string;
  corsOrigin: string | undefined;
  logLevel: string;
  /** folder of the built dashboard; undefined means dist/web */
  webRoot: string | undefined;
  /** the demo organization's notification signing secret, used when this start creates it */
  demoSigningSecret: string | undefined;
  /** 32-byte key sealing signing secrets at rest (AES-256-GCM); unset stores them unsealed */
  signingSecretKey: string | undefined;
  /** run the event worker inside the server (WORKER=off leaves it to `npm run worker` processes) */
  worker: boolean;
  /** notifications per second the built-in simulator sends to this server (test mode demo only); 0 = off */
  simulateRate: number;
}

function whole(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, got "${value}"`);
  return Number(value);
}

const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

export function readEnv(env: NodeJS.ProcessEnv = process.env): RuntimeEnv {
  return {
    port: whole('PORT', env.PORT, 8080),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: nonEmpty(env.DATA_DIR) ?? './data',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    demoAccessToken: nonEmpty(env.DEMO_ACCESS_TOKEN),
    seedSummaries: whole('SEED_SUMMARIES', env.SEED_SUMMARIES, 3000),
    seed: whole('SEED', env.SEED, 1),
    publicApiBaseUrl: env.PUBLIC_API_BASE_URL ?? '',
    corsOrigin: nonEmpty(env.CORS_ORIGIN),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'warn',
    webRoot: nonEmpty(env.WEB_ROOT),
    demoSigningSecret: nonEmpty(env.DEMO_SIGNING_SECRET),
    signingSecretKey: nonEmpty(env.SIGNING_SECRET_KEY),
    worker: !/^(off|false|0|no)$/i.test(env.WORKER ?? ''),
    simulateRate: whole('SIMULATE_RATE', env.SIMULATE_RATE, 0),
  };
}
