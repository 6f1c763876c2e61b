/**
 * The auxiliary types of a last-level subject in one year. The list is replaced whole; it may not
 * change while the subject has an opening balance or auxiliary openings (checkTypeChange).
 */
import { AuxiMessages, checkTypeChange } from '../../shared/subjects/auxiliary-rules.js';
import { refuse } from '../http/app-error.js';
import { findSubject, hasOpeningData, type Q, type Scope } from '../subjects/subject-repository.js';

/**
 * The typeNo list of a call (typeNo strings or { typeNo } objects, the spec's auxiTypeList), trimmed,
 * without empties and duplicates. A string may hold several typeNo joined by commas: a query's list,
 * or a comma-joined body list that the schema's array coercion made a list of one.
 */
export function typeNosOf(list: string | readonly (string | { typeNo: string })[]): string[] {
  const items = typeof list === 'string' ? [list] : list;
  const out: string[] = [];
  for (const item of items) {
    for (const part of (typeof item === 'string' ? item : item.typeNo).split(',')) {
      const typeNo = part.trim();
      if (typeNo && !out.includes(typeNo)) out.push(typeNo);
    }
  }
  return out;
}

export async function currentTypeNos(q: Q, scope: Scope, code: string): Promise<string[]> {
  const rows = await q
    .selectFrom('subject_auxi_type')
    .select('type_no')
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('code', '=', code)
    .execute();
  return rows.map((r) => r.type_no);
}

/** Replaces the subject's types; call inside the caller's transaction. */
export async function setSubjectTypes(q: Q, scope: Scope, code: string, typeNos: readonly string[]): Promise<void> {
  const subject = await findSubject(q, scope, code);
  if (!subject) refuse('NotFound', `科目${code}不存在`);
  if (!subject.last_level && typeNos.length > 0) refuse('BusinessRule', AuxiMessages.lastLevelOnly);
  if (typeNos.length > 0) {
    const known = await q
      .selectFrom('auxi_type')
      .select(['type_no', 'enable'])
      .where('zt_id', '=', scope.ztId)
      .where('type_no', 'in', [...typeNos])
      .execute();
    const problems = typeNos
      .filter((t) => !known.some((k) => k.type_no === t && k.enable))
      .map((t) => ({ message: `辅助核算类型${t}不存在或已停用`, fieldId: 'auxiTypeList' }));
    if (problems.length > 0) refuse('ValidationFailed', problems[0]?.message, problems);
  }
  const current = await currentTypeNos(q, scope, code);
  const locked = checkTypeChange(code, current, typeNos, await hasOpeningData(q, scope, subject));
  if (locked) refuse('BusinessRule', locked);
  await q
    .deleteFrom('subject_auxi_type')
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('code', '=', code)
    .execute();
  if (typeNos.length > 0) {
    await q
      .insertInto('subject_auxi_type')
      .values(typeNos.map((t) => ({ zt_id: scope.ztId, year: scope.year, code, type_no: t })))
      .execute();
  }
}

/**
 * A last-level subject that receives its first child becomes a parent: it gives up its auxiliary
 * types (only last-level subjects carry them) and its last-level flag. The caller has checked that
 * it holds no opening data.
 */
export async function demoteToParent(q: Q, scope: Scope, code: string): Promise<void> {
  await setSubjectTypes(q, scope, code, []);
  await q
    .updateTable('subject')
    .set({ last_level: 0 })
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', scope.year)
    .where('code', '=', code)
    .execute();
}
