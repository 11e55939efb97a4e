import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledPackages, serverEntries } from '../../vite.server.config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; hasInstallScript?: boolean }> };

/** `drizzle-orm/pg-core` -> drizzle-orm, `@fastify/static` -> @fastify/static. */
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** The packages the server's entries load at run time: their import graph walked from the sources, type-only imports left out. */
function runtimePackages(): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...[...text.matchAll(/^(?:import|export)(?!\s+type\b)[^'"]*?\bfrom\s+'([^']+)'/gms)].map((m) => m[1]),
      ...[...text.matchAll(/^import\s+'([^']+)'/gm)].map((m) => m[1]),
      ...[...text.matchAll(/\bimport\('([^']+)'\)/g)].map((m) => m[1]),
    ];
    for (const specifier of specifiers) {
      if (!specifier) continue;
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier));
      else if (!specifier.startsWith('node:') && !builtinModules.includes(specifier)) packages.add(packageOf(specifier));
    }
  };
  for (const entry of Object.values(serverEntries)) visit(path.join(root, entry));
  return packages;
}

describe('production dependencies (what `npm ci --omit=dev` installs for the built server)', () => {
  const loaded = runtimePackages();

  it('lists every package the built server loads from node_modules, and nothing else but Node itself', () => {
    const external = [...loaded].filter((name) => !bundledPackages.includes(name)).sort();
    expect(Object.keys(manifest.dependencies).sort()).toEqual([...external, 'node'].sort());
  });

  it('keeps the packages bundled into dist/server among the dev dependencies', () => {
    for (const name of bundledPackages) {
      expect(loaded.has(name), `${name} is bundled but no server module imports it`).toBe(true);
      expect(manifest.devDependencies[name], `${name} is bundled: a devDependency`).toBeDefined();
    }
  });

  it('has no install script but Node’s (so --ignore-scripts skips only the Node download)', () => {
    const scripted = Object.entries(lock.packages)
      .filter(([key, entry]) => key !== '' && entry.hasInstallScript && !entry.dev)
      .map(([key]) => key);
    expect(scripted).toEqual(['node_modules/node']);
  });

  it('runs on the Node it pins, which the engines range admits', () => {
    expect(process.versions.node).toBe(manifest.dependencies.node);
    const [major = 0, minor = 0] = (/^>=(\d+)\.(\d+)/.exec(manifest.engines.node) ?? []).slice(1).map(Number);
    const [pinnedMajor = 0, pinnedMinor = 0] = (manifest.dependencies.node ?? '').split('.').map(Number);
    expect(pinnedMajor > major || (pinnedMajor === major && pinnedMinor >= minor)).toBe(true);
    expect(major).toBe(24);
  });
});
