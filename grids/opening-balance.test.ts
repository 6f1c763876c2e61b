import { afterEach, describe, expect, it } from 'vitest';
import { createGridEngine, type GridEngine } from '../formulas/engine.js';
import { government2017, unionGrassroots2021 } from '../templates/charts/index.js';
import { gridWarnings, isEditable, validateGrid } from '../src/shared/grid/validate.js';
import {
  amountsEditable,
  openingBalanceGrid,
  openingBalanceGridMidYear,
  trialCheck,
  trialFromTotals,
  type OpeningBalanceRow,
} from './opening-balance.js';
import { auxiliaryRow, openingRowsOf } from './test-rows.js';

let engine: GridEngine<OpeningBalanceRow> | undefined;
afterEach(() => {
  engine?.destroy();
  engine = undefined;
});

function field(id: string) {
  const f = openingBalanceGridMidYear.fields.find((x) => x.id === id);
  if (!f) throw new Error(id);
  return f;
}

describe('trialCheck', () => {
  it('balances by direction, not by type: 累计折旧 (asset type, credit side) offsets 固定资产', () => {
    const rows = openingRowsOf(unionGrassroots2021, { '102': 50_000_00, '162': 30_000_00, '163': 10_000_00, '32104': 70_000_00 });
    const check = trialCheck(rows);
    expect(check.financial).toMatchObject({ debit: 80_000_00, credit: 80_000_00, difference: 0, balanced: true });
    expect(check.budget).toMatchObject({ debit: 0, credit: 0, difference: 0, balanced: true });
    expect(check.balanced).toBe(true);
  });

  it('sums parents from their children, ignoring stale parent amounts', () => {
    const rows = openingRowsOf(unionGrassroots2021, { '101': 100, '32104': 100, '321': 999_999 });
    expect(trialCheck(rows).financial).toMatchObject({ debit: 100, credit: 100, balanced: true });
  });

  it('reports the difference and the spec-style message when unbalanced', () => {
    const rows = openingRowsOf(unionGrassroots2021, { '101': 12_345, '32104': 10_000 });
    const check = trialCheck(rows);
    expect(check.financial).toMatchObject({ debit: 12_345, credit: 10_000, difference: 2_345, balanced: false });
    expect(check.balanced).toBe(false);
    expect(gridWarnings(openingBalanceGrid, rows)).toEqual([
      { message: '财务会计期初余额试算不平衡：借方合计123.45，贷方合计100.00，差额23.45', fieldId: 'initAmount' },
    ]);
    expect(validateGrid(openingBalanceGrid, rows)).toEqual([]);
  });

  it('checks the budget side of the government chart apart', () => {
    const rows = openingRowsOf(government2017, { '1001': 500, '3001': 500, '6001': 700 });
    const check = trialCheck(rows);
    expect(check.financial.balanced).toBe(true);
    expect(check.budget).toMatchObject({ debit: 0, credit: 700, difference: -700, balanced: false });
    expect(check.balanced).toBe(false);
  });

  it('checks the cumulative debits and credits of a mid-year start', () => {
    const rows = openingRowsOf(unionGrassroots2021).map((r) =>
      r.code === '101' ? { ...r, cumuleDebitAmount: 300, cumuleCreditAmount: 200 } : r,
    );
    const check = trialCheck(rows);
    expect(check.financial).toMatchObject({ cumuleDebit: 300, cumuleCredit: 200, cumuleDifference: 100, balanced: false });
    expect(gridWarnings(openingBalanceGridMidYear, rows)[0]?.message).toBe(
      '财务会计本年累计发生额不平衡：借方累计3.00，贷方累计2.00，差额1.00',
    );
  });
});

describe('opening-balance grid', () => {
  it('lets amounts be entered only on last-level subjects without auxiliary accounting and on auxiliary rows', () => {
    const rows = openingRowsOf(unionGrassroots2021);
    const byCode = (code: string) => rows.find((r) => r.code === code) as OpeningBalanceRow;
    expect(isEditable(field('initAmount'), byCode('101'))).toBe(true);
    expect(isEditable(field('initAmount'), byCode('321'))).toBe(false);
    expect(isEditable(field('initAmount'), byCode('32104'))).toBe(true);
    expect(amountsEditable({ ...byCode('101'), incloudAuxi: true })).toBe(false);
    expect(amountsEditable(auxiliaryRow(byCode('101'), 'BMHS:01', 5))).toBe(true);
    expect(isEditable(field('code'), byCode('101'))).toBe(false);
  });

  it('gives the engine the same figures as trialCheck, with signed parent sums and auxiliary rows', () => {
    const rows = openingRowsOf(unionGrassroots2021, { '102': 50_000_00, '162': 30_000_00, '163': 10_000_00, '32104': 69_999_00 });
    const cash = rows.find((r) => r.code === '101') as OpeningBalanceRow;
    const withAux = [...rows];
    withAux.splice(
      rows.indexOf(cash),
      1,
      { ...cash, incloudAuxi: true },
      auxiliaryRow(cash, 'BMHS:01', 60),
      auxiliaryRow(cash, 'BMHS:02', 40),
    );
    engine = createGridEngine(openingBalanceGridMidYear, withAux);
    expect(engine.derivedValue('101', 'initAmount')).toBe(100);
    expect(engine.derivedValue('321', 'initAmount')).toBe(69_999_00);
    expect(trialFromTotals(engine.totals())).toEqual(trialCheck(withAux));
    expect(engine.totals()).toMatchObject({
      financialDebit: 80_000_00 + 100,
      financialCredit: 79_999_00,
      financialDifference: 200,
    });
    engine.setCell('101#BMHS:01', 'initAmount', 60 - 200);
    expect(trialFromTotals(engine.totals()).balanced).toBe(true);
  });

  it('counts a credit-side child under a debit-side parent negative', () => {
    const parent: OpeningBalanceRow = {
      ...openingRowsOf(unionGrassroots2021)[0]!,
      rowId: 'p',
      code: '9',
      parentCode: null,
      lastLevel: false,
      balanceDirection: 1,
    };
    const debitChild: OpeningBalanceRow = {
      ...parent,
      rowId: 'd',
      code: '901',
      parentCode: '9',
      lastLevel: true,
      initAmount: 500,
    };
    const creditChild: OpeningBalanceRow = { ...debitChild, rowId: 'c', code: '902', balanceDirection: 2, initAmount: 200 };
    engine = createGridEngine(openingBalanceGrid, [parent, debitChild, creditChild]);
    expect(engine.derivedValue('p', 'initAmount')).toBe(300);
    expect(trialCheck([parent, debitChild, creditChild]).financial.debit).toBe(300);
  });

  it('requires the items of an auxiliary row and its subject', () => {
    const rows = openingRowsOf(unionGrassroots2021);
    const cash = rows[0] as OpeningBalanceRow;
    const orphan = { ...auxiliaryRow(cash, 'X', 1), rowId: 'o', parentCode: '999' };
    const empty = { ...auxiliaryRow(cash, 'Y', 1), auxiKey: '' };
    expect(validateGrid(openingBalanceGrid, [...rows, orphan, empty])).toEqual([
      { message: '辅助核算行没有对应的科目: 101', rowId: 'o' },
      { message: '辅助项不能为空!', rowId: '101#Y', fieldId: 'codeName' },
    ]);
  });

  it('refuses amounts beyond the cap and fractions of a fen', () => {
    const rows = openingRowsOf(unionGrassroots2021, { '101': 10_000_000_000_000 });
    expect(validateGrid(openingBalanceGrid, rows)).toEqual([
      { message: '金额不能超过99,999,999,999.99', rowId: '101', fieldId: 'initAmount' },
    ]);
  });
});
