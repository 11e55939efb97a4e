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
  };
}
