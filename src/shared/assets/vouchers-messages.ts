/**
 * The vouchers lane's messages (issue 23: the asset voucher dialog, additions, depreciation and amortisation runs)
 * and the dialog's save check, shared by the dialog (before it sends) and the server (which never trusts it).
 *
 * Spec §5 "Dialog save order": category, maker, then every row's summary, amount and subject, then the debit total
 * against this accrual's amount, the credit total likewise, then debit against credit. The first failing check's
 * message is the answer.
 */
import { formatFen } from '../money.js';

export const AssetVoucherMessages = {
  selectCategory: '请选择凭证分类',
  selectMaker: '请选择制单人',
  selectDate: '请选择凭证日期',
  summaryEmpty: '摘要不能为空',
  amountEmpty: '金额不能为空',
  subjectEmpty: '科目不能为空',
  debitNotAccrual: (fen: number) => `借方合计不等于本次计提金额(${formatFen(fen, { thousands: false })})元`,
  creditNotAccrual: (fen: number) => `贷方合计不等于本次计提金额(${formatFen(fen, { thousands: false })})元`,
  unbalanced: '借贷金额不平',
  noEntries: '请录入分录',
  dateOutsideMonth: (year: number, month: number) => `凭证日期须在计提月份${year}年${month}月内`,
  selectCards: '请选择卡片',
  nothingToGenerate: '没有需要生成凭证的数据',
  cardMissing: '卡片不存在或不属于当前账套',
  cardNotReviewed: '卡片未审核，不能生成凭证',
  // runs
  runNotRun: (year: number, month: number) => `${year}年${month}月尚未计提，不能生成凭证`,
  alreadyRun: (year: number, month: number) => `${year}年${month}月已计提，不能重复计提`,
  gapBefore: (year: number, month: number) => `${year}年${month}月尚未计提，请按月依次计提`,
  beforeInit: '计提月份早于资产初始化期间',
  notInitialised: '资产尚未初始化，请先完成资产初始化',
  closedPeriod: (year: number, month: number) => `${year}年${month}月已结账，不能计提`,
  notLastRun: '只能取消最后一次计提',
  runHasVoucher: '该月计提已生成凭证，请先删除凭证',
  nothingToUndo: '没有可取消的计提',
  inventoryNoProvision: '库存物品不计提折旧摊销',
} as const;

export interface AssetEntryCheckLine {
  summary: string | null;
  /** Fen; null: not typed. */
  amountFen: number | null;
  balanceDirection: 1 | 2 | null;
  subjectCode: string | null;
}

/** The dialog's save order; null when every check passes. accrualFen null skips the accrual checks. */
export function assetEntryProblem(
  head: { certificateType: number | null | undefined; maker: string | null | undefined },
  lines: readonly AssetEntryCheckLine[],
  accrualFen: number | null,
): string | null {
  if (!head.certificateType) return AssetVoucherMessages.selectCategory;
  if (!head.maker || head.maker.trim() === '') return AssetVoucherMessages.selectMaker;
  if (lines.length === 0) return AssetVoucherMessages.noEntries;
  for (const l of lines) if (!l.summary || l.summary.trim() === '') return AssetVoucherMessages.summaryEmpty;
  for (const l of lines) if (l.amountFen === null || l.amountFen === 0) return AssetVoucherMessages.amountEmpty;
  for (const l of lines) if (!l.subjectCode || l.subjectCode.trim() === '') return AssetVoucherMessages.subjectEmpty;
  const total = (d: 1 | 2) => lines.filter((l) => l.balanceDirection === d).reduce((s, l) => s + (l.amountFen ?? 0), 0);
  const debit = total(1);
  const credit = total(2);
  if (accrualFen !== null) {
    if (debit !== accrualFen) return AssetVoucherMessages.debitNotAccrual(accrualFen);
    if (credit !== accrualFen) return AssetVoucherMessages.creditNotAccrual(accrualFen);
  }
  if (debit !== credit) return AssetVoucherMessages.unbalanced;
  return null;
}
