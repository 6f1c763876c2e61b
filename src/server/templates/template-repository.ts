/** Stored voucher templates of a ledger set (the user's own) and their lines. */
import type { Kysely, Selectable } from 'kysely';
import type { AuxiChoice } from '../../shared/subjects/auxiliary-rules.js';
import { CARRY_FORWARD_TEMPLATE } from '../../shared/templates/template-rules.js';
import type { Database, VoucherTemplateTable } from '../db/schema.js';

export type Q = Kysely<Database>;

export interface StoredLine {
  summary: string;
  subjectCode: string | null;
  debitFen: number | null;
  creditFen: number | null;
  auxis: { typeNo: string; infoNo: string }[];
}

export interface StoredTemplate {
  id: string;
  name: string;
  policyBasis: string;
  memo: string;
  template: number;
  templateSort: number;
  isMonth: boolean;
  lines: StoredLine[];
}

/** Auxiliary choices as stored in a line's JSON column (both line tables write only typeNo and infoNo). */
export function parseStoredAuxis(json: string): AuxiChoice[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as AuxiChoice[]).map((a) => ({ typeNo: String(a.typeNo), infoNo: String(a.infoNo) })) : [];
}

type LineTable = 'voucher_template_line' | 'carry_forward_line';

/**
 * The set's stored templates of one kind, carry-forward ones (type 4, lines in carry_forward_line)
 * or the rest (voucher_template_line), in their order, each head with its lines in line order
 * mapped by `toLine`; `ids`, when given, narrows to those templates.
 */
export async function readWithLines<T extends LineTable, L>(
  q: Q,
  ztId: number,
  lineTable: T,
  toLine: (row: Selectable<Database[T]>) => L,
  ids?: readonly string[],
): Promise<{ head: Selectable<VoucherTemplateTable>; lines: L[] }[]> {
  let heads = q
    .selectFrom('voucher_template')
    .selectAll()
    .where('zt_id', '=', ztId)
    .where('template_type', lineTable === 'carry_forward_line' ? '=' : '!=', CARRY_FORWARD_TEMPLATE);
  if (ids) {
    if (ids.length === 0) return [];
    heads = heads.where('id', 'in', ids);
  }
  const rows = await heads.orderBy('template_sort').orderBy('created_at').execute();
  if (rows.length === 0) return [];
  // Widened to the union: Kysely cannot build a query over a generic table name.
  const table: LineTable = lineTable;
  const lines = await q
    .selectFrom(table)
    .selectAll()
    .where('zt_id', '=', ztId)
    .where(
      'template_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('template_id')
    .orderBy('line_no')
    .execute();
  const byTemplate = new Map<string, L[]>();
  for (const l of lines) {
    const list = byTemplate.get(l.template_id) ?? [];
    // The rows come from lineTable, whose row type is T's (the query's type is the union of both).
    list.push(toLine(l as Selectable<Database[T]>));
    byTemplate.set(l.template_id, list);
  }
  return rows.map((head) => ({ head, lines: byTemplate.get(head.id) ?? [] }));
}

/** The set's voucher templates (carry-forward ones, type 4, are read by carry-forward-repository.ts). */
export async function listStored(q: Q, ztId: number, ids?: readonly string[]): Promise<StoredTemplate[]> {
  const templates = await readWithLines(
    q,
    ztId,
    'voucher_template_line',
    (l) => ({
      summary: l.summary,
      subjectCode: l.subject_code,
      debitFen: l.debit_amount,
      creditFen: l.credit_amount,
      auxis: parseStoredAuxis(l.auxis),
    }),
    ids,
  );
  return templates.map(({ head: r, lines }) => ({
    id: r.id,
    name: r.name,
    policyBasis: r.policy_basis,
    memo: r.memo,
    template: r.template_type,
    templateSort: r.template_sort,
    isMonth: r.is_month === 1,
    lines,
  }));
}

export async function nameTaken(q: Q, ztId: number, name: string, exceptId: string | null): Promise<boolean> {
  let query = q.selectFrom('voucher_template').select('id').where('zt_id', '=', ztId).where('name', '=', name);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Writes a template and replaces its lines (inside the caller's transaction). */
export async function writeTemplate(
  q: Q,
  ztId: number,
  userId: number,
  template: Omit<StoredTemplate, 'templateSort' | 'isMonth'>,
  isNew: boolean,
): Promise<void> {
  const now = Date.now();
  if (isNew) {
    const last = await q
      .selectFrom('voucher_template')
      .select((eb) => eb.fn.max('template_sort').as('max'))
      .where('zt_id', '=', ztId)
      .executeTakeFirst();
    await q
      .insertInto('voucher_template')
      .values({
        zt_id: ztId,
        id: template.id,
        name: template.name,
        policy_basis: template.policyBasis,
        memo: template.memo,
        template_type: template.template,
        template_sort: Number(last?.max ?? 0) + 1,
        created_by: userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
  } else {
    await q
      .updateTable('voucher_template')
      .set({
        name: template.name,
        policy_basis: template.policyBasis,
        memo: template.memo,
        template_type: template.template,
        updated_at: now,
      })
      .where('zt_id', '=', ztId)
      .where('id', '=', template.id)
      .execute();
    await q.deleteFrom('voucher_template_line').where('zt_id', '=', ztId).where('template_id', '=', template.id).execute();
  }
  if (template.lines.length === 0) return;
  await q
    .insertInto('voucher_template_line')
    .values(
      template.lines.map((l, i) => ({
        zt_id: ztId,
        template_id: template.id,
        line_no: i + 1,
        summary: l.summary,
        subject_code: l.subjectCode,
        debit_amount: l.debitFen,
        credit_amount: l.creditFen,
        auxis: JSON.stringify(l.auxis),
      })),
    )
    .execute();
}

export async function deleteTemplate(q: Q, ztId: number, id: string): Promise<boolean> {
  const result = await q.deleteFrom('voucher_template').where('zt_id', '=', ztId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setSort(q: Q, ztId: number, order: readonly { id: string; templateSort: number }[]): Promise<void> {
  for (const item of order) {
    await q
      .updateTable('voucher_template')
      .set({ template_sort: item.templateSort })
      .where('zt_id', '=', ztId)
      .where('id', '=', item.id)
      .execute();
  }
}
