/**
 * Opening a voucher in the product (issue 4 §9, "opening a voucher of 2,000 lines, target 1 s"):
 * the real client built for production, the real server on a fresh SQLite data directory holding
 * a saved 2,000-line voucher, Debian Chromium through Playwright. A bookkeeper signs in, opens
 * 凭证录入 (a blank voucher) and presses PageUp for the previous voucher, which is the big one:
 * measured from that keydown to the frame with its first lines on screen, and to the frame with
 * its totals in Chinese capitals. That includes the neighbour call (2,000 lines read, sent and
 * parsed), the rows built from it, the grid mounted anew, the shared rules run over every line and
 * the subjects' balances asked.
 *
 * Each sample is a new browser context (the first big voucher a fresh tab opens); a second open in
 * the same tab (Ctrl+N, then PageUp again) is reported as `again`. Writes
 * bench/results/voucher-open.json. bench/voucher-editor.ts measures the cold page load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { build } from 'vite';
import { Paths } from '../src/shared/api/paths.js';
import type { SaveVoucherRequest } from '../src/shared/api/vouchers.js';
import { desktopContext, launchChromium } from './support/browser.js';
import { call, DEMO_LOGINS, openSession, startServer, stopServer } from './support/server.js';
import { machine, percentileOf, round, sampleSummary, writeResult } from './support/stats.js';

const LINES = Number(process.env.BENCH_VOUCHER_OPEN_LINES ?? 2_000);
const RUNS = Number(process.env.BENCH_VOUCHER_OPEN_RUNS ?? 7);
const PORT = Number(process.env.BENCH_VOUCHER_OPEN_PORT ?? 8101);
const SET = '示范市实验中学工会';
const YEAR = 2026;
const TARGET_MS = 1_000;
const clientDir = fileURLToPath(new URL('../node_modules/.cache/voucher-open-client', import.meta.url));

const summaryOf = (i: number) => `第${Math.floor(i / 2) + 1}笔业务费用`;

/** Balanced pairs: a debit on an expense subject, its credit on cash or bank; December, so it is the year's last. */
function bigVoucher(): SaveVoucherRequest {
  return {
    year: YEAR,
    month: 12,
    pzDate: `${YEAR}-12-15`,
    certificateType: 1,
    numberOfDocument: 1,
    certiDetails: Array.from({ length: LINES }, (_, i) => {
      const amount = `${100 + (Math.floor(i / 2) % 97) * 13}.${String(i % 100).padStart(2, '0')}`;
      const pair = Math.floor(i / 2);
      return i % 2 === 0
        ? { summary: summaryOf(i), subjectCode: pair % 2 ? '50102' : '50101', debitAmount: amount, creditAmount: null }
        : { summary: summaryOf(i), subjectCode: pair % 2 ? '102' : '101', debitAmount: null, creditAmount: amount };
    }).map((line, i, all) => (i % 2 === 1 ? { ...line, creditAmount: all[i - 1]?.debitAmount ?? null } : line)),
  };
}

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByRole('textbox', { name: '登录名' }).fill(DEMO_LOGINS.accountant.loginName);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_LOGINS.accountant.password);
  await page.getByRole('button', { name: '登 录' }).click();
  await page.waitForURL(/\/selecting$/);
  await page.getByRole('searchbox', { name: '搜索账套' }).fill(SET);
  await page.getByRole('combobox', { name: '会计年度' }).selectOption(String(YEAR));
  await page.getByRole('searchbox', { name: '搜索账套' }).press('Enter');
  await page.waitForURL(/\/home$/);
}

declare global {
  interface Window {
    __voucherOpen: { t0: number; lines: number | null; totals: number | null };
  }
}

/** PageUp on a blank voucher; the keydown (capture, before the page) to the frames showing the big one. */
async function openPrevious(page: Page): Promise<{ lines: number; totals: number }> {
  // A string, not a function: tsx names inner functions through a helper the page lacks.
  await page.evaluate(`(() => {
    const mark = { t0: 0, lines: null, totals: null };
    window.__voucherOpen = mark;
    const poll = () => {
      const first = document.querySelector('.voucher-table .ag-row:not(.ag-row-pinned)[row-index="0"] [col-id="summary"]');
      const total = document.querySelector('.voucher-table .ag-row-pinned [col-id="summary"]');
      if (mark.lines === null && first?.textContent === ${JSON.stringify(summaryOf(0))}) mark.lines = performance.now() - mark.t0;
      if (mark.lines !== null && total?.textContent?.startsWith('合计：')) mark.totals = performance.now() - mark.t0;
      else requestAnimationFrame(poll);
    };
    window.addEventListener('keydown', (e) => {
      if (e.key !== 'PageUp' || mark.t0) return;
      mark.t0 = performance.now();
      requestAnimationFrame(poll);
    }, { capture: true });
  })()`);
  await page.keyboard.press('PageUp');
  await page.waitForFunction(() => window.__voucherOpen.totals !== null, null, { timeout: 60_000 });
  return page.evaluate(() => ({ lines: window.__voucherOpen.lines ?? NaN, totals: window.__voucherOpen.totals ?? NaN }));
}

/** A blank voucher with the focus in its grid, as 凭证录入 opens. */
async function blankVoucher(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const summary = document.querySelector('.voucher-table .ag-row[row-index="0"] [col-id="summary"]');
    return summary !== null && summary.textContent === '' && document.activeElement?.closest('.voucher-table') !== null;
  });
}

async function sample(browser: Browser, base: string) {
  const context = await desktopContext(browser);
  try {
    const page = await context.newPage();
    await signIn(page, base);
    await page.goto(`${base}/accounting-management/voucher-management/voucherAdd`);
    await blankVoucher(page);
    const first = await openPrevious(page);
    await page.keyboard.press('Alt+N');
    await blankVoucher(page);
    const again = await openPrevious(page);
    return { first, again };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const loadAtStart = round(os.loadavg()[0] ?? 0);
  await build({ logLevel: 'warn', build: { outDir: clientDir, emptyOutDir: true } });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'voucher-open-'));
  const server = startServer(dataDir, PORT, { CLIENT_DIR: clientDir });
  const browser = await launchChromium();
  try {
    await server.ready;
    const session = await openSession(server.base, DEMO_LOGINS.accountant, SET, YEAR);
    // Openings saved (all zero will do): the financial check lets a set with none into 凭证录入.
    const openings = await call(server.base, session, 'POST', Paths.branchSave, { detailList: [], confirmPrompt: true });
    if (!openings.body.success) throw new Error(`saving the openings failed: ${openings.body.errorMsg}`);
    const saved = await call(server.base, session, 'POST', Paths.certificate, { ...bigVoucher() });
    if (!saved.body.success) throw new Error(`saving the ${LINES}-line voucher failed: ${saved.body.errorMsg}`);

    const samples = [];
    for (let i = 0; i < RUNS; i++) samples.push(await sample(browser, server.base));
    const firstLines = samples.map((s) => s.first.lines);
    const median = percentileOf(firstLines, 50);
    writeResult('voucher-open', {
      benchmark: 'voucher-open',
      at: new Date().toISOString(),
      machine: { ...machine().machine, browser: browser.version() },
      loadAverage1m: loadAtStart,
      voucher: { lines: LINES },
      note: `PageUp on a blank voucher in 凭证录入 to the frame with the ${LINES}-line voucher's first lines on screen (lines) and to the frame with its totals in Chinese capitals (totals); first: the first open in a new tab, again: a second open in the same tab`,
      firstOpenMs: { lines: sampleSummary(firstLines), totals: sampleSummary(samples.map((s) => s.first.totals)) },
      againMs: {
        lines: sampleSummary(samples.map((s) => s.again.lines)),
        totals: sampleSummary(samples.map((s) => s.again.totals)),
      },
      samples: samples.map((s) => ({
        first: { lines: round(s.first.lines), totals: round(s.first.totals) },
        again: { lines: round(s.again.lines), totals: round(s.again.totals) },
      })),
      target: { openMs: TARGET_MS, measure: 'median of firstOpenMs.lines' },
      pass: median <= TARGET_MS,
    });
  } finally {
    await browser.close();
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
