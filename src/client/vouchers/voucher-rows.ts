/**
 * The editor's voucher state and the wire: a loaded Voucher to grid rows and header, and the
 * rows and header to a save request. Amounts are converted only through the shared amounts.ts
 * (yuan on the wire, integer fen in the grid); blank lines are not sent.
 */
import type { EmptyVoucherResponse, SaveVoucherRequest, Voucher, VoucherLine } from '../../shared/api/vouchers.js';
import { lineAuxiKey, lineAuxisOf, savedAuxisOf } from './line-auxis.js';
import { fenToYuan, optionalYuanToFen } from '../../shared/vouchers/amounts.js';
import { draftLine, padVoucherRows, type VoucherHeader, type VoucherLineRow } from '../../../grids/voucher.js';
import { isBlankLine } from '../../shared/vouchers/rules.js';
import type { ValidationIssue } from '../../shared/envelope.js';

/** What the header and footer of the editor hold. */
export interface VoucherHead {
  year: number;
  month: number;
  certificateType: number;
  /** Proposed by the server (gapless numbering); shown, not sent. */
  pzNo: number;
  pzDate: string;
  /** Digits as typed. */
  numberOfDocument: string;
  financialOfficer: string;
  bookkeeper: string;
  reviewer: string;
  preparedBy: string;
  cashier: string;
}

/** The voucher the editor shows, when it is a saved one: how a change names it (id, the revision seen, the number shown). */
export interface SavedRef {
  id: string;
  revision: number;
  year: number;
  month: number;
  pzDate: string;
  pzNo: number;
  certificateType: number;
  isReview: boolean;
  isBook: boolean;
}

export function headFromEmpty(empty: EmptyVoucherResponse, keep?: Partial<VoucherHead>): VoucherHead {
  return {
    year: empty.year,
    month: empty.month,
    certificateType: empty.certificateType,
    pzNo: empty.pzNo,
    pzDate: empty.pzDate,
    numberOfDocument: '0',
    financialOfficer: keep?.financialOfficer ?? '',
    bookkeeper: keep?.bookkeeper ?? '',
    reviewer: '',
    preparedBy: empty.preparedBy,
    cashier: keep?.cashier ?? '',
  };
}

export function headFromVoucher(v: Voucher): VoucherHead {
  return {
    year: v.year,
    month: v.month,
    certificateType: v.certificateType,
    pzNo: v.pzNo,
    pzDate: v.pzDate,
    numberOfDocument: String(v.numberOfDocument),
    financialOfficer: v.financialOfficer,
    bookkeeper: v.bookkeeper,
    reviewer: v.reviewer,
    preparedBy: v.preparedBy,
    cashier: v.cashier,
  };
}

export function savedRefOf(v: Voucher): SavedRef {
  return {
    id: v.id,
    revision: v.revision,
    year: v.year,
    month: v.month,
    pzDate: v.pzDate,
    pzNo: v.pzNo,
    certificateType: v.certificateType,
    isReview: v.isReview,
    isBook: v.isBook,
  };
}

function fenOf(yuan: number | null): number | null {
  const r = optionalYuanToFen(yuan);
  return r.ok ? r.fen : null;
}

/** Lines of a saved voucher as rows (each keeps its id as originalId, so it can be split), padded to 6. */
export function rowsFromLines(lines: readonly VoucherLine[], newId: () => string): VoucherLineRow[] {
  const rows = [...lines]
    .sort((a, b) => a.numberRow - b.numberRow)
    .map((line): VoucherLineRow => ({
      rowId: line.id,
      originalId: line.id,
      parentId: null,
      summary: line.summary || null,
      subjectCode: line.subjectCode || line.code || null,
      auxis: line.auxis.length > 0 ? lineAuxiKey(line.auxis) : null,
      debitAmount: fenOf(line.debitAmount),
      creditAmount: fenOf(line.creditAmount),
    }));
  return padVoucherRows(rows, newId);
}

export function rowsFromVoucher(v: Voucher, newId: () => string): VoucherLineRow[] {
  return rowsFromLines(v.certiDetails, newId);
}

/**
 * The editor's tables of a voucher: one, or in a two-table voucher the financial lines and the
 * budget lines (isGovernment) side by side.
 */
export function tablesFromVoucher(v: Voucher, twoTable: boolean, newId: () => string): VoucherLineRow[][] {
  if (!twoTable) return [rowsFromVoucher(v, newId)];
  return [
    rowsFromLines(
      v.certiDetails.filter((l) => !l.isGovernment),
      newId,
    ),
    rowsFromLines(
      v.certiDetails.filter((l) => l.isGovernment),
      newId,
    ),
  ];
}

/** Blank tables of a new voucher. */
export function blankTables(twoTable: boolean, newId: () => string): VoucherLineRow[][] {
  return Array.from({ length: twoTable ? 2 : 1 }, () => padVoucherRows([], newId));
}

/** Names of the auxiliary items of a saved voucher, by `TYPE:info`. */
export function auxiNamesOf(v: Voucher): Map<string, string> {
  const names = new Map<string, string>();
  for (const line of v.certiDetails) for (const a of line.auxis) names.set(`${a.typeNo}:${a.infoNo}`, a.infoName);
  return names;
}

/** Display text of an auxiliary key: the item names (with a budget line's indicator), joined. */
export function auxiText(key: string | null, names: ReadonlyMap<string, string>): string {
  if (!key) return '';
  return lineAuxisOf(key)
    .map((c) => `${names.get(`${c.typeNo}:${c.infoNo}`) ?? c.infoNo}${c.targetID ? `（指标${c.targetID}）` : ''}`)
    .join('，');
}

export function numberOfDocumentOf(head: VoucherHead): number | null {
  return /^\d+$/.test(head.numberOfDocument.trim()) ? Number(head.numberOfDocument.trim()) : null;
}

/** The header as the shared rules read it. */
export function ruleHeader(head: VoucherHead): VoucherHeader {
  return {
    year: head.year,
    month: head.month,
    pzDate: head.pzDate.trim() || null,
    certificateType: head.certificateType,
    numberOfDocument: numberOfDocumentOf(head),
  };
}

function sentLines(rows: readonly VoucherLineRow[]): VoucherLineRow[] {
  return rows.filter((r) => !isBlankLine(draftLine(r)));
}

/**
 * The server's 4003 issues on the editor's rows: the server names a line by its 1-based place
 * among the lines sent (blank lines are not sent).
 */
export function serverIssuesOnRows(issues: readonly ValidationIssue[], rows: readonly VoucherLineRow[]): ValidationIssue[] {
  const sent = sentLines(rows);
  return issues.map((issue) => {
    if (issue.rowId === undefined) return issue;
    const row = sent[Number(issue.rowId) - 1];
    return row ? { ...issue, rowId: row.rowId } : { message: issue.message };
  });
}

/**
 * The save request: non-blank lines in order (a saved line with its id), yuan amounts, and when
 * modifying the voucher's id, the revision the editor loaded and the number it showed.
 */
export function saveRequestOf(head: VoucherHead, rows: readonly VoucherLineRow[], saved: SavedRef | null): SaveVoucherRequest {
  const lines = sentLines(rows);
  return {
    year: head.year,
    month: head.month,
    pzDate: head.pzDate.trim(),
    certificateType: head.certificateType,
    numberOfDocument: numberOfDocumentOf(head) ?? 0,
    certiDetails: lines.map((r) => ({
      ...(r.originalId ? { id: r.originalId } : {}),
      summary: (r.summary ?? '').trim(),
      subjectCode: (r.subjectCode ?? '').trim(),
      debitAmount: r.debitAmount ? fenToYuan(r.debitAmount) : null,
      creditAmount: r.creditAmount ? fenToYuan(r.creditAmount) : null,
      auxis: savedAuxisOf(r.auxis),
    })),
    financialOfficer: head.financialOfficer.trim(),
    bookkeeper: head.bookkeeper.trim(),
    cashier: head.cashier.trim(),
    preparedBy: head.preparedBy.trim(),
    ...(saved
      ? {
          id: saved.id,
          revision: saved.revision,
          oldDate: saved.pzDate,
          oldPzNo: saved.pzNo,
          oldCertificateType: saved.certificateType,
        }
      : {}),
  };
}
