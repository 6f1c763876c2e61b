/**
 * Vite: the client lives in src/client and builds to dist/client, which the server serves.
 * `npm run dev` proxies the API (regex keys, so client routes such as /accounting-management are
 * not caught by a bare /account prefix) and starts the API server itself unless API_URL is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { chunkBudget } from './src/build/chunk-budget.js';
import { VENDOR_CHUNKS } from './src/build/vendor-chunks.js';
import { CSP_NONCE_PLACEHOLDER } from './src/shared/csp.js';

const rootDir = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const apiPort = process.env.API_PORT ?? '8080';
const apiTarget = process.env.API_URL ?? `http://localhost:${apiPort}`;

/** Starts `tsx watch src/server/main.ts` with the dev server and stops it when Vite closes. */
function apiServer(): Plugin {
  let child: ChildProcess | null = null;
  // npx starts tsx, which starts node: the child leads its own process group, and the whole
  // group is stopped together.
  const stop = () => {
    if (child?.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    }
    child = null;
  };
  return {
    name: 'ufc-api-server',
    apply: 'serve',
    configureServer(server) {
      if (process.env.API_URL) return;
      child = spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
        cwd: rootDir,
        env: { ...process.env, PORT: apiPort },
        stdio: 'inherit',
        detached: true,
      });
      // A Ctrl-C reaches Vite's process group only: stop the server's group too, then exit.
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => {
          stop();
          process.exit(signal === 'SIGINT' ? 130 : 143);
        });
      }
      child.on('exit', (code) => {
        if (code) server.config.logger.warn(`API server exited with code ${code}`);
      });
      server.httpServer?.once('close', stop);
      process.once('exit', stop);
    },
    buildEnd: stop,
  };
}

export default defineConfig({
  root: 'src/client',
  plugins: [react(), apiServer(), chunkBudget()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  // The page's style nonce: the server writes each answer's own in its place (src/server/http/app-page.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    // chunkBudget() holds every chunk to 500 kB and names the two that are one prebuilt module of
    // a dependency (AG Grid, exceljs); Vite's own warning would only repeat those two.
    chunkSizeWarningLimit: 1000,
    // Splitting a library into chunks must keep its modules' order of evaluation (HyperFormula's
    // modules import one another in cycles).
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_CHUNKS }, strictExecutionOrder: true } },
  },
  server: {
    proxy: {
      '^/api/': { target: apiTarget, changeOrigin: true },
      '^/(account|userCenter|usercenter|bill|files|fixedassets|budget|final)/api/': { target: apiTarget, changeOrigin: true },
    },
  },
});
