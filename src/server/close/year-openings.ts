/**
 * Next year's openings from this year's closing balances (the year-end close, and the automatic
 * period-switch carry-over). The two charts are merged and every closing amount placed by the
 * plan (carry-plan.ts): on its own subject, or on the first enabled detail of a subject that is a
 * parent next year, per auxiliary item where the receiver keeps them; the mid-year cumulative
 * amounts start at zero. A plan with problems writes nothing and is refused with them.
 */
import type { AccountingSystem } from '../../shared/api/auth.js';
import { CarryMessages } from '../../shared/close/messages.js';
import type { SubjectRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import { loadOpening, computeAll, ZERO, type Amounts } from '../subjects/opening-state.js';
import { writeOpenings } from '../subjects/opening-service.js';
import { listSubjects, type Q } from '../subjects/subject-repository.js';
import { planCarry, type CarryPlan, type PlanSubject } from './carry-plan.js';

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

interface Chart {
  rows: SubjectRow[];
  plan: PlanSubject[];
}

async function chartOfYear(q: Q, ztId: number, year: number, system: AccountingSystem): Promise<Chart> {
  const [rows, types] = await Promise.all([
    listSubjects(q, { ztId, year, system }),
    q.selectFrom('subject_auxi_type').select(['code', 'type_no']).where('zt_id', '=', ztId).where('year', '=', year).execute(),
  ]);
  const typeNos = new Map<string, string[]>();
  for (const t of types) typeNos.set(t.code, [...(typeNos.get(t.code) ?? []), t.type_no]);
  return {
    rows,
    plan: rows.map((r) => ({
      code: r.code,
      parentCode: r.parent_code,
      lastLevel: r.last_level === 1,
      enable: r.enable === 1,
      direction: r.balance_direction,
      typeNos: typeNos.get(r.code) ?? [],
    })),
  };
}

async function usedCodes(q: Q, ztId: number, year: number): Promise<Set<string>> {
  const rows = await q
    .selectFrom('voucher_line')
    .select('subject_code')
    .distinct()
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .execute();
  return new Set(rows.map((r) => r.subject_code));
}

interface LoadedPlan {
  plan: CarryPlan;
  thisRows: Map<string, SubjectRow>;
}

/**
 * What carrying `scope.year` into `to` would do, read inside the caller's transaction; with
 * `balances` false the chart alone (a year opened before the previous one closes).
 */
async function loadPlan(q: Q, scope: YearScope, to: number, balances: boolean): Promise<LoadedPlan> {
  const [thisChart, nextChart, nextUsed, closing, types] = await Promise.all([
    chartOfYear(q, scope.ztId, scope.year, scope.system),
    chartOfYear(q, scope.ztId, to, scope.system),
    usedCodes(q, scope.ztId, to),
    balances ? closingByKey(q, scope) : Promise.resolve(new Map<string, Map<string, number>>()),
    q.selectFrom('auxi_type').select(['type_no', 'type_name']).where('zt_id', '=', scope.ztId).execute(),
  ]);
  const typeNames = new Map(types.map((t) => [t.type_no, t.type_name]));
  const plan = planCarry({
    from: scope.year,
    to,
    thisChart: thisChart.plan,
    nextChart: nextChart.plan,
    nextUsed,
    closing,
    typeName: (typeNo) => typeNames.get(typeNo) ?? typeNo,
  });
  return { plan, thisRows: new Map(thisChart.rows.map((r) => [r.code, r])) };
}

function refuseProblems(plan: CarryPlan): void {
  if (plan.problems.length > 0) refuse('BusinessRule', CarryMessages.refused(plan.problems), plan.problems);
}

/** Refuses, naming each problem, when this year's closing balances cannot be carried into `to` as the charts stand. */
export async function checkCarry(q: Q, scope: YearScope, to: number): Promise<void> {
  refuseProblems((await loadPlan(q, scope, to, true)).plan);
}

/** Writes the merged chart into `to`: this year's subjects it lacks, parents and last-level subjects as the plan says. */
async function applyChart(q: Q, ztId: number, to: number, loaded: LoadedPlan): Promise<void> {
  const { plan, thisRows } = loaded;
  const inserts = plan.copied.map((s) => {
    const row = thisRows.get(s.code) as SubjectRow;
    return {
      zt_id: ztId,
      year: to,
      code: row.code,
      name: row.name,
      parent_code: row.parent_code,
      level: row.level,
      type: row.type,
      balance_direction: row.balance_direction,
      is_budget: row.is_budget,
      last_level: s.lastLevel ? 1 : 0,
      is_standard: row.is_standard,
      init_amount: 0,
      enable: s.enable ? 1 : 0,
      cumule_debit_amount: 0,
      cumule_credit_amount: 0,
    };
  });
  for (let i = 0; i < inserts.length; i += 50)
    await q
      .insertInto('subject')
      .values(inserts.slice(i, i + 50))
      .execute();
  const types = plan.copied.flatMap((s) => s.typeNos.map((typeNo) => ({ zt_id: ztId, year: to, code: s.code, type_no: typeNo })));
  for (let i = 0; i < types.length; i += 100)
    await q
      .insertInto('subject_auxi_type')
      .values(types.slice(i, i + 100))
      .execute();
  for (const [code, leaf] of plan.relevelled) {
    await q
      .updateTable('subject')
      .set({ last_level: leaf ? 1 : 0 })
      .where('zt_id', '=', ztId)
      .where('year', '=', to)
      .where('code', '=', code)
      .execute();
    // A parent keeps no auxiliary types (its openings go with the rest below).
    if (!leaf)
      await q.deleteFrom('subject_auxi_type').where('zt_id', '=', ztId).where('year', '=', to).where('code', '=', code).execute();
  }
}

async function ensureYearRow(q: Q, ztId: number, year: number): Promise<boolean> {
  const exists = await q
    .selectFrom('zt_year')
    .select('year')
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .executeTakeFirst();
  if (!exists) await q.insertInto('zt_year').values({ zt_id: ztId, year, account_month: 1, subjects_initialised: 0 }).execute();
  return !exists;
}

/** Creates the year `to` with `from`'s chart (no openings); false when it existed already (nothing written). */
export async function openYear(q: Q, scope: YearScope, to: number): Promise<boolean> {
  if (!(await ensureYearRow(q, scope.ztId, to))) return false;
  const loaded = await loadPlan(q, scope, to, false);
  await applyChart(q, scope.ztId, to, loaded);
  return true;
}

/**
 * Writes `to`'s openings from `scope.year`'s closing balances, the charts merged first; answers the
 * balances that passed to a detail. Refused, writing nothing, when the plan has problems.
 */
export async function carryOpenings(q: Q, scope: YearScope, to: number): Promise<CarryPlan['moved']> {
  await ensureYearRow(q, scope.ztId, to);
  const loaded = await loadPlan(q, scope, to, true);
  const { plan } = loaded;
  refuseProblems(plan);
  await applyChart(q, scope.ztId, to, loaded);

  const target = { ztId: scope.ztId, year: to, system: scope.system };
  const ctx = await loadOpening(q, target);
  // Every auxiliary row of the year is rewritten: those of subjects that keep items, and the old ones of the rest.
  const auxCodes = new Set<string>([...ctx.aux.keys(), ...ctx.types.keys()]);
  ctx.own.clear();
  ctx.aux.clear();
  for (const s of ctx.subjects) {
    if (!s.last_level) continue;
    if (ctx.types.has(s.code)) {
      const rows = new Map<string, Amounts>();
      for (const [key, amount] of plan.aux.get(s.code) ?? []) rows.set(key, { ...ZERO, init: amount });
      ctx.aux.set(s.code, rows);
    } else ctx.own.set(s.code, { ...ZERO, init: plan.own.get(s.code) ?? 0 });
  }
  await writeOpenings(q, target, ctx, computeAll(ctx), auxCodes);
  await q
    .updateTable('zt_year')
    .set({ opening_source: 'carried' })
    .where('zt_id', '=', scope.ztId)
    .where('year', '=', to)
    .execute();
  return plan.moved;
}
