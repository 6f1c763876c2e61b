/** The grid benchmark page: GridEditor alone on a generated 10,000 x 8 grid (bench/grid-render.ts). */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  logLevel: 'warn',
  // Built outside the source tree (linters skip node_modules).
  build: { outDir: fileURLToPath(new URL('../../node_modules/.cache/grid-bench-page', import.meta.url)), emptyOutDir: true },
});
