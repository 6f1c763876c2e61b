/**
 * Next year's openings from this year's closing balances (the year-end close, and the automatic
 * period-switch carry-over). Every subject's opening becomes its closing balance in its own
 * direction, per auxiliary item where the subject keeps them; the mid-year cumulative amounts
 * start at zero. The next year's chart is this year's where it lacks a subject.
 */
import { sql } from 'kysely';
import type { AccountingSystem } from '../../shared/api/auth.js';
import { loadOpening, computeAll, ZERO, type Amounts } from '../subjects/opening-state.js';
import { writeOpenings } from '../subjects/opening-service.js';
import type { Q } from '../subjects/subject-repository.js';

export interface YearScope {
  ztId: number;
  /** The year whose closing balances are carried. */
  year: number;
  system: AccountingSystem;
}

/** Closing balance in the subject's direction, per subject and auxiliary key ('' without items). */
export async function closingByKey(q: Q, scope: YearScope): Promise<Map<string, Map<string, number>>> {
  const [subjects, openings, turnover] = await Promise.all([
    q
      .selectFrom('subject')
      .select(['code', 'balance_direction', 'init_amount', 'last_level'])
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .execute(),
    q
      .selectFrom('auxi_opening')
      .select(['code', 'auxi_key', 'init_amount'])
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .execute(),
    q
      .selectFrom('subject_balance')
      .select((eb) => [
        'subject_code',
        'auxi_key',
        eb.fn.sum<number>('debit_all').as('debit'),
        eb.fn.sum<number>('credit_all').as('credit'),
      ])
      .where('zt_id', '=', scope.ztId)
      .where('year', '=', scope.year)
      .groupBy(['subject_code', 'auxi_key'])
      .execute(),
  ]);
  const direction = new Map(subjects.map((s) => [s.code, s.balance_direction]));
  const keyed = new Set(openings.map((o) => o.code));
  const out = new Map<string, Map<string, number>>();
  const add = (code: string, key: string, amount: number) => {
    const byKey = out.get(code) ?? new Map<string, number>();
    byKey.set(key, (byKey.get(key) ?? 0) + amount);
    out.set(code, byKey);
  };
  for (const o of openings) add(o.code, o.auxi_key, Number(o.init_amount));
  for (const s of subjects) if (s.last_level && !keyed.has(s.code)) add(s.code, '', Number(s.init_amount));
  for (const t of turnover) {
    const net = Number(t.debit) - Number(t.credit);
    add(t.subject_code, t.auxi_key, direction.get(t.subject_code) === 2 ? -net : net);
  }
  return out;
}

/** Copies this year's subjects and their auxiliary types into the next year where it lacks them. */
async function copyChart(q: Q, ztId: number, from: number, to: number): Promise<void> {
  await sql`insert into subject (zt_id, year, code, name, parent_code, level, type, balance_direction, is_budget, last_level, is_standard, init_amount, enable, cumule_debit_amount, cumule_credit_amount)
    select zt_id, ${to}, code, name, parent_code, level, type, balance_direction, is_budget, last_level, is_standard, 0, enable, 0, 0
    from subject s where s.zt_id = ${ztId} and s.year = ${from}
      and not exists (select 1 from subject n where n.zt_id = s.zt_id and n.year = ${to} and n.code = s.code)`.execute(q);
  await sql`insert into subject_auxi_type (zt_id, year, code, type_no)
    select zt_id, ${to}, code, type_no from subject_auxi_type t where t.zt_id = ${ztId} and t.year = ${from}
      and not exists (select 1 from subject_auxi_type n where n.zt_id = t.zt_id and n.year = ${to} and n.code = t.code)
      and not exists (select 1 from subject n where n.zt_id = t.zt_id and n.year = ${to} and n.code = t.code and n.last_level = 0)`.execute(
    q,
  );
}

/** Creates the next year (chart copied) when missing; true when it was created. */
export async function ensureYear(q: Q, ztId: number, from: number, to: number): Promise<boolean> {
  const exists = await q.selectFrom('zt_year').select('year').where('zt_id', '=', ztId).where('year', '=', to).executeTakeFirst();
  if (!exists)
    await q.insertInto('zt_year').values({ zt_id: ztId, year: to, account_month: 1, subjects_initialised: 0 }).execute();
  await copyChart(q, ztId, from, to);
  return !exists;
}

/** Writes `to`'s openings from `scope.year`'s closing balances (the chart copied first). */
export async function carryOpenings(q: Q, scope: YearScope, to: number): Promise<void> {
  await ensureYear(q, scope.ztId, scope.year, to);
  const closing = await closingByKey(q, scope);
  const target = { ztId: scope.ztId, year: to, system: scope.system };
  const ctx = await loadOpening(q, target);
  ctx.own.clear();
  const auxCodes = new Set<string>();
  for (const s of ctx.subjects) {
    if (!s.last_level) continue;
    const byKey = closing.get(s.code);
    if (ctx.types.has(s.code)) {
      const rows = new Map<string, Amounts>();
      for (const [key, amount] of byKey ?? []) if (key !== '' && amount !== 0) rows.set(key, { ...ZERO, init: amount });
      ctx.aux.set(s.code, rows);
      auxCodes.add(s.code);
    } else {
      let total = 0;
      for (const amount of byKey?.values() ?? []) total += amount;
      ctx.own.set(s.code, { ...ZERO, init: total });
    }
  }
  // Subjects that kept items this year but not next year: their rows go.
  for (const code of ctx.aux.keys()) if (!ctx.types.has(code)) auxCodes.add(code);
  for (const code of [...ctx.aux.keys()]) if (!ctx.types.has(code)) ctx.aux.delete(code);
  await writeOpenings(q, target, ctx, computeAll(ctx), auxCodes);
  await q
    .updateTable('zt_year')
    .set({ opening_source: 'carried' })
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', to)
    .execute();
}
