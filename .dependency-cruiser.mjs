/**
 * The import graph's rules (docs/design.md, "Boundaries"), checked by `npm run lint` after ESLint and proven to fire by
 * src/import-rules.test.ts. Each rule names folders by pattern, never by a list: a new feature, server folder or shared
 * module is covered the day it is created. ESLint keeps the rules about package names (zod/mini, not zod).
 *
 * Why dependency-cruiser and not import-x/no-cycle: no-cycle skips type-only imports (by design, no option), and a cycle
 * of types is still two modules that cannot be understood, moved or split apart one without the other.
 */

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No module reaches itself through its imports (type-only and dynamic imports included): move what both sides need to a third module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-imports-feature',
      severity: 'error',
      comment: 'A feature (src/web/features/<name>/) never imports another feature: what two share moves to components/ or lib/.',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'shared-imports-feature',
      severity: 'error',
      comment: "components/ and lib/ are shared by the features, so they never import one (app/ composes the features and may).",
      from: { path: '^src/web/(components|lib)/' },
      to: { path: '^src/web/features/' },
    },
    {
      name: 'web-imports-server',
      severity: 'error',
      comment: 'The dashboard and the server never import each other: src/contract is the only ground they share.',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-imports-web',
      severity: 'error',
      comment: 'The dashboard and the server never import each other: src/contract is the only ground they share.',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'contract-imports-a-half',
      severity: 'error',
      comment: 'The contract is the ground both halves stand on: it imports neither (ESLint holds the rest: zod/mini and its own modules only).',
      from: { path: '^src/contract/' },
      to: { path: '^src/(web|server)/' },
    },
  ],
  options: {
    // type-only imports are dependencies too (`import type`, `import { type X }`): cycles of types count
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: ['node_modules'] },
    exclude: { path: ['^src/server/db/migrations/'] },
  },
};
