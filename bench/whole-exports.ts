/**
 * Whole-result exports benchmark (npx tsx bench/whole-exports.ts): the exports that write
 * everything the screen's filters select, end to end over HTTP with the server's peak RSS.
 * - The detail ledger of a subject with 100,000 lines in the year (target ≤ 5 s): the ledger set
 *   has WHOLE_LINES voucher lines (default 250,000; bench/support/million-lines.ts), 102 银行存款
 *   is on 1.6 lines of every 4-line voucher, so 0.4 × 250,000 = 100,000 lines.
 * - The voucher list of the whole year (every voucher, 62,500 by default), same filters as the
 *   page's, no paging.
 * Each file is checked to be a workbook and its rows counted from the zip's size only (reading it
 * back would time the reader). Writes bench/results/whole-exports.json.
 */
import fs from 'node:fs';
import { Paths } from '../src/shared/api/paths.js';
import { call, DEMO_LOGINS, fetchSigned, openSession, startServer, stopServer, type Session } from './support/server.js';
import { machine, rssMb, writeResult } from './support/stats.js';
import { createLedgerDataDir, DEMO_SET } from './support/million-lines.js';

const PORT = Number(process.env.BENCH_PORT ?? 8231);
const LINES = Number(process.env.WHOLE_LINES ?? 250_000);
const RUNS = Number(process.env.WHOLE_RUNS ?? 3);
const YEAR = 2026;
const BANK = '102';
const TARGET_SECONDS = 5;

interface Run {
  seconds: number;
  bytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
}

async function timedDownload(s: Session, pid: number | undefined, path: string, params: Record<string, unknown>): Promise<Run> {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 25);
  try {
    const t0 = performance.now();
    const response = await fetchSigned(s.base, s, 'GET', path, params);
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('spreadsheet')) {
      throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
    }
    const bytes = (await response.arrayBuffer()).byteLength;
    const seconds = (performance.now() - t0) / 1000;
    return { seconds: Math.round(seconds * 100) / 100, bytes, rssBeforeMb: before, rssPeakMb: peak };
  } finally {
    clearInterval(sampler);
  }
}

const { dataDir, generated, fileMb } = await createLedgerDataDir(PORT, { lines: LINES, setName: DEMO_SET, year: YEAR });
const server = startServer(dataDir, PORT);
try {
  await server.ready;
  const s = await openSession(server.base, DEMO_LOGINS.accountant, DEMO_SET, YEAR);
  const range = { beginTime: `${YEAR}-01`, endTime: `${YEAR}-12` };
  // How many lines the export writes: the page's count of the same query.
  const page = await call<{ totalItemCount: number }>(s.base, s, 'GET', Paths.detailAccount, {
    code: BANK,
    ...range,
    pageIndex: 1,
    pageSize: 1,
  });
  if (!page.body.success) throw new Error(`detailAccount: ${page.body.errorMsg}`);
  const list = await call<{ totalItemCount: number }>(s.base, s, 'GET', Paths.certificate, {
    year: YEAR,
    beginMonth: 1,
    endMonth: 12,
    pageIndex: 1,
    pageSize: 1,
  });
  if (!list.body.success) throw new Error(`certificate: ${list.body.errorMsg}`);

  const detail: Run[] = [];
  const vouchers: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    detail.push(await timedDownload(s, server.child.pid, Paths.exportDetailAccount, { code: BANK, ...range }));
    vouchers.push(
      await timedDownload(s, server.child.pid, Paths.certificateExportList, { year: YEAR, beginMonth: 1, endMonth: 12 }),
    );
  }
  const worst = Math.max(...detail.map((r) => r.seconds));
  writeResult('whole-exports', {
    benchmark: 'whole-exports',
    at: new Date().toISOString(),
    ...machine(),
    database: `sqlite (WAL), ${fileMb} MB file`,
    generated,
    detailLedger: { subject: BANK, rows: page.body.data.totalItemCount, runs: detail },
    voucherList: { vouchers: list.body.data.totalItemCount, runs: vouchers },
    target: { detailLedgerSeconds: TARGET_SECONDS },
    met: worst <= TARGET_SECONDS,
  });
  process.stdout.write(
    `detail ledger ${BANK}: ${page.body.data.totalItemCount} rows, ${detail.map((r) => r.seconds).join(' / ')} s ` +
      `(peak RSS ${Math.max(...detail.map((r) => r.rssPeakMb))} MB); voucher list: ${list.body.data.totalItemCount} vouchers, ` +
      `${vouchers.map((r) => r.seconds).join(' / ')} s (peak RSS ${Math.max(...vouchers.map((r) => r.rssPeakMb))} MB)\n`,
  );
} finally {
  await stopServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
