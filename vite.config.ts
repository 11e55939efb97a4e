/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { formatRouteSizes, routeSizes } from './bench/bundle-sizes.ts';
import { chunkGroups } from './tools/chunk-groups.ts';
import { i18nMessages } from './tools/i18n-messages.ts';
import { precompress } from './tools/precompress.ts';

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

// Entry, signed-in, lists and page chunks instead of ~20 tiny shared ones: tools/chunk-groups.ts explains.
const chunks = chunkGroups();

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), i18nMessages(), chunks.plugin, routeSizeReport(), precompress()],
  // CSS Modules through Lightning CSS (Vite 8's own dependency, already its minifier) rather than postcss-modules, which
  // warned on every build that `composes: x from '…'` "did not pass the from option" and does not run PostCSS on
  // composed files (vitejs/vite#10079); the same 817 rules come out, 2 kB smaller
  css: { transformer: 'lightningcss' },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // every browser the dashboard supports has <link rel=modulepreload>: no polyfill in the entry chunk
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
  },
  server: {
    port: 5173,
    proxy: { '/v1': apiTarget, '/openapi.json': apiTarget, '/health': apiTarget, '/config.js': apiTarget },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    environment: 'node',
    // every JSON response the server sends in tests is checked against its zod schema (off in production)
    env: { RESPONSE_VALIDATION: 'true', ALLOW_TOKEN_SIGN_IN: 'true' },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // memory-bound tests (the CSV stream) measure live heap after a collection, not garbage
    execArgv: ['--expose-gc'],
    fileParallelism: true,
    maxWorkers: 2,
  },
});
