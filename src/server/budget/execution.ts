/**
 * What the budget details of a set and year have spent (budget_spent, kept by spent-posting.ts),
 * per detail: the one reading of spent that the voucher control, the auxiliary answers (B8), the
 * execution report and the warnings share.
 */
import { sql } from 'kysely';
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

/** Up to this many details their rows are read by item; more (a report) read the year's rows. */
const BY_ITEM_MAX = 200;

/** A subject's side: its code's first digit (5 expenses, 7 budget expenditure), the same text on both databases. */
const FIRST_DIGIT = sql<string>`substr(subject_code, 1, 1)`;

type SpentRow = { type_no: string; info_no: string; subject_code: string; amount: number | string };

/**
 * The year's spent rows of the details' items: per subject for details that name subjects, per
 * item and side (the subject's first digit) for the others, summed by the database: a year's
 * report of thousands of projects then reads a row per project, not one per project and subject.
 */
async function spentRows(
  q: Q,
  ztId: number,
  year: number,
  details: readonly Pick<BudgetDetailRow, 'type_no' | 'info_no' | 'subject_codes'>[],
) {
  const base = () => q.selectFrom('budget_spent').where('zt_id', '=', ztId).where('year', '=', year);
  if (details.length <= BY_ITEM_MAX) {
    // In the key's order (type, item): a save's check reads its few items' rows, not the year's.
    return base()
      .select(['type_no', 'info_no', 'subject_code', 'amount'])
      .where('type_no', 'in', [...new Set(details.map((d) => d.type_no))])
      .where('info_no', 'in', [...new Set(details.map((d) => d.info_no))])
      .execute();
  }
  const named = [...new Set(details.filter((d) => subjectListOf(d.subject_codes).length > 0).map((d) => d.info_no))];
  const [sides, subjects] = await Promise.all([
    base()
      .select((eb) => ['type_no', 'info_no', FIRST_DIGIT.as('subject_code'), eb.fn.sum<number | string>('amount').as('amount')])
      .groupBy(['type_no', 'info_no', FIRST_DIGIT])
      .execute(),
    named.length === 0
      ? Promise.resolve([] as SpentRow[])
      : named.length <= BY_ITEM_MAX * 5
        ? base().select(['type_no', 'info_no', 'subject_code', 'amount']).where('info_no', 'in', named).execute()
        : base().select(['type_no', 'info_no', 'subject_code', 'amount']).execute(),
  ]);
  return { sides, subjects };
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
  const read = await spentRows(q, ztId, year, details);
  const [bySubject, bySide] = Array.isArray(read) ? [read, read] : [read.subjects, read.sides];
  const group = (rows: readonly SpentRow[]) => {
    const byItem = new Map<string, { subject: string; amount: number }[]>();
    for (const r of rows) {
      const key = `${r.type_no}\u0000${r.info_no}`;
      const list = byItem.get(key) ?? [];
      list.push({ subject: r.subject_code, amount: Number(r.amount) });
      byItem.set(key, list);
    }
    return byItem;
  };
  const subjectRows = group(bySubject);
  const sideRows = bySide === bySubject ? subjectRows : group(bySide);
  const side = government ? '7' : '5';
  for (const d of details) {
    const subjects = subjectListOf(d.subject_codes);
    const key = `${d.type_no}\u0000${d.info_no}`;
    let spent = 0;
    if (subjects.length > 0) {
      for (const r of subjectRows.get(key) ?? []) if (countsSubject(r.subject, subjects, government)) spent += r.amount;
    } else {
      // A side row's subject is the first digit alone; a subject row counts by its own first digit.
      for (const r of sideRows.get(key) ?? []) if (r.subject.startsWith(side)) spent += r.amount;
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
