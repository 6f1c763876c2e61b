/** The API's opening rows as the opening-balance grid's rows: one mapping for the page and the server. */
import type { OpeningRow } from '../src/shared/api/subjects.js';
import type { OpeningBalanceRow } from './opening-balance.js';

export function toOpeningGridRows(rows: readonly OpeningRow[]): OpeningBalanceRow[] {
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
