/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { formatRouteSizes, routeSizes } from './bench/bundle-sizes.ts';
import { i18nMessages } from './tools/i18n-messages.ts';
import { precompress } from './tools/precompress.ts';
import { zodWithoutJsonSchema } from './tools/zod-without-json-schema.ts';

/** After `vite build`: the gzip size of the JavaScript each route loads first (bench/bundle-sizes.ts). */
function routeSizeReport(): Plugin {
  let outDir = 'dist/web';
  let info: (message: string) => void = () => undefined;
  return {
    name: 'route-size-report',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      info = (message) => config.logger.info(message);
    },
    closeBundle() {
      info(`\nFirst-load JavaScript per route:\n${formatRouteSizes(routeSizes(outDir))}`);
    },
  };
}

/**
 * Fewer, larger chunks behind sign-in. Each script response costs ~1 KiB of headers (CSP, helmet, cache) on
 * top of its body, and small files compress worse, so the ~20 tiny shared chunks the automatic splitting made
 * cost more on the wire than the code they hold (issue 7's wire budget). So:
 * - `boot`: the first route's modules (react, the router, the session, sign-in, i18n) stay in the entry chunk; a
 *   `$initial` group with the highest priority holds them so the groups below cannot drag them in.
 * - `signed-in`: what every signed-in page shares (the signed-in layout, TanStack Query, zod and the contract,
 *   lib/ and components/) is one chunk.
 * - `lists`: the list pages' table, filters and URL state (TanStack Table, components/data-table and search,
 *   lib/use-server-list and url-state): one chunk, which the form pages (credentials/new) do not load.
 * Each page keeps its own chunk (plus what only some pages share, e.g. react-hook-form for the forms).
 */
const listModules = /node_modules[\\/](@tanstack[\\/](react-table|table-core|store)|use-sync-external-store)[\\/]|src[\\/]web[\\/](components[\\/](data-table|search)[\\/]|lib[\\/](use-server-list|url-state)\.)/;
const sharedModules = /node_modules[\\/](@tanstack[\\/](react-query|query-core)|zod)[\\/]|src[\\/]contract[\\/]|src[\\/]web[\\/](components|lib|app|features[\\/]auth)[\\/]/;
/** Contract modules of one feature's pages (events, connections, the transaction page's response codes): left to them. */
const featureContracts = /src[\\/]contract[\\/](events|notifications|credentials|merchants|providers|response-code)/;
const chunkGroups = [
  { name: 'boot', tags: ['$initial' as const], priority: 30 },
  { name: 'signed-in', priority: 20, test: (id: string) => sharedModules.test(id) && !listModules.test(id) && !featureContracts.test(id) },
  { name: 'lists', priority: 10, test: (id: string) => listModules.test(id) },
];

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), i18nMessages(), zodWithoutJsonSchema(), routeSizeReport(), precompress()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    port: 5173,
    proxy: { '/v1': apiTarget, '/openapi.json': apiTarget, '/health': apiTarget, '/config.js': apiTarget },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // memory-bound tests (the CSV stream) measure live heap after a collection, not garbage
    execArgv: ['--expose-gc'],
    fileParallelism: true,
    maxWorkers: 2,
  },
});
