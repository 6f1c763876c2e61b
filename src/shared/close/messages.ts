/** The close chapter's messages: the spec's where it has them, ours otherwise. */
export const CloseMessages = {
  notClosed: '当前月份还未结账,无法反结账!',
  yearEndTemplatesMissing: '暂未生成年结模板，请前往凭证录入→左侧模板管理生成结转模板再进行年结',
  alreadyClosed: (year: number, month: number) => `${year}年${month}月已结账`,
  earlierOpen: (year: number, month: number) => `${year}年${month}月尚未结账，请按月份顺序结账`,
  previousYearOpen: (year: number) => `${year}年尚未年结，请先完成上一年度的年结`,
  checkFailed: (parts: readonly string[]) => `结账检查未通过：${parts.join('；')}`,
  coverConfirm: '下一年度已存在，覆盖后下一年度的期初数据将被本年期末数替换。',
  coverSecondConfirm: '覆盖后原下一年度期初数据无法恢复，确定覆盖吗？',
  nextYearLocked: (year: number) => `${year}年已有结账月份，不能覆盖其期初数据`,
  noPreviousYear: '没有上一年度的数据，无法结转',
  carryDone: '期初余额已从上年期末结转',
  manualCarry: '请手工录入本年期初余额',
  carryNotNeeded: '本年度期初余额无需结转',
  closed: (year: number, month: number) => `${year}年${month}月结账成功`,
  reopened: (year: number, month: number) => `${year}年${month}月反结账成功`,
} as const;

/** The check's parts as the inspection page names them. */
export const ClosePartNames = {
  review: '凭证审核记账',
  breakNo: '凭证断号',
  startBalance: '期初余额试算平衡',
  carryOver: '损益结转',
  endInspection: '月末检查',
  yearEndInspection: '年末检查',
  cashier: '出纳签字',
  handlerPeople: '经办人签字',
} as const;
export type ClosePart = keyof typeof ClosePartNames;
