/**
 * The voucher side of budgets at scale (issue 21 §4): PROJECTS budget details (default 5,000, an
 * XMYS category of 1,000 each) whose year has spent on every one of them (budget_spent as a
 * 1,000,000-line year leaves it: one row per project and subject, whatever the line count).
 *
 * 1. The picker's answer (getCodeAuxi of a subject the project type is linked to) with every
 *    project's figures: the median and p95 of RUNS calls over HTTP, and of that the budget's part
 *    (budgetFiguresOf, timed in the process).
 * 2. What the budget adds to a save on the voucher-save path of this lane: SAVES vouchers with a
 *    project line and SAVES without one (the same amounts), saved in turns; the p99 of each and the
 *    difference (the issue's target: ≤ 2 ms on the save's p99 for the whole budget check; the
 *    control in spent-posting.ts is inside both figures of the project line).
 *    Of it, this lane's indicator check (targetIssues), timed in the process.
 * On a fresh SQLite file, and a fresh PostgreSQL database when BENCH_DATABASE_URL is set.
 * Writes bench/results/budget-voucher.json.
 */
import { Paths } from '../src/shared/api/paths.js';
import type { CodeAuxiItem } from '../src/shared/api/auxiliary.js';
import type { Voucher } from '../src/shared/api/vouchers.js';
import type { Db } from '../src/server/db/database.js';
import { ApiClient } from '../src/server/test-support/api-client.js';
import { insertBudgetCategory, linkBudgetType, setPlanState } from '../src/server/test-support/budget-fixture.js';
import { setIds } from '../src/server/test-support/ledger-fixtures.js';
import { startTestServer } from '../src/server/test-support/test-server.js';
import { budgetFiguresOf } from '../src/server/budget/auxi-budget.js';
import { targetIssues } from '../src/server/budget/voucher-targets.js';
import { benchDialects } from './support/bench-database.js';
import { machine, percentileOf, round, stats, writeResult } from './support/stats.js';

const PROJECTS = Number(process.env.BENCH_BUDGET_PROJECTS ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SAVES = Number(process.env.BENCH_BUDGET_SAVES ?? 200);
const FACTORY = '示范市第一机械厂工会';
const YEAR = 2026;
const SUBJECT = '50101';

const categoryNo = (c: number) => String(800 + c);
const projectNo = (i: number) => `${categoryNo(Math.floor(i / 1000))}${String(i % 1000).padStart(3, '0')}`;

async function seed(db: Db, ztId: number): Promise<void> {
  const now = Date.now();
  for (let c = 0; c * 1000 < PROJECTS; c++) {
    const typeId = await insertBudgetCategory(db, ztId, {
      year: YEAR,
      auxiType: 'XMYS',
      typeName: `类别${c}`,
      infoNo: categoryNo(c),
    });
    const ids = Array.from({ length: Math.min(1000, PROJECTS - c * 1000) }, (_, k) => c * 1000 + k);
    for (let start = 0; start < ids.length; start += 200) {
      const chunk = ids.slice(start, start + 200);
      await db.kysely
        .insertInto('auxi_info')
        .values(
          chunk.map((i) => ({
            zt_id: ztId,
            type_no: 'XMYS',
            info_no: projectNo(i),
            info_name: `项目${i}`,
            parent_no: categoryNo(c),
            is_enable: 1,
          })),
        )
        .execute();
      await db.kysely
        .insertInto('budget_project')
        .values(
          chunk.map((i) => ({
            zt_id: ztId,
            id: `bench-${i}`,
            year: YEAR,
            type_id: typeId,
            auxi_type: 'XMYS',
            type_no: 'XMYS',
            info_no: projectNo(i),
            project_name: `项目${i}`,
            amount_before_adjustment: 1_000_000_00,
            project_amount: 1_000_000_00,
            control_status: i % 2 === 0 ? 2 : 3,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await db.kysely
        .insertInto('budget_spent')
        .values(
          chunk.flatMap((i) =>
            ['50101', '50102', '50201'].map((subject) => ({
              zt_id: ztId,
              year: YEAR,
              type_no: 'XMYS',
              info_no: projectNo(i),
              subject_code: subject,
              amount: 1_000_00 + i,
            })),
          ),
        )
        .execute();
    }
  }
  await linkBudgetType(db, ztId, YEAR, 'XMYS', [SUBJECT]);
  await setPlanState(db, ztId, YEAR, 'approved');
}

const voucher = (i: number, project: boolean) => ({
  year: YEAR,
  month: 3,
  pzDate: '2026-03-10',
  certificateType: 1,
  numberOfDocument: 0,
  certiDetails: [
    {
      summary: '活动支出',
      subjectCode: project ? SUBJECT : '50102',
      debitAmount: 10,
      creditAmount: null,
      auxis: project ? [{ typeNo: 'XMYS', infoNo: projectNo(i % PROJECTS) }] : [],
    },
    { summary: '活动支出', subjectCode: '101', debitAmount: null, creditAmount: 10 },
  ],
});

async function measure(dialect: 'sqlite' | 'postgres') {
  // The test server makes (and drops) a fresh PostgreSQL database from TEST_DATABASE_URL.
  if (dialect === 'postgres') process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = await startTestServer(dialect);
  try {
    const ztId = (await setIds(server.db))(FACTORY);
    await seed(server.db, ztId);
    const client = new ApiClient(server.url);
    await client.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);

    const picker: number[] = [];
    let figures = 0;
    for (let r = 0; r < RUNS + 2; r++) {
      const start = performance.now();
      const answer = await client.get<CodeAuxiItem[]>(Paths.getCodeAuxi, { code: SUBJECT });
      const ms = performance.now() - start;
      if (r >= 2) picker.push(ms); // two warm-up calls
      const count = (items: CodeAuxiItem['infoList']): number =>
        items.reduce((n, i) => n + (i.budgetId ? 1 : 0) + count(i.children), 0);
      figures = count(answer.body.data.find((t) => t.typeNo === 'XMYS')?.infoList ?? []);
    }
    if (figures !== PROJECTS) throw new Error(`the picker answered ${figures} projects' figures, not ${PROJECTS}`);
    // Of the answer, the budget's part: the figures of every project read in the server's process.
    const figuresMs: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const start = performance.now();
      await budgetFiguresOf(server.db.kysely, ztId, YEAR, ['XMYS']);
      figuresMs.push(performance.now() - start);
    }

    // This lane's part of a save with a project line: the indicator check (voucher-targets.ts).
    const targetMs: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const start = performance.now();
      await targetIssues(server.db.kysely, ztId, YEAR, [
        { rowId: '1', budgetSide: false, auxis: [{ typeNo: 'XMYS', infoNo: projectNo(r), targetId: null }] },
      ]);
      targetMs.push(performance.now() - start);
    }

    const withProject: number[] = [];
    const without: number[] = [];
    for (let i = 0; i < SAVES + 10; i++) {
      for (const project of [true, false]) {
        const start = performance.now();
        const answer = await client.post<Voucher>(Paths.certificate, voucher(i, project));
        const ms = performance.now() - start;
        if (!answer.body.success) throw new Error(`save refused: ${answer.body.errorMsg ?? ''}`);
        if (i >= 10) (project ? withProject : without).push(ms);
      }
    }
    const p99With = percentileOf(withProject, 99);
    const p99Without = percentileOf(without, 99);
    return {
      dialect,
      pickerMs: stats(picker),
      pickerBudgetFiguresMs: stats(figuresMs),
      saveIndicatorCheckMs: stats(targetMs),
      saveWithProjectMs: { ...stats(withProject), p99: p99With },
      saveWithoutMs: { ...stats(without), p99: p99Without },
      budgetAddsToSaveP99Ms: round(p99With - p99Without),
      budgetAddsToSaveMedianMs: round((stats(withProject).median ?? 0) - (stats(without).median ?? 0)),
    };
  } finally {
    await server.close();
  }
}

const results = [];
for (const dialect of benchDialects()) results.push(await measure(dialect));
writeResult('budget-voucher', { projects: PROJECTS, runs: RUNS, saves: SAVES, ...machine(), results });
