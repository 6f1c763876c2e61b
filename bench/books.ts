/**
 * Books benchmark (npm run bench): a ledger set with BOOKS_LINES voucher lines (default
 * 1,000,000; bench/support/million-lines.ts writes it). Then the server runs on that file and
 * ~20 calls each measure, by the Server-Timing header, the trial balance for several ranges, the
 * general ledger, the first page of the busy subject's detail ledger (a tenth of the lines: 101
 * 库存现金); the detail ledger's xlsx export of that subject is timed end to end with the server's
 * peak RSS; the balance sheet (route of src/server/reports) by client time. Writes
 * bench/results/books.json.
 */
import fs from 'node:fs';
import { Paths } from '../src/shared/api/paths.js';
import { call, DEMO_LOGINS, fetchSigned, openSession, startServer, stopServer, type Session } from './support/server.js';
import { machine, rssMb, stats, writeResult } from './support/stats.js';
import { createLedgerDataDir, DEMO_SET } from './support/million-lines.js';

const PORT = Number(process.env.BENCH_PORT ?? 8262);
const LINES = Number(process.env.BOOKS_LINES ?? 1_000_000);
const CALLS = Number(process.env.BOOKS_CALLS ?? 20);
const YEAR = 2026;
const BUSY = '101';
const TARGETS = { trialBalanceMs: 50, detailFirstPageMs: 200, exportSeconds: 5, balanceSheetMs: 100 };

async function timedCalls(
  s: Session,
  p: string,
  params: Record<string, unknown>,
): Promise<{ server: number[]; client: number[] }> {
  const server: number[] = [];
  const client: number[] = [];
  // One warm-up call (statement preparation, page cache), not counted.
  await call(s.base, s, 'GET', p, params);
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    const { response, body } = await call(s.base, s, 'GET', p, params);
    client.push(performance.now() - t0);
    if (!body.success) throw new Error(`${p} failed: ${body.errorMsg}`);
    const timing = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    if (timing) server.push(Number(timing[1]));
  }
  return { server, client };
}

const { dataDir, generated, fileMb } = await createLedgerDataDir(PORT, {
  lines: LINES,
  setName: DEMO_SET,
  year: YEAR,
  busy: BUSY,
});

const server = startServer(dataDir, PORT);
try {
  await server.ready;
  const s = await openSession(server.base, DEMO_LOGINS.accountant, DEMO_SET, YEAR);
  const m = (month: number) => `${YEAR}-${String(month).padStart(2, '0')}`;
  const trialRanges: [number, number][] = [
    [1, 1],
    [1, 3],
    [4, 6],
    [7, 12],
    [1, 12],
    [12, 12],
  ];
  const trialBalance: Record<string, ReturnType<typeof stats>> = {};
  for (const [b, e] of trialRanges) {
    const { server: t } = await timedCalls(s, Paths.trialBalance, { beginTime: m(b), endTime: m(e) });
    trialBalance[`${m(b)}..${m(e)}`] = stats(t);
  }
  const booked = await timedCalls(s, Paths.trialBalance, { beginTime: m(1), endTime: m(12), book: true });
  trialBalance['2026-01..2026-12 book'] = stats(booked.server);
  const general = await timedCalls(s, Paths.generalLedger, { beginTime: m(1), endTime: m(12) });

  const detailYear = await timedCalls(s, Paths.detailAccount, { code: BUSY, beginTime: m(1), endTime: m(12), pageIndex: 1 });
  const detailMonth = await timedCalls(s, Paths.detailAccount, { code: BUSY, beginTime: m(6), endTime: m(6), pageIndex: 1 });
  const detailLast = await timedCalls(s, Paths.detailAccount, {
    code: BUSY,
    beginTime: m(1),
    endTime: m(12),
    pageIndex: Math.floor(generated.busySubjectLines / 200),
  });

  // Export of the busy subject's year, end to end, with the server's RSS sampled meanwhile.
  const exportRuns: { seconds: number; bytes: number; rssBeforeMb: number; rssPeakMb: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const before = rssMb(server.child.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.child.pid));
    }, 25);
    const t0 = performance.now();
    const response = await fetchSigned(s.base, s, 'GET', Paths.exportDetailAccount, {
      code: BUSY,
      beginTime: m(1),
      endTime: m(12),
    });
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('spreadsheet')) {
      throw new Error(`export failed: ${response.status} ${await response.text()}`);
    }
    const bytes = (await response.arrayBuffer()).byteLength;
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    exportRuns.push({ seconds: Math.round(seconds * 100) / 100, bytes, rssBeforeMb: before, rssPeakMb: peak });
  }

  // The balance sheet: the reports route, by client time on localhost (it sends no Server-Timing).
  let balanceSheet: ({ clientMs: ReturnType<typeof stats> } & { note?: string }) | { skipped: string };
  const probe = await call(s.base, s, 'GET', Paths.balanceSheet, { beginYearMonth: m(1), endYearMonth: m(12) });
  if (!probe.body.success) balanceSheet = { skipped: `balanceSheet answered: ${probe.body.errorMsg}` };
  else {
    const sheet = await timedCalls(s, Paths.balanceSheet, { beginYearMonth: m(1), endYearMonth: m(12) });
    const sheetQ = await timedCalls(s, Paths.balanceSheet, { beginYearMonth: m(1), endYearMonth: m(3) });
    balanceSheet = {
      clientMs: stats([...sheet.client, ...sheetQ.client]),
      note: 'client time on localhost (request to parsed answer), an upper bound of the server time',
    };
  }

  const worstTrial = Math.max(...Object.values(trialBalance).map((t) => t.median));
  const exportWorst = Math.max(...exportRuns.map((r) => r.seconds));
  const result = {
    benchmark: 'books',
    at: new Date().toISOString(),
    ...machine(),
    database: `sqlite (WAL), ${fileMb} MB file`,
    serverNodeArgs: process.env.BENCH_NODE_ARGS ?? '',
    generated,
    serverMs: {
      trialBalance,
      generalLedgerYear: stats(general.server),
      detailLedgerFirstPageYear: stats(detailYear.server),
      detailLedgerFirstPageOneMonth: stats(detailMonth.server),
      detailLedgerLastPageYear: stats(detailLast.server),
    },
    exportDetailLedgerYear: exportRuns,
    balanceSheet,
    targets: TARGETS,
    met: {
      trialBalanceMs: worstTrial <= TARGETS.trialBalanceMs,
      detailFirstPageMs: stats(detailYear.server).median <= TARGETS.detailFirstPageMs,
      exportSeconds: exportWorst <= TARGETS.exportSeconds,
      balanceSheetMs: 'clientMs' in balanceSheet ? balanceSheet.clientMs.median <= TARGETS.balanceSheetMs : null,
    },
  };
  writeResult('books', result);
} finally {
  await stopServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
