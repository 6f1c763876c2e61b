import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'grids/**/*.test.ts', 'formulas/**/*.test.ts', 'templates/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/repository/property-seed.ts'],
    // One migrated SQLite file and PostgreSQL database for the run; each API test server copies them.
    globalSetup: ['src/server/test-support/template-databases.ts'],
    // Vitest's default leaves one core idle (cores − 1): on our two-core machines that ran the API suites one file at
    // a time, half of it waiting on SQLite and PostgreSQL. Two workers keep both cores busy.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
