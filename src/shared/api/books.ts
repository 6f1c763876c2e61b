/**
 * Books calls (spec doc 1: trial balance, general ledger, detail ledger; base /account): the
 * shapes declared once as schemas (src/shared/api/schemas/books.ts), with their field
 * descriptions there. On the wire every amount is yuan; the server computes these same shapes in
 * integer fen and converts at the edge, the client's API module converts back to fen for its
 * grids (src/shared/books/answer-amounts.ts).
 */
export type {
  DetailLedgerFilter,
  DetailLedgerQuery,
  DetailLedgerResponse,
  DetailLedgerRow,
  DetailRowKind,
  GeneralLedgerQuery,
  GeneralLedgerResponse,
  GeneralLedgerRow,
  TrialBalanceCheck,
  TrialBalanceQuery,
  TrialBalanceResponse,
  TrialBalanceRow,
} from './schemas/books.js';

/** The side a balance falls on: 1 借 (debit), 2 贷 (credit), 0 平 (zero). */
export type BalanceSide = 0 | 1 | 2;
