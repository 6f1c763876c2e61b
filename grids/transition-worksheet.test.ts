import { afterEach, describe, expect, it } from 'vitest';
import { createGridEngine, type GridEngine } from '../formulas/engine.js';
import { isEditable, validateCell } from '../src/shared/grid/validate.js';
import { rowsOptions, worksheetAnswer } from './transition-test-answer.js';
import {
  createTransitionWorksheetGrid,
  saveSplitsBody,
  transitionWorksheetGrid,
  worksheetChecks,
  worksheetRows,
  type TransitionWorksheetRow,
} from './transition-worksheet.js';

let engine: GridEngine<TransitionWorksheetRow> | undefined;
afterEach(() => {
  engine?.destroy();
  engine = undefined;
});

/** A grassroots union's 2021 closing figures (fen): 现金, 银行, 应收 (its 筹备金 part), 固定资产 and 结余. */
const FIGURES = {
  '101': 1_000_00,
  '102': 98_000_00,
  '13101': 3_000_00,
  '13103': 2_000_00,
  '162': 50_000_00,
  '301': 50_000_00,
  '331': 104_000_00,
};

const field = (id: string) => {
  const f = transitionWorksheetGrid.fields.find((x) => x.id === id);
  if (!f) throw new Error(id);
  return f;
};

describe('the transition worksheet grid', () => {
  it('lays a split row out as its old line and its parts, a whole transfer on one line, the adjustments after', () => {
    const answer = worksheetAnswer('grassroots', FIGURES, {}, [
      {
        voucherId: 'v1',
        voucherNo: '调-1',
        lineNo: 1,
        summary: '补提折旧',
        subjectCode: '30101',
        auxiKey: '',
        debit: 500_00,
        credit: 0,
      },
      {
        voucherId: 'v1',
        voucherNo: '调-1',
        lineNo: 2,
        summary: '补提折旧',
        subjectCode: '172',
        auxiKey: '',
        debit: 0,
        credit: 500_00,
      },
    ]);
    const rows = worksheetRows(answer, rowsOptions('grassroots'));
    const lines = rows.filter((r) => r.no === '31-33').map((r) => [r.line, r.oldCode, r.newCode, r.amount]);
    expect(lines).toEqual([
      ['old', '331', '', null],
      ['remainder', '', '32205', 104_000_00],
      ['split', '', '30101', 0],
      ['split', '', '32104', 0],
    ]);
    const due = rows.find((r) => r.oldCode === '13101');
    expect(due).toMatchObject({ line: 'single', oldAmount: 3_000_00, newCode: '13101', amount: 3_000_00 });
    const adjustments = rows.filter((r) => r.line === 'adjustment');
    expect(adjustments.map((r) => [r.voucherNo, r.newCode, r.increase, r.decrease, r.amount])).toEqual([
      ['调-1', '30101', 0, 500_00, -500_00],
      ['调-1', '172', 500_00, 0, 500_00],
    ]);
    expect(rows.indexOf(adjustments[0] as TransitionWorksheetRow)).toBeGreaterThan(rows.findIndex((r) => r.no === '31-33'));
  });

  it('keys only split parts, and lets a target change only to a detail of the mapping', () => {
    const rows = worksheetRows(worksheetAnswer('grassroots', FIGURES), rowsOptions('grassroots'));
    const byKey = (key: string) => rows.find((r) => r.partKey === key) as TransitionWorksheetRow;
    expect(isEditable(field('amount'), byKey('331-32104'))).toBe(true);
    expect(isEditable(field('amount'), byKey('331-32205'))).toBe(false);
    expect(isEditable(field('amount'), byKey('102-102'))).toBe(false);
    expect(isEditable(field('oldAmount'), byKey('102-102'))).toBe(false);
    const grid = createTransitionWorksheetGrid({
      subjectName: (code) => (code === '1020101' ? '基本户' : undefined),
      hasDetails: (code) => code === '102',
    });
    const newCode = grid.fields.find((f) => f.id === 'newCode');
    if (!newCode) throw new Error('newCode');
    // Only a target with details in the set's chart is keyed (so Enter runs down the amounts elsewhere).
    expect(isEditable(newCode, byKey('102-102'))).toBe(true);
    expect(isEditable(newCode, byKey('13101-13101'))).toBe(false);
    expect(isEditable(field('newCode'), byKey('102-102'))).toBe(false);
    expect(validateCell(grid, newCode, '1020101', byKey('102-102'))).toBeNull();
    expect(validateCell(grid, newCode, '101', byKey('102-102'))).toBe('科目101不是102的下级科目');
    expect(validateCell(grid, newCode, '10299', byKey('102-102'))).toBe('新制度科目10299不存在');
  });

  it('recomputes the remainder and every check with HyperFormula as split amounts are keyed', () => {
    const answer = worksheetAnswer('grassroots', FIGURES);
    const rows = worksheetRows(answer, rowsOptions('grassroots'));
    engine = createGridEngine(transitionWorksheetGrid, rows);
    const checks = () => Object.fromEntries(worksheetChecks(engine?.totals() ?? {}).map((c) => [c.id, c.ok]));
    expect(engine.totals()).toMatchObject({
      oldTotal: answer.totals.old * 100,
      newTotal: answer.totals.new * 100,
      untransferred: 0,
    });
    expect(checks()).toEqual({ transferred: true, split: true, adjusted: true, balanced: true });

    // 结余 331: 30,000 to 结转 (32104), 20,000 to 资产基金 for stock (30101); the remainder 54,000 to 32205.
    expect(engine.isDerived('p:331-32205', 'amount')).toBe(true);
    const changed = engine.setCell('p:331-32104', 'amount', 30_000_00);
    expect(changed).toContainEqual({ rowId: 'p:331-32205', fieldId: 'amount', value: 74_000_00 });
    engine.setCell('p:331-30101', 'amount', 20_000_00);
    expect(engine.value('p:331-32205', 'amount')).toBe(54_000_00);
    expect(checks()).toEqual({ transferred: true, split: true, adjusted: true, balanced: true });

    // Keyed parts beyond the old balance: the remainder turns negative and the check says so.
    engine.setCell('p:331-32104', 'amount', 90_000_00);
    expect(engine.value('p:331-32205', 'amount')).toBe(-6_000_00);
    expect(checks().split).toBe(false);
    expect(worksheetChecks(engine.totals()).find((c) => c.id === 'split')?.text).toBe('拆分金额超过原科目余额6,000.00');
  });

  it('agrees with the shared computation on the totals and the new side, and checks the adjustments', () => {
    const adjustments = [
      {
        voucherId: 'v1',
        voucherNo: '调-1',
        lineNo: 1,
        summary: '补记无形资产',
        subjectCode: '181',
        auxiKey: '',
        debit: 800_00,
        credit: 0,
      },
      {
        voucherId: 'v1',
        voucherNo: '调-1',
        lineNo: 2,
        summary: '补记无形资产',
        subjectCode: '30103',
        auxiKey: '',
        debit: 0,
        credit: 800_00,
      },
    ];
    const splits = { '331-32104': { amount: 4_000_00 } };
    const answer = worksheetAnswer('grassroots', FIGURES, splits, adjustments);
    engine = createGridEngine(transitionWorksheetGrid, worksheetRows(answer, rowsOptions('grassroots')));
    const totals = engine.totals();
    expect(totals.oldTotal).toBe(answer.totals.old * 100);
    expect(totals.increaseTotal).toBe(answer.totals.increase * 100);
    expect(totals.decreaseTotal).toBe(answer.totals.decrease * 100);
    expect(totals.newTotal).toBe(answer.totals.new * 100);
    expect(totals.newDebit! - totals.newCredit!).toBe((answer.totals.newDebit - answer.totals.newCredit) * 100);
    expect(worksheetChecks(totals).every((c) => c.ok)).toBe(true);
    expect(answer.problems).toEqual([]);
  });

  it('saves the keyed parts and the changed targets', () => {
    const rows = worksheetRows(
      worksheetAnswer('grassroots', FIGURES, { '331-32104': { amount: 4_000_00 } }),
      rowsOptions('grassroots'),
    );
    const changed = rows.map((r) => (r.partKey === '13101-13101' ? { ...r, newCode: '1310101' } : r));
    const body = saveSplitsBody(changed);
    expect(body).toContainEqual({ key: '331-32104', amount: '4000.00' });
    expect(body).toContainEqual({ key: '331-30101', amount: '0.00' });
    expect(body).toContainEqual({ key: '13101-13101', amount: '0.00', newCode: '1310101' });
    expect(body.map((b) => b.key)).not.toContain('331-32205');
    expect(body.map((b) => b.key)).not.toContain('503-505');
  });
});
