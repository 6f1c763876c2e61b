import { describe, expect, it } from 'vitest';
import type { CloseCheckResult } from '../../shared/api/close.js';
import type { AssetClosePart, LongClosePart } from '../../shared/api/schemas/close.js';
import { AssetPages } from '../../shared/assets/constants.js';
import { canClose, checkRows, FUNDS_PAYABLES_PATH, OPENING_PATH, VOUCHER_LIST_PATH } from './check-rows.js';

const na: AssetClosePart = {
  applicable: false,
  status: true,
  balanceOnly: false,
  message: '固定资产模块未使用，无需检查',
  assetsAdd: { status: true, count: 0 },
  assetsProvision: { status: true, months: [], unGenerated: 0 },
  assetsDocument: { status: true, count: 0 },
  balance: { status: true, cardsCost: 0, ledgerCost: 0, cardsProvision: 0, ledgerProvision: 0 },
};
const longNa: LongClosePart = {
  applicable: false,
  status: true,
  balanceOnly: false,
  message: '长期待摊费用模块未使用，无需检查',
  longAmortionAdd: { status: true, count: 0 },
  amortionDetailsAdd: { status: true, months: [], unGenerated: 0 },
  balance: { status: true, items: 0, ledger: 0 },
};

function result(overrides: Partial<CloseCheckResult> = {}): CloseCheckResult {
  return {
    flag: true,
    year: 2026,
    beginMonth: 3,
    endMonth: 3,
    cashier: { status: true, shown: false, unsigned: 0 },
    handlerPeople: { status: true, shown: false, message: '' },
    startBalance: { status: true, message: '期初余额试算平衡', difference: 0, isZJ: false },
    endTerm: { isFinancialInstitution: false },
    review: { status: true, unReviewed: 0, unBooked: 0, total: 4, reviewed: 4, unMonthReviewed: [] },
    breakNo: { status: true, gaps: [] },
    carryOver: {
      status: true,
      skipped: false,
      expenses: true,
      earnings: true,
      outlayId: 'y',
      earningsId: 'm',
      message: '收入支出已结转',
    },
    endInspection: { status: true, unionFundTransfer: true, unsettledFunds: [], message: '科目余额试算平衡' },
    yearEndInspection: { status: true, applicable: false, unionFundTransfer: true, message: '非12月，无需年末检查' },
    fixedAssetsVO: na,
    intangibleAssetsVO: na,
    inventoryAssetsVO: na,
    longAmortionVO: longNa,
    ...overrides,
  };
}

describe('close check rows', () => {
  it('passes a clean month, the asset rows not applicable, the year-end row not applicable before December', () => {
    const rows = checkRows(result(), false);
    expect(canClose(rows)).toBe(true);
    expect(rows.find((r) => r.key === 'fixedAssetsVO')?.state).toBe('na');
    expect(rows.find((r) => r.key === 'yearEndInspection')?.state).toBe('na');
    expect(rows.some((r) => r.key === 'cashier')).toBe(false);
  });

  it('lists the union funds still payable at the month end as a warning with jumps to them, and still closes', () => {
    const clean = checkRows(result(), false).find((r) => r.key === 'unionFundTransfer');
    expect(clean?.state).toBe('ok');
    const rows = checkRows(
      result({
        endInspection: {
          status: true,
          unionFundTransfer: false,
          unsettledFunds: [
            {
              subjectCode: '211',
              subjectName: '应付上级经费',
              side: 'superior',
              unitCode: '1001',
              unitName: '一厂',
              amount: 1234.5,
            },
            {
              subjectCode: '21202',
              subjectName: '应付下级转拨经费',
              side: 'lower',
              unitCode: null,
              unitName: '未指定经费单位',
              amount: 20,
            },
          ],
          message: '科目余额试算平衡',
        },
      }),
      false,
    );
    const row = rows.find((r) => r.key === 'unionFundTransfer');
    expect(row?.state).toBe('warn');
    expect(row?.detail).toBe(
      '3月末尚有未结清的应付上下级经费：211 应付上级经费·一厂 1,234.50元；21202 应付下级转拨经费·未指定经费单位 20.00元',
    );
    expect(row?.actions).toEqual([
      { kind: 'link', label: '查看经费往来', to: `${FUNDS_PAYABLES_PATH}?beginTime=2026-03&endTime=2026-03` },
      {
        kind: 'link',
        label: '211明细账',
        to: '/accounting-management/books/detailaccount?code=211&beginTime=2026-01&endTime=2026-03',
      },
      {
        kind: 'link',
        label: '21202明细账',
        to: '/accounting-management/books/detailaccount?code=21202&beginTime=2026-01&endTime=2026-03',
      },
    ]);
    expect(canClose(rows)).toBe(true);
  });

  it('links unreviewed and unbooked vouchers to the voucher list filtered for the range', () => {
    const rows = checkRows(
      result({
        review: {
          status: false,
          unReviewed: 2,
          unBooked: 3,
          total: 5,
          reviewed: 3,
          unMonthReviewed: [{ month: 3, unreviewCount: 2, unbookCount: 3 }],
        },
      }),
      false,
    );
    const review = rows.find((r) => r.key === 'review');
    expect(review?.detail).toBe('未审核2张（3月2张）；未记账3张（3月3张）');
    expect(review?.actions).toEqual([
      { kind: 'link', label: '去审核', to: `${VOUCHER_LIST_PATH}?beginMonth=3&endMonth=3&status=unreviewed` },
      { kind: 'link', label: '去记账', to: `${VOUCHER_LIST_PATH}?beginMonth=3&endMonth=3&status=unbooked` },
    ]);
    expect(canClose(rows)).toBe(false);
  });

  it('offers to renumber the months with gaps and to generate the carry-forward', () => {
    const rows = checkRows(
      result({
        breakNo: { status: false, gaps: [{ month: 3, certificateType: 1, certificateTypeName: '记账凭证', missing: [2, 5] }] },
        carryOver: {
          status: false,
          skipped: false,
          expenses: false,
          earnings: true,
          outlayId: 0,
          earningsId: 'm',
          message: '收入支出科目尚有余额未结转（501）',
        },
      }),
      false,
    );
    expect(rows.find((r) => r.key === 'breakNo')).toMatchObject({
      detail: '3月记账凭证缺2、5号',
      actions: [{ kind: 'reloadBreak', months: [3] }],
    });
    expect(rows.find((r) => r.key === 'carryOver')?.actions).toEqual([{ kind: 'carryMonth', label: '生成结转凭证', month: 3 }]);
  });

  it('an unbalanced opening can be ignored for the session, after which the month may close', () => {
    const bad = result({
      startBalance: { status: false, message: '期初余额试算不平衡，借贷方差额1.00元', difference: 1, isZJ: false },
    });
    const before = checkRows(bad, false);
    expect(canClose(before)).toBe(false);
    expect(before.find((r) => r.key === 'startBalance')?.actions).toEqual([
      { kind: 'link', label: '查看期初', to: OPENING_PATH },
      { kind: 'ignoreBalance', label: '忽略' },
    ]);
    const after = checkRows(bad, true);
    expect(after.find((r) => r.key === 'startBalance')?.state).toBe('ignored');
    expect(canClose(after)).toBe(true);
  });

  it('shows the cashier row only when signatures are checked', () => {
    const rows = checkRows(result({ cashier: { status: false, shown: true, unsigned: 2 } }), false);
    expect(rows.find((r) => r.key === 'cashier')).toMatchObject({ state: 'bad', detail: '2张收付款凭证未出纳签字' });
  });

  it('in December asks for the month-end carry-forward first, then the year-end one', () => {
    const december = {
      endMonth: 12,
      beginMonth: 12,
      carryOver: {
        status: true,
        skipped: true,
        expenses: false,
        earnings: true,
        outlayId: 'y',
        earningsId: 'm',
        message: '12月由年末检查结转',
      },
      yearEndInspection: {
        status: false,
        applicable: true,
        unionFundTransfer: true,
        message: '收入支出科目尚有余额未结转（50101）',
      },
    };
    const first = checkRows(result(december), false).find((r) => r.key === 'yearEndInspection');
    expect(first?.actions).toEqual([{ kind: 'carryMonth', label: '生成结转凭证', month: 12 }]);
    const carried = { ...december, carryOver: { ...december.carryOver, expenses: true } };
    const then = checkRows(result(carried), false).find((r) => r.key === 'yearEndInspection');
    expect(then?.actions).toEqual([{ kind: 'carryYear', label: '生成年结凭证' }]);
  });

  it('an asset row that fails links to the page that fixes it and keeps the month open', () => {
    const failing: AssetClosePart = {
      ...na,
      applicable: true,
      status: false,
      message: '1张资产卡片新增未生成凭证；3月折旧未计提',
      assetsAdd: { status: false, count: 1 },
      assetsProvision: { status: false, months: [3], unGenerated: 0 },
    };
    const rows = checkRows(result({ fixedAssetsVO: failing }), false);
    const row = rows.find((r) => r.key === 'fixedAssetsVO');
    expect(row?.state).toBe('bad');
    expect(row?.actions).toEqual([
      { kind: 'link', label: '资产卡片', to: AssetPages.cards },
      { kind: 'link', label: '折旧摊销', to: AssetPages.depreciation },
    ]);
    expect(canClose(rows)).toBe(false);
  });

  it('a balance mismatch alone can be ignored for the session; a missing voucher cannot', () => {
    const mismatch: LongClosePart = {
      ...longNa,
      applicable: true,
      status: false,
      balanceOnly: true,
      message: '长期待摊费用卡片合计1,000.00元与账面余额0.00元不符',
      balance: { status: false, items: 1000, ledger: 0 },
    };
    const open = checkRows(result({ longAmortionVO: mismatch }), false).find((r) => r.key === 'longAmortionVO');
    expect(open?.state).toBe('bad');
    expect(open?.actions.map((a) => a.kind)).toEqual(['link', 'ignoreBalance']);
    const ignored = checkRows(result({ longAmortionVO: mismatch }), true);
    expect(ignored.find((r) => r.key === 'longAmortionVO')?.state).toBe('ignored');
    expect(canClose(ignored)).toBe(true);
    const voucher = { ...mismatch, balanceOnly: false, longAmortionAdd: { status: false, count: 1 } };
    expect(canClose(checkRows(result({ longAmortionVO: voucher }), true))).toBe(false);
  });
});
