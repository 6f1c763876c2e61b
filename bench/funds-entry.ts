/**
 * Funds entry at a county federation's scale (issue 20 §5): ROWS pasted receipts (default 2,000)
 * of UNITS lower units (default 200, each with its ratios and a collection fee).
 *
 * 1. The grid (targets ≤ 1 s): the block pasted as the editor pastes it (src/client/grid
 *    range-ops.ts: the text split into cells, each parsed by its field's kind, the rows added and
 *    set in one undo step), the share formulas computed by HyperFormula, every rule checked and
 *    the totals read; the median of RUNS runs, each on a fresh editor model. Checked: no issue,
 *    and the shares' total is the amounts' total to the fen.
 * 2. The vouchers (target ≤ 2 s): the receipts saved over HTTP, then the union-fund voucher of
 *    all of them generated as one batch, and as one voucher per receipt for EACH receipts
 *    (default ROWS) of another month, on the real server (a fresh SQLite file, and a fresh
 *    PostgreSQL database when BENCH_DATABASE_URL is set). Checked: the vouchers balance.
 * Writes bench/results/funds-entry.json.
 */
import {
  createFundsEntryGrid,
  blankFundsEntryRow,
  SHARE_FIELD,
  type FundsEntryContext,
  type FundsEntryRow,
} from '../grids/funds-entry.js';
import { createGridEngine } from '../formulas/engine.js';
import { Paths } from '../src/shared/api/paths.js';
import type { FundsEntryData, GenerateFundsVouchersResponse } from '../src/shared/api/schemas/funds-entry.js';
import type { Voucher } from '../src/shared/api/vouchers.js';
import { SHARE_KINDS, type RatioSet, type ShareKind } from '../src/shared/funds/ratios.js';
import { parseTsv } from '../src/shared/grid/clipboard.js';
import { fenToYuanString } from '../src/shared/money.js';
import { GridModel, type CellState } from '../src/client/grid/grid-model.js';
import type { DialectName } from '../src/server/db/database.js';
import { ApiClient } from '../src/server/test-support/api-client.js';
import {
  insertFundsRatio,
  insertFundsSetting,
  insertFundsUnit,
  insertUnitItems,
  openFundsPlatform,
} from '../src/server/test-support/funds-fixture.js';
import { setIds } from '../src/server/test-support/ledger-fixtures.js';
import { startTestServer } from '../src/server/test-support/test-server.js';
import { benchDialects } from './support/bench-database.js';
import { machine, round, stats, writeResult } from './support/stats.js';

const ROWS = Number(process.env.BENCH_FUNDS_ROWS ?? 2_000);
const UNITS = Number(process.env.BENCH_FUNDS_UNITS ?? 200);
const EACH = Number(process.env.BENCH_FUNDS_EACH ?? ROWS);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGETS = { gridSeconds: 1, vouchersSeconds: 2 };
const CITY = '示范市总工会';

const unitCode = (i: number) => String(9000 + i);
const unitName = (i: number) => `第${i}基层工会`;
/** Ratios that differ per unit and need rounding: 60 + i%7, 30 - i%7, 10; fee 2%. */
const unitRatios = (i: number) => ({ retained: 60 + (i % 7), superiorOne: 30 - (i % 7), lower: 10, collectionFee: 2 });

function ratioSet(i: number): RatioSet {
  const r = unitRatios(i);
  const sharesPpm = Object.fromEntries(SHARE_KINDS.map((k) => [k, 0])) as Record<ShareKind, number>;
  sharesPpm.retained = r.retained * 10_000;
  sharesPpm.superiorOne = r.superiorOne * 10_000;
  sharesPpm.lower = r.lower * 10_000;
  return { basePpm: 1_000_000, sharesPpm, collectionFeePpm: r.collectionFee * 10_000 };
}

/** Row i of the pasted list: the unit by code or by name (as a tax office's list or a bank statement gives it), amount, date. */
function pastedLine(i: number): { cells: string[]; fen: number } {
  const unit = i % UNITS;
  const fen = 100_000 + ((i * 7919) % 9_000_000) + (i % 100);
  const day = String((i % 28) + 1).padStart(2, '0');
  return { cells: [i % 2 === 0 ? unitCode(unit) : unitName(unit), fenToYuanString(fen), `2026-03-${day}`], fen };
}

function gridRun(text: string, expectedFen: number): number {
  const context: FundsEntryContext = {
    year: 2026,
    month: 3,
    units: Array.from({ length: UNITS }, (_, i) => ({ code: unitCode(i), name: unitName(i), ratios: ratioSet(i) })),
    subject: (code) => (code === '102' ? { lastLevel: true, enable: true } : undefined),
  };
  const def = createFundsEntryGrid({ context: () => context });
  let next = 0;
  const newRow = () => blankFundsEntryRow(`n${next++}`, '102');
  const start = Array.from({ length: 12 }, newRow);
  const t0 = performance.now();
  const model = new GridModel<FundsEntryRow>(def, start);
  const engine = createGridEngine(def, start);
  model.attachEngine(engine);
  // As range-ops.ts paste does at the first cell: parse, add the rows past the end, set the cells in one step.
  const matrix = parseTsv(text);
  const cols = ['unitCode', 'fundsAmount', 'auxiliaryDateTime'];
  const added = Array.from({ length: matrix.length - start.length }, newRow);
  model.transact(() => {
    model.replaceRows([...model.rows, ...added]);
    const changes: { rowId: string; fieldId: string; next: CellState }[] = [];
    matrix.forEach((line, r) => {
      const row = model.rows[r];
      if (!row) return;
      cols.forEach((fieldId, c) => {
        const field = model.field(fieldId);
        if (field) changes.push({ rowId: row.rowId, fieldId, next: model.parse(field, line[c] ?? '') });
      });
    });
    model.setCells(changes, false);
  });
  const errors = model.errors();
  const totals = model.totals();
  const seconds = (performance.now() - t0) / 1000;
  if (errors.length > 0) throw new Error(`pasted rows have issues: ${errors[0]?.message ?? ''}`);
  const shares = SHARE_KINDS.reduce((sum, k) => sum + (totals[`${SHARE_FIELD[k]}Total`] ?? 0), 0);
  if (totals['fundsAmountTotal'] !== expectedFen || shares !== expectedFen) {
    throw new Error(`totals wrong: ${totals['fundsAmountTotal']} / ${shares} / ${expectedFen}`);
  }
  engine.destroy();
  return seconds;
}

async function voucherRun(dialect: DialectName) {
  // The test server makes (and drops) a fresh PostgreSQL database from TEST_DATABASE_URL.
  if (dialect === 'postgres') process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = await startTestServer(dialect);
  try {
    const ztId = (await setIds(server.db))(CITY);
    await openFundsPlatform(server.db, ztId);
    const units = Array.from({ length: UNITS }, (_, i) => ({ code: unitCode(i), name: unitName(i) }));
    for (const [i, u] of units.entries()) {
      const id = await insertFundsUnit(server.db, ztId, u);
      await insertFundsRatio(server.db, ztId, id, { fromYear: 2026, ...unitRatios(i) });
    }
    await insertFundsSetting(server.db, ztId, { collectionFee: '50504' });
    await insertUnitItems(server.db, ztId, { years: [2026], units, subjects: ['211', '21202'] });
    const client = new ApiClient(server.url);
    await client.openSet(server.db, 'admin', 'Admin@123', CITY);

    const rows = (month: number, n: number) =>
      Array.from({ length: n }, (_, i) => {
        const line = pastedLine(i);
        return {
          unitCode: unitCode(i % UNITS),
          fundsAmount: fenToYuanString(line.fen),
          bankCode: '102',
          auxiliaryDateTime: `2026-0${month}-10`,
        };
      });
    const timed = async <T>(
      what: string,
      run: () => Promise<{ body: { success: boolean; errorMsg: string | null; data: T } }>,
    ) => {
      const t0 = performance.now();
      const answer = await run();
      const seconds = (performance.now() - t0) / 1000;
      if (!answer.body.success) throw new Error(`${what} failed: ${answer.body.errorMsg ?? ''}`);
      return { seconds: round(seconds, 3), data: answer.body.data };
    };
    const save = await timed('save', () =>
      client.post<FundsEntryData>(Paths.fundsReceiptsSave, { year: 2026, month: 3, rows: rows(3, ROWS) }),
    );
    const batch = await timed('batch', () =>
      client.post<GenerateFundsVouchersResponse>(Paths.fundsVoucherGenerate, {
        year: 2026,
        month: 3,
        ids: save.data.rows.map((r) => r.id),
        mode: 'batch',
      }),
    );
    const batchVoucher = (await client.get<Voucher>(Paths.certificateDetail, { id: batch.data.vouchers[0]?.id ?? '' })).body.data;
    if (batchVoucher.debitTotal !== batchVoucher.creditTotal) throw new Error('batch voucher does not balance');
    const saveEach = await timed('save each', () =>
      client.post<FundsEntryData>(Paths.fundsReceiptsSave, { year: 2026, month: 4, rows: rows(4, EACH) }),
    );
    const each = await timed('each', () =>
      client.post<GenerateFundsVouchersResponse>(Paths.fundsVoucherGenerate, {
        year: 2026,
        month: 4,
        ids: saveEach.data.rows.map((r) => r.id),
        mode: 'each',
      }),
    );
    if (each.data.vouchers.length !== EACH) throw new Error('one voucher per receipt expected');
    return {
      dialect,
      saveSeconds: save.seconds,
      batch: { receipts: ROWS, lines: batchVoucher.certiDetails.length, seconds: batch.seconds },
      each: { receipts: EACH, vouchers: each.data.vouchers.length, seconds: each.seconds },
      meetsTarget: batch.seconds <= TARGETS.vouchersSeconds && each.seconds <= TARGETS.vouchersSeconds,
    };
  } finally {
    await server.close();
  }
}

async function main() {
  const lines = Array.from({ length: ROWS }, (_, i) => pastedLine(i));
  const text = lines.map((l) => l.cells.join('\t')).join('\n');
  const expected = lines.reduce((sum, l) => sum + l.fen, 0);
  gridRun(text, expected); // warm-up: the JIT and HyperFormula's first build
  const gridTimes = Array.from({ length: RUNS }, () => gridRun(text, expected));
  const grid = stats(gridTimes.map((s) => s * 1000));
  const vouchers = [];
  for (const dialect of benchDialects()) vouchers.push(await voucherRun(dialect));
  writeResult('funds-entry', {
    ...machine(),
    rows: ROWS,
    units: UNITS,
    targets: TARGETS,
    grid: { pastedSplitValidatedTotalledMs: grid, meetsTarget: grid.median / 1000 <= TARGETS.gridSeconds },
    vouchers,
  });
}

await main();
