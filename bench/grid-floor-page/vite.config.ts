/** The grid benchmark's floor page: the same grid on React and AG Grid alone (bench/grid-render.ts). */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VENDOR_CHUNKS } from '../../src/build/vendor-chunks.js';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  logLevel: 'warn',
  // Built into this checkout's dist (linters skip it; node_modules may be shared between checkouts).
  build: {
    outDir: fileURLToPath(new URL('../../dist/bench/grid-floor-page', import.meta.url)),
    emptyOutDir: true,
    // Chunked as the app is, so the cold load fetches what a grid page of the app fetches.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_CHUNKS }, strictExecutionOrder: true } },
  },
});
