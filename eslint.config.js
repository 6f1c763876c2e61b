// ESLint flat config: type-checked TypeScript rules for the whole tree, React hooks rules for the
// client, a boundary rule that keeps src/shared free of React, Fastify and Kysely, and one that lets
// the client take only types from the API schemas.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', 'fastify', '@fastify/*', 'kysely', 'ag-grid-*', '**/server/**', '**/client/**'] },
      ],
    },
  },
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
