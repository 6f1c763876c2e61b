/**
 * What the budget details of a set and year have spent (budget_spent, kept by spent-posting.ts),
 * per detail: the one reading of spent that the voucher control, the auxiliary answers (B8), the
 * execution report and the warnings share.
 */
import { countsSubject, subjectListOf } from '../../shared/budget/control.js';
import type { Q } from '../subjects/subject-repository.js';

export interface BudgetDetailRow {
  id: string;
  year: number;
  type_id: string;
  auxi_type: string;
  type_no: string;
  info_no: string;
  project_name: string;
  expend_class: string | null;
  amount_before_adjustment: number;
  project_amount: number;
  subject_codes: string;
  control_status: number;
  warn_ppm: number;
}

export interface DetailExecution {
  detail: BudgetDetailRow;
  /** Fen. */
  spent: number;
  /** Adjusted budget − spent, fen. */
  remaining: number;
}

const DETAIL_COLUMNS = [
  'id',
  'year',
  'type_id',
  'auxi_type',
  'type_no',
  'info_no',
  'project_name',
  'expend_class',
  'amount_before_adjustment',
  'project_amount',
  'subject_codes',
  'control_status',
  'warn_ppm',
] as const;

/** The set's budget details of a year; `items` (type_no, info_no) narrows them to those items. */
export async function readDetails(
  q: Q,
  ztId: number,
  year: number,
  items?: readonly { typeNo: string; infoNo: string }[],
): Promise<BudgetDetailRow[]> {
  if (items && items.length === 0) return [];
  let query = q.selectFrom('budget_project').select(DETAIL_COLUMNS).where('zt_id', '=', ztId).where('year', '=', year);
  if (items) {
    query = query
      .where('type_no', 'in', [...new Set(items.map((i) => i.typeNo))])
      .where('info_no', 'in', [...new Set(items.map((i) => i.infoNo))]);
  }
  const rows = await query.orderBy('sort').orderBy('info_no').execute();
  const wanted = items ? new Set(items.map((i) => `${i.typeNo}\u0000${i.infoNo}`)) : null;
  return rows
    .filter((r) => !wanted || wanted.has(`${r.type_no}\u0000${r.info_no}`))
    .map((r) => ({
      ...r,
      amount_before_adjustment: Number(r.amount_before_adjustment),
      project_amount: Number(r.project_amount),
      control_status: Number(r.control_status),
      warn_ppm: Number(r.warn_ppm),
    }));
}

/** Whether the set keeps the government system (execution on the budget side, 7xxx). */
export async function isGovernmentSet(q: Q, ztId: number): Promise<boolean> {
  const row = await q.selectFrom('zt_info').select('accounting_system').where('id', '=', ztId).executeTakeFirst();
  return row?.accounting_system === 'government';
}

/** Spent (fen) per detail id: its items' spent rows on the subjects it counts. */
export async function spentOf(
  q: Q,
  ztId: number,
  year: number,
  details: readonly Pick<BudgetDetailRow, 'id' | 'type_no' | 'info_no' | 'subject_codes'>[],
  government: boolean,
): Promise<Map<string, number>> {
  const out = new Map<string, number>(details.map((d) => [d.id, 0]));
  if (details.length === 0) return out;
  const infoNos = [...new Set(details.map((d) => d.info_no))];
  // Every row of the year when many details are asked (a report), else only theirs (a save, B8).
  let query = q
    .selectFrom('budget_spent')
    .select(['type_no', 'info_no', 'subject_code', 'amount'])
    .where('zt_id', '=', ztId)
    .where('year', '=', year);
  if (infoNos.length <= 200) query = query.where('info_no', 'in', infoNos);
  const rows = await query.execute();
  const byItem = new Map<string, { subject: string; amount: number }[]>();
  for (const r of rows) {
    const key = `${r.type_no}\u0000${r.info_no}`;
    const list = byItem.get(key) ?? [];
    list.push({ subject: r.subject_code, amount: Number(r.amount) });
    byItem.set(key, list);
  }
  for (const d of details) {
    const subjects = subjectListOf(d.subject_codes);
    let spent = 0;
    for (const r of byItem.get(`${d.type_no}\u0000${d.info_no}`) ?? []) {
      if (countsSubject(r.subject, subjects, government)) spent += r.amount;
    }
    out.set(d.id, spent);
  }
  return out;
}

/** Each detail with its spent and remaining. */
export async function readExecution(
  q: Q,
  ztId: number,
  year: number,
  details?: readonly BudgetDetailRow[],
): Promise<DetailExecution[]> {
  const rows = details ?? (await readDetails(q, ztId, year));
  const spent = await spentOf(q, ztId, year, rows, await isGovernmentSet(q, ztId));
  return rows.map((detail) => {
    const s = spent.get(detail.id) ?? 0;
    return { detail, spent: s, remaining: detail.project_amount - s };
  });
}
