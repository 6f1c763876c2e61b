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
  // Setup lane (项目预算, 支出分类设置; server/budget/setup-*.ts), ours:
  categoryNameTooLong: '类别名称不能超过64个字符',
  categoryNameDuplicate: (name: string): string => `类别名称“${name}”已存在`,
  categoryNotFound: '预算类别不存在',
  categoryHasDetails: '该类别下还有预算明细，请先删除明细',
  classMismatch: '所选支出分类与类别不符',
  projectNameTooLong: '名称不能超过100个字符',
  projectNameDuplicate: (name: string): string => `本类别下已有“${name}”`,
  detailNotFound: '预算明细不存在或不属于当前账套年度',
  saveConflict: '预算类别或明细刚被他人修改，请刷新后重试',
  categoryFixed: '预算明细不能改到其他类别下',
  amountNegative: '预算金额不能为负数',
  adjustedFollowsOpening: '方案批复前调整后预算等于调整前预算；批复后请在预算调整中调整',
  subjectNotFound: (code: string): string => `科目${code}不存在`,
  expenditureNoSubjects: '支出分类明细不设预算科目',
  detailUsedByVouchers: '该预算明细已被凭证使用，不能删除',
  itemsExhausted: '该级辅助项编码已用完（999个），请整理后再添加',
  indicatorNameRequired: '请输入指标名称',
  indicatorCodeRule: '指标编码只能是1到30位字母或数字',
  indicatorCodeDuplicate: (code: string): string => `指标编码${code}重复`,
  indicatorParentMissing: (code: string): string => `上级指标${code}不存在`,
  indicatorParentPrefix: (code: string, parent: string): string => `指标编码${code}须以上级编码${parent}开头`,
  indicatorUsed: (code: string): string => `指标${code}已被凭证使用，不能删除或增加下级`,
  // The plan, its rules and adjustments (lane "plan"; ours):
  planEmpty: '预算方案中没有填报任何预算金额，不能提交',
  planStateChanged: (statusName: string): string => `预算方案已是${statusName}状态，请刷新后重试`,
  planActionRefused: (statusName: string, action: string): string => `预算方案${statusName}，不能${action}`,
  planIncomplete: '预算方案有错误，请按提示修改后再保存',
  warnPercentRange: '预警比例须在1%到100%之间，最多两位小数',
  controlStatusInvalid: '控制方式须为0（不控制）、2（超预算预警）或3（禁止超预算）',
  adjustOnlyApproved: '预算方案批复后才能调整预算',
  adjustUnchanged: '调整后预算与当前预算相同，无需调整',
} as const;
