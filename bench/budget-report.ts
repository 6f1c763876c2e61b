/**
 * The budget execution report at a large union's scale (issue 21 §4): DETAILS budget details
 * (default 5,000: 40 project categories of XMYS and 10 人员经费 categories of JFHS, a hundred
 * details each) and LINES voucher lines in the year (default 1,000,000: four a voucher, two of
 * them expenses carrying a detail's item on one of the subjects that detail is keyed on, see
 * PER_DETAIL), written straight into a
 * fresh seeded database (SQLite, and PostgreSQL when BENCH_DATABASE_URL is set), budget_spent
 * summed from the lines as migration 0033 does.
 *
 * Measured (target: the report ≤ 200 ms): readExecution alone (the details and their spent), the
 * report as the server builds it (that, the categories and the rows with their subtotals) in-process, and GET /budget/api/execution over
 * HTTP (the same plus the answer's 5,000+ rows as JSON; the target is read on its median, the p95
 * beside it); 支出预警, the workbook export and one
 * detail's drill over HTTP, for the record. Each the median and p95 of RUNS runs after a warm-up.
 * Checked: the report's total spent is what the database sums of budget_spent on the subjects each
 * detail counts, and the drill's lines add up to
 * the detail's spent. Writes bench/results/budget-report.json.
 */
import { sql } from 'kysely';
import { Paths } from '../src/shared/api/paths.js';
import type { BudgetExecutionResponse, BudgetLinesResponse } from '../src/shared/api/schemas/budget-reports.js';
import type { DialectName, Db } from '../src/server/db/database.js';
import { readExecution } from '../src/server/budget/execution.js';
import { readExecutionReport } from '../src/server/budget/report.js';
import type { Q } from '../src/server/subjects/subject-repository.js';
import { ApiClient } from '../src/server/test-support/api-client.js';
import { openBudgetPlatform, setPlanState } from '../src/server/test-support/budget-fixture.js';
import { setIds } from '../src/server/test-support/ledger-fixtures.js';
import { startTestServer } from '../src/server/test-support/test-server.js';
import { benchDialects } from './support/bench-database.js';
import { machine, round, timedRuns, writeResult } from './support/stats.js';

const DETAILS = Number(process.env.BENCH_BUDGET_DETAILS ?? 5_000);
const LINES = Number(process.env.BENCH_BUDGET_LINES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const TARGET_MS = 200;
const YEAR = 2026;
const SET = '示范市实验中学工会';
const CATEGORIES = 50;
const EXPENSE = [
  '50101',
  '50102',
  '50103',
  '50104',
  '50105',
  '50106',
  '50301',
  '50302',
  '50303',
  '50304',
  '50305',
  '50401',
  '50402',
  '50403',
  '50404',
  '50405',
  '50501',
  '50502',
  '50503',
  '50504',
];
const BATCH = 500;
/**
 * How many expense subjects each detail's lines go to (default 3: a project is spent on its own
 * few subjects); 20 spreads every detail over every subject, the worst case of budget_spent's size.
 */
const PER_DETAIL = Math.min(EXPENSE.length, Number(process.env.BENCH_BUDGET_SUBJECTS_PER_DETAIL ?? 3));

/**
 * mulberry32: a small deterministic generator whose consecutive draws are independent enough that
 * the lines spread over every (detail, subject) pair, as a year's keying does (the LCG of
 * million-lines.ts ties a draw to the one before and would leave a few thousand pairs).
 */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertRows(q: Q, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH)
    await q
      .insertInto(table as never)
      .values(rows.slice(i, i + BATCH))
      .execute();
}

interface Item {
  typeNo: 'XMYS' | 'JFHS';
  infoNo: string;
  /** The expense subjects its lines are keyed on. */
  subjects: string[];
}

/** The subjects detail d of category c is keyed on: PER_DETAIL of the 20, spread by its place. */
function keyedSubjects(c: number, d: number): string[] {
  return Array.from({ length: PER_DETAIL }, (_, k) => EXPENSE[(c + d + k * 7) % EXPENSE.length] ?? '50101');
}

/** The categories and details (with their items), the plan approved; answers the details' items. */
async function budgets(db: Db, ztId: number): Promise<Item[]> {
  const now = Date.now();
  const categories: Record<string, unknown>[] = [];
  const details: Record<string, unknown>[] = [];
  const items: Item[] = [];
  const perCategory = Math.ceil(DETAILS / CATEGORIES);
  for (let c = 0; c < CATEGORIES && items.length < DETAILS; c++) {
    const project = c < 40;
    const typeNo = project ? 'XMYS' : 'JFHS';
    const infoNo = project ? String(100 + c) : `001001${100 + c}`;
    const id = `bench-cat-${c}`;
    categories.push({
      zt_id: ztId,
      id,
      year: YEAR,
      auxi_type: project ? 'XMYS' : 'RYJF',
      type_name: `${project ? '项目' : '人员经费'}类别${c}`,
      expend_class: project ? null : '00101',
      type_no: typeNo,
      info_no: infoNo,
      sort: c,
      created_at: now,
    });
    for (let d = 0; d < perCategory && items.length < DETAILS; d++) {
      const detailNo = `${infoNo}${String(d).padStart(3, '0')}`;
      const keyed = keyedSubjects(c, d);
      items.push({ typeNo, infoNo: detailNo, subjects: keyed });
      const amount = 5_000_000 + ((c * 7919 + d * 104_729) % 20_000_000);
      details.push({
        zt_id: ztId,
        id: `bench-detail-${c}-${d}`,
        year: YEAR,
        type_id: id,
        auxi_type: project ? 'XMYS' : 'RYJF',
        type_no: typeNo,
        info_no: detailNo,
        project_name: `预算明细${c}-${d}`,
        expend_class: project ? null : '00101',
        amount_before_adjustment: amount,
        project_amount: amount,
        // A third name the first two subjects they are keyed on (the third, keyed too, is not theirs).
        subject_codes: d % 3 === 0 ? keyed.slice(0, 2).join(',') : '',
        control_status: d % 3 === 0 ? 3 : d % 3 === 1 ? 2 : 0,
        warn_ppm: 800_000,
        sort: d,
        created_at: now,
        updated_at: now,
      });
    }
  }
  await db.kysely.transaction().execute(async (trx) => {
    await insertRows(trx, 'budget_category', categories);
    await insertRows(trx, 'budget_project', details);
  });
  await setPlanState(db, ztId, YEAR, 'approved');
  return items;
}

/** LINES lines, four a voucher, two expenses carrying a detail's item; then budget_spent summed from them. */
async function ledger(db: Db, ztId: number, items: readonly Item[]): Promise<number> {
  const next = mulberry32(20261126);
  const vouchers = Math.ceil(LINES / 4);
  const perMonth = Math.ceil(vouchers / 12);
  const now = Date.now();
  let written = 0;
  for (let month = 1; month <= 12 && written < vouchers; month++) {
    const inMonth = Math.min(perMonth, vouchers - written);
    await db.kysely.transaction().execute(async (trx) => {
      let heads: Record<string, unknown>[] = [];
      let lines: Record<string, unknown>[] = [];
      let auxis: Record<string, unknown>[] = [];
      const flush = async () => {
        await insertRows(trx, 'voucher', heads);
        await insertRows(trx, 'voucher_line', lines);
        await insertRows(trx, 'voucher_line_auxi', auxis);
        heads = [];
        lines = [];
        auxis = [];
      };
      for (let n = 1; n <= inMonth; n++) {
        const id = `bench-${month}-${n}`;
        const a = 100 + Math.floor(next() * 500_000);
        const b = 100 + Math.floor(next() * 500_000);
        const pick = (): [string, Item] => {
          const item = items[Math.floor(next() * items.length)] as Item;
          return [item.subjects[Math.floor(next() * item.subjects.length)] ?? '50101', item];
        };
        const [s1, i1] = pick();
        const [s2, i2] = pick();
        const rows: [string, number, number, Item | null][] = [
          [s1, a, 0, i1],
          [s2, b, 0, i2],
          ['102', 0, a, null],
          ['101', 0, b, null],
        ];
        heads.push({
          zt_id: ztId,
          id,
          year: YEAR,
          month,
          certificate_type: 1,
          pz_no: n,
          pz_date: `${YEAR}-${String(month).padStart(2, '0')}-10`,
          number_of_document: 1,
          financial_officer: '',
          bookkeeper: '',
          cashier: '',
          prepared_by: '李会计',
          created_by: 0,
          reviewer: '',
          is_review: 0,
          is_book: 0,
          is_cashier_signed: 0,
          debit_total: a + b,
          credit_total: a + b,
          created_at: now,
          updated_at: now,
        });
        rows.forEach(([code, debit, credit, item], i) => {
          lines.push({
            zt_id: ztId,
            voucher_id: id,
            line_no: i + 1,
            id: `${id}-${i + 1}`,
            year: YEAR,
            month,
            summary: item ? '项目支出' : '付款',
            subject_code: code,
            debit_amount: debit,
            credit_amount: credit,
          });
          if (item) auxis.push({ zt_id: ztId, voucher_id: id, line_no: i + 1, type_no: item.typeNo, info_no: item.infoNo });
        });
        if (heads.length >= BATCH / 4) await flush();
      }
      await flush();
    });
    written += inMonth;
  }
  await sql`insert into budget_spent (zt_id, year, type_no, info_no, subject_code, amount)
    select l.zt_id, l.year, a.type_no, a.info_no, l.subject_code, sum(l.debit_amount - l.credit_amount)
    from voucher_line l
    join voucher_line_auxi a on a.zt_id = l.zt_id and a.voucher_id = l.voucher_id and a.line_no = l.line_no
    join voucher v on v.zt_id = l.zt_id and v.id = l.voucher_id
    where l.zt_id = ${ztId} and v.carry_over = 0 and a.type_no in ('XMYS', 'XMZC', 'JFHS')
      and (l.subject_code like '5%' or l.subject_code like '7%')
    group by l.zt_id, l.year, a.type_no, a.info_no, l.subject_code`.execute(db.kysely);
  return written * 4;
}

async function measure(dialect: DialectName) {
  // The test server makes (and drops) a fresh PostgreSQL database from TEST_DATABASE_URL.
  if (dialect === 'postgres') process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = await startTestServer(dialect);
  try {
    const ztId = (await setIds(server.db))(SET);
    await openBudgetPlatform(server.db, ztId);
    const t0 = performance.now();
    const items = await budgets(server.db, ztId);
    const lines = await ledger(server.db, ztId, items);
    const generateSeconds = round((performance.now() - t0) / 1000, 1);
    // What the details count, summed by the database: every expense subject, or the leaves they name.
    const { rows: counted } = await sql<{ n: number | string; total: number | string | null }>`
      select count(*) as n, sum(case when p.subject_codes = '' or (',' || p.subject_codes || ',') like ('%,' || s.subject_code || ',%')
        then s.amount else 0 end) as total
      from budget_spent s
      join budget_project p on p.zt_id = s.zt_id and p.year = s.year and p.type_no = s.type_no and p.info_no = s.info_no
      where s.zt_id = ${ztId} and s.year = ${YEAR}`.execute(server.db.kysely);
    const spentRows = { n: Number(counted[0]?.n ?? 0), sum: Number(counted[0]?.total ?? 0) };

    const spentRead = await timedRuns(RUNS, async () => {
      await readExecution(server.db.kysely, ztId, YEAR);
    });
    const inProcess = await timedRuns(RUNS, async () => {
      await readExecutionReport(server.db.kysely, ztId, YEAR, {});
    });
    const client = new ApiClient(server.url);
    await client.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET);
    let answer: BudgetExecutionResponse | null = null;
    const http = await timedRuns(RUNS, async () => {
      const a = await client.get<BudgetExecutionResponse>(Paths.budgetExecution);
      if (!a.body.success) throw new Error(a.body.errorMsg ?? 'execution failed');
      answer = a.body.data;
    });
    const report = answer as BudgetExecutionResponse | null;
    if (!report) throw new Error('no report');
    const detailRows = report.rows.filter((r) => r.kind === 'detail');
    if (detailRows.length !== items.length) throw new Error(`${detailRows.length} details reported, ${items.length} made`);
    const totalFen = Math.round(report.total.spent * 100);
    if (totalFen !== Number(spentRows.sum)) throw new Error(`total spent ${totalFen} ≠ budget_spent ${spentRows.sum}`);
    const warnings = await timedRuns(Math.min(RUNS, 5), async () => {
      const a = await client.get(Paths.budgetWarnings);
      if (!a.body.success) throw new Error(a.body.errorMsg ?? 'warnings failed');
    });
    const exported = await timedRuns(3, async () => {
      const f = await client.download(Paths.budgetExecutionExport);
      if (f.status !== 200) throw new Error(`export ${f.status}`);
    });
    const busiest = detailRows.reduce((a, b) => (b.spent > a.spent ? b : a));
    let drillLines = 0;
    const drill = await timedRuns(5, async () => {
      const a = await client.get<BudgetLinesResponse>(Paths.budgetExecutionLines, { budgetId: busiest.budgetId });
      if (!a.body.success) throw new Error(a.body.errorMsg ?? 'drill failed');
      drillLines = a.body.data.lines.length;
      if (Math.round(a.body.data.spent * 100) !== Math.round(busiest.spent * 100)) throw new Error('drill ≠ spent');
    });
    return {
      dialect,
      details: items.length,
      lines,
      budgetSpentRows: Number(spentRows.n),
      generateSeconds,
      report: {
        spentReadInProcess: spentRead,
        inProcess,
        http,
        rows: report.rows.length,
        meetsTarget: http.medianMs <= TARGET_MS,
      },
      warningsHttp: warnings,
      exportHttp: exported,
      drillHttp: { ...drill, lines: drillLines },
    };
  } finally {
    await server.close();
  }
}

async function main() {
  const results = [];
  for (const dialect of benchDialects()) results.push(await measure(dialect));
  writeResult('budget-report', {
    ...machine(),
    details: DETAILS,
    lines: LINES,
    subjectsPerDetail: PER_DETAIL,
    runs: RUNS,
    targetMs: TARGET_MS,
    results,
  });
}

await main();
