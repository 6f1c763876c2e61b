import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'grids/**/*.test.ts', 'formulas/**/*.test.ts', 'templates/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/repository/property-seed.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
