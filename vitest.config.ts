import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'grids/**/*.test.ts', 'formulas/**/*.test.ts', 'templates/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/repository/property-seed.ts'],
    // Vitest's default leaves one core idle (cores − 1): on our two-core machines that ran the API suites one file at
    // a time, half of it waiting on SQLite and PostgreSQL. Two workers keep both cores busy.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
