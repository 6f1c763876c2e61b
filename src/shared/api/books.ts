/**
 * Books and reports calls (spec doc 1: trial balance, detail ledger; base /account). Amounts are
 * integer fen, like the other report and opening calls (only voucher and template calls carry
 * yuan, as their payloads do in the spec).
 */

/** 1 借 (debit), 2 贷 (credit), 0 平 (zero). */
export type BalanceSide = 0 | 1 | 2;

/** GET /account/api/report/trialBalance. Periods are 'yyyy-MM' within the session year. */
export interface TrialBalanceQuery {
  beginTime: string;
  endTime: string;
  beginCode?: string;
  endCode?: string;
  /** Only booked vouchers (true) or every voucher (false, the default). */
  book?: boolean;
  /** Also show subjects whose amounts are all zero. */
  amountIsZero?: boolean;
  /** Only first-level subjects. */
  onlyFirst?: boolean;
  /** A code prefix or a part of the name. */
  codeOrName?: string;
}

/** Spec Trial balance row; amounts are fen, balances with their side. */
export interface TrialBalanceRow {
  code: string;
  codeName: string;
  level: number;
  parentCode: string | null;
  lastLevel: boolean;
  /** Budget accounting subject (government system 6xxx-8xxx). */
  isGovernment: boolean;
  initialBalance: number;
  initialDirection: BalanceSide;
  debitOccur: number;
  creditOccur: number;
  /** Year to the end of the range, including a mid-year start's cumulative amounts. */
  debitGrandTotal: number;
  creditGrandTotal: number;
  endBalance: number;
  endDirection: BalanceSide;
}

/** Totals of first-level subjects, per side of the books: each pair must be equal. */
export interface TrialBalanceCheck {
  initialDebit: number;
  initialCredit: number;
  debitOccur: number;
  creditOccur: number;
  endDebit: number;
  endCredit: number;
  balanced: boolean;
}

export interface TrialBalanceResponse {
  rows: TrialBalanceRow[];
  financial: TrialBalanceCheck;
  /** The budget side (government system); all zero and balanced elsewhere. */
  budget: TrialBalanceCheck;
}

/**
 * GET /account/api/report/detailAccount (spec Detail-ledger filter) with paging of the lines.
 *
 * The three switches, as a 用友 / 金蝶 user reads them (all off when absent):
 * - amountWhetherShowZero: show rows whose amounts are zero. Off: a month without lines in the
 *   ledger (no turnover, or none left by the summary filter) has no 本月合计 / 本年累计 rows. On:
 *   every month of the range has them, zero or not.
 * - balanceWhetherShowZero: show a ledger whose balance is zero and that has no turnover. Off: an
 *   auxiliary item (isShowAuxi), or the subject itself, whose opening, turnover in the range and
 *   closing are all zero (and that has no lines) is left out, so the answer may have no rows. On:
 *   it is shown with its opening row.
 * - removeCarryForwardVoucher: leave out vouchers written by a carry-forward (voucher.carry_over
 *   1 month-end, 2 year-end), as if they had not been written: their lines are not listed and
 *   openings, running balances, 本月合计 and 本年累计 leave their amounts out, so an income or
 *   expense subject shows what it took in or spent instead of zero after the carry-forward.
 */
export interface DetailLedgerQuery {
  code: string;
  beginTime: string;
  endTime: string;
  book?: boolean;
  /** Text the lines' summaries contain (spec abstractNumber: the 摘要 filter). */
  abstractNumber?: string;
  /**
   * The ledger per auxiliary item: one section per combination of items the subject's lines and
   * openings carry (heading row, opening, lines with the item's running balance, the item's
   * 本月合计 and 本年累计), in key order; lines without items form a section of their own.
   */
  isShowAuxi?: boolean;
  amountWhetherShowZero?: boolean;
  balanceWhetherShowZero?: boolean;
  removeCarryForwardVoucher?: boolean;
  pageIndex?: number;
  /** Lines per page (default 200). */
  pageSize?: number;
}

/** 'item': the heading of an auxiliary item's section (isShowAuxi); its names in summary. */
export type DetailRowKind = 'item' | 'opening' | 'line' | 'monthTotal' | 'yearTotal';

export interface DetailLedgerRow {
  kind: DetailRowKind;
  month: number;
  /** yyyy-MM-dd; the period's first day on heading and opening rows, its last day on total rows. */
  date: string;
  voucherId: string | null;
  /** e.g. 记-0003. */
  voucherNo: string;
  summary: string;
  subjectCode: string;
  /** The section's auxiliary key (auxiKeyOf; '' without items or without isShowAuxi). */
  auxiKey: string;
  /** Auxiliary item names of the line or section (isShowAuxi). */
  auxiNames: string;
  debit: number;
  credit: number;
  direction: BalanceSide;
  balance: number;
}

export interface DetailLedgerResponse {
  code: string;
  codeName: string;
  balanceDirection: 1 | 2;
  rows: DetailLedgerRow[];
  /**
   * Lines in the range (the rows of all pages, without heading, opening and total rows); a page
   * holds pageSize lines, with the rows that go with them.
   */
  totalItemCount: number;
  pageIndex: number;
  pageSize: number;
}

/**
 * GET /account/api/report/generalLedger (总账): a subject with its descendants (code), or every
 * first-level subject, over a range of months of the session year.
 */
export interface GeneralLedgerQuery {
  beginTime: string;
  endTime: string;
  /** A subject code: that subject and its descendants; empty: every first-level subject. */
  code?: string;
  book?: boolean;
  /** Also show subjects with no opening and no turnover. */
  amountIsZero?: boolean;
}

/** One subject in one month; amounts are fen, balances with their side. */
export interface GeneralLedgerRow {
  code: string;
  codeName: string;
  level: number;
  parentCode: string | null;
  month: number;
  /** Balance at the start of the month. */
  initialBalance: number;
  initialDirection: BalanceSide;
  debitOccur: number;
  creditOccur: number;
  /** Year to the end of the month (本年累计), including a mid-year start's cumulative amounts. */
  debitGrandTotal: number;
  creditGrandTotal: number;
  endBalance: number;
  endDirection: BalanceSide;
}

export interface GeneralLedgerResponse {
  beginMonth: number;
  endMonth: number;
  /** Subject by subject (chart order), each with its months in order. */
  rows: GeneralLedgerRow[];
}
