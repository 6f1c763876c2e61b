/**
 * The opening-balance page's data work, apart from React: server rows to grid rows, the rows of
 * one tab, merging a tab's edits into the whole set, and the save request (only the rows whose
 * amounts are entered; the server recomputes parents).
 */
import type { OpeningRow } from '../../shared/api/subjects.js';
import type { SubjectType } from '../../shared/chart.js';
import type { OpeningDetailInFen } from '../../shared/subjects/opening-amounts.js';
import { auxiKeyOf, type AuxiChoice } from '../../shared/subjects/auxiliary-rules.js';
import { amountsEditable, type OpeningBalanceRow } from '../../../grids/opening-balance.js';
import { toOpeningGridRows } from '../../../grids/opening-balance-rows.js';

/** A grid row of the page; an auxiliary row added on the page carries its items until saved. Amounts in fen, as in every row here. */
export type PageRow = OpeningBalanceRow & { auxis?: readonly AuxiChoice[] };

export function toGridRows(rows: readonly OpeningRow[]): PageRow[] {
  return toOpeningGridRows(rows);
}

export function rowsOfType(rows: readonly PageRow[], type: SubjectType): PageRow[] {
  return rows.filter((r) => r.type === type);
}

/** The whole set with one tab's rows replaced (by rowId, keeping the order). */
export function mergeRows(all: readonly PageRow[], changed: readonly PageRow[]): PageRow[] {
  const byId = new Map(changed.map((r) => [r.rowId, r]));
  return all.map((r) => byId.get(r.rowId) ?? r);
}

const fen = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);

/** branchSave's request as the page builds it, amounts in fen (the API module sends them in yuan). */
export interface OpeningSaveInFen {
  detailList: OpeningDetailInFen[];
  confirmPrompt: boolean;
  autoUnderAllAcc: boolean;
}

function auxisOf(row: PageRow, source: ReadonlyMap<string, OpeningRow>): OpeningDetailInFen['auxis'] {
  const own = row.auxis ?? source.get(row.rowId)?.auxis;
  return own?.map((a) => ({ typeNo: a.typeNo, infoNo: a.infoNo }));
}

/** The subject row an auxiliary detail goes under: the row itself, or the subject of an auxiliary row. */
export function auxiliarySubject(rows: readonly PageRow[], rowId: string | null): PageRow | null {
  const row = rows.find((r) => r.rowId === rowId);
  if (!row) return null;
  const subject = row.isAuxiliary ? rows.find((r) => !r.isAuxiliary && r.code === row.code) : row;
  return subject && subject.lastLevel && subject.incloudAuxi === true ? subject : null;
}

/**
 * Adds an auxiliary detail row (zero amounts) after the subject and its other details; the row
 * id is the server's `code#key`. Returns null when that combination is there already.
 */
export function addAuxiliaryRow(
  rows: readonly PageRow[],
  subject: PageRow,
  choices: readonly (AuxiChoice & { infoName: string })[],
): { rows: PageRow[]; rowId: string } | null {
  const key = auxiKeyOf(choices);
  const rowId = `${subject.code}#${key}`;
  if (rows.some((r) => r.rowId === rowId)) return null;
  const row: PageRow = {
    rowId,
    code: subject.code,
    codeName: [...choices]
      .sort((a, b) => (a.typeNo < b.typeNo ? -1 : 1))
      .map((c) => c.infoName)
      .join('/'),
    parentCode: subject.code,
    balanceDirection: subject.balanceDirection,
    type: subject.type,
    lastLevel: true,
    isGovernment: subject.isGovernment,
    isAuxiliary: true,
    auxiKey: key,
    incloudAuxi: true,
    initAmount: 0,
    cumuleDebitAmount: 0,
    cumuleCreditAmount: 0,
    auxis: choices.map((c) => ({ typeNo: c.typeNo, infoNo: c.infoNo })),
  };
  let at = rows.indexOf(subject) + 1;
  while (rows[at]?.isAuxiliary && rows[at]?.code === subject.code) at++;
  return { rows: [...rows.slice(0, at), row, ...rows.slice(at)], rowId };
}

/** branchSave: every row whose amounts are entered; an empty cell is 0. */
export function saveRequest(
  rows: readonly PageRow[],
  source: readonly OpeningRow[],
  midYear: boolean,
  confirmPrompt = false,
): OpeningSaveInFen {
  const byId = new Map(source.map((r) => [r.rowId, r]));
  const detailList = rows.filter(amountsEditable).map((row): OpeningDetailInFen => {
    const detail: OpeningDetailInFen = { rowId: row.rowId, code: row.code, initAmount: fen(row.initAmount) };
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
