/**
 * The amount fields of the books answers, listed once: the server computes the trial balance, the
 * general ledger and the detail ledger in integer fen and answers them in yuan (`answerYuan`); the
 * client's API module turns an answer back into fen (`answerFen`) for the grids, which work in fen.
 * Rows are rebuilt field by field (no spread): the trial balance and the detail ledger pages are
 * long lists.
 */
import type {
  DetailLedgerResponse,
  DetailLedgerRow,
  GeneralLedgerResponse,
  GeneralLedgerRow,
  TrialBalanceCheck,
  TrialBalanceResponse,
  TrialBalanceRow,
} from '../api/books.js';
import { assertSafeFen } from '../money.js';
import { yuanToFen } from '../vouchers/amounts.js';

/** One amount to the other unit: fen to yuan on the server, yuan to fen on the client. */
export type Convert = (amount: number) => number;

/**
 * Fen as the yuan of an answer: the same number as fenToYuan (src/shared/vouchers/amounts.ts), ten
 * times faster, which counts in a trial balance of a few thousand amounts. For a safe integer f,
 * f / 100 is the double nearest to the exact quotient, and so is the parse of its two-decimal string
 * (both round correctly); `+ 0` turns -0 into 0 as the string would. A test checks the two agree.
 */
export function answerYuan(fen: number): number {
  assertSafeFen(fen);
  return fen / 100 + 0;
}

/** An answered amount (yuan, at most two decimals) in fen; anything else is a server fault, not a user's typo. */
export function answerFen(yuan: number): number {
  const result = yuanToFen(yuan);
  if (!result.ok) throw new RangeError(`金额不是两位小数的元: ${String(yuan)}`);
  return result.fen;
}

const trialRow = (r: TrialBalanceRow, c: Convert): TrialBalanceRow => ({
  code: r.code,
  codeName: r.codeName,
  level: r.level,
  parentCode: r.parentCode,
  lastLevel: r.lastLevel,
  isGovernment: r.isGovernment,
  initialBalance: c(r.initialBalance),
  initialDirection: r.initialDirection,
  debitOccur: c(r.debitOccur),
  creditOccur: c(r.creditOccur),
  debitGrandTotal: c(r.debitGrandTotal),
  creditGrandTotal: c(r.creditGrandTotal),
  endBalance: c(r.endBalance),
  endDirection: r.endDirection,
});

const trialCheck = (k: TrialBalanceCheck, c: Convert): TrialBalanceCheck => ({
  initialDebit: c(k.initialDebit),
  initialCredit: c(k.initialCredit),
  debitOccur: c(k.debitOccur),
  creditOccur: c(k.creditOccur),
  endDebit: c(k.endDebit),
  endCredit: c(k.endCredit),
  balanced: k.balanced,
});

export const trialBalanceAmounts = (t: TrialBalanceResponse, c: Convert): TrialBalanceResponse => ({
  rows: t.rows.map((r) => trialRow(r, c)),
  financial: trialCheck(t.financial, c),
  budget: trialCheck(t.budget, c),
});

const generalRow = (r: GeneralLedgerRow, c: Convert): GeneralLedgerRow => ({
  code: r.code,
  codeName: r.codeName,
  level: r.level,
  parentCode: r.parentCode,
  month: r.month,
  initialBalance: c(r.initialBalance),
  initialDirection: r.initialDirection,
  debitOccur: c(r.debitOccur),
  creditOccur: c(r.creditOccur),
  debitGrandTotal: c(r.debitGrandTotal),
  creditGrandTotal: c(r.creditGrandTotal),
  endBalance: c(r.endBalance),
  endDirection: r.endDirection,
});

export const generalLedgerAmounts = (g: GeneralLedgerResponse, c: Convert): GeneralLedgerResponse => ({
  beginMonth: g.beginMonth,
  endMonth: g.endMonth,
  rows: g.rows.map((r) => generalRow(r, c)),
});

/** A detail ledger row (the page's, the export's and the print's) in the other unit. */
export const detailRowAmounts = (r: DetailLedgerRow, c: Convert): DetailLedgerRow => ({
  kind: r.kind,
  month: r.month,
  date: r.date,
  voucherId: r.voucherId,
  voucherNo: r.voucherNo,
  summary: r.summary,
  subjectCode: r.subjectCode,
  auxiKey: r.auxiKey,
  auxiNames: r.auxiNames,
  debit: c(r.debit),
  credit: c(r.credit),
  direction: r.direction,
  balance: c(r.balance),
});

export const detailLedgerAmounts = (d: DetailLedgerResponse, c: Convert): DetailLedgerResponse => ({
  code: d.code,
  codeName: d.codeName,
  balanceDirection: d.balanceDirection,
  rows: d.rows.map((r) => detailRowAmounts(r, c)),
  totalItemCount: d.totalItemCount,
  pageIndex: d.pageIndex,
  pageSize: d.pageSize,
});
