import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

/** The dashboard and the contract use zod/mini: classic zod's chainable methods cost ~10 kB of script on the wire (issue 7). */
const classicZod = { regex: '^zod$', message: 'the dashboard and the contract use zod/mini (classic zod adds ~10 kB to the bundle)' };

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'src/server/db/migrations', 'test-results', 'playwright-report', 'e2e/artifacts', 'bench/.data'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js', 'src/server/seed/chunk-worker-boot.mjs', 'tools/build.mjs'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Folder boundaries and import cycles are not here: .dependency-cruiser.mjs holds them (docs/design.md, Boundaries).
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [classicZod] }] },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod/mini$|\\./)', message: 'contract imports zod/mini only (the dashboard bundles it; classic zod adds ~10 kB)' }] }] },
  },
  {
    // No literal user-facing text in JSX (children, and attributes people read or hear): it goes through t().
    files: ['src/web/**/*.tsx'],
    ignores: ['src/web/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['title', 'alt', 'placeholder', 'label', 'aria-label', 'aria-valuetext', 'aria-roledescription', '.*[lL]abel', '.*[tT]itle', 'hint', 'detail', 'description', 'message'] },
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s·•—–…«»‹›↑↓×]+'] },
        },
      ],
    },
  },
  { files: ['eslint.config.js', '.dependency-cruiser.mjs'], extends: [tseslint.configs.disableTypeChecked] },
);
