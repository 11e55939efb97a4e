import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import type { Plugin } from 'vite';
import { languages, type Language } from '../src/web/lib/i18n/languages.ts';

/**
 * Build-time side of the dashboard's messages (src/web/lib/i18n/i18n.tsx explains the catalogue). Every
 * `src/web/**\/messages/<language>.json` is gathered into one module per language, `virtual:i18n-messages/<language>`,
 * whose ICU MessageFormat texts are compiled to plain functions by @messageformat/core here, at build time, so the
 * browser only gets the tiny @messageformat/runtime (plural rules, Intl number/date helpers) and never a parser.
 * Each language is its own lazy chunk: a browser downloads only the language it shows. Shared with the
 * catalogue test (src/web/lib/i18n/catalogue.test.ts) so both read the files the same way.
 */

const virtualPrefix = 'virtual:i18n-messages/';

export interface CatalogueFile {
  /** path relative to the repository root, e.g. src/web/features/events/messages/en.json */
  file: string;
  /** the first segment every key of this file must start with: the folder that holds `messages/` */
  namespace: string;
  messages: Record<string, string>;
}

export function catalogueFiles(root: string, language: Language): CatalogueFile[] {
  // fs.globSync is Node 22+; walk the tree instead so Node 20 builds too.
  return findFiles(path.join(root, 'src/web'), `${language}.json`).map((absolute) => {
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

/** All messages of a language, one flat object; a key defined twice is an error. */
export function mergedMessages(root: string, language: Language): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const { file, messages } of catalogueFiles(root, language)) {
    for (const [key, text] of Object.entries(messages)) {
      if (key in merged) throw new Error(`message ${key} is defined twice (again in ${file})`);
      merged[key] = text;
    }
  }
  return merged;
}

/** ES module source: `export default { "key": (d) => "text", ... }` for one language. */
export function compileLanguage(root: string, language: Language): string {
  const mf = new MessageFormat(language === 'pt-BR' ? 'pt' : 'en', { strict: false });
  return compileModule(mf, mergedMessages(root, language));
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
      const language = id.slice(virtualPrefix.length + 1) as Language;
      if (!languages.includes(language)) throw new Error(`no messages for language ${language}`);
      for (const { file } of catalogueFiles(root, language)) this.addWatchFile(path.join(root, file));
      return compileLanguage(root, language);
    },
    handleHotUpdate({ file, server }) {
      if (!/\/messages\/[^/]+\.json$/.test(file)) return;
      for (const language of languages) {
        const mod = server.moduleGraph.getModuleById(`\0${virtualPrefix}${language}`);
        if (mod) server.moduleGraph.invalidateModule(mod);
      }
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
