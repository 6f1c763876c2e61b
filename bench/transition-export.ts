/**
 * The transition worksheet's workbook (codeJoinAsyncDataOut, issue 22) at a full worksheet: a 基层 set whose year-end
 * figures fill every balance-sheet leaf of the 2009 chart (balanced against 331), every keyed split part saved (a
 * share of its balance), and ADJUSTMENT_LINES lines of zero-period adjustment vouchers (default 200: two a voucher, a
 * quarter of them with items), on SQLite and, when BENCH_DATABASE_URL is set, PostgreSQL.
 *
 * Measured, each the median and p95 of RUNS runs after a warm-up: readWorksheet (the figures, splits, voucher lines
 * and the set's chart read, and computeWorksheet), the workbook built and written in memory, and the export over
 * HTTP (both and the answer). For the record: HyperFormula's recalculation of the file as the tests do it (once).
 * Checked: the recalculated openings equal the worksheet's to the fen. Writes bench/results/transition-export.json.
 */
import { fenToYuanString } from '../src/shared/money.js';
import { union2009 } from '../templates/charts/index.js';
import { transitionRows } from '../templates/transition/union-2009-to-2021.js';
import { Paths } from '../src/shared/api/paths.js';
import type { DialectName } from '../src/server/db/database.js';
import { transitionContext } from '../src/server/transition/context.js';
import { buildTransitionWorkbook, TRANSITION_OPENINGS_SHEET } from '../src/server/transition/export.js';
import { readWorksheet } from '../src/server/transition/worksheet-read.js';
import { ApiClient } from '../src/server/test-support/api-client.js';
import { createSet } from '../src/server/test-support/ledger-fixtures.js';
import { startTestServer } from '../src/server/test-support/test-server.js';
import { fenOf, readWorkbook } from '../src/server/test-support/workbook-check.js';
import { benchDialects } from './support/bench-database.js';
import { machine, round, timedRuns, writeResult } from './support/stats.js';

const ADJUSTMENT_LINES = Number(process.env.BENCH_TRANSITION_ADJUSTMENT_LINES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const YEAR = 2022;
const SET = '衔接基准基层工会';
const ADJUSTED = ['141', '163', '171', '30101', '30104', '215', '102', '32205', '201', '135'];

/** Every balance-sheet leaf of the 2009 chart with a balance, 331 taking what balances them. */
function yearEnd(): Map<string, number> {
  const leaves = union2009.subjects.filter((s) => s.type <= 3 && !union2009.subjects.some((c) => c.parentCode === s.code));
  const balances = new Map<string, number>();
  let net = 0;
  leaves.forEach((s, i) => {
    if (s.code === '331') return;
    const fen = 1_000_000 + ((i * 7_919_117) % 90_000_000) + (i % 100);
    balances.set(s.code, fen);
    net += s.balanceDirection === 1 ? fen : -fen;
  });
  // 331 is credit: it takes the debit surplus, kept large enough for its splits.
  balances.set('331', net + 500_000_000);
  balances.set('102', (balances.get('102') ?? 0) + 500_000_000);
  return balances;
}

async function measure(dialect: DialectName) {
  if (dialect === 'postgres') process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = await startTestServer(dialect);
  try {
    const ztId = await createSet(server.db, {
      name: SET,
      code: 'XJ-BENCH',
      system: 'union-grassroots',
      year: YEAR,
      users: ['kuaiji'],
    });
    const client = new ApiClient(server.url);
    await client.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET, YEAR);
    const balances = yearEnd();
    const figures = await client.post(Paths.transitionSaveFigures, {
      balances: [...balances].map(([code, fen]) => ({ code, amount: fenToYuanString(fen) })),
    });
    if (!figures.body.success) throw new Error(figures.body.errorMsg ?? 'figures refused');
    const splits: { key: string; amount: string }[] = [];
    for (const row of transitionRows('grassroots')) {
      if (row.oldCode === null || row.noBalance) continue;
      const keyed = row.parts.filter((p) => !p.remainder);
      const share = Math.floor((balances.get(row.oldCode) ?? 0) / (keyed.length + 2));
      for (const part of keyed) splits.push({ key: part.key, amount: fenToYuanString(share) });
    }
    const saved = await client.post(Paths.transitionSaveSplits, { splits });
    if (!saved.body.success) throw new Error(saved.body.errorMsg ?? 'splits refused');

    const now = Date.now();
    const vouchers = Math.ceil(ADJUSTMENT_LINES / 2);
    const heads = [];
    const lines = [];
    for (let v = 1; v <= vouchers; v++) {
      const id = `xj-bench-${v}`;
      const amount = 10_000 + ((v * 104_729) % 5_000_000);
      heads.push({
        zt_id: ztId,
        id,
        pz_no: v,
        pz_date: `${YEAR - 1}-12-31`,
        certificate_type: 10000,
        prepared_by: '李会计',
        created_by: 1,
        debit_total: amount,
        credit_total: amount,
        created_at: now,
        updated_at: now,
      });
      const [debitCode, creditCode] = [ADJUSTED[v % ADJUSTED.length] ?? '141', ADJUSTED[(v * 3 + 1) % ADJUSTED.length] ?? '102'];
      const auxi = v % 4 === 0 ? `DEPT:${String(v % 7).padStart(2, '0')}` : '';
      lines.push(
        {
          zt_id: ztId,
          voucher_id: id,
          line_no: 1,
          summary: `调账${v}`,
          subject_code: debitCode,
          debit_amount: amount,
          credit_amount: 0,
          auxi_key: auxi,
        },
        {
          zt_id: ztId,
          voucher_id: id,
          line_no: 2,
          summary: `调账${v}`,
          subject_code: creditCode,
          debit_amount: 0,
          credit_amount: amount,
          auxi_key: '',
        },
      );
    }
    for (let i = 0; i < heads.length; i += 200)
      await server.db.kysely
        .insertInto('transition_voucher')
        .values(heads.slice(i, i + 200))
        .execute();
    for (let i = 0; i < lines.length; i += 200)
      await server.db.kysely
        .insertInto('transition_voucher_line')
        .values(lines.slice(i, i + 200))
        .execute();

    const ctx = await transitionContext(server.db.kysely, {
      id: ztId,
      accountingSystem: 'union-grassroots',
      year: YEAR,
      name: SET,
      levelId: null,
    });
    const read = await timedRuns(RUNS, async () => {
      await readWorksheet(server.db.kysely, ctx);
    });
    const view = await readWorksheet(server.db.kysely, ctx);
    const party = { unit: SET, ledgerSet: SET, exportedBy: '李会计', exportedAt: new Date() };
    let bytes = 0;
    const build = await timedRuns(RUNS, async () => {
      const workbook = buildTransitionWorkbook({ year: YEAR, level: 'grassroots', withAdjustments: true, view, party });
      bytes = (await workbook.xlsx.writeBuffer()).byteLength;
    });
    let file: Uint8Array = new Uint8Array();
    const http = await timedRuns(RUNS, async () => {
      const f = await client.download(Paths.transitionExport);
      if (f.status !== 200) throw new Error(`export ${f.status}`);
      file = f.bytes;
    });
    const t0 = performance.now();
    const book = await readWorkbook(file);
    const recalculateMs = round(performance.now() - t0);
    const sheet = book.sheet(TRANSITION_OPENINGS_SHEET);
    const first = sheet.rowOf(1, '新科目编码') + 1;
    const recalculated = new Map<string, number>();
    for (let r = first; sheet.text(r, 1) !== '合计'; r++)
      recalculated.set(`${sheet.text(r, 1)}|${sheet.text(r, 3)}`, fenOf(sheet.value(r, 5)));
    for (const o of view.result.openings) {
      const got = recalculated.get(`${o.code}|${o.auxiKey}`);
      if (got !== o.amount) throw new Error(`opening ${o.code}|${o.auxiKey}: recalculated ${String(got)} ≠ ${o.amount}`);
    }
    if (recalculated.size !== view.result.openings.length) throw new Error('openings differ in number');
    return {
      dialect,
      oldBalances: balances.size,
      splits: splits.length,
      adjustmentLines: view.result.adjustments.length,
      openings: view.result.openings.length,
      problems: view.result.problems.length,
      worksheetRows: book.sheet().rowCount,
      fileBytes: bytes,
      readWorksheetInProcess: read,
      workbookInProcess: build,
      exportHttp: http,
      recalculateOnceMs: recalculateMs,
    };
  } finally {
    await server.close();
  }
}

async function main() {
  const results = [];
  for (const dialect of benchDialects()) results.push(await measure(dialect));
  writeResult('transition-export', { ...machine(), adjustmentLines: ADJUSTMENT_LINES, runs: RUNS, results });
}

await main();
