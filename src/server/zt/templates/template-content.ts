/**
 * What a ledger-set template holds (zt_template.content, JSON): what one configured set of a year
 * adds to a new set of its system — the subjects beyond the standard chart and the auxiliary types
 * of each subject, the auxiliary types and items beyond the built-in ones, the voucher templates
 * and carry-forward templates (built-in ones live in code; the rows are the set's own and its
 * edited copies). Opening amounts, vouchers and balances are never part of it.
 */
import type { Kysely } from 'kysely';
import { BUILT_IN_AUXI_ITEMS } from '../../../shared/subjects/auxiliary-rules.js';
import { CARRY_FORWARD_TEMPLATE } from '../../../shared/templates/template-rules.js';
import type { Database } from '../../db/schema.js';

export const TEMPLATE_CONTENT_VERSION = 1;

export interface TemplateSubject {
  code: string;
  name: string;
  parent_code: string | null;
  level: number;
  type: number;
  balance_direction: number;
  is_budget: number;
  last_level: number;
  enable: number;
}

export interface TemplateContent {
  version: number;
  subjects: TemplateSubject[];
  subjectAuxi: { code: string; type_no: string }[];
  auxiTypes: { type_no: string; type_name: string; enable: number; sort: number }[];
  auxiInfos: { type_no: string; info_no: string; info_name: string; parent_no: string | null; is_enable: number }[];
  voucherTemplates: {
    id: string;
    name: string;
    policy_basis: string;
    memo: string;
    template_type: number;
    template_sort: number;
    is_month: number;
    summary: string;
    carry_over_amount_type: number;
    replaces_built_in: string | null;
  }[];
  templateLines: {
    template_id: string;
    line_no: number;
    summary: string;
    subject_code: string | null;
    debit_amount: number | null;
    credit_amount: number | null;
    auxis: string;
  }[];
  carryLines: {
    template_id: string;
    line_no: number;
    subject_code: string;
    auxis: string;
    carry_over_amount_type: number;
    into_subject_code: string;
    into_auxis: string;
  }[];
}

const builtInItem = new Set(BUILT_IN_AUXI_ITEMS.map((i) => `${i.typeNo}\u0000${i.infoNo}`));

/** What set `ztId` adds in `year` to a new set of its system. */
export async function captureTemplate(q: Kysely<Database>, ztId: number, year: number): Promise<TemplateContent> {
  const [subjects, subjectAuxi, auxiTypes, auxiInfos, voucherTemplates, templateLines, carryLines] = await Promise.all([
    q
      .selectFrom('subject')
      .select(['code', 'name', 'parent_code', 'level', 'type', 'balance_direction', 'is_budget', 'last_level', 'enable'])
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .where('is_standard', '=', 0)
      .orderBy('code')
      .execute(),
    q
      .selectFrom('subject_auxi_type')
      .select(['code', 'type_no'])
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .orderBy('code')
      .orderBy('type_no')
      .execute(),
    q
      .selectFrom('auxi_type')
      .select(['type_no', 'type_name', 'enable', 'sort'])
      .where('zt_id', '=', ztId)
      .where('built_in_system', '=', 0)
      .orderBy('sort')
      .orderBy('type_no')
      .execute(),
    q
      .selectFrom('auxi_info')
      .select(['type_no', 'info_no', 'info_name', 'parent_no', 'is_enable'])
      .where('zt_id', '=', ztId)
      .orderBy('type_no')
      .orderBy('info_no')
      .execute(),
    q
      .selectFrom('voucher_template')
      .select([
        'id',
        'name',
        'policy_basis',
        'memo',
        'template_type',
        'template_sort',
        'is_month',
        'summary',
        'carry_over_amount_type',
        'replaces_built_in',
      ])
      .where('zt_id', '=', ztId)
      .orderBy('id')
      .execute(),
    q
      .selectFrom('voucher_template_line')
      .select(['template_id', 'line_no', 'summary', 'subject_code', 'debit_amount', 'credit_amount', 'auxis'])
      .where('zt_id', '=', ztId)
      .orderBy('template_id')
      .orderBy('line_no')
      .execute(),
    q
      .selectFrom('carry_forward_line')
      .select(['template_id', 'line_no', 'subject_code', 'auxis', 'carry_over_amount_type', 'into_subject_code', 'into_auxis'])
      .where('zt_id', '=', ztId)
      .orderBy('template_id')
      .orderBy('line_no')
      .execute(),
  ]);
  return {
    version: TEMPLATE_CONTENT_VERSION,
    subjects,
    subjectAuxi,
    auxiTypes,
    auxiInfos: auxiInfos.filter((i) => !builtInItem.has(`${i.type_no}\u0000${i.info_no}`)),
    voucherTemplates,
    templateLines,
    carryLines,
  };
}

/** The counts a list shows of a template. */
export function contentCounts(c: TemplateContent) {
  return {
    subjects: c.subjects.length,
    auxiTypes: c.auxiTypes.length,
    auxiInfos: c.auxiInfos.length,
    voucherTemplates: c.voucherTemplates.filter((t) => t.template_type !== CARRY_FORWARD_TEMPLATE).length,
    carryForwardTemplates: c.voucherTemplates.filter((t) => t.template_type === CARRY_FORWARD_TEMPLATE).length,
  };
}
