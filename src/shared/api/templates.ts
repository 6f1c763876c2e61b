/**
 * Voucher templates (spec doc 1: Voucher template entity; calls GET /api/template, /detail,
 * /select, POST and DELETE /api/template, POST updateTemplateSort). Line amounts travel as yuan
 * like the voucher calls (src/shared/vouchers/amounts.ts) and may be empty: a template can fix
 * the subjects and leave the amounts to the bookkeeper.
 */
import type { BalanceDirection } from '../constants.js';
import type { VoucherAuxi, YuanAmount } from './vouchers.js';

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
