import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { readEnv } from './runtime-env.ts';
import { startServer } from './server-start.ts';

/** `npm run dev`: the API on PORT and the Vite dev server (which proxies /v1 to it) together. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = readEnv();
process.env.API_PROXY_TARGET ??= `http://127.0.0.1:${env.port}`;
const vite = await createServer({ root, configFile: path.join(root, 'vite.config.ts') });
await vite.listen();
const viteUrl = vite.resolvedUrls?.local[0] ?? 'http://localhost:5173/';
const api = await startServer(env, { dashboardUrl: `${viteUrl} (Vite, hot reload; proxies /v1 to the API)` });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    Promise.all([vite.close(), api.stop()]).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
