import { afterEach, describe, expect, it } from 'vitest';
import { union2009 } from '../templates/charts/index.js';
import { createGridEngine, type GridEngine } from '../formulas/engine.js';
import { answerYuan } from '../src/shared/books/answer-amounts.js';
import { isEditable } from '../src/shared/grid/validate.js';
import {
  figuresRows,
  figuresTrial,
  saveFiguresBalances,
  transitionFiguresGrid,
  type TransitionFiguresRow,
} from './transition-figures.js';

let engine: GridEngine<TransitionFiguresRow> | undefined;
afterEach(() => {
  engine?.destroy();
  engine = undefined;
});

/** The old chart as codeJoin item1=1 answers it, with some last-level figures (fen). */
function rowsWith(amounts: Readonly<Record<string, number>> = {}): TransitionFiguresRow[] {
  const parents = new Set<string | null>(union2009.subjects.map((s) => s.parentCode));
  return figuresRows(
    union2009.subjects.map((s) => ({
      code: s.code,
      name: s.name,
      parentCode: s.parentCode,
      level: s.level,
      type: s.type,
      balanceDirection: s.balanceDirection,
      lastLevel: !parents.has(s.code),
      amount: answerYuan(amounts[s.code] ?? 0),
    })),
  );
}

const amountField = transitionFiguresGrid.fields.find((f) => f.id === 'amount');

describe('the year-end figures grid', () => {
  it('takes amounts only on last-level balance-sheet subjects of the 2009 chart', () => {
    const rows = rowsWith();
    const at = (code: string) => rows.find((r) => r.code === code) as TransitionFiguresRow;
    if (!amountField) throw new Error('amount');
    expect(isEditable(amountField, at('102'))).toBe(true);
    expect(isEditable(amountField, at('13101'))).toBe(true);
    expect(isEditable(amountField, at('131'))).toBe(false);
    const revenue = rows.find((r) => r.type === 4 && r.lastLevel) as TransitionFiguresRow;
    const expense = rows.find((r) => r.type === 5 && r.lastLevel) as TransitionFiguresRow;
    expect(isEditable(amountField, revenue)).toBe(false);
    expect(isEditable(amountField, expense)).toBe(false);
  });

  it('sums parents with HyperFormula and recalculates the trial check as figures are keyed', () => {
    engine = createGridEngine(transitionFiguresGrid, rowsWith({ '102': 100_000_00, '13101': 300_00, '13103': 200_00 }));
    expect(engine.value('131', 'amount')).toBe(500_00);
    expect(engine.isDerived('131', 'amount')).toBe(true);
    expect(figuresTrial(engine.totals())).toMatchObject({
      debit: 100_500_00,
      credit: 0,
      difference: 100_500_00,
      balanced: false,
    });
    expect(figuresTrial(engine.totals()).text).toBe('试算不平衡：借方合计100,500.00，贷方合计0.00，差额100,500.00');

    const changed = engine.setCell('13103', 'amount', 700_00);
    expect(changed).toContainEqual({ rowId: '131', fieldId: 'amount', value: 1_000_00 });
    engine.setCell('331', 'amount', 101_000_00);
    const trial = figuresTrial(engine.totals());
    expect(trial).toMatchObject({ debit: 101_000_00, credit: 101_000_00, difference: 0, balanced: true });
    expect(trial.text).toBe('试算平衡：借方合计101,000.00，贷方合计101,000.00');
  });

  it('saves every keyable last-level amount in yuan, zeros included, and no parent', () => {
    const rows = rowsWith({ '102': 12_345, '13103': 1 });
    const body = saveFiguresBalances(rows);
    expect(body).toContainEqual({ code: '102', amount: '123.45' });
    expect(body).toContainEqual({ code: '13103', amount: '0.01' });
    expect(body).toContainEqual({ code: '101', amount: '0.00' });
    expect(body.map((b) => b.code)).not.toContain('131');
    expect(body.every((b) => (rows.find((r) => r.code === b.code)?.type ?? 9) <= 3)).toBe(true);
  });
});
