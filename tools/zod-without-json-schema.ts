import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * zod 4 carries code the dashboard never runs. In the dashboard's build only (`apply: 'build'`: vitest, the dev
 * server and the server keep the real modules) this plugin leaves it out:
 *
 * 1. The JIT of object schemas: zod compiles a fast parser with `new Function`, which the dashboard's CSP (script-src
 *    'self', no 'unsafe-eval') forbids, so zod probed for eval once per page, drew a CSP violation report, and fell
 *    back to the interpreter. The build takes the interpreter straight away (no probe) and drops the compiler.
 * 2. zod 4's classic schemas carry their JSON Schema generator (`schema.toJSONSchema()`, the processors of every schema
 * type, `~standard.jsonSchema`): ~18 KB of minified code, ~4.5 KB brotli, that every signed-in page downloaded and
 * the dashboard never runs (the server builds the OpenAPI document; the browser only parses). In the dashboard's
 * build only (`apply: 'build'`: vitest and the server keep the real modules) this plugin replaces the two modules
 * with stand-ins of the same exports: the generator functions throw if ever called, and `aggregateChecks` (which
 * `.minLength`, `.maxLength`, `.format`… read) keeps its real code, copied from the installed zod.
 * It checks the markers it relies on and fails the build when a zod upgrade moves them, never silently.
 */
const schemasFile = /[\\/]zod[\\/]v4[\\/]core[\\/]schemas\.js$/;
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

/** core/schemas.js with the object JIT off: no eval probe, and no compiler (`generateFastpass`, zod's `Doc`). */
function withoutJit(source: string, file: string): string {
  const start = source.indexOf('    const generateFastpass = (shape) => {');
  const endMarker = '        return doc.compile();\n    };\n';
  const end = source.indexOf(endMarker, start);
  const probe = 'const fastEnabled = jit && allowsEval.value;';
  if (start < 0 || end < 0 || !source.includes(probe)) throw new Error(`zod-without-json-schema: the object JIT is not where it was in ${file}; has zod changed?`);
  return (
    source.slice(0, start) +
    "    const generateFastpass = () => { throw new Error('the object JIT is left out of the dashboard bundle (tools/zod-without-json-schema.ts)'); };\n" +
    source.slice(end + endMarker.length)
  ).replace(probe, 'const fastEnabled = false; // the CSP forbids eval: never probe for it');
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (schemasFile.test(file)) return withoutJit(readFileSync(file, 'utf8'), file);
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
