/**
 * End-to-end tests in real Chromium against the real server (no mocks). The server runs on a
 * fresh data directory per run; tests read captcha answers from its database file, so the
 * directory is created here once and handed to the test workers through E2E_DATA_DIR.
 */
import fs from 'node:fs';
import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { LIMIT_NOTICE, LIMIT_TITLE } from './e2e/support/demo.js';

const port = Number(process.env.E2E_PORT ?? 8091);
// A second server with a login notice and its own title (spec: islimit / limit_info, page title).
const limitPort = Number(process.env.E2E_LIMIT_PORT ?? port + 1);
process.env.E2E_LIMIT_URL = `http://localhost:${limitPort}`;
// The config is loaded again in each worker: keep the directories the runner made.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(`${os.tmpdir()}/ufc-e2e-`);
process.env.E2E_LIMIT_DATA_DIR ??= fs.mkdtempSync(`${os.tmpdir()}/ufc-e2e-limit-`);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 800 },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  globalTeardown: './e2e/global-teardown.ts',
  webServer: [
    {
      command: 'npx tsx src/server/main.ts',
      port,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    },
    {
      command: 'npx tsx src/server/main.ts',
      port: limitPort,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(limitPort),
        DATA_DIR: process.env.E2E_LIMIT_DATA_DIR,
        LOG_LEVEL: 'warn',
        LIMIT_INFO: LIMIT_NOTICE,
        APP_TITLE: LIMIT_TITLE,
      },
    },
  ],
});
