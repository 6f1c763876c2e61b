/**
 * The auxiliary items behind budget categories and details (a category is an item, its details its
 * sub-items: shared/budget/classes.ts), kept in step with them: an item is created with its
 * category or detail, renamed with it, and goes with it when nothing else holds it.
 *
 * Choices:
 * - A new item's code is its parent's plus the next free three digits among the parent's existing
 *   items (a top-level item: three digits), so items keyed on the auxiliary page and the built-in
 *   JFHS class items (001001, 001002 under 001) are never taken.
 * - A category or detail of a new year named as an item already under the same parent, that no
 *   category or detail of that year holds, takes that item again: next year's 会议费 is the same
 *   item as this year's, so the picker does not list it twice and lines keep their item.
 */
import { AUXI_SUB_CODE_LENGTH } from '../../shared/subjects/auxiliary-rules.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';

export interface ItemPlace {
  ztId: number;
  year: number;
  typeNo: string;
  parentNo: string | null;
}

async function heldThisYear(q: Q, place: ItemPlace, infoNo: string): Promise<boolean> {
  const [category, detail] = await Promise.all([
    q
      .selectFrom('budget_category')
      .select('id')
      .where('zt_id', '=', place.ztId)
      .where('year', '=', place.year)
      .where('type_no', '=', place.typeNo)
      .where('info_no', '=', infoNo)
      .executeTakeFirst(),
    q
      .selectFrom('budget_project')
      .select('id')
      .where('zt_id', '=', place.ztId)
      .where('year', '=', place.year)
      .where('type_no', '=', place.typeNo)
      .where('info_no', '=', infoNo)
      .executeTakeFirst(),
  ]);
  return !!category || !!detail;
}

/** The item a new category or detail named `name` stands for: one taken again, or a new one. */
export async function placeItem(q: Q, place: ItemPlace, name: string): Promise<string> {
  let siblings = q
    .selectFrom('auxi_info')
    .select(['info_no', 'info_name'])
    .where('zt_id', '=', place.ztId)
    .where('type_no', '=', place.typeNo);
  siblings = place.parentNo === null ? siblings.where('parent_no', 'is', null) : siblings.where('parent_no', '=', place.parentNo);
  const rows = await siblings.execute();
  for (const row of rows.filter((r) => r.info_name === name)) {
    if (await heldThisYear(q, place, row.info_no)) continue;
    await q
      .updateTable('auxi_info')
      .set({ is_enable: 1 })
      .where('zt_id', '=', place.ztId)
      .where('type_no', '=', place.typeNo)
      .where('info_no', '=', row.info_no)
      .execute();
    return row.info_no;
  }
  const prefix = place.parentNo ?? '';
  const pattern = new RegExp(`^${prefix}\\d{${AUXI_SUB_CODE_LENGTH}}$`);
  const used = rows
    .map((r) => r.info_no)
    .filter((code) => pattern.test(code))
    .map((code) => Number(code.slice(prefix.length)));
  const next = Math.max(0, ...used) + 1;
  if (next > 999) refuse('BusinessRule', BudgetMessages.itemsExhausted);
  const infoNo = `${prefix}${String(next).padStart(AUXI_SUB_CODE_LENGTH, '0')}`;
  await q
    .insertInto('auxi_info')
    .values({
      zt_id: place.ztId,
      type_no: place.typeNo,
      info_no: infoNo,
      info_name: name,
      parent_no: place.parentNo,
      is_enable: 1,
    })
    .execute();
  return infoNo;
}

export async function renameItem(q: Q, ztId: number, typeNo: string, infoNo: string, name: string): Promise<void> {
  await q
    .updateTable('auxi_info')
    .set({ info_name: name })
    .where('zt_id', '=', ztId)
    .where('type_no', '=', typeNo)
    .where('info_no', '=', infoNo)
    .execute();
}

/** Whether a voucher line carries the item (any year). */
export async function itemOnVouchers(q: Q, ztId: number, typeNo: string, infoNo: string): Promise<boolean> {
  const line = await q
    .selectFrom('voucher_line_auxi')
    .select('info_no')
    .where('zt_id', '=', ztId)
    .where('type_no', '=', typeNo)
    .where('info_no', '=', infoNo)
    .limit(1)
    .executeTakeFirst();
  return !!line;
}

/**
 * A deleted category's or detail's item goes too, unless something else holds it: a category or
 * detail of another year, a sub-item, an auxiliary opening or a voucher line (then it stays).
 */
export async function dropItem(q: Q, ztId: number, typeNo: string, infoNo: string): Promise<void> {
  const [category, detail, child] = await Promise.all([
    q
      .selectFrom('budget_category')
      .select('id')
      .where('zt_id', '=', ztId)
      .where('type_no', '=', typeNo)
      .where('info_no', '=', infoNo)
      .executeTakeFirst(),
    q
      .selectFrom('budget_project')
      .select('id')
      .where('zt_id', '=', ztId)
      .where('type_no', '=', typeNo)
      .where('info_no', '=', infoNo)
      .executeTakeFirst(),
    q
      .selectFrom('auxi_info')
      .select('info_no')
      .where('zt_id', '=', ztId)
      .where('type_no', '=', typeNo)
      .where('parent_no', '=', infoNo)
      .executeTakeFirst(),
  ]);
  if (category || detail || child || (await itemOnVouchers(q, ztId, typeNo, infoNo))) return;
  const openings = await q.selectFrom('auxi_opening').select('auxi_key').where('zt_id', '=', ztId).execute();
  if (openings.some((r) => r.auxi_key.split('|').includes(`${typeNo}:${infoNo}`))) return;
  await q.deleteFrom('auxi_info').where('zt_id', '=', ztId).where('type_no', '=', typeNo).where('info_no', '=', infoNo).execute();
}
