/**
 * Voucher templates (spec doc 1: Voucher template entity; calls GET /api/template, /detail,
 * /select, POST and DELETE /api/template, POST updateTemplateSort). Line amounts travel as yuan
 * like the voucher calls (src/shared/vouchers/amounts.ts) and may be empty: a template can fix
 * the subjects and leave the amounts to the bookkeeper.
 */
import type { BalanceDirection } from '../constants.js';
import type { AuxiTypeRef } from './subjects.js';
import type { Voucher, VoucherAuxi, YuanAmount } from './vouchers.js';

export interface TemplateLineInput {
  summary: string;
  subjectCode: string | null;
  debitAmount?: YuanAmount | null;
  creditAmount?: YuanAmount | null;
  auxis?: VoucherAuxi[];
}

/** POST /account/api/template: a new template (no id) or a change to one of the user's. */
export interface SaveTemplateRequest {
  id?: string;
  name: string;
  policyBasis: string;
  memo?: string;
  /** Template type (src/shared/templates/template-types.ts). */
  template: number | null;
  details: TemplateLineInput[];
}

export interface TemplateLine {
  summary: string;
  subjectCode: string | null;
  code: string | null;
  subjectName: string;
  codeAndFullName: string;
  balanceDirection: BalanceDirection;
  /** Yuan, null when the template leaves it to the user. */
  debitAmount: number | null;
  creditAmount: number | null;
  auxis: Required<VoucherAuxi>[];
}

/** Spec Voucher template. */
export interface VoucherTemplate {
  id: string;
  name: string;
  policyBasis: string;
  memo: string;
  template: number;
  templateName: string;
  isBuiltIn: boolean;
  templateSort: number;
  /** Month (true) or year (false) carry-forward template; false for other types. */
  isMonth: boolean;
  details: TemplateLine[];
}

/** GET /account/api/template: the manager's list (spec params), pages of 100. */
export interface TemplateListQuery {
  pageIndex?: number;
  pageSize?: number;
  template?: number;
  name?: string;
  isBuiltIn?: boolean;
  isMonth?: boolean;
}

/** POST updateTemplateSort: the order of the user's templates. */
export interface TemplateSortRequest {
  tempInfo: { id: string; templateSort: number }[];
}

/**
 * Carry-forward templates (spec: template type 4, Carry-forward template detail). A row carries
 * the balance (or a turnover) of its carry-out subject — every last-level subject under it, each
 * auxiliary combination apart, narrowed to the row's auxiliary items when it names some — into
 * its carry-in subject. carryOverAmountType: 1 balance, 2 debit balance, 3 credit balance,
 * 4 debit turnover, 5 credit turnover (src/shared/templates/carry-forward-rules.ts).
 */
export interface CarryForwardDetailInput {
  subjectCode: string | null;
  /** Narrows the carry-out subject to these items (a parent item takes its sub-items). */
  auxis?: VoucherAuxi[];
  carryOverAmountType: number | null;
  intoSubjectCode: string | null;
  /** Items of the carry-in line: leaf items of the carry-in subject's types. */
  intoAuxis?: VoucherAuxi[];
}

/** POST /account/api/template with template 4. */
export interface SaveCarryForwardRequest {
  id?: string;
  template: 4;
  name: string;
  /** true: a month-end template; false: a year-end one. */
  isMonth: boolean;
  /** 摘要 of the voucher lines it writes. */
  summary: string;
  /** 说明. */
  memo: string;
  /** 转出金额: the amount type new rows start with (1-5). */
  carryOverAmountType: number | null;
  details: CarryForwardDetailInput[];
}

export interface CarryForwardDetail {
  subjectCode: string;
  subjectName: string;
  codeAndFullName: string;
  auxis: Required<VoucherAuxi>[];
  carryOverAmountType: number;
  intoSubjectCode: string;
  intoSubjectName: string;
  intoCodeAndFullName: string;
  intoAuxis: Required<VoucherAuxi>[];
  /** The carry-out subject's auxiliary types (of its last-level subjects when it is a parent). */
  auxiTypeList: AuxiTypeRef[];
  /** The carry-in subject's auxiliary types. */
  intoAuxiTypeList: AuxiTypeRef[];
}

/** A carry-forward template as answered by the list (template=4), detail and save calls. */
export interface CarryForwardTemplate {
  id: string;
  name: string;
  template: 4;
  templateName: string;
  isBuiltIn: boolean;
  templateSort: number;
  isMonth: boolean;
  summary: string;
  memo: string;
  policyBasis: string;
  carryOverAmountType: number;
  details: CarryForwardDetail[];
}

export type AnyTemplate = VoucherTemplate | CarryForwardTemplate;

export function isCarryForwardTemplate(t: AnyTemplate): t is CarryForwardTemplate {
  return t.template === 4;
}

/**
 * GET /account/api/certificate/generateVoucherEndPeriod?year&month: the month-end carry-forward
 * voucher of the month, from every month template of the set (one voucher, carry_over 1, dated
 * the month's last day). GET generateYearEndVoucher?year: the year-end one from the year templates
 * (carry_over 2, dated 12-31, after December's month-end carry-forward). Amounts come from the
 * balances of every voucher, booked or not. A month (or year) that already has its carry-forward
 * voucher is refused: delete that voucher first (it is unreviewed and unbooked) to generate again.
 */
export interface GenerateCarryForwardQuery {
  year: number;
  month?: number;
}

export interface GenerateCarryForwardResponse {
  /** The voucher written. */
  voucher: Voucher;
  /** The templates it came from (those with something to carry). */
  templateIds: string[];
}
