import { describe, expect, it } from 'vitest';
import { behaviourFor, typedBehaviour } from '../src/shared/grid/behaviours.js';
import { availableCommands } from '../src/shared/grid/commands.js';
import type { CommandId } from '../src/shared/grid/definition.js';
import type { RuleSubject, VoucherRuleContext } from '../src/shared/vouchers/rules.js';
import { VoucherMessages } from '../src/shared/vouchers/messages.js';
import {
  blankVoucherRow,
  createVoucherGrid,
  liveLineIssues,
  padVoucherRows,
  voucherGrid,
  voucherIssues,
  withoutCarriedTail,
  type VoucherLineRow,
} from './voucher.js';

const line = (rowId: string, values: Partial<VoucherLineRow> = {}): VoucherLineRow => ({ ...blankVoucherRow(rowId), ...values });

const SUBJECTS: Record<string, RuleSubject> = {
  '1001': { code: '1001', lastLevel: true, enable: true, isGovernment: false, auxiTypeNos: [] },
  '1002': { code: '1002', lastLevel: false, enable: true, isGovernment: false, auxiTypeNos: [] },
  '5001': { code: '5001', lastLevel: true, enable: true, isGovernment: false, auxiTypeNos: ['ZJLY'] },
};
const ctx: VoucherRuleContext = { subject: (code) => SUBJECTS[code], twoTable: false };

function run(command: CommandId, rows: VoucherLineRow[], index: number, fieldId: string) {
  const behaviour = behaviourFor(voucherGrid.behaviours, command, fieldId);
  if (!behaviour) throw new Error(`no ${command} in ${fieldId}`);
  let n = 0;
  return behaviour.run({ rows, index, fieldId, newRow: () => line(`added-${++n}`) });
}

describe('voucher grid definition', () => {
  it('is 记账凭证 with at least 6 rows of height 50, rows added and deleted', () => {
    expect(voucherGrid.title).toBe('记账凭证');
    expect(voucherGrid.minRows).toBe(6);
    expect(voucherGrid.rowHeight).toBe(50);
    expect(voucherGrid.allowAddRows && voucherGrid.allowDeleteRows).toBe(true);
    let n = 0;
    expect(padVoucherRows([line('a')], () => `p${++n}`).map((r) => r.rowId)).toEqual(['a', 'p1', 'p2', 'p3', 'p4', 'p5']);
  });

  it('offers the row operations and every voucher convention as commands (so the help panel lists them)', () => {
    const ids = availableCommands(voucherGrid).map((c) => c.id);
    for (const id of [
      'copyPreviousRow',
      'insertRowBefore',
      'insertRowAfter',
      'splitRow',
      'deleteRow',
      'saveAndNew',
      'newDocument',
      'previousDocument',
      'nextDocument',
      'pickSubject',
      'copySummaryAbove',
      'copySummaryFirst',
      'balanceAmount',
      'swapDebitCredit',
      'nextLineCarrySummary',
    ] as const)
      expect(ids).toContain(id);
    // A reviewed voucher opens read-only: paging through vouchers stays, editing goes.
    const readOnly = availableCommands(voucherGrid, true).map((c) => c.id);
    expect(readOnly).toContain('nextDocument');
    expect(readOnly).not.toContain('balanceAmount');
    expect(readOnly).not.toContain('deleteRow');
  });

  it('shows the debit total in Chinese capitals in the total row', () => {
    expect(voucherGrid.totalLabel?.({ debitTotal: 123450, creditTotal: 123450 })).toBe('合计：壹仟贰佰叁拾肆元伍角整');
    expect(voucherGrid.totalLabel?.({ debitTotal: 0, creditTotal: 0 })).toBe('合计');
  });
});

describe('typed conventions', () => {
  it('.. copies the previous line summary, // the first line one', () => {
    expect(typedBehaviour(voucherGrid.behaviours, 'summary', '..')?.command).toBe('copySummaryAbove');
    expect(typedBehaviour(voucherGrid.behaviours, 'summary', ' // ')?.command).toBe('copySummaryFirst');
    expect(typedBehaviour(voucherGrid.behaviours, 'debitAmount', '..')).toBeUndefined();
    const rows = [line('a', { summary: '购办公用品' }), line('b', { summary: '付款' }), line('c')];
    expect(run('copySummaryAbove', rows, 2, 'summary')).toEqual({
      ok: true,
      changes: [{ rowId: 'c', fieldId: 'summary', value: '付款' }],
    });
    expect(run('copySummaryFirst', rows, 2, 'summary')).toEqual({
      ok: true,
      changes: [{ rowId: 'c', fieldId: 'summary', value: '购办公用品' }],
    });
    expect(run('copySummaryAbove', rows, 0, 'summary')).toEqual({ ok: false, message: '没有上一行数据' });
  });

  it('= fills the amount that balances the voucher, on the side that balances it', () => {
    const rows = [
      line('a', { subjectCode: '1001', debitAmount: 30000 }),
      line('b', { subjectCode: '1001', debitAmount: 12345 }),
      line('c', { subjectCode: '1001', creditAmount: 10000 }),
      line('d', { subjectCode: '1001', debitAmount: 5 }),
    ];
    // In a debit cell, the difference still goes to credit: 30000 + 12345 - 10000 = 32345.
    expect(run('balanceAmount', rows, 3, 'debitAmount')).toEqual({
      ok: true,
      changes: [
        { rowId: 'd', fieldId: 'creditAmount', value: 32345 },
        { rowId: 'd', fieldId: 'debitAmount', value: null },
      ],
      focus: { rowId: 'd', fieldId: 'creditAmount' },
    });
    const creditHeavy = [line('a', { creditAmount: 700 }), line('b')];
    expect(run('balanceAmount', creditHeavy, 1, 'creditAmount')).toMatchObject({
      ok: true,
      changes: [
        { rowId: 'b', fieldId: 'debitAmount', value: 700 },
        { fieldId: 'creditAmount', value: null },
      ],
    });
    const balanced = [line('a', { debitAmount: 700 }), line('b', { creditAmount: 700 }), line('c')];
    expect(run('balanceAmount', balanced, 2, 'debitAmount')).toEqual({ ok: false, message: '凭证借贷已平衡，无需补差' });
  });
});

describe('keys', () => {
  it('Space moves the amount to the other side; on an empty line it does not apply', () => {
    const rows = [line('a', { debitAmount: 500 })];
    expect(run('swapDebitCredit', rows, 0, 'debitAmount')).toEqual({
      ok: true,
      changes: [
        { rowId: 'a', fieldId: 'debitAmount', value: null },
        { rowId: 'a', fieldId: 'creditAmount', value: 500 },
      ],
      focus: { rowId: 'a', fieldId: 'creditAmount' },
    });
    expect(run('swapDebitCredit', [line('a')], 0, 'creditAmount')).toBeNull();
    expect(behaviourFor(voucherGrid.behaviours, 'swapDebitCredit', 'summary')).toBeUndefined();
  });

  it('Enter on a finished line goes to the next line with the summary carried; a new line at the end', () => {
    const rows = [line('a', { summary: '报销差旅费', subjectCode: '1001', debitAmount: 100 }), line('b')];
    const result = run('nextLineCarrySummary', rows, 0, 'debitAmount');
    expect(result).toMatchObject({ ok: true, focus: { rowId: 'b', fieldId: 'summary' } });
    expect(result && result.ok && result.rows?.[1]?.summary).toBe('报销差旅费');

    const atEnd = run('nextLineCarrySummary', rows.slice(0, 1), 0, 'creditAmount');
    expect(atEnd && atEnd.ok && atEnd.rows?.map((r) => [r.rowId, r.summary])).toEqual([
      ['a', '报销差旅费'],
      ['added-1', '报销差旅费'],
    ]);

    // A summary already on the next line stays.
    const kept = run('nextLineCarrySummary', [rows[0] ?? line('x'), line('b', { summary: '已有' })], 0, 'debitAmount');
    expect(kept).toEqual({ ok: true, focus: { rowId: 'b', fieldId: 'summary' } });

    // Not finished (no amount): Enter keeps its ordinary meaning.
    expect(run('nextLineCarrySummary', [line('a', { subjectCode: '1001' })], 0, 'debitAmount')).toBeNull();
  });
});

describe('rules (the shared validateVoucher)', () => {
  it('marks wrong cells while typing but not what is not typed yet', () => {
    const rows = [
      line('a', { summary: '摘要' }),
      line('b', { summary: 'x', subjectCode: '1002', debitAmount: 1 }),
      line('c', { summary: 'y', subjectCode: '5001', creditAmount: 1 }),
      line('d', { summary: 'z', subjectCode: '1001', debitAmount: 1, creditAmount: 2 }),
      line('e'),
    ];
    const issues = liveLineIssues(rows, ctx);
    expect(issues.map((i) => [i.rowId, i.fieldId, i.message])).toEqual([
      ['b', 'subjectCode', VoucherMessages.notLastLevel],
      ['c', 'auxis', VoucherMessages.auxiMissing],
      ['d', 'creditAmount', '第4行借方和贷方金额只能填写一个'],
    ]);
    const grid = createVoucherGrid({ context: () => ctx });
    expect(grid.gridValidators?.[0]?.(rows)).toEqual(issues);
  });

  it('refuses an unbalanced voucher when saving, and keeps the row numbers the user sees', () => {
    const header = { year: 2026, month: 3, pzDate: '2026-03-05', certificateType: 1, numberOfDocument: 0 };
    const rows = [
      line('a', { summary: '收款', subjectCode: '1001', debitAmount: 100 }),
      line('b'),
      line('c', { summary: '收款', subjectCode: '1001', creditAmount: 90 }),
    ];
    expect(voucherIssues(header, rows, ctx)).toEqual([{ message: VoucherMessages.unbalanced }]);
    expect(voucherIssues(header, [line('a', { summary: 's' }), line('b', { subjectCode: '1001' })], ctx)).toEqual([
      { message: '第1行科目不能为空!', rowId: 'a', fieldId: 'subjectCode' },
      { message: '第1行金额不能为空!', rowId: 'a', fieldId: 'debitAmount' },
      { message: '第2行金额不能为空!', rowId: 'b', fieldId: 'debitAmount' },
      { message: '第2行摘要不能为空!', rowId: 'b', fieldId: 'summary' },
    ]);
  });
});

describe('the summary carried to a line left empty', () => {
  it('is not a line of the voucher when saving; a summary typed on its own still is', () => {
    const done = [
      line('a', { summary: '收款', subjectCode: '1001', debitAmount: 100 }),
      line('b', { summary: '收款', subjectCode: '1001', creditAmount: 100 }),
    ];
    const carried = [...done, line('c', { summary: '收款' }), line('d')];
    expect(withoutCarriedTail(carried)[2]).toEqual(line('c'));
    expect(withoutCarriedTail(carried).slice(0, 2)).toEqual(done);
    const typed = [...done, line('c', { summary: '另一笔' })];
    expect(withoutCarriedTail(typed)).toEqual(typed);
    const withSubject = [...done, line('c', { summary: '收款', subjectCode: '1001' })];
    expect(withoutCarriedTail(withSubject)).toEqual(withSubject);
  });
});
