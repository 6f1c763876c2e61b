/**
 * The opening-balance calls' amounts at the edge: yuan on the wire (as every amount of the API),
 * integer fen in the server and on the page (the grid, its engine and the trial check work in fen).
 * The server converts requests to fen and answers to yuan; the page's API module does the reverse.
 *
 * What must stay true: each conversion is exact (fenToYuan / yuanToFen), so fen → yuan → fen gives
 * the same fen; the shapes are the schemas' (src/shared/api/schemas/openings.ts), only the unit
 * of the amount fields changes.
 */
import type { BranchSaveResponse, OpeningDetail, OpeningRow, TrialResult, TrialSide } from '../api/subjects.js';
import { parseAmount } from '../money.js';
import { fenToYuan } from '../vouchers/amounts.js';

/**
 * An amount that has passed the request schema (server) or came in an answer (client), to fen.
 * No cap here: the schema capped each amount of a request, and an answer's totals (the trial
 * check's) may exceed what one amount may be. Anything that is no two-decimal yuan is a defect,
 * not input, and throws.
 */
export function fenOf(yuan: number | string): number {
  const result = typeof yuan === 'string' || Number.isFinite(yuan) ? parseAmount(String(yuan), Number.MAX_SAFE_INTEGER) : null;
  if (!result?.ok) throw new Error(`not a yuan amount: ${String(yuan)}`);
  return result.fen;
}

/** An opening row to send in a request, amounts in fen (what the page builds and the server takes in). */
export type OpeningDetailInFen = Omit<OpeningDetail, 'initAmount' | 'cumuleDebitAmount' | 'cumuleCreditAmount'> & {
  initAmount: number;
  cumuleDebitAmount?: number;
  cumuleCreditAmount?: number;
};

function side(s: TrialSide, convert: (amount: number) => number): TrialSide {
  return {
    debit: convert(s.debit),
    credit: convert(s.credit),
    difference: convert(s.difference),
    cumuleDebit: convert(s.cumuleDebit),
    cumuleCredit: convert(s.cumuleCredit),
    cumuleDifference: convert(s.cumuleDifference),
    balanced: s.balanced,
  };
}

function trial(t: TrialResult, convert: (amount: number) => number): TrialResult {
  return { financial: side(t.financial, convert), budget: side(t.budget, convert), balanced: t.balanced };
}

function row(r: OpeningRow, convert: (amount: number) => number): OpeningRow {
  return {
    ...r,
    initAmount: convert(r.initAmount),
    cumuleDebitAmount: convert(r.cumuleDebitAmount),
    cumuleCreditAmount: convert(r.cumuleCreditAmount),
    yearInitAmount: convert(r.yearInitAmount),
  };
}

export const trialToYuan = (t: TrialResult): TrialResult => trial(t, fenToYuan);
export const trialToFen = (t: TrialResult): TrialResult => trial(t, fenOf);
export const openingRowToYuan = (r: OpeningRow): OpeningRow => row(r, fenToYuan);
export const openingRowToFen = (r: OpeningRow): OpeningRow => row(r, fenOf);

export const branchSaveToYuan = (answer: BranchSaveResponse): BranchSaveResponse => ({
  ...answer,
  trial: trialToYuan(answer.trial),
});
export const branchSaveToFen = (answer: BranchSaveResponse): BranchSaveResponse => ({
  ...answer,
  trial: trialToFen(answer.trial),
});

/** A row of branchSave as the page builds it (fen) to the wire (yuan). */
export function openingDetailToYuan(detail: OpeningDetailInFen): OpeningDetail {
  const out: OpeningDetail = { ...detail, initAmount: fenToYuan(detail.initAmount) };
  if (detail.cumuleDebitAmount !== undefined) out.cumuleDebitAmount = fenToYuan(detail.cumuleDebitAmount);
  if (detail.cumuleCreditAmount !== undefined) out.cumuleCreditAmount = fenToYuan(detail.cumuleCreditAmount);
  return out;
}

/** A row of branchSave as it came (yuan, checked by the schema) to fen for the service. */
export function openingDetailToFen(detail: OpeningDetail): OpeningDetailInFen {
  const { cumuleDebitAmount, cumuleCreditAmount, ...rest } = detail;
  const out: OpeningDetailInFen = { ...rest, initAmount: fenOf(detail.initAmount) };
  if (cumuleDebitAmount !== undefined) out.cumuleDebitAmount = fenOf(cumuleDebitAmount);
  if (cumuleCreditAmount !== undefined) out.cumuleCreditAmount = fenOf(cumuleCreditAmount);
  return out;
}
