import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript each dashboard route loads first, from Vite's manifest (build.manifest: true): the entry
 * chunk with its static imports, plus every lazy chunk the route loads before it can paint (the signed-in
 * layout, the scope guard, the Me schema and the page) with their static imports. Shared by the build's
 * report (vite.config.ts) and src/web/bundle-budget.test.ts. Sizes are gzip (level 9) of the built files,
 * so they are deterministic for a given build.
 */
// The core messages of the page's language load before the first render (src/web/main.tsx), a feature's with its
// pages (app/router.tsx): count Portuguese's, the longer catalogue. Only one language is ever downloaded.
const messages = 'virtual:i18n-messages/pt-BR';
const featureMessages = (feature: string) => `virtual:i18n-messages/pt-BR/${feature}`;
// What every signed-in page shares (the layout, scope guard, Me schema, query, table, zod and the contract) is
// one chunk named `signed-in` (vite.config.ts, chunkGroups): named here by its chunk name, not a module.
const signedIn = [messages, 'signed-in'];
export const routeChunks: Record<string, string[]> = {
  '/sign-in': [messages],
  // the Overview paints its numbers first, then loads the chart (uPlot) chunk: both count
  '/overview': [...signedIn, featureMessages('overview'), 'src/web/features/overview/overview-page.tsx', 'src/web/features/overview/volume-chart.tsx'],
  '/transactions': [...signedIn, featureMessages('transactions'), 'src/web/features/transactions/transactions-page.tsx'],
  '/events': [...signedIn, featureMessages('events'), 'src/web/features/events/events-page.tsx'],
  '/credentials/new': [...signedIn, featureMessages('credentials'), 'src/web/features/credentials/credentials-page.tsx'],
};

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface RouteSize {
  route: string;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

export const manifestPath = (distDir: string) => path.join(distDir, '.vite', 'manifest.json');

export function readManifest(distDir: string): Record<string, ManifestChunk> {
  const file = manifestPath(distDir);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: build the dashboard first (npx vite build; vite.config.ts sets build.manifest)`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

function closure(manifest: Record<string, ManifestChunk>, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (keyOrName: string) => {
    // a module (manifest key) or a chunk name, for chunks made of several modules (codeSplitting groups)
    const key = keyOrName in manifest ? keyOrName : (Object.entries(manifest).find(([, c]) => c.name === keyOrName && c.file.endsWith('.js'))?.[0] ?? keyOrName);
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${keyOrName}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen].map((k) => manifest[k]?.file ?? k).filter((f) => f.endsWith('.js'));
}

export function routeSizes(distDir: string): RouteSize[] {
  const manifest = readManifest(distDir);
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry) throw new Error('the manifest has no entry chunk');
  return Object.entries(routeChunks).map(([route, chunks]) => {
    const files = closure(manifest, [entry, ...chunks]).sort();
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const file of files) {
      const bytes = readFileSync(path.join(distDir, file));
      rawBytes += bytes.length;
      gzipBytes += gzipSync(bytes, { level: 9 }).length;
    }
    return { route, files, rawBytes, gzipBytes };
  });
}

/** Issue 4's target for the first route's JavaScript, gzip KiB (reported; the test enforces its own budgets). */
export const targetKiB = 120;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

export function formatRouteSizes(sizes: RouteSize[]): string {
  const lines = [`route              raw JS         gzip   files  target ${targetKiB} KiB gzip`];
  for (const s of sizes) {
    const over = s.gzipBytes / 1024 - targetKiB;
    const verdict = over > 0 ? `MISS by ${over.toFixed(1)} KiB` : 'ok';
    lines.push(`${s.route.padEnd(18)} ${kb(s.rawBytes).padStart(11)} ${kb(s.gzipBytes).padStart(12)} ${String(s.files.length).padStart(6)}  ${verdict}`);
  }
  return lines.join('\n');
}
