import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { bundleOf, catalogueFiles, compileLanguage, coreBundle, featureBundles, lazyComponentBundles, mergedMessages } from '../../../../tools/i18n-messages.ts';
import { languages } from './languages.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const [first, ...others] = languages;

/** The argument names a message uses ({name}, {count, plural, …}), nested ones included. */
function argumentsOf(text: string): string[] {
  const found = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function' || token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.add(token.arg);
      }
      if ('cases' in token) for (const c of token.cases) visit(c.tokens);
    }
  };
  visit(parse(text));
  return [...found].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('message catalogue', () => {
  it('has catalogues to check', () => {
    expect(catalogueFiles(root, first).length).toBeGreaterThan(0);
  });

  it.each(others)(`has every message in both ${first} and %s, file by file, with the same arguments`, (other) => {
    const a = catalogueFiles(root, first);
    const b = catalogueFiles(root, other);
    expect(b.map((c) => c.file.replace(`${other}.json`, ''))).toEqual(a.map((c) => c.file.replace(`${first}.json`, '')));
    a.forEach((catalogue, i) => {
      const twin = b[i]?.messages ?? {};
      const missingThere = Object.keys(catalogue.messages).filter((k) => !(k in twin));
      const missingHere = Object.keys(twin).filter((k) => !(k in catalogue.messages));
      expect({ file: catalogue.file, [`missing in ${other}`]: missingThere, [`missing in ${first}`]: missingHere }).toEqual({
        file: catalogue.file,
        [`missing in ${other}`]: [],
        [`missing in ${first}`]: [],
      });
      for (const [key, text] of Object.entries(catalogue.messages)) {
        expect(argumentsOf(twin[key] ?? ''), `${key}: the same arguments in ${first} and ${other}`).toEqual(argumentsOf(text));
      }
    });
  });

  it.each(languages)('keeps each key in the namespace of its folder, once, non-empty (%s)', (language) => {
    for (const { file, namespace, messages } of catalogueFiles(root, language)) {
      for (const [key, text] of Object.entries(messages)) {
        expect(key, `${file}: keys start with "${namespace}."`).toMatch(new RegExp(`^${namespace}\\.[\\w.-]+$`));
        expect(typeof text === 'string' && text.trim() !== '', `${file}: ${key} has text`).toBe(true);
      }
    }
    expect(() => mergedMessages(root, language)).not.toThrow();
  });

  it.each(languages)('compiles every %s message (valid ICU MessageFormat)', (language) => {
    expect(compileLanguage(root, language)).toContain('export default');
  });

  it('has a message for every literal key the code passes to t()', () => {
    const known = new Set(Object.keys(mergedMessages(root, first)));
    const unknown: string[] = [];
    for (const file of sourceFiles(path.join(root, 'src/web'))) {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      for (const match of code.matchAll(/\bt\(\s*'([\w.-]+)'/g)) {
        if (!known.has(match[1] ?? '')) unknown.push(`${path.relative(root, file)}: ${match[1]}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('splits the texts by feature: code uses its own feature\'s keys and the core ones only, never another feature\'s', () => {
    const bundleOfKey = new Map<string, string>();
    for (const { file, messages } of catalogueFiles(root, first)) for (const key of Object.keys(messages)) bundleOfKey.set(key, bundleOf(file));
    expect(featureBundles(root).length).toBeGreaterThan(0);
    const crossing: string[] = [];
    for (const file of sourceFiles(path.join(root, 'src/web'))) {
      const relative = path.relative(root, file).split(path.sep).join('/');
      const own = bundleOf(relative);
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      for (const match of code.matchAll(/\bt(?:\.has)?\(\s*'([\w.-]+)'/g)) {
        const bundle = bundleOfKey.get(match[1] ?? '');
        if (bundle !== undefined && bundle !== coreBundle && bundle !== own) crossing.push(`${relative}: ${match[1]} (${bundle}'s)`);
      }
    }
    expect(crossing).toEqual([]);
  });

  it('loads every feature bundle with a page: app/router.tsx names each feature in a guarded route', () => {
    const router = readFileSync(path.join(root, 'src/web/app/router.tsx'), 'utf8');
    const named = new Set([...router.matchAll(/guarded\(\[[^\]]*\],\s*'([\w-]+)'/g)].map((m) => m[1]));
    expect(featureBundles(root).filter((feature) => !named.has(feature) && !lazyComponentBundles.includes(feature))).toEqual([]);
    expect([...named].filter((feature) => !featureBundles(root).includes(feature ?? ''))).toEqual([]);
  });

  it('loads the texts of each lazily loaded component folder beside its code (loadFeatureMessages of its name)', () => {
    const sources = readdirSync(path.join(root, 'src/web/components'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => readFileSync(path.join(root, 'src/web/components', file), 'utf8'))
      .join('\n');
    expect(lazyComponentBundles.filter((bundle) => !featureBundles(root).includes(bundle))).toEqual([]);
    expect(lazyComponentBundles.filter((bundle) => !sources.includes(`loadFeatureMessages('${bundle}')`))).toEqual([]);
  });
});
