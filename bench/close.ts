/**
 * Close benchmark (npm run bench): on the 1,000,000-line ledger set (bench/support/million-lines.ts,
 * CLOSE_LINES to change it), over HTTP as the pages call them, end to end on localhost: close a
 * month and reverse the close (target at most 2 s; each takes its type-41/42 backup first,
 * bench/close-month.ts), take a backup (target at most 5 s) and restore it (target at most 10 s; the restore checks the
 * file, takes the type-46 backup first and makes the set's rows those of the backup, writing only
 * the rows that differ). The restore is timed on the set unchanged since the backup (the target's
 * case, CLOSE_RUNS times, default 3), then once after a quarter of it changed and once after every
 * line changed (the worst case: every line rewritten). After each restore the trial balance must
 * equal the one before the backup. On SQLite, and on PostgreSQL as well when BENCH_DATABASE_URL is
 * set (a fresh database, dropped after). Writes bench/results/close.json, one object per database.
 */
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { BackupItem, RestoreBackupResponse } from '../src/shared/api/backup.js';
import { BackupType } from '../src/shared/api/backup.js';
import { Paths } from '../src/shared/api/paths.js';
import { SQLITE_FILE } from '../src/server/db/database.js';
import { call, DEMO_LOGINS, openSession, startServer, stopServer, type Session } from './support/server.js';
import { cpuSeconds, machine, rssMb, round, stats, writeResult } from './support/stats.js';
import { type BenchDialect, onEachDatabase } from './support/bench-database.js';
import { createLedger, DEMO_SET, type BenchLedger } from './support/million-lines.js';
import { measureMonthClose } from './close-month.js';

const PORT = Number(process.env.BENCH_PORT ?? 8264);
const LINES = Number(process.env.CLOSE_LINES ?? 1_000_000);
const RUNS = Number(process.env.CLOSE_RUNS ?? 3);
const YEAR = 2026;
const TARGETS = { closeSeconds: 2, backupSeconds: 5, restoreSeconds: 10 };

/** One call timed end to end, with the server's peak RSS meanwhile. */
async function timed<T>(
  pid: number | undefined,
  run: () => Promise<{ body: { success: boolean; data: T; errorMsg: string | null } }>,
): Promise<{ seconds: number; cpuSeconds: number; rssPeakMb: number; data: T }> {
  let peak = rssMb(pid);
  const cpu0 = cpuSeconds(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const t0 = performance.now();
  try {
    const { body } = await run();
    if (!body.success) throw new Error(`call failed: ${body.errorMsg}`);
    return {
      seconds: round((performance.now() - t0) / 1000),
      cpuSeconds: round(cpuSeconds(pid) - cpu0),
      rssPeakMb: peak,
      data: body.data,
    };
  } finally {
    clearInterval(sampler);
  }
}

const trialBalance = async (s: Session) => {
  const answer = await call<unknown>(s.base, s, 'GET', Paths.trialBalance, { beginTime: `${YEAR}-01`, endTime: `${YEAR}-12` });
  if (!answer.body.success) throw new Error(`trial balance failed: ${answer.body.errorMsg}`);
  return JSON.stringify(answer.body.data);
};

/**
 * Changes made meanwhile on the benchmark's database, through a second connection (as if many
 * calls had made them), by the set's name; each answers the rows it changed.
 */
async function liveChanges(ledger: BenchLedger) {
  const changes = {
    quarter: [
      'update voucher set is_book = 1 - is_book, is_review = 1 - is_review where zt_id = $1 and month <= 3',
      'delete from voucher_line where zt_id = $1 and month = 12',
    ],
    everyLine: ["update voucher_line set summary = summary || '改' where zt_id = $1"],
  };
  if (ledger.databaseUrl) {
    const client = new pg.Client({ connectionString: ledger.databaseUrl });
    await client.connect();
    const set = Number((await client.query<{ id: string }>('select id from zt_info where name = $1', [DEMO_SET])).rows[0]?.id);
    const run = async (statements: string[]) => {
      let n = 0;
      for (const text of statements) n += (await client.query(text, [set])).rowCount ?? 0;
      return n;
    };
    return { quarter: () => run(changes.quarter), everyLine: () => run(changes.everyLine), close: () => client.end() };
  }
  const live = new SqliteDatabase(path.join(ledger.dataDir, SQLITE_FILE));
  live.pragma('busy_timeout = 5000');
  const set = (live.prepare('select id from zt_info where name = ?').pluck().get(DEMO_SET) as number) ?? 0;
  const run = (statements: string[]) =>
    Promise.resolve(statements.reduce((n, text) => n + live.prepare(text.replace('$1', '?')).run(set).changes, 0));
  return {
    quarter: () => run(changes.quarter),
    everyLine: () => run(changes.everyLine),
    close: () => Promise.resolve(live.close()),
  };
}

async function measureOn(dialect: BenchDialect) {
  const ledger = await createLedger(dialect, PORT, { lines: LINES, setName: DEMO_SET, year: YEAR });
  const server = startServer(ledger.dataDir, PORT, ledger.env);
  try {
    await server.ready;
    const pid = server.child.pid;
    const admin = await openSession(server.base, DEMO_LOGINS.admin, DEMO_SET, YEAR);
    const before = await trialBalance(admin);

    const backups: { seconds: number; cpuSeconds: number; rssPeakMb: number; sizeMb: number; rows: number }[] = [];
    let first: BackupItem | null = null;
    for (let i = 0; i < RUNS; i++) {
      const run = await timed(pid, () => call<BackupItem>(server.base, admin, 'POST', Paths.backup, { type: BackupType.manual }));
      first ??= run.data;
      backups.push({
        seconds: run.seconds,
        cpuSeconds: run.cpuSeconds,
        rssPeakMb: run.rssPeakMb,
        sizeMb: round(run.data.size / 2 ** 20, 1),
        rows: run.data.rowCount,
      });
    }
    if (!first) throw new Error('no backup taken');

    // Restores of the first backup: as it is (the set unchanged since), then after changes made
    // meanwhile: a quarter of the vouchers reviewed and booked the other way and December's lines
    // gone, then every line's summary.
    const live = await liveChanges(ledger);
    const changes: Record<string, (() => Promise<number>) | null> = {
      unchanged: null,
      quarterChanged: live.quarter,
      everyLineChanged: live.everyLine,
    };
    const restores: {
      scenario: string;
      rowsChanged: number;
      seconds: number;
      cpuSeconds: number;
      rssPeakMb: number;
      rows: number;
    }[] = [];
    try {
      for (const [scenario, change] of Object.entries(changes)) {
        for (let i = 0; i < (change ? 1 : RUNS); i++) {
          const rowsChanged = change ? await change() : 0;
          const backupId = first.id;
          const run = await timed(pid, () =>
            call<RestoreBackupResponse>(server.base, admin, 'POST', Paths.backupRestore, { id: backupId, rotate: true }),
          );
          if ((await trialBalance(admin)) !== before) throw new Error(`${scenario}: the trial balance after the restore differs`);
          restores.push({
            scenario,
            rowsChanged,
            seconds: run.seconds,
            cpuSeconds: run.cpuSeconds,
            rssPeakMb: run.rssPeakMb,
            rows: run.data.rowCount,
          });
        }
      }
    } finally {
      await live.close();
    }

    // Close January (its carry-forward written and booked first) and reopen it, RUNS times.
    const accountant = await openSession(server.base, DEMO_LOGINS.accountant, DEMO_SET, YEAR);
    const monthClose = await measureMonthClose(admin, accountant, YEAR, RUNS);
    const closeWorst = monthClose.close.seconds.max;

    const backupWorst = Math.max(...backups.map((b) => b.seconds));
    const restoreWorst = Math.max(...restores.filter((r) => r.scenario === 'unchanged').map((r) => r.seconds));
    const byScenario = (scenario: string) => stats(restores.filter((r) => r.scenario === scenario).map((r) => r.seconds));
    return {
      database: ledger.label,
      generated: ledger.generated,
      backup: {
        seconds: stats(backups.map((b) => b.seconds)),
        cpuSeconds: stats(backups.map((b) => b.cpuSeconds)),
        runs: backups,
      },
      restore: {
        seconds: {
          unchanged: byScenario('unchanged'),
          quarterChanged: byScenario('quarterChanged'),
          everyLineChanged: byScenario('everyLineChanged'),
        },
        runs: restores,
        trialBalanceAsBefore: true,
      },
      monthClose,
      targets: TARGETS,
      met: {
        closeSeconds: closeWorst <= TARGETS.closeSeconds,
        backupSeconds: backupWorst <= TARGETS.backupSeconds,
        restoreSeconds: restoreWorst <= TARGETS.restoreSeconds,
      },
    };
  } finally {
    await stopServer(server.child);
    await ledger.remove();
  }
}

const byDatabase = await onEachDatabase(measureOn);
writeResult('close', {
  benchmark: 'close',
  at: new Date().toISOString(),
  ...machine(),
  note: 'seconds: client time on localhost, request to parsed answer; cpuSeconds: the server process’s CPU meanwhile (on a loaded machine the wall time also counts waits for a core); the restore includes its checks and the type-46 backup',
  // Side by side: the embedded default and, with BENCH_DATABASE_URL, PostgreSQL.
  ...byDatabase,
});
