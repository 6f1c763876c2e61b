/**
 * Carry-forward benchmark (npx tsx bench/carry-forward.ts; CARRY_LINES to change the size): on the
 * 1,000,000-line ledger set (bench/support/million-lines.ts, the grassroots demo set with its
 * built-in carry-forward templates), over HTTP as the 结转模板 page calls them: generate the
 * month-end carry-forward voucher of every month in turn, then the year-end one. Each call is
 * timed end to end; afterwards every revenue and expense subject of the trial balance must be
 * zero. On SQLite, and on PostgreSQL as well when BENCH_DATABASE_URL is set (a fresh database,
 * dropped after). Writes bench/results/carry-forward.json, one object per database.
 */
import type { TrialBalanceResponse } from '../src/shared/api/books.js';
import { Paths } from '../src/shared/api/paths.js';
import type { GenerateCarryForwardResponse } from '../src/shared/api/templates.js';
import { call, DEMO_LOGINS, openSession, startServer, stopServer } from './support/server.js';
import { machine, round, rssMb, stats, writeResult } from './support/stats.js';
import { type BenchDialect, onEachDatabase } from './support/bench-database.js';
import { createLedger, DEMO_SET } from './support/million-lines.js';

const PORT = Number(process.env.BENCH_PORT ?? 8266);
const LINES = Number(process.env.CARRY_LINES ?? 1_000_000);
const YEAR = 2026;
const TARGET_SECONDS = 2;

async function measureOn(dialect: BenchDialect) {
  const ledger = await createLedger(dialect, PORT, { lines: LINES, setName: DEMO_SET, year: YEAR });
  const server = startServer(ledger.dataDir, PORT, ledger.env);
  try {
    await server.ready;
    const pid = server.child.pid;
    const session = await openSession(server.base, DEMO_LOGINS.accountant, DEMO_SET, YEAR);
    const runs: { month: number | 'year'; seconds: number; lines: number; rssMb: number }[] = [];
    const generate = async (month: number | null) => {
      const t0 = performance.now();
      const answer = await call<GenerateCarryForwardResponse>(
        server.base,
        session,
        'GET',
        month === null ? Paths.generateYearEndVoucher : Paths.generateVoucherEndPeriod,
        month === null ? { year: YEAR } : { year: YEAR, month },
      );
      const seconds = (performance.now() - t0) / 1000;
      if (!answer.body.success) throw new Error(`carry-forward ${month ?? 'year'} failed: ${answer.body.errorMsg}`);
      runs.push({
        month: month ?? 'year',
        seconds: round(seconds, 3),
        lines: answer.body.data.voucher.certiDetails.length,
        rssMb: rssMb(pid),
      });
      process.stdout.write(
        `${dialect} ${month ?? 'year'}: ${seconds.toFixed(2)} s, ${answer.body.data.voucher.certiDetails.length} lines\n`,
      );
    };
    for (let month = 1; month <= 12; month++) await generate(month);
    await generate(null);

    const trial = await call<TrialBalanceResponse>(server.base, session, 'GET', Paths.trialBalance, {
      beginTime: `${YEAR}-12`,
      endTime: `${YEAR}-12`,
    });
    const left = trial.body.data.rows.filter((r) => /^[45]/.test(r.code) && r.endBalance !== 0).map((r) => r.code);
    if (left.length > 0) throw new Error(`revenue or expense left after the carry-forward: ${left.join(', ')}`);

    const worst = Math.max(...runs.map((r) => r.seconds));
    return {
      database: ledger.label,
      generated: ledger.generated,
      monthSeconds: stats(runs.filter((r) => r.month !== 'year').map((r) => r.seconds)),
      runs,
      target: { seconds: TARGET_SECONDS },
      met: worst <= TARGET_SECONDS,
    };
  } finally {
    await stopServer(server.child);
    await ledger.remove();
  }
}

const byDatabase = await onEachDatabase(measureOn);
writeResult('carry-forward', {
  benchmark: 'carry-forward',
  at: new Date().toISOString(),
  ...machine(),
  // Side by side: the embedded default and, with BENCH_DATABASE_URL, PostgreSQL.
  ...byDatabase,
});
