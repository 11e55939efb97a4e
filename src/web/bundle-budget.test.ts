import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestPath, routeSizes } from '../../bench/bundle-sizes.ts';

/**
 * First-load JavaScript budgets (gzip, KiB) per dashboard route: entry chunk + the route's lazy chunk + their
 * static imports, from dist/web/.vite/manifest.json. Set from the build of 2026-11-21 plus ~10% headroom
 * (measured: /sign-in 136.8, /transactions 161.7, /events 161.9, /credentials/new 157.3). Issue 4's target is
 * 120 KiB; every route is above it today (react-dom, react-router and zod in the entry chunk), so these
 * budgets stop growth: lower them as the bundle is trimmed, never raise them without a reason.
 * Size is deterministic, so this is not a timed assertion. `npm test` builds before vitest runs.
 */
const budgetsKiB: Record<string, number> = {
  '/sign-in': 150,
  '/transactions': 178,
  '/events': 178,
  '/credentials/new': 173,
};

const distDir = path.resolve(import.meta.dirname, '../../dist/web');

describe('dashboard bundle budget', () => {
  it('has a built dashboard with a manifest to measure', () => {
    expect(
      existsSync(manifestPath(distDir)),
      `${manifestPath(distDir)} is missing: run \`npx vite build\` before vitest (npm test does), with build.manifest: true in vite.config.ts`,
    ).toBe(true);
  });

  it.each(Object.entries(budgetsKiB))('keeps the first-load JavaScript of %s within %d KiB gzip', (route, budget) => {
    const size = routeSizes(distDir).find((s) => s.route === route);
    expect(size, `no size for ${route}`).toBeDefined();
    const kib = (size?.gzipBytes ?? Infinity) / 1024;
    expect(kib, `${route} loads ${kib.toFixed(1)} KiB gzip of JavaScript (${size?.files.join(', ')}); budget ${budget} KiB`).toBeLessThanOrEqual(budget);
  });

});
