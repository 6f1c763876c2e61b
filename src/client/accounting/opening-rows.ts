/**
 * The opening-balance page's data work, apart from React: server rows to grid rows, the rows of
 * one tab, merging a tab's edits into the whole set, and the save request (only the rows whose
 * amounts are entered; the server recomputes parents).
 */
import type { BranchSaveRequest, OpeningDetail, OpeningRow } from '../../shared/api/subjects.js';
import type { SubjectType } from '../../shared/chart.js';
import { amountsEditable, type OpeningBalanceRow } from '../../../grids/opening-balance.js';

export function toGridRows(rows: readonly OpeningRow[]): OpeningBalanceRow[] {
  return rows.map((r) => ({
    rowId: r.rowId,
    code: r.code,
    codeName: r.codeName,
    parentCode: r.parentCode,
    balanceDirection: r.balanceDirection,
    type: r.type,
    lastLevel: r.lastLevel,
    isGovernment: r.isGovernment,
    isAuxiliary: r.isAuxiliary,
    auxiKey: r.auxiKey,
    incloudAuxi: r.incloudAuxi,
    initAmount: r.initAmount,
    cumuleDebitAmount: r.cumuleDebitAmount,
    cumuleCreditAmount: r.cumuleCreditAmount,
  }));
}

export function rowsOfType(rows: readonly OpeningBalanceRow[], type: SubjectType): OpeningBalanceRow[] {
  return rows.filter((r) => r.type === type);
}

/** The whole set with one tab's rows replaced (by rowId, keeping the order). */
export function mergeRows(all: readonly OpeningBalanceRow[], changed: readonly OpeningBalanceRow[]): OpeningBalanceRow[] {
  const byId = new Map(changed.map((r) => [r.rowId, r]));
  return all.map((r) => byId.get(r.rowId) ?? r);
}

const fen = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);

function auxisOf(row: OpeningBalanceRow, source: ReadonlyMap<string, OpeningRow>): OpeningDetail['auxis'] {
  const original = source.get(row.rowId);
  return original?.auxis.map((a) => ({ typeNo: a.typeNo, infoNo: a.infoNo }));
}

/** branchSave: every row whose amounts are entered; an empty cell is 0. */
export function saveRequest(
  rows: readonly OpeningBalanceRow[],
  source: readonly OpeningRow[],
  midYear: boolean,
  confirmPrompt = false,
): BranchSaveRequest {
  const byId = new Map(source.map((r) => [r.rowId, r]));
  const detailList = rows.filter(amountsEditable).map((row): OpeningDetail => {
    const detail: OpeningDetail = { rowId: row.rowId, code: row.code, initAmount: fen(row.initAmount) };
    if (row.isAuxiliary) detail.auxis = auxisOf(row, byId);
    if (midYear) {
      detail.cumuleDebitAmount = fen(row.cumuleDebitAmount);
      detail.cumuleCreditAmount = fen(row.cumuleCreditAmount);
    }
    return detail;
  });
  return { detailList, confirmPrompt, autoUnderAllAcc: true };
}

/** The rows whose entered amounts differ from what the server sent (unsaved edits). */
export function changedCount(rows: readonly OpeningBalanceRow[], source: readonly OpeningRow[]): number {
  const byId = new Map(source.map((r) => [r.rowId, r]));
  return rows.filter((r) => {
    if (!amountsEditable(r)) return false;
    const s = byId.get(r.rowId);
    return (
      !s ||
      fen(r.initAmount) !== s.initAmount ||
      fen(r.cumuleDebitAmount) !== s.cumuleDebitAmount ||
      fen(r.cumuleCreditAmount) !== s.cumuleCreditAmount
    );
  }).length;
}
