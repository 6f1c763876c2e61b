/**
 * The 经费单位 (JFDW) auxiliary type kept in step with the funds units: the type exists once a set
 * has a unit, each unit is an item (code = the unit's code, name = its name), and the 211/212
 * last-level subjects the set's ratios and default subjects name carry the type, so the payable
 * lines of a funds voucher say which unit they are owed to or by.
 *
 * A subject that already has openings or voucher lines in the year does not get the type: its
 * existing amounts would sit without a unit (and openings lock a subject's types, subject-types.ts).
 * The save answers those subjects so the page can say so; the bookkeeper adds a new leaf for
 * the funds or links the type after moving the amounts.
 */
import { FUNDS_UNIT_AUXI_TYPE } from './ratio-lookup.js';
import { settingSubjects, standardSubjects } from './share-subjects.js';
import { currentTypeNos, setSubjectTypes } from '../auxiliary/subject-types.js';
import { findSubject, hasOpeningData, usedByVouchers, type Q, type Scope } from '../subjects/subject-repository.js';

const { typeNo: JFDW, typeName: JFDW_NAME } = FUNDS_UNIT_AUXI_TYPE;

export async function ensureJfdwType(q: Q, ztId: number): Promise<void> {
  const type = await q
    .selectFrom('auxi_type')
    .select('type_no')
    .where('zt_id', '=', ztId)
    .where('type_no', '=', JFDW)
    .executeTakeFirst();
  if (type) return;
  const last = await q
    .selectFrom('auxi_type')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('zt_id', '=', ztId)
    .executeTakeFirst();
  await q
    .insertInto('auxi_type')
    .values({
      zt_id: ztId,
      type_no: JFDW,
      type_name: JFDW_NAME,
      built_in_system: 1,
      enable: 1,
      sort: Number(last?.sort ?? 0) + 1,
    })
    .execute();
}

/** The unit's item: added, or renamed and enabled. */
export async function putJfdwItem(q: Q, ztId: number, code: string, name: string): Promise<void> {
  await ensureJfdwType(q, ztId);
  const item = await q
    .selectFrom('auxi_info')
    .select('info_no')
    .where('zt_id', '=', ztId)
    .where('type_no', '=', JFDW)
    .where('info_no', '=', code)
    .executeTakeFirst();
  if (item) {
    await q
      .updateTable('auxi_info')
      .set({ info_name: name, is_enable: 1 })
      .where('zt_id', '=', ztId)
      .where('type_no', '=', JFDW)
      .where('info_no', '=', code)
      .execute();
  } else {
    await q
      .insertInto('auxi_info')
      .values({ zt_id: ztId, type_no: JFDW, info_no: code, info_name: name, parent_no: null, is_enable: 1 })
      .execute();
  }
}

/** A deleted unit's item goes too, unless a voucher line or an opening names it: then it is disabled. */
export async function dropJfdwItem(q: Q, ztId: number, code: string): Promise<void> {
  const onLine = await q
    .selectFrom('voucher_line_auxi')
    .select('info_no')
    .where('zt_id', '=', ztId)
    .where('type_no', '=', JFDW)
    .where('info_no', '=', code)
    .limit(1)
    .executeTakeFirst();
  const openings = await q.selectFrom('auxi_opening').select('auxi_key').where('zt_id', '=', ztId).execute();
  const inOpening = openings.some((r) => r.auxi_key.split('|').includes(`${JFDW}:${code}`));
  const item = q.updateTable('auxi_info').where('zt_id', '=', ztId).where('type_no', '=', JFDW).where('info_no', '=', code);
  if (onLine || inOpening) await item.set({ is_enable: 0 }).execute();
  else
    await q.deleteFrom('auxi_info').where('zt_id', '=', ztId).where('type_no', '=', JFDW).where('info_no', '=', code).execute();
}

/** The payable subjects a set's funds post to: those its ratios and defaults name, else the chart's 211 / 212 leaves. */
export async function payableSubjects(q: Q, scope: Scope): Promise<string[]> {
  const ratios = await q
    .selectFrom('funds_ratio')
    .select([
      'superior_one_ppm',
      'superior_two_ppm',
      'lower_ppm',
      'superior_one_subject',
      'superior_two_subject',
      'lower_subject',
    ])
    .where('zt_id', '=', scope.ztId)
    .where('from_year', '<=', scope.year)
    .execute();
  const setting = await q.selectFrom('funds_setting').selectAll().where('zt_id', '=', scope.ztId).executeTakeFirst();
  const defaults = settingSubjects(setting);
  const standard = standardSubjects(scope.system);
  const fallbackSuperior = defaults.superiorOne ?? standard.superiorOne ?? '211';
  const fallbackLower = defaults.lower ?? standard.lower ?? '212';
  const codes = new Set<string>();
  for (const r of ratios) {
    if (r.superior_one_ppm > 0) codes.add(r.superior_one_subject ?? fallbackSuperior);
    if (r.superior_two_ppm > 0) codes.add(r.superior_two_subject ?? fallbackSuperior);
    if (r.lower_ppm > 0) codes.add(r.lower_subject ?? fallbackLower);
  }
  return [...codes].filter((c) => c.startsWith('211') || c.startsWith('212')).sort();
}

/** Links JFDW to each payable leaf that can take it; answers the ones that could not (openings or vouchers). */
export async function linkJfdwToPayables(q: Q, scope: Scope): Promise<string[]> {
  const unlinked: string[] = [];
  for (const code of await payableSubjects(q, scope)) {
    const subject = await findSubject(q, scope, code);
    if (!subject?.last_level) continue;
    const current = await currentTypeNos(q, scope, code);
    if (current.includes(JFDW)) continue;
    if ((await hasOpeningData(q, scope, subject)) || (await usedByVouchers(q, scope, code))) {
      unlinked.push(code);
      continue;
    }
    await setSubjectTypes(q, scope, code, [...current, JFDW]);
  }
  return unlinked;
}
