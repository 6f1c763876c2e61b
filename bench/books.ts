/**
 * Books benchmark (npm run bench): BOOKS_SETS ledger sets (default 10,000; issue 19 §2), one of
 * which (the demo set) holds a BOOKS_LINES-line year (default 1,000,000;
 * bench/support/million-lines.ts), the others a small year each (bench/support/small-sets.ts).
 * On SQLite, and on PostgreSQL as well when BENCH_DATABASE_URL is set (a fresh database, dropped
 * after), with the same books. Then the real server runs on it and ~20 signed calls each measure,
 * by the Server-Timing header (p50 and p95), the trial balance for several ranges, the general
 * ledger, the busy subject's detail ledger (a tenth of the lines: 101 库存现金) at its first page,
 * a page in the middle of the year and its last page, and the balance sheet (src/server/reports);
 * the detail ledger's xlsx export of that subject is timed end to end with the server's peak RSS.
 * Afterwards the statements of each read are run once more through the server's own functions
 * with their SQL captured, and the slowest are explained (PostgreSQL: EXPLAIN (ANALYZE, BUFFERS);
 * SQLite: EXPLAIN QUERY PLAN). Writes bench/results/books.json, one object per database.
 */
import { Paths } from '../src/shared/api/paths.js';
import { type BenchDialect, onEachDatabase } from './support/bench-database.js';
import { call, DEMO_LOGINS, fetchSigned, openSession, startServer, stopServer, type Session } from './support/server.js';
import { machine, percentile, round, rssMb, writeResult } from './support/stats.js';
import { createLedger, DEMO_SET } from './support/million-lines.js';
import { explainSlowest } from './support/explain-reads.js';

const PORT = Number(process.env.BENCH_PORT ?? 8262);
const LINES = Number(process.env.BOOKS_LINES ?? 1_000_000);
const SETS = Number(process.env.BOOKS_SETS ?? 10_000);
const CALLS = Number(process.env.BOOKS_CALLS ?? 20);
const EXPORT_RUNS = Number(process.env.BOOKS_EXPORT_RUNS ?? 3);
const YEAR = 2026;
const BUSY = '101';
const PAGE_SIZE = 200;
/** The same targets on both databases (issue 19 §2: as on SQLite). */
const TARGETS = { trialBalanceMs: 50, detailPageMs: 100, exportSeconds: 5, balanceSheetMs: 100 };

interface Timings {
  p50: number;
  p95: number;
  max: number;
  calls: number;
}

function timings(values: readonly number[]): Timings {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: percentile(sorted, 100), calls: values.length };
}

/** CALLS signed calls after one warm-up call (statement preparation, page cache); the server's own times. */
async function timedCalls(s: Session, p: string, params: Record<string, unknown>): Promise<Timings> {
  const server: number[] = [];
  await call(s.base, s, 'GET', p, params);
  for (let i = 0; i < CALLS; i++) {
    const { response, body } = await call(s.base, s, 'GET', p, params);
    if (!body.success) throw new Error(`${p} failed: ${body.errorMsg}`);
    const timing = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    if (!timing) throw new Error(`${p} sent no Server-Timing`);
    server.push(Number(timing[1]));
  }
  return timings(server);
}

/**
 * Client time (localhost) of a signed call that reads next to nothing (getInfo): what every signed
 * call costs on that database before its own work (the guard's session and nonce checks).
 */
async function signedCallFloor(s: Session): Promise<Timings> {
  const client: number[] = [];
  await call(s.base, s, 'GET', Paths.getInfo);
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    const { body } = await call(s.base, s, 'GET', Paths.getInfo);
    client.push(performance.now() - t0);
    if (!body.success) throw new Error(`getInfo failed: ${body.errorMsg}`);
  }
  return timings(client);
}

const m = (month: number) => `${YEAR}-${String(month).padStart(2, '0')}`;

/** The reads measured, by name: the route and its parameters. */
function reads(busyLines: number) {
  const lastPage = Math.ceil(busyLines / PAGE_SIZE);
  const trial = (b: number, e: number, book = false) => ({
    path: Paths.trialBalance,
    params: { beginTime: m(b), endTime: m(e), ...(book ? { book: true } : {}) },
  });
  const detail = (b: number, e: number, pageIndex: number) => ({
    path: Paths.detailAccount,
    params: { code: BUSY, beginTime: m(b), endTime: m(e), pageIndex, pageSize: PAGE_SIZE },
  });
  return {
    trialBalance: {
      '2026-01..2026-01': trial(1, 1),
      '2026-01..2026-03': trial(1, 3),
      '2026-04..2026-06': trial(4, 6),
      '2026-07..2026-12': trial(7, 12),
      '2026-01..2026-12': trial(1, 12),
      '2026-12..2026-12': trial(12, 12),
      '2026-01..2026-12 book': trial(1, 12, true),
    },
    generalLedgerYear: { path: Paths.generalLedger, params: { beginTime: m(1), endTime: m(12) } },
    detailLedger: {
      firstPageYear: detail(1, 12, 1),
      firstPageOneMonth: detail(6, 6, 1),
      middlePageYear: detail(1, 12, Math.max(1, Math.floor(lastPage / 2))),
      lastPageYear: detail(1, 12, lastPage),
    },
    balanceSheet: {
      year: { path: Paths.balanceSheet, params: { beginYearMonth: m(1), endYearMonth: m(12) } },
      firstQuarter: { path: Paths.balanceSheet, params: { beginYearMonth: m(1), endYearMonth: m(3) } },
    },
  };
}

/** The busy subject's year as xlsx, end to end, with the server's RSS sampled meanwhile. */
async function exportRuns(s: Session, pid: number | undefined) {
  const runs: { seconds: number; bytes: number; rssBeforeMb: number; rssPeakMb: number }[] = [];
  for (let i = 0; i < EXPORT_RUNS; i++) {
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
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
    clearInterval(sampler);
    runs.push({ seconds: round((performance.now() - t0) / 1000), bytes, rssBeforeMb: before, rssPeakMb: peak });
  }
  return runs;
}

async function measureOn(dialect: BenchDialect) {
  const ledger = await createLedger(dialect, PORT, { lines: LINES, setName: DEMO_SET, year: YEAR, busy: BUSY, totalSets: SETS });
  const server = startServer(ledger.dataDir, PORT, ledger.env);
  try {
    await server.ready;
    const s = await openSession(server.base, DEMO_LOGINS.accountant, DEMO_SET, YEAR);
    const plan = reads(ledger.generated.busySubjectLines);
    const measure = async <K extends string>(group: Record<K, { path: string; params: Record<string, unknown> }>) => {
      const out = {} as Record<K, Timings>;
      for (const [name, r] of Object.entries(group) as [K, { path: string; params: Record<string, unknown> }][])
        out[name] = await timedCalls(s, r.path, r.params);
      return out;
    };
    const signedCallFloorClientMs = await signedCallFloor(s);
    const serverMs = {
      trialBalance: await measure(plan.trialBalance),
      generalLedgerYear: await timedCalls(s, plan.generalLedgerYear.path, plan.generalLedgerYear.params),
      detailLedger: await measure(plan.detailLedger),
      balanceSheet: await measure(plan.balanceSheet),
    };
    const exports = await exportRuns(s, server.child.pid);
    await stopServer(server.child);
    const explain = await explainSlowest(ledger, { set: DEMO_SET, year: YEAR, busy: BUSY, pageSize: PAGE_SIZE });

    const worst = (group: Record<string, Timings>) => Math.max(...Object.values(group).map((t) => t.p50));
    return {
      database: ledger.label,
      generated: ledger.generated,
      otherSets: ledger.smallSets,
      signedCallFloorClientMs,
      serverMs,
      exportDetailLedgerYear: exports,
      explain,
      targets: TARGETS,
      met: {
        trialBalanceMs: worst(serverMs.trialBalance) <= TARGETS.trialBalanceMs,
        detailPageMs: worst(serverMs.detailLedger) <= TARGETS.detailPageMs,
        exportSeconds: Math.max(...exports.map((r) => r.seconds)) <= TARGETS.exportSeconds,
        balanceSheetMs: worst(serverMs.balanceSheet) <= TARGETS.balanceSheetMs,
      },
    };
  } finally {
    await stopServer(server.child);
    await ledger.remove();
  }
}

const byDatabase = await onEachDatabase(measureOn);
writeResult('books', {
  benchmark: 'books',
  at: new Date().toISOString(),
  ...machine(),
  serverNodeArgs: process.env.BENCH_NODE_ARGS ?? '',
  sets: SETS,
  lines: LINES,
  callsPerRead: CALLS,
  note: 'serverMs: the Server-Timing of each call (request received to answer built), p50/p95 of the calls after one warm-up; signedCallFloorClientMs: client time of a signed getInfo, what any signed call costs before its own work; met: the p50 of the worst read of each kind',
  // Side by side: the embedded default and, with BENCH_DATABASE_URL, PostgreSQL.
  ...byDatabase,
});
