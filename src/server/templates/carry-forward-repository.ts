/** Stored carry-forward templates (voucher_template rows of type 4) and their rows (carry_forward_line). */
import type { AuxiChoice } from '../../shared/subjects/auxiliary-rules.js';
import { CARRY_FORWARD_TEMPLATE } from '../../shared/templates/template-rules.js';
import { parseStoredAuxis, readWithLines, type Q } from './template-repository.js';

export interface CarryRow {
  subjectCode: string;
  auxis: AuxiChoice[];
  carryOverAmountType: number;
  intoSubjectCode: string;
  intoAuxis: AuxiChoice[];
}

export interface CarryTemplate {
  id: string;
  name: string;
  isMonth: boolean;
  summary: string;
  memo: string;
  carryOverAmountType: number;
  templateSort: number;
  /** The built-in this copy replaces, or null. */
  replacesBuiltIn: string | null;
  rows: CarryRow[];
}

export async function listStoredCarry(q: Q, ztId: number, ids?: readonly string[]): Promise<CarryTemplate[]> {
  const templates = await readWithLines(
    q,
    ztId,
    'carry_forward_line',
    (l): CarryRow => ({
      subjectCode: l.subject_code,
      auxis: parseStoredAuxis(l.auxis),
      carryOverAmountType: l.carry_over_amount_type,
      intoSubjectCode: l.into_subject_code,
      intoAuxis: parseStoredAuxis(l.into_auxis),
    }),
    ids,
  );
  return templates.map(({ head: r, lines }) => ({
    id: r.id,
    name: r.name,
    isMonth: r.is_month === 1,
    summary: r.summary,
    memo: r.memo,
    carryOverAmountType: r.carry_over_amount_type,
    templateSort: r.template_sort,
    replacesBuiltIn: r.replaces_built_in,
    rows: lines,
  }));
}

/**
 * Writes a template and replaces its rows (inside the caller's transaction). A new one goes last
 * unless given its place (a copy of a built-in takes the built-in's).
 */
export async function writeCarry(
  q: Q,
  ztId: number,
  userId: number,
  t: Omit<CarryTemplate, 'templateSort'> & { templateSort?: number },
  isNew: boolean,
): Promise<void> {
  const now = Date.now();
  const head = {
    name: t.name,
    policy_basis: '',
    memo: t.memo,
    template_type: CARRY_FORWARD_TEMPLATE,
    is_month: t.isMonth ? 1 : 0,
    summary: t.summary,
    carry_over_amount_type: t.carryOverAmountType,
    updated_at: now,
  };
  if (isNew) {
    const last = await q
      .selectFrom('voucher_template')
      .select((eb) => eb.fn.max('template_sort').as('max'))
      .where('zt_id', '=', ztId)
      .executeTakeFirst();
    await q
      .insertInto('voucher_template')
      .values({
        ...head,
        zt_id: ztId,
        id: t.id,
        replaces_built_in: t.replacesBuiltIn,
        template_sort: t.templateSort ?? Number(last?.max ?? 0) + 1,
        created_by: userId,
        created_at: now,
      })
      .execute();
  } else {
    await q.updateTable('voucher_template').set(head).where('zt_id', '=', ztId).where('id', '=', t.id).execute();
    await q.deleteFrom('carry_forward_line').where('zt_id', '=', ztId).where('template_id', '=', t.id).execute();
  }
  if (t.rows.length === 0) return;
  await q
    .insertInto('carry_forward_line')
    .values(
      t.rows.map((r, i) => ({
        zt_id: ztId,
        template_id: t.id,
        line_no: i + 1,
        subject_code: r.subjectCode,
        auxis: JSON.stringify(r.auxis),
        carry_over_amount_type: r.carryOverAmountType,
        into_subject_code: r.intoSubjectCode,
        into_auxis: JSON.stringify(r.intoAuxis),
      })),
    )
    .execute();
}
