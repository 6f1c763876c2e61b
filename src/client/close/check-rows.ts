/**
 * The regulatory inspection (规范性检查) as rows: one per area of the close check with its state,
 * what is wrong, and the action that takes the user to the fix. Pure, so the page and its tests
 * read the same rows.
 */
import type { CloseCheckResult } from '../../shared/api/close.js';
import type { AssetClosePart, LongClosePart } from '../../shared/api/schemas/close.js';
import { AssetPages } from '../../shared/assets/constants.js';
import { ClosePartNames } from '../../shared/close/messages.js';

export const VOUCHER_LIST_PATH = '/accounting-management/voucher-management/voucherList';
export const OPENING_PATH = '/accounting-management/initialization/subjectstart';
export const TRIAL_BALANCE_PATH = '/accounting-management/reports/trial-balance';
export const FUNDS_PAYABLES_PATH = '/funds-management/funds-payables';
const DETAIL_ACCOUNT_PATH = '/accounting-management/books/detailaccount';
/** Subjects a close check lists one by one before it says how many more there are. */
const LISTED_FUNDS = 5;

export type CheckAction =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'reloadBreak'; label: string; months: number[] }
  | { kind: 'carryMonth'; label: string; month: number }
  | { kind: 'carryYear'; label: string }
  | { kind: 'ignoreBalance'; label: string };

/** warn: listed for the user to see, does not keep the month open. */
export type RowState = 'ok' | 'bad' | 'ignored' | 'na' | 'warn';

export interface CheckRow {
  key: string;
  area: string;
  state: RowState;
  detail: string;
  actions: CheckAction[];
}

const STATE_LABELS: Record<RowState, string> = { ok: '通过', bad: '未通过', ignored: '已忽略', na: '不适用', warn: '提示' };
export const stateLabel = (s: RowState): string => STATE_LABELS[s];

function monthsText(list: readonly { month: number; count: number }[]): string {
  return list.map((m) => `${m.month}月${m.count}张`).join('，');
}

export function checkRows(r: CloseCheckResult, ignoredBalance: boolean): CheckRow[] {
  const range = `beginMonth=${r.beginMonth}&endMonth=${r.endMonth}`;
  const rows: CheckRow[] = [];
  const unreviewed = r.review.unMonthReviewed.filter((m) => m.unreviewCount > 0);
  const unbooked = r.review.unMonthReviewed.filter((m) => m.unbookCount > 0);
  rows.push({
    key: 'review',
    area: ClosePartNames.review,
    state: r.review.status ? 'ok' : 'bad',
    detail: r.review.status
      ? `共${r.review.total}张凭证，均已审核记账`
      : [
          r.review.unReviewed > 0
            ? `未审核${r.review.unReviewed}张（${monthsText(unreviewed.map((m) => ({ month: m.month, count: m.unreviewCount })))}）`
            : '',
          r.review.unBooked > 0
            ? `未记账${r.review.unBooked}张（${monthsText(unbooked.map((m) => ({ month: m.month, count: m.unbookCount })))}）`
            : '',
        ]
          .filter(Boolean)
          .join('；'),
    actions: r.review.status
      ? []
      : [
          ...(r.review.unReviewed > 0
            ? [{ kind: 'link' as const, label: '去审核', to: `${VOUCHER_LIST_PATH}?${range}&status=unreviewed` }]
            : []),
          ...(r.review.unBooked > 0
            ? [{ kind: 'link' as const, label: '去记账', to: `${VOUCHER_LIST_PATH}?${range}&status=unbooked` }]
            : []),
        ],
  });
  rows.push({
    key: 'breakNo',
    area: ClosePartNames.breakNo,
    state: r.breakNo.status ? 'ok' : 'bad',
    detail: r.breakNo.status
      ? '凭证号连续'
      : r.breakNo.gaps.map((g) => `${g.month}月${g.certificateTypeName}缺${g.missing.join('、')}号`).join('；'),
    actions: r.breakNo.status
      ? []
      : [{ kind: 'reloadBreak', label: '整理断号', months: [...new Set(r.breakNo.gaps.map((g) => g.month))] }],
  });
  rows.push({
    key: 'startBalance',
    area: ClosePartNames.startBalance,
    state: r.startBalance.status ? 'ok' : ignoredBalance ? 'ignored' : 'bad',
    detail: r.startBalance.message,
    actions: r.startBalance.status
      ? []
      : [
          { kind: 'link', label: '查看期初', to: OPENING_PATH },
          ...(ignoredBalance ? [] : [{ kind: 'ignoreBalance' as const, label: '忽略' }]),
        ],
  });
  rows.push({
    key: 'carryOver',
    area: ClosePartNames.carryOver,
    state: r.carryOver.skipped ? 'na' : r.carryOver.status ? 'ok' : 'bad',
    detail: r.carryOver.message,
    actions: r.carryOver.status ? [] : [{ kind: 'carryMonth', label: '生成结转凭证', month: r.endMonth }],
  });
  rows.push({
    key: 'endInspection',
    area: ClosePartNames.endInspection,
    state: r.endInspection.status ? 'ok' : 'bad',
    detail: r.endInspection.message,
    actions: r.endInspection.status ? [] : [{ kind: 'link', label: '科目余额表', to: TRIAL_BALANCE_PATH }],
  });
  rows.push(unionFundRow(r));
  rows.push({
    key: 'yearEndInspection',
    area: ClosePartNames.yearEndInspection,
    state: !r.yearEndInspection.applicable ? 'na' : r.yearEndInspection.status ? 'ok' : 'bad',
    detail: r.yearEndInspection.message,
    // December's own income and expense are carried (month-end) before the year's roll.
    actions: r.yearEndInspection.status
      ? []
      : r.carryOver.expenses && r.carryOver.earnings
        ? [{ kind: 'carryYear', label: '生成年结凭证' }]
        : [{ kind: 'carryMonth', label: '生成结转凭证', month: r.endMonth }],
  });
  if (r.cashier.shown) {
    rows.push({
      key: 'cashier',
      area: ClosePartNames.cashier,
      state: r.cashier.status ? 'ok' : 'bad',
      detail: r.cashier.status ? '收付款凭证均已出纳签字' : `${r.cashier.unsigned}张收付款凭证未出纳签字`,
      actions: r.cashier.status ? [] : [{ kind: 'link', label: '去签字', to: `${VOUCHER_LIST_PATH}?${range}` }],
    });
  }
  if (r.handlerPeople.shown) {
    rows.push({
      key: 'handlerPeople',
      area: ClosePartNames.handlerPeople,
      state: r.handlerPeople.status ? 'ok' : 'bad',
      detail: r.handlerPeople.message,
      actions: [],
    });
  }
  const assets: [string, string, AssetClosePart][] = [
    ['fixedAssetsVO', '固定资产', r.fixedAssetsVO],
    ['intangibleAssetsVO', '无形资产', r.intangibleAssetsVO],
    ['inventoryAssetsVO', '库存物品', r.inventoryAssetsVO],
  ];
  for (const [key, area, part] of assets) rows.push(assetRow(key, area, part, ignoredBalance));
  rows.push(longRow(r.longAmortionVO, ignoredBalance));
  return rows;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function partState(part: AssetClosePart | LongClosePart, ignoredBalance: boolean): RowState {
  if (!part.applicable) return 'na';
  if (part.status) return 'ok';
  return part.balanceOnly && ignoredBalance ? 'ignored' : 'bad';
}

/**
 * An asset class's row (issue 23): each failing item with the page that fixes it: 资产卡片 (cards without voucher, the
 * balance), 折旧摊销 (the month's depreciation or amortisation), 资产处置 (documents); a balance mismatch alone can be
 * ignored for the session, as the opening balance.
 */
function assetRow(key: string, area: string, part: AssetClosePart, ignoredBalance: boolean): CheckRow {
  const state = partState(part, ignoredBalance);
  const actions: CheckAction[] = [];
  if (state !== 'na' && !part.status) {
    if (!part.assetsAdd.status) actions.push({ kind: 'link', label: '资产卡片', to: AssetPages.cards });
    if (!part.assetsProvision.status) actions.push({ kind: 'link', label: '折旧摊销', to: AssetPages.depreciation });
    if (!part.assetsDocument.status) actions.push({ kind: 'link', label: '资产处置', to: AssetPages.documents });
    if (!part.balance.status) {
      if (part.assetsAdd.status) actions.push({ kind: 'link', label: '资产卡片', to: AssetPages.cards });
      if (part.balanceOnly && !ignoredBalance) actions.push({ kind: 'ignoreBalance', label: '忽略' });
    }
  }
  return { key, area, state, detail: part.message, actions };
}

function longRow(part: LongClosePart, ignoredBalance: boolean): CheckRow {
  const state = partState(part, ignoredBalance);
  const actions: CheckAction[] = [];
  if (state !== 'na' && !part.status) {
    actions.push({ kind: 'link', label: '长期待摊费用', to: AssetPages.longAmortion });
    if (part.balanceOnly && !ignoredBalance) actions.push({ kind: 'ignoreBalance', label: '忽略' });
  }
  return { key: 'longAmortionVO', area: '长期待摊费用', state, detail: part.message, actions };
}

/**
 * 工会经费划转检查 (endInspection.unionFundTransfer): the payables to superiors and lower unions left
 * at the end of the months, per subject and unit, with a jump to the payables page for the range
 * and to each subject's detail ledger. A warning: the funds are usually remitted the next month.
 */
function unionFundRow(r: CloseCheckResult): CheckRow {
  const left = r.endInspection.unsettledFunds;
  if (r.endInspection.unionFundTransfer || left.length === 0)
    return {
      key: 'unionFundTransfer',
      area: ClosePartNames.unionFundTransfer,
      state: 'ok',
      detail: '应付上下级经费均已结清',
      actions: [],
    };
  const money = (yuan: number) => yuan.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const listed = left
    .slice(0, LISTED_FUNDS)
    .map((u) => `${u.subjectCode} ${u.subjectName}·${u.unitName} ${money(u.amount)}元`)
    .join('；');
  const more = left.length > LISTED_FUNDS ? `等${left.length}项` : '';
  const range = `beginTime=${r.year}-${pad2(r.beginMonth)}&endTime=${r.year}-${pad2(r.endMonth)}`;
  const subjects = [...new Set(left.map((u) => u.subjectCode))];
  return {
    key: 'unionFundTransfer',
    area: ClosePartNames.unionFundTransfer,
    state: 'warn',
    detail: `${r.endMonth}月末尚有未结清的应付上下级经费：${listed}${more}`,
    actions: [
      { kind: 'link', label: '查看经费往来', to: `${FUNDS_PAYABLES_PATH}?${range}` },
      ...subjects.map((code) => ({
        kind: 'link' as const,
        label: `${code}明细账`,
        to: `${DETAIL_ACCOUNT_PATH}?code=${code}&beginTime=${r.year}-01&endTime=${r.year}-${pad2(r.endMonth)}`,
      })),
    ],
  };
}

/** The close button: 结账 when nothing keeps the month open (an ignored balance mismatch does not). */
export function canClose(rows: readonly CheckRow[]): boolean {
  return rows.every((r) => r.state !== 'bad');
}
