/** The voucher editor benchmark page: the voucher grid alone on a generated voucher (bench/voucher-editor.ts). */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  logLevel: 'warn',
  // Built outside the source tree (linters skip node_modules).
  build: { outDir: fileURLToPath(new URL('../../node_modules/.cache/voucher-bench-page', import.meta.url)), emptyOutDir: true },
});
