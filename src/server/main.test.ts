import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_BOOKS_NOTE } from './seed/demo-ledger.js';

/** The real entry point as `npm start` runs it: first start seeds, prints the URL, demo accounts and demo data, SIGTERM ends it cleanly. */
describe('server process', () => {
  it('starts on an empty data folder, answers, and shuts down gracefully on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-main-'));
    const port = 18000 + Math.floor(Math.random() * 2000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SCRYPT_LOG_N: '12' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // The first start seeds the whole demo quarter; on a loaded machine that takes a while.
      const deadline = Date.now() + 60_000;
      while (!out.includes('kuaiji') && child.exitCode === null && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(out).toContain(`http://localhost:${port}`);
      for (const account of ['admin    Admin@123', 'kuaiji   Kuaiji@123', 'shenhe   Shenhe@123', 'chuna    Chuna@123'])
        expect(out).toContain(account);
      expect(out).toContain(DEMO_BOOKS_NOTE);
      expect(fs.existsSync(path.join(dataDir, 'ledger.sqlite'))).toBe(true);
      const config = (await (await fetch(`http://127.0.0.1:${port}/api/config`)).json()) as { success: boolean };
      expect(config.success).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);
});
