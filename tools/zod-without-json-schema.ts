import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * zod 4's classic schemas carry their JSON Schema generator (`schema.toJSONSchema()`, the processors of every schema
 * type, `~standard.jsonSchema`): ~18 KB of minified code, ~4.5 KB brotli, that every signed-in page downloaded and
 * the dashboard never runs (the server builds the OpenAPI document; the browser only parses). In the dashboard's
 * build only (`apply: 'build'`: vitest and the server keep the real modules) this plugin replaces the two modules
 * with stand-ins of the same exports: the generator functions throw if ever called, and `aggregateChecks` (which
 * `.minLength`, `.maxLength`, `.format`… read) keeps its real code, copied from the installed zod.
 * It checks the markers it relies on and fails the build when a zod upgrade moves them, never silently.
 */
const processorsFile = /[\\/]zod[\\/]v4[\\/]core[\\/]json-schema-processors\.js$/;
const toJsonSchemaFile = /[\\/]zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/;

const unavailable = `const unavailable = () => { throw new Error('JSON Schema generation is left out of the dashboard bundle (tools/zod-without-json-schema.ts)'); };`;

function exportNames(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^export (?:const|function|let) (\w+)/gm)) names.add(m[1] ?? '');
  for (const m of source.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of (m[1] ?? '').split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop();
      if (name) names.add(name);
    }
  }
  names.delete('');
  return [...names];
}

function stub(source: string, file: string, keep: string): string {
  const names = exportNames(source);
  if (names.length === 0) throw new Error(`zod-without-json-schema: no exports found in ${file}; has zod changed?`);
  const kept = new Set(exportNames(keep));
  const stubs = names.filter((name) => !kept.has(name)).map((name) => (/^create\w*Method$/.test(name) ? `export const ${name} = () => unavailable;` : `export const ${name} = unavailable;`));
  return `${keep}\n${unavailable}\n${stubs.join('\n')}\n`;
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (toJsonSchemaFile.test(file)) {
        const source = readFileSync(file, 'utf8');
        for (const name of ['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']) {
          if (!exportNames(source).includes(name)) throw new Error(`zod-without-json-schema: ${file} no longer exports ${name}; has zod changed?`);
        }
        return stub(source, file, '');
      }
      if (processorsFile.test(file)) {
        const source = readFileSync(file, 'utf8');
        // everything up to the end of aggregateChecks: its helpers and imports (regexes, util), nothing of the generator
        const end = source.indexOf('const formatMap');
        if (!source.includes('export function aggregateChecks(') || end < 0) {
          throw new Error(`zod-without-json-schema: aggregateChecks is not where it was in ${file}; has zod changed?`);
        }
        const keep = source.slice(0, end).replace(/^import \{[^}]*\} from "\.\/to-json-schema\.js";$/m, '');
        return stub(source, file, keep);
      }
      return null;
    },
  };
}
