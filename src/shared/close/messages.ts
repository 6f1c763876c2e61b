/** The close chapter's messages: the spec's where it has them, ours otherwise. */
export const CloseMessages = {
  closeConfirm: (year: number, month: number) =>
    `确定结账${year}年${month}月吗？结账后该月的凭证不能再新增、修改或删除；结账前系统会自动备份。`,
  notClosed: '当前月份还未结账,无法反结账!',
  yearEndTemplatesMissing: '暂未生成年结模板，请前往凭证录入→左侧模板管理生成结转模板再进行年结',
  alreadyClosed: (year: number, month: number) => `${year}年${month}月已结账`,
  earlierOpen: (year: number, month: number) => `${year}年${month}月尚未结账，请按月份顺序结账`,
  previousYearOpen: (year: number) => `${year}年尚未年结，请先完成上一年度的年结`,
  checkFailed: (parts: readonly string[]) => `结账检查未通过：${parts.join('；')}`,
  coverConfirm: '下一年度已存在，覆盖后下一年度的期初数据将被本年期末数替换。',
  coverSecondConfirm: '覆盖后原下一年度期初数据无法恢复，确定覆盖吗？',
  nextYearLocked: (year: number) => `${year}年已有结账月份，不能覆盖其期初数据，请先反结账${year}年`,
  carryLocked: (year: number) => `${year}年已有结账月份，不能结转期初余额，请先反结账`,
  noPreviousYear: '没有上一年度的数据，无法结转',
  carryDone: '期初余额已从上年期末结转',
  manualCarry: '请手工录入本年期初余额',
  carryNotNeeded: '本年度期初余额无需结转',
  closed: (year: number, month: number) => `${year}年${month}月结账成功`,
  reopened: (year: number, month: number) => `${year}年${month}月反结账成功`,
} as const;

/** How many subjects a close-check message names before it says how many there are. */
export const SUBJECTS_NAMED = 10;

/**
 * The subjects a close-check message names, each by code and name: every one up to ten, else the
 * first ten and how many there are (401 会费收入、…等 14 个科目), so a long list is never cut short
 * without saying so.
 */
export function subjectsText(subjects: readonly { code: string; name: string }[]): string {
  const named = subjects
    .slice(0, SUBJECTS_NAMED)
    .map((s) => (s.name ? `${s.code} ${s.name}` : s.code))
    .join('、');
  return subjects.length > SUBJECTS_NAMED ? `${named}等 ${subjects.length} 个科目` : named;
}

const typesText = (names: readonly string[]) => names.map((n) => `“${n}”`).join('、');

/** Why next year's openings cannot be carried (the December close and the period-switch carry-over). */
export const CarryMessages = {
  refused: (problems: readonly string[]) =>
    problems.length <= 3 ? problems.join('；') : `${problems.slice(0, 3).join('；')}；等${problems.length}项问题`,
  detailsDisabled: (from: number, to: number, code: string) =>
    `${from}年科目${code}的余额应转入${to}年其下级科目，但${to}年${code}的下级科目均已停用，无法结转。请在${to}年启用${code}的一个下级科目后重试`,
  receiverDisabled: (from: number, to: number, code: string) =>
    `${from}年科目${code}有余额，但${to}年该科目已停用，无法结转。请在${to}年启用科目${code}后重试`,
  itemsMissing: (
    from: number,
    to: number,
    p: { code: string; receiver: string; receiverTypes: readonly string[]; sourceTypes: readonly string[] },
  ) => {
    const kept = p.sourceTypes.length > 0 ? `按辅助核算${typesText(p.sourceTypes)}记账` : '未按辅助核算记账';
    return p.receiver === p.code
      ? `${to}年科目${p.code}按辅助核算${typesText(p.receiverTypes)}记账，而${from}年该科目的余额${kept}，无法结转。请在${to}年将科目${p.code}的辅助核算改为与${from}年一致后重试`
      : `${from}年科目${p.code}的余额应转入${to}年其下级科目${p.receiver}，但${p.receiver}按辅助核算${typesText(p.receiverTypes)}记账，而该余额${kept}，无法结转。请在${to}年将科目${p.receiver}的辅助核算改为与${from}年科目${p.code}一致后重试`;
  },
  usedBecomesParent: (from: number, to: number, code: string, child: string) =>
    `${from}年科目${code}已有下级科目${child}，${to}年的${code}随之成为上级科目，但${to}年已有凭证使用科目${code}，无法结转。请先将${to}年使用${code}的凭证改用其他科目后重试`,
  subjectGone: (from: number, code: string) => `${from}年科目${code}有余额，但科目表中已没有该科目，无法结转`,
  moved: (moves: readonly { code: string; to: string }[]) =>
    moves.map((m) => `科目${m.code}的余额已转入下级科目${m.to}`).join('；'),
} as const;

/** The check's parts as the inspection page names them. */
export const ClosePartNames = {
  review: '凭证审核记账',
  breakNo: '凭证断号',
  startBalance: '期初余额试算平衡',
  carryOver: '收支结转',
  endInspection: '月末检查',
  /** Ours: endInspection.unionFundTransfer as a row of its own (a warning, never blocking). */
  unionFundTransfer: '工会经费划转检查',
  yearEndInspection: '年末检查',
  cashier: '出纳签字',
  handlerPeople: '经办人签字',
  fixedAssetsVO: '固定资产检查',
  intangibleAssetsVO: '无形资产检查',
  inventoryAssetsVO: '库存物品检查',
  longAmortionVO: '长期待摊费用检查',
} as const;
export type ClosePart = keyof typeof ClosePartNames;
