/** Every Chinese message of the transition worksheet (spec: the page's texts; the rest ours). */
import { formatFen } from '../money.js';

const yuan = (fen: number): string => formatFen(fen, { thousands: true });

export const TransitionMessages = {
  splitTooLarge: (oldCode: string) => `原科目${oldCode}的拆分金额合计超过其年末余额`,
  unknownNewSubject: (code: string) => `新制度科目${code}不存在`,
  notLastLevel: (code: string) => `新制度科目${code}不是末级科目，请选择其下级明细科目`,
  unmappedOld: (code: string) => `原科目${code}不在新旧科目对照表中，请在其末级科目录入年末数`,
  noYearEndBalance: (code: string) => `原科目${code}为收入支出类科目，年末应无余额，请先结账`,
  oldUnbalanced: (debit: number, credit: number) => `年末数借方合计${yuan(debit)}与贷方合计${yuan(credit)}不等`,
  newUnbalanced: (debit: number, credit: number) => `新制度借方合计${yuan(debit)}与贷方合计${yuan(credit)}不等`,
  /** Spec: the worksheet tab is blocked until the closing figures are saved. */
  saveFiguresFirst: (year: number) => `请先录入${year}年末数并保存科目`,
  alreadyReconciled: '新旧衔接已完成，不能修改；如需修改请先取消衔接',
  notReconciled: '新旧衔接尚未完成',
  cancelClosed: '该年度已有月份结账，不能取消衔接',
  finished: '新旧衔接完成，新制度期初余额已生成',
  cancelled: '已取消新旧衔接，期初余额已恢复',
  worksheetHasProblems: '衔接底稿未通过检查，不能完成衔接',
  governmentSet: '政府会计制度账套无需新旧衔接',
  unknownOldSubject: (code: string) => `原制度科目${code}不存在`,
  oldNotLastLevel: (code: string) => `原制度科目${code}不是末级科目，请在其下级科目录入年末数`,
  unknownPart: (key: string) => `拆分项${key}不存在`,
  notDetailOf: (code: string, parent: string) => `科目${code}不是${parent}的下级科目`,
  reconciliationPending: '新旧制度衔接尚未完成，请完成衔接或调账',
  // The adjustment vouchers of the zero period (调账凭证).
  zeroVoucherTwoLines: '调账凭证至少需要两行分录',
  zeroVoucherMissing: '调账凭证不存在或已被删除',
  zeroVoucherOtherSet: '无权访问该账套的数据',
  zeroVoucherSaved: (no: string) => `调账凭证${no}已保存`,
  zeroVouchersDeleted: (count: number) => `已删除${count}张调账凭证`,
  // finish and cancel (ours)
  finishInFirstYear: (year: number) => `新旧衔接生成${year}年的期初余额，请在${year}年度完成或取消衔接`,
  finishClosed: '该年度已有月份结账，不能完成衔接',
  openingNeedsItems: (code: string) => `科目${code}设有辅助核算，其期初余额须按辅助项录入：请在调账凭证中按辅助项调整`,
  openingNoItems: (code: string) => `科目${code}未设辅助核算，不能按辅助项写入期初余额`,
  parentUsed: (code: string) => `科目${code}已被凭证使用，不能在其下增加明细科目`,
  cancelledKeeping: (codes: readonly string[]) =>
    `已取消新旧衔接，期初余额已恢复；衔接时增加的科目${codes.join('、')}已被凭证使用，予以保留`,
} as const;
