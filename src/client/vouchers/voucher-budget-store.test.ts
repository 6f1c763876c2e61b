import { describe, expect, it } from 'vitest';
import type { AuxiType } from '../../shared/api/auxiliary.js';
import { VoucherBudgets } from './voucher-budget-store.js';

const answer: AuxiType[] = [
  {
    typeNo: 'XMYS',
    typeName: '项目预算',
    builtInSystem: true,
    enable: true,
    infoList: [
      {
        typeNo: 'XMYS',
        infoNo: '901001',
        infoName: '职工运动会',
        parentNo: null,
        isEnable: true,
        isLeaf: true,
        children: [],
        budgetId: 'w',
        balance: 700,
        budgetExecutionStatus: 2,
        finalSubjects: [],
      },
    ],
  },
];

const line = (auxis: string | null, debit: number) => ({ subjectCode: '50101', auxis, debitAmount: debit, creditAmount: null });

describe('the voucher’s budget figures', () => {
  it('are asked once per voucher, only when a line carries an item of a budget type; a late answer for another voucher is dropped', async () => {
    const asked: ((types: AuxiType[]) => void)[] = [];
    const budgets = new VoucherBudgets(() => new Promise((resolve) => asked.push(resolve)));
    let arrived = 0;
    budgets.listen(() => (arrived += 1));

    budgets.startVoucher([], [line(null, 100), line('ZJLY:01', 100)], false);
    expect(asked).toHaveLength(0);
    budgets.update([line('XMYS:901001', 100_00)]);
    budgets.update([line('XMYS:901001', 200_00)]);
    expect(asked).toHaveLength(1);
    asked[0]?.(answer);
    await Promise.resolve();
    expect(arrived).toBe(1);
    expect(budgets.now.get('XMYS:901001')).toBe(200_00);

    // Another voucher takes the screen before its answer arrives, then the first answer comes late.
    budgets.startVoucher([line('XMYS:901001', 50_00)], [], false);
    expect(asked).toHaveLength(2);
    budgets.startVoucher([], [], false);
    asked[1]?.(answer);
    await Promise.resolve();
    expect(arrived).toBe(1);
    expect(budgets.figures.size).toBe(0);
  });
});
