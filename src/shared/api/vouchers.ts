/**
 * The voucher calls' types (spec doc 1 sections 3 and 7, base /account), declared once as schemas
 * in ./schemas/vouchers.ts (what each field means is written there), and the lists of names that
 * both the schemas and the screens use.
 *
 * Amounts of these calls travel as yuan with at most two decimals (a number such as 1234.5 or a
 * string such as '1234.50' in requests, a number in answers); inside client and server they are
 * integer fen, converted in exactly one place on each side (src/shared/vouchers/amounts.ts).
 *
 * The spec names a voucher by year, month, certificateType and pzNo, but those change when another
 * user renumbers (整理断号) or moves a voucher. So every call that changes a voucher names it by its
 * stable `id` and sends the `revision` its user saw (one more with every change of the voucher);
 * the spec's number fields are still accepted and must agree with the id. A stale revision or a
 * number that no longer matches is refused with 4012 (凭证已被他人修改，请刷新后重试) and
 * changes nothing, in a batch too: one such refusal writes nothing. A batch review, book or
 * signature skips (and names, with the reason) a voucher already in that state or kept out by a rule.
 */
export type {
  AuxiItem,
  BatchResponse,
  BatchSkip,
  BookRequest,
  CashierSignRequest,
  CertificateTypeItem,
  EmptyVoucherResponse,
  NeighbourQuery,
  NextNumberResponse,
  PreparerItem,
  ReloadBreakRequest,
  ReloadBreakResponse,
  ReviewRequest,
  SaveSummariesRequest,
  SaveVoucherRequest,
  SubjectBalanceResponse,
  SummaryItem,
  Voucher,
  VoucherAuditEntry,
  VoucherAuxi,
  VoucherFieldChange,
  VoucherLine,
  VoucherLineChange,
  VoucherLineInput,
  VoucherListExportQuery,
  VoucherListQuery,
  VoucherRef,
  VoucherSnapshot,
  VoucherVersion,
} from './schemas/vouchers.js';

/** Yuan on the wire: at most two decimals, a number or a numeric string. */
export type YuanAmount = number | string;

export const VOUCHER_STATUS_FILTERS = ['all', 'unreviewed', 'reviewed', 'unbooked', 'booked'] as const;
export type VoucherStatusFilter = (typeof VOUCHER_STATUS_FILTERS)[number];

/** The header fields a change of a voucher may set, as the audit trail compares them. */
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

/** What a voucher's audit entry records. */
export const VOUCHER_AUDIT_ACTIONS = [
  'create',
  'modify',
  'review',
  'unreview',
  'book',
  'unbook',
  'sign',
  'unsign',
  'delete',
  'renumber',
] as const;
