/**
 * budget_spent kept in step with the vouchers, inside the transaction that writes them, and the
 * control of forbid projects (spec: budget control 3) enforced there, so no client, concurrent
 * save, modification or deletion gets past it.
 *
 * A write posts the net change of the lines it writes (a modification: the old lines out, the new
 * in). Only lines on expense subjects (types 5 and 7) carrying a budget item count, and only of
 * ordinary vouchers: the caller leaves the carry-forwards out. A voucher without such lines costs
 * nothing here. When the change raises what a forbid project of an approved plan has spent and
 * the project is then past its adjusted budget, the write is refused and nothing of it is kept.
 *
 * Concurrency: on PostgreSQL the forbid projects touched are locked (FOR UPDATE, in id order) before
 * their spent is read, so of two saves each within the budget and together past it, the second
 * reads the first's committed spent and is refused. SQLite runs one writer at a time.
 */
import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import { unnestInsert } from '../db/unnest-insert.js';
import { BUDGET_ITEM_TYPES, isBudgetSubject } from '../../shared/budget/classes.js';
import { CONTROL_FORBID, countsSubject, subjectListOf } from '../../shared/budget/control.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { planInForce, type PlanState } from '../../shared/budget/plan-states.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { spentOf } from './execution.js';

type Line = { line_no: number; year: number; subject_code: string; debit_amount: number; credit_amount: number };
type Item = { line_no: number; type_no: string; info_no: string };

/** One voucher's lines and items entering (1) or leaving (-1) the sums. */
export interface SpentChange {
  lines: readonly Line[];
  auxis: readonly Item[];
  sign: 1 | -1;
}

interface SpentDelta {
  year: number;
  typeNo: string;
  infoNo: string;
  subjectCode: string;
  amount: number;
}

const BUDGET_TYPES = new Set(BUDGET_ITEM_TYPES);

/** The net change per (year, item, subject), rows that net to nothing left out, in one lock order. */
export function spentDeltas(changes: readonly SpentChange[]): SpentDelta[] {
  const byKey = new Map<string, SpentDelta>();
  for (const { lines, auxis, sign } of changes) {
    const items = auxis.filter((a) => BUDGET_TYPES.has(a.type_no) && a.info_no !== '');
    if (items.length === 0) continue;
    for (const line of lines) {
      if (!isBudgetSubject(line.subject_code)) continue;
      const net = sign * (Number(line.debit_amount) - Number(line.credit_amount));
      if (net === 0) continue;
      for (const item of items) {
        if (item.line_no !== line.line_no) continue;
        const key = `${line.year}\u0000${item.type_no}\u0000${item.info_no}\u0000${line.subject_code}`;
        const had = byKey.get(key);
        if (had) had.amount += net;
        else
          byKey.set(key, {
            year: line.year,
            typeNo: item.type_no,
            infoNo: item.info_no,
            subjectCode: line.subject_code,
            amount: net,
          });
      }
    }
  }
  return [...byKey.entries()]
    .filter(([, d]) => d.amount !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, d]) => d);
}

/** Rows per upsert statement (6 parameters each). */
const UPSERT_CHUNK = 500;

/** The deltas added, many rows a statement; spentDeltas left each key once and in one lock order. */
async function upsertSpent(q: Q, ztId: number, deltas: readonly SpentDelta[]): Promise<void> {
  for (let start = 0; start < deltas.length; start += UPSERT_CHUNK) {
    await q
      .insertInto('budget_spent')
      .values(
        deltas.slice(start, start + UPSERT_CHUNK).map((d) => ({
          zt_id: ztId,
          year: d.year,
          type_no: d.typeNo,
          info_no: d.infoNo,
          subject_code: d.subjectCode,
          amount: d.amount,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['zt_id', 'year', 'type_no', 'info_no', 'subject_code'])
          .doUpdateSet((eb) => ({ amount: eb('budget_spent.amount', '+', eb.ref('excluded.amount')) })),
      )
      .execute();
  }
}

/**
 * The forbid details of the items (locked on PostgreSQL, in id order), with the year's plan state
 * and the set's side read by the same statement: one round trip. Their spent is read after it, by
 * a statement of its own, which sees what the writers waited for committed.
 */
async function lockedForbidDetails(q: Q, ztId: number, year: number, items: readonly { typeNo: string; infoNo: string }[]) {
  const wanted = new Set(items.map((i) => `${i.typeNo}\u0000${i.infoNo}`));
  let query = q
    .selectFrom('budget_project as p')
    .select(['p.id', 'p.type_no', 'p.info_no', 'p.project_name', 'p.project_amount', 'p.subject_codes'])
    .select((eb) => [
      eb.selectFrom('budget_plan').select('status').where('zt_id', '=', ztId).where('year', '=', year).as('plan_status'),
      eb.selectFrom('zt_info').select('accounting_system').where('id', '=', ztId).as('system'),
    ])
    .where('p.zt_id', '=', ztId)
    .where('p.year', '=', year)
    .where('p.type_no', 'in', [...new Set(items.map((i) => i.typeNo))])
    .where('p.info_no', 'in', [...new Set(items.map((i) => i.infoNo))])
    .where('p.control_status', '=', CONTROL_FORBID)
    .orderBy('p.id');
  if (q.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  const rows = (await query.execute()).filter((r) => wanted.has(`${r.type_no}\u0000${r.info_no}`));
  const first = rows[0];
  return {
    details: rows.map((r) => ({ ...r, project_amount: Number(r.project_amount) })),
    inForce: planInForce((first?.plan_status ?? 'draft') as PlanState),
    government: first?.system === 'government',
  };
}

/** Refuses when a forbid project of an approved plan is raised past its adjusted budget. */
async function enforceForbid(q: Q, ztId: number, year: number, deltas: readonly SpentDelta[]): Promise<void> {
  const yearDeltas = deltas.filter((d) => d.year === year);
  const raised = yearDeltas.filter((d) => d.amount > 0);
  if (raised.length === 0) return;
  const {
    details: forbid,
    inForce,
    government,
  } = await lockedForbidDetails(
    q,
    ztId,
    year,
    raised.map((d) => ({ typeNo: d.typeNo, infoNo: d.infoNo })),
  );
  if (forbid.length === 0) return;
  if (!inForce) return;
  const increaseOf = (detail: (typeof forbid)[number]): number => {
    const subjects = subjectListOf(detail.subject_codes);
    return yearDeltas
      .filter(
        (d) => d.typeNo === detail.type_no && d.infoNo === detail.info_no && countsSubject(d.subjectCode, subjects, government),
      )
      .reduce((sum, d) => sum + d.amount, 0);
  };
  const candidates = forbid.filter((d) => increaseOf(d) > 0);
  if (candidates.length === 0) return;
  const spent = await spentOf(q, ztId, year, candidates, government);
  for (const detail of candidates) {
    const total = spent.get(detail.id) ?? 0;
    const increase = increaseOf(detail);
    if (total > detail.project_amount) {
      const available = detail.project_amount - (total - increase);
      refuse('BusinessRule', BudgetMessages.overrunForbidden(available), {
        budgetId: detail.id,
        projectName: detail.project_name,
        available: Math.max(0, available) / 100,
      });
    }
  }
}

/** Posts the vouchers' change to budget_spent and enforces forbid control (see above). */
export async function postBudgetSpent(q: Q, ztId: number, changes: readonly SpentChange[]): Promise<void> {
  const deltas = spentDeltas(changes);
  if (deltas.length === 0) return;
  await upsertSpent(q, ztId, deltas);
  await enforceDeltas(q, ztId, deltas);
}

/**
 * The same upsert as postBudgetSpent's, as a PostgreSQL statement to run with a batch's other
 * inserts in one round trip (db/unnest-insert.ts); no rows when nothing counts. After it, in the
 * same transaction, enforceBudgetSpent checks the control.
 */
export function budgetSpentUpsert(
  ztId: number,
  changes: readonly SpentChange[],
): { rows: number; statement: RawBuilder<unknown> } {
  const rows = spentDeltas(changes).map((d) => ({
    year: d.year,
    type_no: d.typeNo,
    info_no: d.infoNo,
    subject_code: d.subjectCode,
    amount: d.amount,
  }));
  const statement = unnestInsert(
    'budget_spent',
    ztId,
    { year: 'integer[]', type_no: 'text[]', info_no: 'text[]', subject_code: 'text[]', amount: 'bigint[]' },
    rows,
    sql`on conflict (zt_id, year, type_no, info_no, subject_code) do update set amount = budget_spent.amount + excluded.amount`,
  );
  return { rows: rows.length, statement };
}

/** The forbid control of changes already posted (budgetSpentUpsert). */
export async function enforceBudgetSpent(q: Q, ztId: number, changes: readonly SpentChange[]): Promise<void> {
  const deltas = spentDeltas(changes);
  if (deltas.length > 0) await enforceDeltas(q, ztId, deltas);
}

async function enforceDeltas(q: Q, ztId: number, deltas: readonly SpentDelta[]): Promise<void> {
  for (const year of [...new Set(deltas.map((d) => d.year))].sort()) await enforceForbid(q, ztId, year, deltas);
}

/** Rebuilds a set's budget_spent from its lines (the repair of 重新生成发生额, and what a test compares with). */
export async function recomputeBudgetSpent(q: Q, ztId: number): Promise<void> {
  await q.deleteFrom('budget_spent').where('zt_id', '=', ztId).execute();
  await sql`insert into budget_spent (zt_id, year, type_no, info_no, subject_code, amount)
    select l.zt_id, l.year, a.type_no, a.info_no, l.subject_code, sum(l.debit_amount - l.credit_amount)
    from voucher_line l
    join voucher_line_auxi a on a.zt_id = l.zt_id and a.voucher_id = l.voucher_id and a.line_no = l.line_no
    join voucher v on v.zt_id = l.zt_id and v.id = l.voucher_id
    where l.zt_id = ${ztId} and a.zt_id = ${ztId} and v.zt_id = ${ztId} and v.carry_over = 0
      and a.type_no in (${sql.join([...BUDGET_ITEM_TYPES])})
      and (l.subject_code like '5%' or l.subject_code like '7%')
    group by l.zt_id, l.year, a.type_no, a.info_no, l.subject_code
    having sum(l.debit_amount - l.credit_amount) <> 0`.execute(q);
}
