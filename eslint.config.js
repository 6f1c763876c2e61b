// ESLint flat config: type-checked TypeScript rules for the whole tree, React hooks rules for the
// client, and a boundary rule that keeps src/shared free of React, Fastify and Kysely.
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
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', 'fastify', 'kysely', 'better-sqlite3', 'pg'] }] },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
