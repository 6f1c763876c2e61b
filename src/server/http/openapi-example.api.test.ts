/**
 * The example for other programs (examples/post-voucher.mjs) runs against a real server as such a
 * program would, in a child process: it signs in, signs its calls, posts a balanced voucher and
 * prints the trial balance it read, amounts in yuan. It stays what it claims to be: plain Node
 * (node: modules only, nothing of this repository) calling documented paths only.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { FACTORY } from '../vouchers/voucher-test-kit.js';

const SCRIPT = new URL('../../../examples/post-voucher.mjs', import.meta.url);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the script with its settings in the environment or its arguments, as its header says, and waits for it. */
function runScript(env: Record<string, string>, args: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT.pathname, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

// The script's calls do not depend on the database: SQLite is enough.
describe('the example script of the documented API', () => {
  let server: TestServer;
  let settings: Record<string, string>;
  beforeAll(async () => {
    // A program cannot read a captcha image: the server runs as CAPTCHA=off has it.
    server = await startTestServer('sqlite', { captcha: false });
    settings = {
      UFC_BASE_URL: server.url,
      UFC_LOGIN: 'kuaiji',
      UFC_PASSWORD: 'Kuaiji@123',
      UFC_SET: FACTORY,
      UFC_YEAR: '2026',
      UFC_AMOUNT: '1234.56',
    };
  });
  afterAll(() => server.close());

  it('signs in, posts a balanced voucher in the current month and prints the trial balance it read, in yuan', async () => {
    const run = await runScript(settings);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines).toContain(`账套 ${FACTORY} 2026 年`);
    expect(run.stdout).toMatch(/^凭证 记-0001 2026-01-\d\d 借 1234\.56 贷 1234\.56$/m);
    expect(lines).toContain('科目余额表 2026-01（元）');
    expect(lines).toContain('101 库存现金 借方发生 1234.56 贷方发生 0.00');
    expect(lines).toContain('401 会费收入 借方发生 0.00 贷方发生 1234.56');
    expect(lines).toContain('合计 借方发生 1234.56 贷方发生 1234.56 平衡');

    // What it printed is what the books hold: the voucher saved, in its month.
    const kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    const listed = await kuaiji.get<{ totalItemCount: number }>(Paths.certificate, { year: 2026, beginMonth: 1, endMonth: 1 });
    expect(listed.body.data.totalItemCount).toBe(1);
  });

  it('stops with the server refusal when asked to post more than two decimals', async () => {
    const run = await runScript(settings, ['--amount', '10.005', '--month', '3']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^POST \/account\/api\/certificate: \d+ .*两位小数/);
  });

  it('is plain Node calling documented paths only', async () => {
    const text = fs.readFileSync(SCRIPT, 'utf8');
    const imports = [...text.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1] ?? '');
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((name) => !name.startsWith('node:'))).toEqual([]);

    const admin = new ApiClient(server.url);
    await admin.logOn(null, 'admin', 'Admin@123');
    const doc = JSON.parse(Buffer.from((await admin.download(Paths.apiDocsJson)).bytes).toString('utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const called = [...text.matchAll(/call\('(GET|POST)', '([^']+)'/g)].map(([, method = '', path = '']) => ({ method, path }));
    expect(called.length).toBeGreaterThanOrEqual(8);
    expect(called.filter(({ method, path }) => !doc.paths[path]?.[method.toLowerCase()])).toEqual([]);
  });
});
