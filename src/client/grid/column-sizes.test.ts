import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trialBalanceGrid as trialBalanceOf, type TrialBalanceGridRow } from '../../../grids/trial-balance.js';
import { voucherGrid as voucherOf } from '../../../grids/voucher.js';
import { voucherListGrid } from '../../../grids/voucher-list.js';
import { formatFen } from '../../shared/money.js';
import type { GridDefinition, GridRow } from '../../shared/grid/definition.js';
import {
  CELL_PAD,
  columnSizes,
  estimatedCells,
  PINNED_MAX,
  TEXT_MIN,
  TEXT_SAMPLE_ROWS,
  textSample,
  type MeasureText,
} from './column-sizes.js';

// The editor takes any definition as a definition of plain rows (GridEditor does the same).
const trialBalanceGrid = trialBalanceOf as unknown as GridDefinition;
const voucherGrid = voucherOf as unknown as GridDefinition;

// The grid's 13 px font, near enough: a Chinese character 13 px, a digit or letter 6.5 px.
const measure: MeasureText = (text) => estimatedCells(text) * 6.5;

// The grid's width on a 1280 px screen: less the side menu (210), the page's padding (40) and a
// vertical scrollbar (16).
const GRID_AT_1280 = 1280 - 210 - 40 - 16;

function trialRow(code: string, name: string, fen: number, counted = true): TrialBalanceGridRow {
  return {
    rowId: code,
    code,
    codeName: name,
    parentCode: null,
    isGovernment: false,
    counted,
    openingDebit: fen,
    openingCredit: fen,
    periodDebit: fen,
    periodCredit: fen,
    yearDebit: fen,
    yearCredit: fen,
    closingDebit: fen,
    closingCredit: fen,
  };
}

const minSum = (sizes: ReadonlyMap<string, { minWidth: number }>) => [...sizes.values()].reduce((n, s) => n + s.minWidth, 0);

describe('column widths from the content', () => {
  it('an amount column holds its largest amount and the total under it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -99_999_999_99, max: 99_999_999_99 }), { minLength: 1, maxLength: 30 }), (fens) => {
        const rows = fens.map((fen, i) => trialRow(`1${i}`, '库存现金', fen));
        const size = columnSizes(trialBalanceGrid, rows, { measure, readOnly: true }).get('closingDebit');
        const total = fens.filter((f) => f > 0).reduce((a, b) => a + b, 0);
        const widest = Math.max(...fens.map((f) => measure(formatFen(f))), measure(formatFen(total)));
        expect(size?.minWidth).toBeGreaterThanOrEqual(widest + CELL_PAD);
        expect(size?.flex).toBe(size?.width);
      }),
    );
  });

  it('the trial balance of a union keeping millions fits a 1280 screen with 期末余额 in view', () => {
    const rows = [
      trialRow('101', '库存现金', 999_999_999),
      trialRow('13101', '    应收上级转拨经费', 999_999_999, false),
      trialRow('50405', '维权支出-送温暖支出', 999_999_999, false),
    ];
    const sizes = columnSizes(trialBalanceGrid, rows, { measure, readOnly: true });
    expect(minSum(sizes)).toBeLessThanOrEqual(GRID_AT_1280);
    // The definition's own widths did not fit (the 1280×720 screen lost 期末余额).
    expect(trialBalanceGrid.fields.reduce((n, f) => n + (f.width ?? 0), 0)).toBeGreaterThan(GRID_AT_1280);
  });

  it('the voucher list keeps 审核人 and 状态 in view: long summaries give way down to a readable width', () => {
    const long = '收到行政拨缴工会经费（12月工资总额2%）及上年度结转的专项补助资金';
    const row: GridRow = {
      rowId: '1',
      pzDate: '2026-01-15',
      voucherNo: '记-0005',
      summary: long,
      subject: '50102 职工活动支出-文体活动支出 等4条',
      debitTotal: 48_000_00,
      creditTotal: 48_000_00,
      numberOfDocument: 2,
      preparedBy: '李会计',
      reviewer: '王审核',
      status: '已记账',
    };
    const sizes = columnSizes(voucherListGrid, [row], { measure, readOnly: true });
    const summary = sizes.get('summary');
    expect(summary?.minWidth).toBe(TEXT_MIN);
    expect(summary?.width).toBeGreaterThan(TEXT_MIN);
    // The selection column (44) and every column's narrowest.
    expect(44 + minSum(sizes)).toBeLessThanOrEqual(GRID_AT_1280);
  });

  it('pinned columns keep a fixed width no wider than PINNED_MAX', () => {
    const rows = [trialRow('101', '一'.repeat(60), 1)];
    const sizes = columnSizes(trialBalanceGrid, rows, { measure, readOnly: true });
    const name = sizes.get('codeName');
    expect(name).toEqual({ width: PINNED_MAX, minWidth: PINNED_MAX });
    expect(sizes.get('code')?.flex).toBeUndefined();
  });

  it('a group header fits over its columns', () => {
    const rows = [trialRow('101', '库存现金', 0)];
    const sizes = columnSizes(trialBalanceGrid, rows, { measure, readOnly: true });
    const year = (sizes.get('yearDebit')?.minWidth ?? 0) + (sizes.get('yearCredit')?.minWidth ?? 0);
    expect(year).toBeGreaterThanOrEqual(measure('本年累计发生额'));
  });

  it('an editable grid keeps the room its definition asks for and the largest amount it takes', () => {
    const sizes = columnSizes(voucherGrid, [], { measure, readOnly: false });
    for (const field of voucherGrid.fields) {
      if (field.editable === false) continue;
      expect(sizes.get(field.id)?.width, field.id).toBeGreaterThanOrEqual(field.width ?? 0);
    }
    const cap = voucherGrid.fields.find((f) => f.id === 'debitAmount')?.capFen ?? 0;
    expect(sizes.get('debitAmount')?.minWidth).toBeGreaterThanOrEqual(measure(formatFen(cap)) + CELL_PAD);
  });

  it('a tree column is as wide as its deepest indent needs', () => {
    const rows = [trialRow('13102', '应收上级转拨经费', 0)];
    const plain = columnSizes(trialBalanceGrid, rows, { measure, readOnly: true }).get('codeName')?.width ?? 0;
    const indented =
      columnSizes(trialBalanceGrid, rows, { measure, readOnly: true, indent: (_r, id) => (id === 'codeName' ? 48 : 0) }).get(
        'codeName',
      )?.width ?? 0;
    expect(indented - plain).toBe(48);
  });
});

describe('the rows a text column is sized on', () => {
  it('are all rows up to the limit, else the first half of it and the rest spread to the end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 2, max: 3000 }), (n, limit) => {
        const rows: GridRow[] = Array.from({ length: n }, (_, i) => ({ rowId: String(i) }));
        const sample = textSample(rows, limit);
        if (n <= limit) {
          expect(sample).toBe(rows);
          return;
        }
        expect(sample.length).toBe(limit);
        const ids = sample.map((r) => Number(r.rowId));
        expect(ids.slice(0, Math.floor(limit / 2))).toEqual([...Array(Math.floor(limit / 2)).keys()]);
        expect(new Set(ids).size).toBe(limit);
        expect(ids.at(-1)).toBeGreaterThanOrEqual(n - Math.ceil(n / (limit - Math.floor(limit / 2))) - 1);
      }),
    );
  });

  it('a long text in a large list is found when it is in the sample; amounts are read in full', () => {
    const rows = Array.from({ length: TEXT_SAMPLE_ROWS * 5 }, (_, i) => trialRow(`1${i}`, '库存现金', 100));
    const last = rows.length - 1;
    rows[last] = trialRow('9', '库存现金', 999_999_999_99);
    const size = columnSizes(trialBalanceGrid, rows, { measure, readOnly: true }).get('closingDebit');
    expect(size?.minWidth).toBeGreaterThanOrEqual(measure(formatFen(999_999_999_99)) + CELL_PAD);
  });
});
