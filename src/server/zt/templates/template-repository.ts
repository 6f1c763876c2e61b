/** Ledger-set templates: saving one from a managed set, the list, one, the choice, deleting. */
import type { Kysely } from 'kysely';
import type { AccountingSystem } from '../../../shared/api/auth.js';
import type { ZtTemplate, ZtTemplateInfo } from '../../../shared/api/schemas/zt-register.js';
import { CARRY_FORWARD_TEMPLATE } from '../../../shared/templates/template-rules.js';
import type { Selectable } from 'kysely';
import type { Database, ZtTemplateTable } from '../../db/schema.js';
import { likeContains } from '../../db/like.js';
import { contentCounts, type TemplateContent } from './template-content.js';

type Row = Selectable<ZtTemplateTable>;

export function toTemplate(row: Row): ZtTemplate {
  return {
    id: row.id,
    name: row.name,
    accountingSystem: row.accounting_system as AccountingSystem,
    memo: row.memo,
    sourceCode: row.source_code,
    sourceName: row.source_name,
    sourceYear: row.source_year,
    createdBy: row.created_by,
    createdAt: row.created_at,
    counts: contentCounts(JSON.parse(row.content) as TemplateContent),
  };
}

export function toTemplateInfo(row: Row): ZtTemplateInfo {
  const content = JSON.parse(row.content) as TemplateContent;
  return {
    ...toTemplate(row),
    subjects: content.subjects.map((s) => ({ code: s.code, name: s.name })),
    auxiTypes: content.auxiTypes.map((t) => ({ typeNo: t.type_no, typeName: t.type_name })),
    voucherTemplates: content.voucherTemplates.map((t) => ({
      name: t.name,
      carryForward: t.template_type === CARRY_FORWARD_TEMPLATE,
    })),
  };
}

export interface TemplateFilter {
  name?: string;
  accountingSystem?: string;
}

function filtered(q: Kysely<Database>, f: TemplateFilter) {
  let query = q.selectFrom('zt_template');
  if (f.name) query = query.where(likeContains('name', f.name));
  if (f.accountingSystem) query = query.where('accounting_system', '=', f.accountingSystem);
  return query;
}

export async function templatePage(q: Kysely<Database>, f: TemplateFilter, pageIndex: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    filtered(q, f)
      .selectAll()
      .orderBy('name')
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize)
      .execute(),
    filtered(q, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { currentPageItems: rows.map(toTemplate), totalItemCount: Number(total.n) };
}

export const templateRow = (q: Kysely<Database>, id: number) =>
  q.selectFrom('zt_template').selectAll().where('id', '=', id).executeTakeFirst();
