/**
 * The real API app (src/server/app.ts, same database bootstrap as src/server/main.ts) serving a frozen copy
 * of the built dashboard from E2E_WEB_ROOT. Several people share this checkout: a `vite build` elsewhere
 * empties dist/web mid-run, so the e2e server must not read it live.
 */
import { buildApp } from '../../src/server/app.ts';
import { prepareDatabase } from '../../src/server/bootstrap.ts';
import { readEnv } from '../../src/server/runtime-env.ts';

const env = readEnv();
const webRoot = process.env.E2E_WEB_ROOT;
if (!webRoot) throw new Error('E2E_WEB_ROOT is not set');
const prepared = await prepareDatabase(env, (line) => console.log(line));
const app = await buildApp({
  database: prepared.database,
  logger: { level: env.logLevel },
  publicApiBaseUrl: env.publicApiBaseUrl,
  corsOrigin: env.corsOrigin,
  webRoot,
});
await app.listen({ port: env.port, host: env.host });
console.log(`e2e server on http://${env.host}:${env.port} serving ${webRoot}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => prepared.database.close())
      .finally(() => process.exit(0));
  });
}
