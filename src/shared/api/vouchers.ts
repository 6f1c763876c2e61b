/**
 * Request and response shapes of the voucher calls (spec doc 1 sections 3 and 7, base /account).
 *
 * Amounts of these calls travel as yuan with at most two decimals (a number such as 1234.5 or a
 * string such as '1234.50'), as the spec's payload does; inside client and server they are integer
 * fen, converted in exactly one place on each side (src/shared/vouchers/amounts.ts). Other calls
 * of the product (openings) speak fen.
 *
 * The spec names a voucher by year, month, certificateType and pzNo, but those change when another
 * user renumbers (整理断号) or moves a voucher. So every call that changes a voucher names it by its
 * stable `id` and sends the `revision` its user saw (one more with every change of the voucher);
 * the spec's number fields are still accepted and must agree with the id. A stale revision or a
 * number that no longer matches is refused with 4012 (凭证已被他人修改，请刷新后重试) and
 * changes nothing.
 */
import type { BalanceDirection } from '../constants.js';

/** Yuan on the wire: at most two decimals. */
export type YuanAmount = number | string;

/** Spec Saved auxiliary entry (the part a voucher line carries). */
export interface VoucherAuxi {
  typeNo: string;
  infoNo: string;
  infoName?: string;
}

/** A line of a save request. Empty amounts may be null, '' or 0. */
export interface VoucherLineInput {
  /** The line's id when modifying (kept in the audit trail); absent for new lines. */
  id?: string | null;
  summary: string;
  subjectCode: string;
  debitAmount?: YuanAmount | null;
  creditAmount?: YuanAmount | null;
  auxis?: VoucherAuxi[];
}

/**
 * POST /account/api/certificate: create (no id, revision or old* fields) or modify (id and the
 * revision the user saw; oldDate, oldPzNo and oldCertificateType, the spec's way of naming the
 * voucher as it was shown, are optional and must then agree with the id). The server proposes
 * pzNo on create; on modify the number stays unless the period or the category changed (then the
 * voucher takes the next number of its new period and category, and its old period closes the
 * gap). Lines sent with their id are changed in place and keep it; lines without one (or with an
 * id that is not one of the voucher's lines) are added; the voucher's lines not sent are removed.
 */
export interface SaveVoucherRequest {
  year: number;
  month: number;
  /** yyyy-MM-dd, within year and month, after 2021-12-31. */
  pzDate: string;
  certificateType: number;
  /** Attached-document count. */
  numberOfDocument: number;
  certiDetails: VoucherLineInput[];
  financialOfficer?: string;
  bookkeeper?: string;
  cashier?: string;
  /** Defaults to the user's name (spec preparer rule). */
  preparedBy?: string;
  /** Modify: the voucher's id. */
  id?: string;
  /** Modify: the revision the user saw (Voucher.revision). */
  revision?: number;
  oldDate?: string;
  oldPzNo?: number;
  oldCertificateType?: number;
}

/** Spec Voucher line, as answered. */
export interface VoucherLine {
  id: string;
  /** 1-based line number. */
  numberRow: number;
  summary: string;
  subjectCode: string;
  code: string;
  codeName: string;
  codeAndFullName: string;
  balanceDirection: BalanceDirection;
  debitAmount: number | null;
  creditAmount: number | null;
  auxis: Required<VoucherAuxi>[];
  /** Budget accounting line (two-table voucher). */
  isGovernment: boolean;
}

/** Spec Voucher, as answered. */
export interface Voucher {
  id: string;
  pzNo: number;
  /** Voucher word of the category (记, 收, 付, 转, 调...). */
  entry: string;
  pzDate: string;
  year: number;
  month: number;
  certificateType: number;
  certificateTypeName: string;
  numberOfDocument: number;
  financialOfficer: string;
  bookkeeper: string;
  reviewer: string;
  preparedBy: string;
  cashier: string;
  isShowCashier: boolean;
  isReview: boolean;
  isBook: boolean;
  /** Cashier signature given (VoucherCashierSignature). */
  isCashierSigned: boolean;
  /** Yuan. */
  debitTotal: number;
  creditTotal: number;
  certiDetails: VoucherLine[];
  /** 1 when written, one more with every change; send it back with any change. */
  revision: number;
}

/** The answer of a save: the voucher as stored. */
export type SaveVoucherResponse = Voucher;

/** GET /account/api/certificate: filters (all optional but year) and paging. */
export interface VoucherListQuery {
  year: number;
  beginMonth?: number;
  endMonth?: number;
  certificateType?: number;
  beginPzNo?: number;
  endPzNo?: number;
  /** A subject code: lines of it or of its descendants. */
  subjectCode?: string;
  /** Text contained in a line's summary. */
  summary?: string;
  /** Yuan: a line amount (debit or credit) at least / at most this. */
  minAmount?: YuanAmount;
  maxAmount?: YuanAmount;
  status?: VoucherStatusFilter;
  pageIndex?: number;
  /** Default 200 (spec: 200-row pages). */
  pageSize?: number;
}

export const VOUCHER_STATUS_FILTERS = ['all', 'unreviewed', 'reviewed', 'unbooked', 'booked'] as const;
export type VoucherStatusFilter = (typeof VOUCHER_STATUS_FILTERS)[number];

/**
 * Names a voucher for batch calls: its id and the revision the user saw. The spec's delete
 * details (month, pzNo, certificateType, with the request's year) may come along and must then
 * name the same voucher.
 */
export interface VoucherRef {
  id: string;
  revision: number;
  month?: number;
  pzNo?: number;
  certificateType?: number;
}

/** A voucher's revision after a change (the client keeps it for its next change). */
export interface VoucherVersion {
  id: string;
  revision: number;
}

/**
 * DELETE /account/api/certificate?year=&details=<JSON VoucherRef[]>; POST review / book /
 * VoucherCashierSignature take { year, details, flag } with flag isReview / isBook / isSign
 * (false undoes). Batch calls are all-or-nothing: one refusal (a stale revision among them, say)
 * writes nothing.
 */
export interface VoucherBatchRequest {
  year: number;
  details: VoucherRef[];
}
export interface ReviewRequest extends VoucherBatchRequest {
  isReview: boolean;
}
export interface BookRequest extends VoucherBatchRequest {
  isBook: boolean;
}
export interface CashierSignRequest extends VoucherBatchRequest {
  isSign: boolean;
}
export interface BatchResponse {
  /** How many vouchers changed. */
  count: number;
  /** Every voucher named, with its revision now (none after a deletion). */
  vouchers: VoucherVersion[];
}

/** POST reloadBreak: renumber one period (and category, or all categories) to close gaps. */
export interface ReloadBreakRequest {
  year: number;
  month: number;
  certificateType?: number;
}
export interface ReloadBreakResponse {
  /** Vouchers whose number changed. */
  renumbered: number;
}

/** GET getCertificateManNo?year&month&certificateType: the next number. */
export interface NextNumberResponse {
  pzNo: number;
}

/** Spec certificateTypeList item. */
export interface CertificateTypeItem {
  value: number;
  name: string;
  /** Voucher word. */
  entry: string;
}

/** GET emptyCertificate?year&month: recommended data of a new voucher. */
export interface EmptyVoucherResponse {
  year: number;
  month: number;
  pzNo: number;
  pzDate: string;
  certificateType: number;
  certificateTypeList: CertificateTypeItem[];
  preparedBy: string;
  /** Two-table voucher (financial and budget accounting side by side). */
  twoTable: boolean;
  /** The period is closed: the editor opens read-only. */
  closed: boolean;
}

/** GET detail?id= (or ?year&month&certificateType&pzNo); GET neighbour?id=&direction=prev|next → Voucher | null. */
export interface NeighbourQuery {
  id?: string;
  year: number;
  direction: 'prev' | 'next';
}

/** GET subjectBalance?code&year&month: the subject's balance up to and including that month (all vouchers). */
export interface SubjectBalanceResponse {
  code: string;
  /** Yuan, in the subject's direction. */
  balance: number;
  balanceDirection: BalanceDirection;
}

/** GET /account/api/summary?keyword= → Summary[]; POST { contents: string[] } replaces the set's list. */
export interface SummaryItem {
  id: number;
  content: string;
}
export interface SaveSummariesRequest {
  contents: string[];
}

/** GET pzUser: the preparer list (spec: userName, levelName). */
export interface PreparerItem {
  userName: string;
  levelName: string;
}

/** A header field of a voucher that a change set from one value to another. */
export interface VoucherFieldChange {
  field: VoucherAuditField;
  before: string | number | boolean | null;
  after: string | number | boolean | null;
}

export const VOUCHER_AUDIT_FIELDS = [
  'year',
  'month',
  'certificateType',
  'pzNo',
  'pzDate',
  'numberOfDocument',
  'financialOfficer',
  'bookkeeper',
  'reviewer',
  'preparedBy',
  'cashier',
  'isReview',
  'isBook',
  'isCashierSigned',
  'debitTotal',
  'creditTotal',
] as const;
export type VoucherAuditField = (typeof VOUCHER_AUDIT_FIELDS)[number];

export const VOUCHER_LINE_AUDIT_FIELDS = ['summary', 'subjectCode', 'debitAmount', 'creditAmount', 'auxis'] as const;
export type VoucherLineAuditField = (typeof VOUCHER_LINE_AUDIT_FIELDS)[number];

/** A line a change added, changed (same id, other content) or removed, with the line before and after. */
export interface VoucherLineChange {
  kind: 'added' | 'changed' | 'removed';
  /** The line's id (kept through modifications). */
  id: string;
  /** The fields that differ (every field for an added or removed line). */
  fields: VoucherLineAuditField[];
  before: VoucherLine | null;
  after: VoucherLine | null;
}

/** GET audit?id=: a voucher's trail, each entry with what it changed in the header and the lines. */
export interface VoucherAuditEntry {
  action: 'create' | 'modify' | 'review' | 'unreview' | 'book' | 'unbook' | 'sign' | 'unsign' | 'delete' | 'renumber';
  userName: string;
  /** Epoch ms. */
  at: number;
  before: Voucher | null;
  after: Voucher | null;
  fieldChanges: VoucherFieldChange[];
  lineChanges: VoucherLineChange[];
}
