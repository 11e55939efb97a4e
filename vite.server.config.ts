import { cpSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/**
 * The server build (`npm run build`, tools/build.mjs): Vite's SSR build bundles src/server and src/contract into
 * dist/server, one file per entry below plus shared chunks, all in that one folder (the modules find
 * dist/web at ../../dist/web and the migrations at ./migrations, as they do from src/server and src/server/db).
 * Packages stay in node_modules (the production install) except drizzle-orm, which is bundled: Node 24 reads
 * its 178 kB package.json exports again for each of the hundreds of modules it loads, which cost 0.5 s and
 * 150 MB of RSS at every start (docs/design.md, "Build").
 */
export const serverEntries = {
  main: 'src/server/main.ts',
  'token-cli': 'src/server/token-cli.ts',
  'user-cli': 'src/server/user-cli.ts',
  'seed-cli': 'src/server/seed-cli.ts',
  'secret-cli': 'src/server/secret-cli.ts',
  'worker-cli': 'src/server/worker-cli.ts',
  'simulate-cli': 'src/server/simulate-cli.ts',
  'partition-cli': 'src/server/partition-cli.ts',
  'explain-cli': 'src/server/db/explain-cli.ts',
  'openapi-cli': 'src/server/openapi-cli.ts',
  'receivables-cli': 'src/server/receivables-cli.ts',
  // the seed's generator thread (seed/chunk-source.ts starts ./chunk-worker.js when it runs built)
  'chunk-worker': 'src/server/seed/chunk-worker.ts',
};

/** Packages bundled into dist/server instead of loaded from node_modules at run time. */
export const bundledPackages = ['drizzle-orm'];

/**
 * A CLI runs its command when `import.meta.url` is the script Node was given; an entry that another module imports
 * would be moved into a shared chunk, where that never holds and the CLI would silently do nothing.
 */
function entriesKeepTheirModule(): Plugin {
  return {
    name: 'entries-keep-their-module',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry || !chunk.facadeModuleId) continue;
        if (!chunk.moduleIds.includes(chunk.facadeModuleId)) {
          this.error(`${path.relative(process.cwd(), chunk.facadeModuleId)} is an entry that another module imports: move what they share into a module of its own (see src/server/cli.ts)`);
        }
      }
    },
  };
}

/** The SQL migrations and their journal, which the server applies at start, beside the modules that read them. */
function copyMigrations(): Plugin {
  return {
    name: 'copy-migrations',
    writeBundle(options) {
      cpSync('src/server/db/migrations', path.join(options.dir ?? 'dist/server', 'migrations'), { recursive: true });
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [entriesKeepTheirModule(), copyMigrations()],
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node24',
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      input: serverEntries,
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
  ssr: { noExternal: bundledPackages },
});
