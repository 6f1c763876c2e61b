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
import { PostgresAdapter } from 'kysely';
import { BUDGET_ITEM_TYPES, isBudgetSubject } from '../../shared/budget/classes.js';
import { CONTROL_FORBID, countsSubject, subjectListOf } from '../../shared/budget/control.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { planInForce } from '../../shared/budget/plan-states.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { isGovernmentSet, readDetails, spentOf } from './execution.js';
import { readPlanState } from './plan-state.js';

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

async function upsertSpent(q: Q, ztId: number, deltas: readonly SpentDelta[]): Promise<void> {
  for (const d of deltas) {
    await q
      .insertInto('budget_spent')
      .values({ zt_id: ztId, year: d.year, type_no: d.typeNo, info_no: d.infoNo, subject_code: d.subjectCode, amount: d.amount })
      .onConflict((oc) =>
        oc
          .columns(['zt_id', 'year', 'type_no', 'info_no', 'subject_code'])
          .doUpdateSet((eb) => ({ amount: eb('budget_spent.amount', '+', eb.ref('excluded.amount')) })),
      )
      .execute();
  }
}

/** Refuses when a forbid project of an approved plan is raised past its adjusted budget. */
async function enforceForbid(q: Q, ztId: number, year: number, deltas: readonly SpentDelta[]): Promise<void> {
  const raised = deltas.filter((d) => d.year === year && d.amount > 0);
  if (raised.length === 0) return;
  const items = raised.map((d) => ({ typeNo: d.typeNo, infoNo: d.infoNo }));
  const forbid = (await readDetails(q, ztId, year, items)).filter((d) => d.control_status === CONTROL_FORBID);
  if (forbid.length === 0) return;
  if (!planInForce(await readPlanState(q, ztId, year))) return;
  const government = await isGovernmentSet(q, ztId);
  const yearDeltas = deltas.filter((d) => d.year === year);
  const increaseOf = (detail: (typeof forbid)[number]): number => {
    const subjects = subjectListOf(detail.subject_codes);
    return yearDeltas
      .filter(
        (d) => d.typeNo === detail.type_no && d.infoNo === detail.info_no && countsSubject(d.subjectCode, subjects, government),
      )
      .reduce((sum, d) => sum + d.amount, 0);
  };
  const candidates = forbid.filter((d) => increaseOf(d) > 0).sort((a, b) => (a.id < b.id ? -1 : 1));
  if (candidates.length === 0) return;
  if (q.getExecutor().adapter instanceof PostgresAdapter) {
    await q
      .selectFrom('budget_project')
      .select('id')
      .where('zt_id', '=', ztId)
      .where(
        'id',
        'in',
        candidates.map((c) => c.id),
      )
      .orderBy('id')
      .forUpdate()
      .execute();
  }
  // Read after the lock: the budget as adjusted and what others committed meanwhile.
  const locked = await readDetails(q, ztId, year, items);
  const current = locked.filter((d) => candidates.some((c) => c.id === d.id) && d.control_status === CONTROL_FORBID);
  const spent = await spentOf(q, ztId, year, current, government);
  for (const detail of current) {
    const total = spent.get(detail.id) ?? 0;
    const increase = increaseOf(detail);
    if (increase > 0 && total > detail.project_amount) {
      refuse('BusinessRule', BudgetMessages.overrunForbidden(detail.project_amount - (total - increase)), {
        budgetId: detail.id,
        projectName: detail.project_name,
        available: (detail.project_amount - (total - increase)) / 100,
      });
    }
  }
}

/** Posts the vouchers' change to budget_spent and enforces forbid control (see above). */
export async function postBudgetSpent(q: Q, ztId: number, changes: readonly SpentChange[]): Promise<void> {
  const deltas = spentDeltas(changes);
  if (deltas.length === 0) return;
  await upsertSpent(q, ztId, deltas);
  for (const year of [...new Set(deltas.map((d) => d.year))].sort()) await enforceForbid(q, ztId, year, deltas);
}

/** Rebuilds a set's budget_spent from its lines (repair, and what a test compares with). */
export async function recomputeBudgetSpent(q: Q, ztId: number): Promise<void> {
  await q.deleteFrom('budget_spent').where('zt_id', '=', ztId).execute();
  const [lines, auxis, heads] = await Promise.all([
    q
      .selectFrom('voucher_line')
      .select(['voucher_id', 'line_no', 'year', 'subject_code', 'debit_amount', 'credit_amount'])
      .where('zt_id', '=', ztId)
      .execute(),
    q
      .selectFrom('voucher_line_auxi')
      .select(['voucher_id', 'line_no', 'type_no', 'info_no'])
      .where('zt_id', '=', ztId)
      .where('type_no', 'in', [...BUDGET_ITEM_TYPES])
      .execute(),
    q.selectFrom('voucher').select(['id', 'carry_over']).where('zt_id', '=', ztId).execute(),
  ]);
  const ordinary = new Set(heads.filter((h) => Number(h.carry_over) === 0).map((h) => h.id));
  const byVoucher = new Map<string, SpentChange & { lines: Line[]; auxis: Item[] }>();
  const of = (id: string) => {
    let change = byVoucher.get(id);
    if (!change) {
      change = { lines: [], auxis: [], sign: 1 };
      byVoucher.set(id, change);
    }
    return change;
  };
  for (const l of lines) if (ordinary.has(l.voucher_id)) of(l.voucher_id).lines.push(l);
  for (const a of auxis) if (ordinary.has(a.voucher_id)) of(a.voucher_id).auxis.push(a);
  await upsertSpent(q, ztId, spentDeltas([...byVoucher.values()]));
}
