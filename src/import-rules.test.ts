import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of `npm run lint` (.dependency-cruiser.mjs, docs/design.md "Boundaries") fire: the project's own
 * configuration is run over a small tree written for the purpose, with one import breaking each rule and the imports
 * the rules allow beside them. The tree is written at test time, outside the sources the real lint reads.
 */
const files: Record<string, string> = {
  // a feature importing another, from its folder and from a subfolder
  'src/web/features/alpha/alpha-page.tsx': "import { beta } from '../beta/beta-api.ts';\nimport { shared } from '../../lib/shared.ts';\nexport const page = [beta, shared];\n",
  'src/web/features/alpha/api/alpha-query.ts': "import { beta } from '../../beta/beta-api.ts';\nimport { page } from '../alpha-page.tsx';\nexport const query = [beta, page];\n",
  'src/web/features/beta/beta-api.ts': 'export const beta = 1;\n',
  // shared code importing a feature; the app composing features (allowed)
  'src/web/lib/shared.ts': 'export const shared = 1;\n',
  'src/web/components/widget.tsx': "import { beta } from '../features/beta/beta-api.ts';\nimport { db } from '../../server/db.ts';\nexport const widget = [beta, db];\n",
  'src/web/app/router.tsx': "import { page } from '../features/alpha/alpha-page.tsx';\nimport { contract } from '../../contract/contract.ts';\nexport const routes = [page, contract];\n",
  // the server importing the dashboard, the contract importing the server
  'src/server/db.ts': "import { contract } from '../contract/contract.ts';\nexport const db = contract;\n",
  'src/server/routes/route.ts': "import { shared } from '../../web/lib/shared.ts';\nexport const route = shared;\n",
  'src/contract/contract.ts': 'export const contract = 1;\n',
  'src/contract/uses-server.ts': "import { db } from '../server/db.ts';\nexport const leak = db;\n",
  // a circle of type-only imports, one `import type`, one `import { type … }`
  'src/server/seed/left.ts': "import type { Right } from './right.ts';\nexport interface Left { right?: Right }\n",
  'src/server/seed/right.ts': "import { type Left } from './left.ts';\nexport interface Right { left?: Left }\n",
};

let root = '';
let violations: { rule: string; from: string; to: string }[] = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { allowImportingTsExtensions: true, noEmit: true, module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' } }));
  const options = await extractDepcruiseOptions(path.resolve(import.meta.dirname, '../.dependency-cruiser.mjs'));
  const result = await cruise(['src'], { ...options, baseDir: root, outputType: 'json' });
  const output = (typeof result.output === 'string' ? JSON.parse(result.output) : result.output) as ICruiseResult;
  violations = output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the import rules of npm run lint', () => {
  it('report a feature importing another feature, from its folder and from a subfolder', () => {
    expect(violations.filter((v) => v.rule === 'feature-imports-feature')).toEqual([
      { rule: 'feature-imports-feature', from: 'src/web/features/alpha/alpha-page.tsx', to: 'src/web/features/beta/beta-api.ts' },
      { rule: 'feature-imports-feature', from: 'src/web/features/alpha/api/alpha-query.ts', to: 'src/web/features/beta/beta-api.ts' },
    ]);
  });

  it('report shared code (components/, lib/) importing a feature', () => {
    expect(violations.filter((v) => v.rule === 'shared-imports-feature')).toEqual([
      { rule: 'shared-imports-feature', from: 'src/web/components/widget.tsx', to: 'src/web/features/beta/beta-api.ts' },
    ]);
  });

  it('report the dashboard importing the server, the server the dashboard, and the contract either', () => {
    expect(violations.filter((v) => /-imports-(server|web|a-half)$/.test(v.rule))).toEqual([
      { rule: 'web-imports-server', from: 'src/web/components/widget.tsx', to: 'src/server/db.ts' },
      { rule: 'server-imports-web', from: 'src/server/routes/route.ts', to: 'src/web/lib/shared.ts' },
      { rule: 'contract-imports-a-half', from: 'src/contract/uses-server.ts', to: 'src/server/db.ts' },
    ].sort((a, b) => a.from.localeCompare(b.from)));
  });

  it('report a circle made of type-only imports', () => {
    const cycles = violations.filter((v) => v.rule === 'no-cycle');
    expect(cycles.length).toBeGreaterThan(0);
    expect(cycles.every((v) => v.from.startsWith('src/server/seed/') && v.to.startsWith('src/server/seed/'))).toBe(true);
  });

  it('leave alone what they allow: a feature importing its own files and lib/, the app importing features, every half the contract', () => {
    const allowed = new Set(['src/web/app/router.tsx', 'src/server/db.ts']);
    expect(violations.filter((v) => allowed.has(v.from))).toEqual([]);
    expect(violations.filter((v) => v.to === 'src/web/lib/shared.ts' && v.from.startsWith('src/web/'))).toEqual([]);
    expect(violations.filter((v) => v.from === 'src/web/features/alpha/api/alpha-query.ts' && v.to.includes('/alpha/'))).toEqual([]);
  });
});
