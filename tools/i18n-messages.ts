import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import * as cardinals from '@messageformat/runtime/lib/cardinals';
import type { Plugin } from 'vite';
import { languages, type Language } from '../src/web/lib/i18n/languages.ts';

/**
 * Build-time side of the dashboard's messages (src/web/lib/i18n/i18n.tsx explains the catalogue). Every
 * `src/web/**\/messages/<language>.json` is gathered into per-language modules whose ICU MessageFormat texts are
 * compiled to plain functions by @messageformat/core here, at build time, so the browser only gets the tiny
 * @messageformat/runtime (plural rules, Intl number/date helpers) and never a parser.
 *
 * The texts are split by bundle, so a page downloads only its own texts and the shared ones, in its language:
 * - `virtual:i18n-messages/<language>`: the core bundle, loaded before the first render: the shell (app/),
 *   components/, lib/ and the features the first route needs (`coreFeatures`: sign-in).
 * - `virtual:i18n-messages/<language>/<feature>`: the texts of `src/web/features/<feature>/` (any depth), loaded
 *   with the feature's page (app/router.tsx names the feature of each page).
 * - `virtual:i18n-messages/bundles`: the loaders of every feature bundle, from the folders found, so a new feature
 *   folder with messages gets its own chunk by convention, with nothing to register.
 * Shared with the catalogue test (src/web/lib/i18n/catalogue.test.ts) so both read the files the same way.
 */

const virtualPrefix = 'virtual:i18n-messages/';
const bundlesId = `${virtualPrefix}bundles`;

/** Features whose texts the first route needs (the sign-in page), so they stay in the core bundle. */
export const coreFeatures: readonly string[] = ['auth'];
export const coreBundle = 'core';

/**
 * Component folders whose UI loads lazily, on intent, so their texts are a bundle of their own too (loaded with
 * `loadFeatureMessages(<folder>)` beside their code) instead of riding in the core bundle every page downloads.
 */
export const lazyComponentBundles: readonly string[] = ['toolbar-panels', 'received-body', 'merchant-form', 'failure-detail'];

/** The bundle a catalogue file belongs to: its feature (src/web/features/<feature>/…), a lazily loaded component folder, else the core bundle. */
export function bundleOf(file: string): string {
  const feature = /^src\/web\/features\/([^/]+)\//.exec(file)?.[1];
  if (feature) return coreFeatures.includes(feature) ? coreBundle : feature;
  const component = /^src\/web\/components\/([^/]+)\//.exec(file)?.[1];
  return component && lazyComponentBundles.includes(component) ? component : coreBundle;
}

/** The feature bundles (every bundle but the core one), sorted. */
export function featureBundles(root: string): string[] {
  return [...new Set(catalogueFiles(root, languages[0]).map(({ file }) => bundleOf(file)))].filter((b) => b !== coreBundle).sort();
}

export interface CatalogueFile {
  /** path relative to the repository root, e.g. src/web/features/events/messages/en.json */
  file: string;
  /** the first segment every key of this file must start with: the folder that holds `messages/` */
  namespace: string;
  messages: Record<string, string>;
}

export function catalogueFiles(root: string, language: Language): CatalogueFile[] {
  // fs.globSync is Node 22+; walk the tree instead so Node 20 builds too.
  // src/contract/domain/messages too: the domain's words (statuses, acquirers…), which the API's CSV export writes as well
  return [...findFiles(path.join(root, 'src/web'), `${language}.json`), ...findFiles(path.join(root, 'src/contract'), `${language}.json`)].map((absolute) => {
    const file = path.relative(root, absolute).split(path.sep).join('/');
    const namespace = path.basename(path.dirname(path.dirname(absolute)));
    const messages = JSON.parse(readFileSync(absolute, 'utf8')) as Record<string, string>;
    return { file, namespace, messages };
  });
}

function findFiles(dir: string, name: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findFiles(full, name));
    else if (entry.name === name && path.basename(dir) === 'messages') found.push(full);
  }
  return found.sort();
}

/** All messages of a language (or of one bundle of it), one flat object; a key defined twice is an error. */
export function mergedMessages(root: string, language: Language, bundle?: string): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const { file, messages } of catalogueFiles(root, language)) {
    if (bundle !== undefined && bundleOf(file) !== bundle) continue;
    for (const [key, text] of Object.entries(messages)) {
      if (key in merged) throw new Error(`message ${key} is defined twice (again in ${file})`);
      merged[key] = text;
    }
  }
  return merged;
}

/** ES module source: `export default { "key": (d) => "text", ... }` for one language (or one bundle of it). */
export function compileLanguage(root: string, language: Language, bundle?: string): string {
  const mf = new MessageFormat(language === 'pt-BR' ? 'pt' : 'en', { strict: false });
  return inlineCardinals(compileModule(mf, mergedMessages(root, language, bundle)));
}

/**
 * The language's plural rule (~0.1 KiB) written into the module instead of imported from the runtime's cardinals,
 * which the bundler otherwise puts in a chunk of its own: one more script request (~1 KiB of headers) on every page.
 */
function inlineCardinals(source: string): string {
  return source.replace(/^import \{ ([\w, ]+) \} from "@messageformat\/runtime\/lib\/cardinals";$/m, (line, names: string) => {
    const rules = names.split(',').map((name) => name.trim());
    const known = rules.every((name) => typeof (cardinals as Record<string, unknown>)[name] === 'function');
    return known ? rules.map((name) => `const ${name} = ${String((cardinals as Record<string, unknown>)[name])};`).join('\n') : line;
  });
}

/** ES module source of `virtual:i18n-messages/bundles`: `{ feature: { language: () => import(…) } }`. */
function bundlesModule(root: string): string {
  const entries = featureBundles(root).map((feature) => {
    const loaders = languages.map((language) => `${JSON.stringify(language)}: () => import(${JSON.stringify(`${virtualPrefix}${language}/${feature}`)})`);
    return `  ${JSON.stringify(feature)}: { ${loaders.join(', ')} },`;
  });
  return `export default {\n${entries.join('\n')}\n};\n`;
}

export function i18nMessages(): Plugin {
  let root = process.cwd();
  return {
    name: 'i18n-messages',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id.startsWith(virtualPrefix) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${virtualPrefix}`)) return null;
      if (id === `\0${bundlesId}`) return bundlesModule(root);
      const [name = '', bundle = coreBundle] = id.slice(virtualPrefix.length + 1).split('/');
      const language = languages.find((l) => l === name);
      if (!language) throw new Error(`no messages for language ${name}`);
      if (bundle !== coreBundle && !featureBundles(root).includes(bundle)) throw new Error(`no messages for feature ${bundle}`);
      for (const { file } of catalogueFiles(root, language)) this.addWatchFile(path.join(root, file));
      return compileLanguage(root, language, bundle);
    },
    handleHotUpdate({ file, server }) {
      if (!/\/messages\/[^/]+\.json$/.test(file)) return;
      for (const mod of server.moduleGraph.idToModuleMap.values()) {
        if (mod.id?.startsWith(`\0${virtualPrefix}`)) server.moduleGraph.invalidateModule(mod);
      }
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
