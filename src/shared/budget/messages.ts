/**
 * The budget messages. The spec gives most in English only (doc 2: budget detail, category,
 * overrun); the Chinese are ours, in the words of the product's other dialogs. The two overrun
 * messages are the spec's Chinese.
 */
import { formatFen } from '../money.js';

export const BudgetMessages = {
  // Spec: 'please enter a name'.
  projectNameRequired: '请输入名称',
  // Spec: 'please enter the adjusted budget'.
  projectAmountRequired: '请输入调整后预算',
  // Spec: 'please enter the opening budget'.
  openingAmountRequired: '请输入调整前预算',
  // Spec: 'please select a subject' (a budget detail's subjects; an expenditure detail's class).
  subjectRequired: '请选择科目',
  // Spec: 'please enter an amount'.
  amountRequired: '请输入金额',
  // Spec: 'please enter a category name'.
  categoryNameRequired: '请输入类别名称',
  // Spec: 'please select a category'.
  categoryRequired: '请选择类别',
  // Spec (target picker): 'choose a last-level indicator'.
  indicatorLeafRequired: '请选择末级指标',
  // Ours: a targetID on a line that asks for none (not a budget-side XMYS line of a project with indicators).
  indicatorNotAsked: '该分录不需要选择预算指标',
  // Spec Chinese: the project is past its budget (control 2), the voucher is saved.
  overrunWarned: '已超预算执行',
  // Spec (English): 'this project has exceeded its budget!'.
  overrunWarnedLong: (projectName: string): string => `项目“${projectName}”已超预算执行！`,
  // Spec Chinese, with the available balance (control 3): nothing is saved.
  overrunForbidden: (availableFen: number): string =>
    `系统设置不能超预算执行,可用余额${formatFen(Math.max(0, availableFen), { thousands: true })}`,
  // Ours:
  budgetSubjectType: (code: string): string => `科目${code}不是支出类科目（只能选择5、7类科目）`,
  subjectsNeedRight: '没有选择预算科目的权限（zdrapproval）',
  planLocked: (statusName: string): string => `预算方案${statusName}，不能修改预算；已批复的预算请在预算调整中调整`,
  adjustReasonRequired: '请输入调整原因',
  returnReasonRequired: '请输入退回原因',
  // Reports lane: the drill names a detail that is not of the session's set and year.
  reportDetailNotFound: '预算明细不存在（不属于当前账套或年度）',
} as const;
