/**
 * Applying a ledger-set template to a new set (the single-set create and the import call it in
 * their transaction, after createLedgerSet): the template's subjects join the standard chart in
 * every year of the set (a standard subject that gets a child is no longer a last-level one), with
 * their auxiliary types; its auxiliary types and items, voucher and carry-forward templates are
 * added. Only to a set of the template's accounting system (its subjects extend that chart).
 */
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { refuse } from '../../http/app-error.js';
import type { TemplateContent } from './template-content.js';

/** Template ids by name (the import's 模板 column names a template), with their system. */
export async function templatesByName(q: Kysely<Database>): Promise<Map<string, { id: number; accountingSystem: string }>> {
  const rows = await q.selectFrom('zt_template').select(['id', 'name', 'accounting_system']).execute();
  return new Map(rows.map((r) => [r.name, { id: r.id, accountingSystem: r.accounting_system }]));
}

/** `userId` is who the copied voucher templates are recorded as made by (the one creating the set). */
export async function applyLedgerSetTemplate(
  tx: Db,
  templateId: number,
  ztId: number,
  { userId = 0, now = Date.now() }: { userId?: number | null; now?: number } = {},
): Promise<void> {
  const q = tx.kysely;
  const template = await q
    .selectFrom('zt_template')
    .select(['accounting_system', 'content', 'name'])
    .where('id', '=', templateId)
    .executeTakeFirst();
  if (!template) refuse('NotFound', '账套模板不存在或已删除');
  const set = await q.selectFrom('zt_info').select(['accounting_system']).where('id', '=', ztId).executeTakeFirstOrThrow();
  if (set.accounting_system !== template.accounting_system)
    refuse('BusinessRule', `模板“${template.name}”的会计制度与账套不同，不能套用`);
  const content = JSON.parse(template.content) as TemplateContent;
  const years = (await q.selectFrom('zt_year').select('year').where('zt_id', '=', ztId).execute()).map((y) => y.year);

  if (content.auxiTypes.length > 0) {
    await q
      .insertInto('auxi_type')
      .values(content.auxiTypes.map((t) => ({ ...t, zt_id: ztId, built_in_system: 0 })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (let i = 0; i < content.auxiInfos.length; i += 500) {
    await q
      .insertInto('auxi_info')
      .values(content.auxiInfos.slice(i, i + 500).map((a) => ({ ...a, zt_id: ztId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (const year of years) {
    for (let i = 0; i < content.subjects.length; i += 500) {
      await q
        .insertInto('subject')
        .values(content.subjects.slice(i, i + 500).map((s) => ({ ...s, zt_id: ztId, year, is_standard: 0, init_amount: 0 })))
        .execute();
    }
    const parents = [...new Set(content.subjects.map((s) => s.parent_code).filter((c): c is string => c !== null))];
    if (parents.length > 0) {
      await q
        .updateTable('subject')
        .set({ last_level: 0 })
        .where('zt_id', '=', ztId)
        .where('year', '=', year)
        .where('code', 'in', parents)
        .execute();
    }
    if (content.subjectAuxi.length > 0) {
      await q
        .insertInto('subject_auxi_type')
        .values(content.subjectAuxi.map((a) => ({ ...a, zt_id: ztId, year })))
        .execute();
    }
  }
  if (content.voucherTemplates.length > 0) {
    await q
      .insertInto('voucher_template')
      .values(
        content.voucherTemplates.map((t) => ({ ...t, zt_id: ztId, created_by: userId ?? 0, created_at: now, updated_at: now })),
      )
      .execute();
  }
  for (let i = 0; i < content.templateLines.length; i += 500) {
    await q
      .insertInto('voucher_template_line')
      .values(content.templateLines.slice(i, i + 500).map((l) => ({ ...l, zt_id: ztId })))
      .execute();
  }
  for (let i = 0; i < content.carryLines.length; i += 500) {
    await q
      .insertInto('carry_forward_line')
      .values(content.carryLines.slice(i, i + 500).map((l) => ({ ...l, zt_id: ztId })))
      .execute();
  }
}
