// ESLint flat config: type-checked TypeScript rules for the whole tree, React hooks rules for the
// client, a boundary rule that keeps src/shared free of React, Fastify and Kysely and of anything of
// ours outside it, and one that lets the client take only types from the API schemas.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** What the pure layers (src/shared, grids, formulas, templates) never import. */
const PURE_LAYER = ['react', 'react-*', 'fastify', '@fastify/*', 'kysely', 'ag-grid-*', '**/server/**', '**/client/**'];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['eslint.config.js'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/shared/**/*.ts', 'grids/**/*.ts', 'formulas/**/*.ts', 'templates/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: PURE_LAYER }] },
  },
  // src/shared is the ground floor: it imports nothing of ours from outside itself (grids/,
  // formulas/ and templates/ build on it, never the other way). An import that climbs out of
  // src/shared is refused; how many '../' that takes depends on the file's depth. Tests may take
  // fixtures (the report templates) from above.
  ...[1, 2, 3].map((depth) => ({
    files: [`src/shared/${'*/'.repeat(depth - 1)}*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: PURE_LAYER },
            {
              regex: `^(\\.\\./){${depth},}`,
              message: 'src/shared imports nothing of ours outside src/shared (the workbook lives in grids/workbook)',
            },
          ],
        },
      ],
    },
  })),
  {
    // The client takes its API types from the schemas, never the schema code: a type import is
    // erased, so the bundle carries no TypeBox.
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', 'fastify', 'kysely', 'better-sqlite3', 'pg'] },
            { group: ['typebox', '**/api/schemas/*'], allowTypeImports: true, message: 'import the types only (import type)' },
          ],
        },
      ],
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
  // The examples for other programs are plain Node scripts outside the TypeScript project.
  { files: ['examples/**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
