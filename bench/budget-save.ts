/**
 * What budget control adds to a voucher save (issue 21 §4: ≤ 2 ms on the save's p99, with 5,000
 * budget details and a 1,000,000-line year). The demo set 示范市第一机械厂工会 gets the big year
 * (bench/support/million-lines.ts), 5,000 forbid (3) project budgets of an approved plan (XMYS
 * items in 5 categories, each with a year's spent on two expense subjects in budget_spent) and
 * XMYS on a leaf of 501. Then CLIENTS signed clients save 4-line vouchers into March in alternating
 * rounds: "plain" (the expense line carries an item of the generator's own auxiliary type, checked
 * and written as any item), and "budget" (it carries a random budget detail's item instead, so every
 * save also posts its spent, locks the detail on PostgreSQL, reads its budget, the plan and its
 * spent, and checks its indicators): the difference is what the budget check costs a save. Server time per save comes from the Server-Timing header, as in voucher-save.ts.
 * Writes bench/results/budget-save.json: per database the median of the rounds' p50/p99 of each
 * kind and their difference.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { Paths } from '../src/shared/api/paths.js';
import type { SaveVoucherRequest } from '../src/shared/api/vouchers.js';
import { openPostgres, openSqlite, SQLITE_FILE } from '../src/server/db/database.js';
import { onEachDatabase, type BenchDialect } from './support/bench-database.js';
import { createLedger, DEMO_SET } from './support/million-lines.js';
import { call, DEMO_LOGINS, openSession, startServer, stopServer, type Session } from './support/server.js';
import { machine, percentile, round, writeResult } from './support/stats.js';
import path from 'node:path';

const PORT = Number(process.env.BENCH_PORT ?? 8097);
const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const DETAILS = Number(process.env.BENCH_DETAILS ?? 5_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const ROUND_S = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const YEAR = 2026;
const TARGET_ADDED_P99_MS = 2;
const PER_CATEGORY = 999;

function infoNoOf(i: number): string {
  const category = 100 + Math.floor(i / PER_CATEGORY);
  return `${category}${String((i % PER_CATEGORY) + 1).padStart(3, '0')}`;
}

/** 5,000 forbid budgets of an approved plan, their items, XMYS on a leaf of 501 and a year's spent on them. */
async function addBudgets(dialect: BenchDialect, dataDir: string, databaseUrl: string | null): Promise<Subjects> {
  const db = dialect === 'postgres' && databaseUrl ? openPostgres(databaseUrl) : openSqlite(path.join(dataDir, SQLITE_FILE));
  try {
    const q = db.kysely;
    const zt = await q.selectFrom('zt_info').select('id').where('name', '=', DEMO_SET).executeTakeFirstOrThrow();
    const ztId = Number(zt.id);
    const now = Date.now();
    // The generated year adds levels under the expense subjects: the budgets' subject is a leaf of 501.
    const leaves = await q
      .selectFrom('subject')
      .select('code')
      .where('zt_id', '=', ztId)
      .where('year', '=', YEAR)
      .where('last_level', '=', 1)
      .where('code', 'like', '501%')
      .orderBy('code')
      .limit(2)
      .execute();
    const [subject, plain] = leaves.map((l) => l.code);
    if (!subject || !plain) throw new Error('the chart has no two leaves under 501');
    const xmys = await q
      .selectFrom('auxi_type')
      .select('type_no')
      .where('zt_id', '=', ztId)
      .where('type_no', '=', 'XMYS')
      .executeTakeFirst();
    if (!xmys)
      await q
        .insertInto('auxi_type')
        .values({ zt_id: ztId, type_no: 'XMYS', type_name: '项目预算', built_in_system: 1, enable: 1, sort: 5 })
        .execute();
    const categories = Math.ceil(DETAILS / PER_CATEGORY);
    await q.transaction().execute(async (trx) => {
      for (let c = 0; c < categories; c++) {
        const infoNo = String(100 + c);
        await trx
          .insertInto('auxi_info')
          .values({ zt_id: ztId, type_no: 'XMYS', info_no: infoNo, info_name: `类别${infoNo}`, parent_no: null, is_enable: 1 })
          .execute();
        await trx
          .insertInto('budget_category')
          .values({
            zt_id: ztId,
            id: `c${c}`,
            year: YEAR,
            auxi_type: 'XMYS',
            type_name: `类别${infoNo}`,
            type_no: 'XMYS',
            info_no: infoNo,
            created_at: now,
          })
          .execute();
      }
      for (let start = 0; start < DETAILS; start += 500) {
        const batch = Array.from({ length: Math.min(500, DETAILS - start) }, (_, k) => start + k);
        await trx
          .insertInto('auxi_info')
          .values(
            batch.map((i) => ({
              zt_id: ztId,
              type_no: 'XMYS',
              info_no: infoNoOf(i),
              info_name: `项目${i}`,
              parent_no: infoNoOf(i).slice(0, 3),
              is_enable: 1,
            })),
          )
          .execute();
        await trx
          .insertInto('budget_project')
          .values(
            batch.map((i) => ({
              zt_id: ztId,
              id: `p${String(i).padStart(5, '0')}`,
              year: YEAR,
              type_id: `c${Math.floor(i / PER_CATEGORY)}`,
              auxi_type: 'XMYS',
              type_no: 'XMYS',
              info_no: infoNoOf(i),
              project_name: `项目${i}`,
              amount_before_adjustment: 100_000_000_00,
              project_amount: 100_000_000_00,
              control_status: 3,
              created_at: now,
              updated_at: now,
            })),
          )
          .execute();
        await trx
          .insertInto('budget_spent')
          .values(
            batch.flatMap((i) =>
              [subject, '50105'].map((code, k) => ({
                zt_id: ztId,
                year: YEAR,
                type_no: 'XMYS',
                info_no: infoNoOf(i),
                subject_code: code,
                amount: 1_000_00 * (k + 1) + i,
              })),
            ),
          )
          .execute();
      }
      await trx
        .deleteFrom('subject_auxi_type')
        .where('zt_id', '=', ztId)
        .where('year', '=', YEAR)
        .where('code', '=', subject)
        .execute();
      await trx.insertInto('subject_auxi_type').values({ zt_id: ztId, year: YEAR, code: subject, type_no: 'XMYS' }).execute();
      await trx
        .insertInto('budget_plan')
        .values({ zt_id: ztId, year: YEAR, status: 'approved', reason: null, updated_at: now })
        .execute();
    });
    if (dialect === 'postgres') await sql`vacuum (analyze)`.execute(q);
    // The plain line's items: those of the type the generator linked to its subject.
    const plainType = await q
      .selectFrom('subject_auxi_type')
      .select('type_no')
      .where('zt_id', '=', ztId)
      .where('year', '=', YEAR)
      .where('code', '=', plain)
      .executeTakeFirstOrThrow();
    const plainItems = (
      await q
        .selectFrom('auxi_info')
        .select('info_no')
        .where('zt_id', '=', ztId)
        .where('type_no', '=', plainType.type_no)
        .orderBy('info_no')
        .execute()
    ).map((r) => ({ typeNo: plainType.type_no, infoNo: r.info_no }));
    return { subject, plain, plainItems };
  } finally {
    await db.close();
  }
}

interface Subjects {
  subject: string;
  plain: string;
  plainItems: { typeNo: string; infoNo: string }[];
}

function voucher(subjects: Subjects, i: number, withBudget: boolean): SaveVoucherRequest {
  const a = 100 + (i % 900);
  const plainItem = subjects.plainItems[i % subjects.plainItems.length];
  const item = withBudget ? [{ typeNo: 'XMYS', infoNo: infoNoOf((i * 7919) % DETAILS) }] : plainItem ? [plainItem] : [];
  const code = withBudget ? subjects.subject : subjects.plain;
  return {
    year: YEAR,
    month: 3,
    pzDate: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
    certificateType: 1,
    numberOfDocument: 1,
    certiDetails: [
      { summary: '活动支出', subjectCode: code, debitAmount: `${a}.75`, creditAmount: null, auxis: item },
      { summary: '现金支付', subjectCode: '101', debitAmount: null, creditAmount: `${a}.75` },
    ],
  };
}

interface Round {
  kind: 'plain' | 'budget';
  saves: number;
  failures: number;
  firstFailure: string | null;
  p50: number;
  p99: number;
}

async function measureRound(
  base: string,
  subjects: Subjects,
  sessions: Session[],
  kind: Round['kind'],
  next: () => number,
): Promise<Round> {
  const serverMs: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  const deadline = performance.now() + ROUND_S * 1000;
  await Promise.all(
    sessions.map(async (s) => {
      while (performance.now() < deadline) {
        const { response, body } = await call(
          base,
          s,
          'POST',
          Paths.certificate,
          voucher(subjects, next(), kind === 'budget') as never,
        );
        if (!body.success) {
          failures++;
          firstFailure ??= body.errorMsg;
          continue;
        }
        const timing = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
        if (timing) serverMs.push(Number(timing[1]));
      }
    }),
  );
  const sorted = serverMs.sort((a, b) => a - b);
  return {
    kind,
    saves: sorted.length,
    failures,
    firstFailure,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function measureOn(dialect: BenchDialect) {
  const ledger = await createLedger(dialect, PORT, { lines: LINES, setName: DEMO_SET, year: YEAR });
  try {
    const subjects = await addBudgets(dialect, ledger.dataDir, ledger.databaseUrl);
    const server = startServer(ledger.dataDir, PORT, ledger.env);
    try {
      await server.ready;
      const sessions = await Promise.all(
        Array.from({ length: CLIENTS }, () => openSession(server.base, DEMO_LOGINS.accountant, DEMO_SET, YEAR)),
      );
      let n = 0;
      // Warm-up of both paths, not counted.
      await measureRound(server.base, subjects, sessions, 'plain', () => n++);
      await measureRound(server.base, subjects, sessions, 'budget', () => n++);
      const rounds: Round[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        rounds.push(await measureRound(server.base, subjects, sessions, 'plain', () => n++));
        rounds.push(await measureRound(server.base, subjects, sessions, 'budget', () => n++));
      }
      const of = (kind: Round['kind']) => rounds.filter((r) => r.kind === kind);
      const plainP99 = median(of('plain').map((r) => r.p99));
      const budgetP99 = median(of('budget').map((r) => r.p99));
      const added = round(budgetP99 - plainP99);
      return {
        database: ledger.label,
        lines: ledger.generated,
        details: DETAILS,
        subjects,
        clients: CLIENTS,
        plain: { p50: median(of('plain').map((r) => r.p50)), p99: plainP99 },
        budget: { p50: median(of('budget').map((r) => r.p50)), p99: budgetP99 },
        addedP99Ms: added,
        met: { addedP99Ms: added <= TARGET_ADDED_P99_MS },
        rounds,
      };
    } finally {
      await stopServer(server.child);
    }
  } finally {
    await ledger.remove();
  }
}

const byDatabase = await onEachDatabase((dialect) => measureOn(dialect));
const { machine: machineFacts, loadAverage1m } = machine();
writeResult('budget-save', {
  benchmark: 'budget-save',
  at: new Date().toISOString(),
  machine: machineFacts,
  loadAverage1m,
  loadAverage1mNow: round(os.loadavg()[0] ?? 0),
  roundSeconds: ROUND_S,
  target: { addedP99Ms: TARGET_ADDED_P99_MS },
  ...byDatabase,
});
