/**
 * Keying bench (issue 17 §7): a bookkeeper keys 20 vouchers into 凭证录入 with the keyboard only,
 * in Debian Chromium through Playwright, against the real server and the production build:
 * summaries through an input method (its composition driven over the DevTools protocol, one
 * pinyin letter at a time, then the commit), subjects as pinyin initials (`yhck⏎`, `wthd⏎`), a
 * name and a half-typed code, amounts, `=`, Space, Ctrl+S. Once at a bookkeeper's pace
 * (BENCH_KEYING_PACE_MS between keys, 120 ms: about eight keys a second) and once at full speed
 * (no pause). Reports per run: keystrokes per voucher, ms per voucher, the subject lookups that
 * resolved to the intended subject (read back from the saved lines), and the time from a key in
 * a subject or summary cell to the first frame showing its candidate list (p95 target <= 16 ms).
 * Writes bench/results/voucher-keying.json.
 */
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type CDPSession, type Page } from '@playwright/test';
import { build } from 'vite';
import { VOUCHER_ADD_PATH } from '../src/shared/financial-state.js';
import { desktopContext, launchChromium } from './support/browser.js';
import { DEMO_LOGINS, startServer, stopServer } from './support/server.js';
import { machine, percentileOf, round, sampleSummary, writeResult } from './support/stats.js';

const VOUCHERS = Number(process.env.BENCH_KEYING_VOUCHERS ?? 20);
const PACE_MS = Number(process.env.BENCH_KEYING_PACE_MS ?? 120);
const PORT = Number(process.env.BENCH_KEYING_PORT ?? 8097);
const SET = '示范市实验中学工会';
const YEAR = 2026;
const PAINT_TARGET_MS = 16;

declare global {
  interface Window {
    __keying: { t0: number; paints: number[] };
  }
}

/** One line as keyed: the summary (IME pinyin and text, or text committed at once), the subject keys. */
interface Line {
  summary: { pinyin: string; text: string } | { text: string };
  subject: { keys: string; code: string } | { name: string; code: string };
  /** Keys after the subject: the amount and its Enter, or `=`. */
  amount: string;
}

function voucherLines(i: number): Line[] {
  const a = 100 + i;
  const b = 50 + 2 * i;
  const last: Line =
    i % 2 === 0
      ? { summary: { pinyin: 'shou', text: '收到会费' }, subject: { keys: '40', code: '401' }, amount: '=' }
      : { summary: { text: '拨付慰问金' }, subject: { name: '库存现金', code: '101' }, amount: '=' };
  return [
    { summary: { pinyin: 'shoudaohuifei', text: '收到会费' }, subject: { keys: 'yhck', code: '102' }, amount: `${a}\n` },
    { summary: { pinyin: 'wthd', text: '文体活动' }, subject: { keys: 'wthd', code: '50102' }, amount: `${b}\n` },
    last,
  ];
}

const pause = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/** Keys one voucher; returns the keystrokes it took (IME: each pinyin letter and the commit). */
async function keyVoucher(page: Page, cdp: CDPSession, lines: Line[], paceMs: number): Promise<number> {
  let keys = 0;
  const type = async (text: string) => {
    await page.keyboard.type(text, { delay: paceMs });
    keys += text.length;
  };
  // A new voucher starts on the date: Enter through 日期, 凭证字 and 附单据 into the first summary.
  await type('\n\n\n');
  for (const line of lines) {
    if ('pinyin' in line.summary) {
      const { pinyin, text } = line.summary;
      for (let n = 1; n <= pinyin.length; n += 1) {
        await cdp.send('Input.imeSetComposition', { text: pinyin.slice(0, n), selectionStart: n, selectionEnd: n });
        await pause(paceMs);
      }
      await cdp.send('Input.insertText', { text });
      keys += pinyin.length + 1;
    } else {
      await page.keyboard.insertText(line.summary.text);
      keys += 1;
    }
    await pause(paceMs);
    await type('\n');
    if ('keys' in line.subject) await type(line.subject.keys);
    else {
      // A name by the IME: one commit.
      await page.keyboard.insertText(line.subject.name);
      keys += 1;
      await pause(paceMs);
    }
    await type('\n');
    await type(line.amount);
  }
  await page.keyboard.press('Control+s');
  return keys + 2;
}

/**
 * From a key (or an IME's commit) in a subject or summary cell to the first frame after its list
 * changed. A string, not a function: tsx would wrap the function's inner names in a helper the
 * browser lacks.
 */
const INSTRUMENT = `(() => {
  window.__keying = { t0: 0, paints: [] };
  const lookupCell = (el) => el instanceof HTMLElement &&
    (el.getAttribute('role') === 'combobox' || ['subjectCode', 'summary'].includes(el.getAttribute('col-id') ?? ''));
  const start = (e) => {
    if (lookupCell(e.target) || lookupCell(document.activeElement)) window.__keying.t0 = performance.now();
  };
  window.addEventListener('keydown', (e) => { if (e.key.length === 1) start(e); }, true);
  window.addEventListener('compositionend', start, true);
  new MutationObserver((records) => {
    const k = window.__keying;
    if (!k.t0 || !records.some((r) => r.target instanceof HTMLElement && r.target.classList.contains('ufc-ac-list'))) return;
    const t0 = k.t0;
    k.t0 = 0;
    requestAnimationFrame(() => k.paints.push(performance.now() - t0));
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
})()`;

async function instrument(page: Page): Promise<void> {
  await page.evaluate(INSTRUMENT);
}

async function run(page: Page, cdp: CDPSession, base: string, paceMs: number, first: number) {
  await page.goto(`${base}${VOUCHER_ADD_PATH}`);
  // The keying starts on the date, as a new voucher does after every save.
  const date = page.locator('.voucher-head').getByLabel('日期');
  await expect(date).toBeEditable({ timeout: 20_000 });
  await date.focus();
  await instrument(page);
  const keys: number[] = [];
  const ms: number[] = [];
  const number = page.getByTestId('voucher-number');
  // A voucher that does not save (a key lost) ends the run: it is reported, with its picture.
  let stopped: { voucher: number; screenshot: string } | null = null;
  for (let i = 0; i < VOUCHERS; i += 1) {
    const t0 = performance.now();
    const k = await keyVoucher(page, cdp, voucherLines(first + i), paceMs);
    try {
      await expect(number).toHaveValue(String(first + i + 2), { timeout: 10_000 });
    } catch {
      const screenshot = path.join(os.tmpdir(), `voucher-keying-${first + i}.png`);
      await page.screenshot({ path: screenshot });
      stopped = { voucher: i + 1, screenshot };
      break;
    }
    keys.push(k);
    ms.push(performance.now() - t0);
  }
  const paints = await page.evaluate(() => window.__keying.paints);
  return { keys, ms, paints, stopped };
}

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-keying-'));
  const server = startServer(dataDir, PORT, { SEED_DEMO: 'on' });
  const browser = await launchChromium();
  try {
    await server.ready;
    const dbFile = path.join(dataDir, 'ledger.sqlite');
    const db = new Database(dbFile);
    const zt = (db.prepare('select id from zt_info where name = ?').get(SET) as { id: number }).id;
    db.prepare('update zt_year set subjects_initialised = 1 where zt_id = ? and year = ?').run(zt, YEAR);
    db.close();

    const context = await desktopContext(browser);
    const page = await context.newPage();
    await page.goto(`${server.base}/`);
    await page.getByRole('textbox', { name: '登录名' }).fill(DEMO_LOGINS.accountant.loginName);
    await page.getByLabel('密码', { exact: true }).fill(DEMO_LOGINS.accountant.password);
    await page.keyboard.press('Enter');
    await page.getByRole('searchbox', { name: '搜索账套' }).fill(SET);
    await page.getByRole('combobox', { name: '会计年度' }).selectOption(String(YEAR));
    await page.getByRole('searchbox', { name: '搜索账套' }).press('Enter');
    await page.waitForURL(/\/home$/);
    await page.goto(`${server.base}${VOUCHER_ADD_PATH}`);
    const cdp = await context.newCDPSession(page);

    const runs: Record<string, unknown>[] = [];
    let savedSoFar = 0;
    for (const [name, paceMs] of [
      ['bookkeeper', PACE_MS],
      ['fullSpeed', 0],
    ] as const) {
      const first = savedSoFar;
      const { keys, ms, paints, stopped } = await run(page, cdp, server.base, paceMs, first);
      const read = new Database(dbFile, { readonly: true });
      const saved = read
        .prepare(
          `select l.subject_code as code from voucher_line l join voucher v on v.zt_id = l.zt_id and v.id = l.voucher_id
           where l.zt_id = ? order by v.month, v.pz_no, l.line_no`,
        )
        .all(zt) as { code: string }[];
      read.close();
      const intended: string[] = Array.from({ length: keys.length }, (_, i) =>
        voucherLines(first + i).map((l) => l.subject.code),
      ).flat();
      const mine = saved.slice(Math.max(0, saved.length - intended.length)).map((r) => r.code);
      savedSoFar += keys.length;
      runs.push({
        name,
        paceMs,
        vouchers: VOUCHERS,
        saved: keys.length,
        stopped,
        keystrokesPerVoucher: round(keys.reduce((a, b) => a + b, 0) / Math.max(1, keys.length), 1),
        msPerVoucher: sampleSummary(ms),
        lookups: {
          intended: intended.length,
          resolved: mine.filter((code, i) => code === intended[i]).length,
          saved: mine.length,
        },
        candidateListPaintMs: { ...sampleSummary(paints), p95: percentileOf(paints, 95), target: PAINT_TARGET_MS },
      });
    }
    writeResult('voucher-keying', {
      bench: 'voucher-keying',
      at: new Date().toISOString(),
      ...machine(),
      note: 'one run of each pace on a shared machine; ms per voucher includes the save round trip',
      runs,
    });
  } finally {
    await browser.close();
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
