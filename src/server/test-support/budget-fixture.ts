/**
 * Budget data written straight into the database, for tests and benches of the control, the
 * execution and the pages that need budgets without going through the budget pages: a category
 * and its details as items of their auxiliary type (a category is the parent item), the type
 * linked to expense subjects, the year's plan in a state, the 预算 platform opened for a set.
 */
import { itemTypeOf, type BudgetAuxiType } from '../../shared/budget/classes.js';
import type { PlanState } from '../../shared/budget/plan-states.js';
import type { Db } from '../db/database.js';
import { openPlatform } from './ledger-fixtures.js';
import { timeOrderedId } from '../db/time-ordered-id.js';

async function putItem(
  db: Db,
  ztId: number,
  typeNo: string,
  infoNo: string,
  infoName: string,
  parentNo: string | null,
): Promise<void> {
  const had = await db.kysely
    .selectFrom('auxi_info')
    .select('info_no')
    .where('zt_id', '=', ztId)
    .where('type_no', '=', typeNo)
    .where('info_no', '=', infoNo)
    .executeTakeFirst();
  if (!had)
    await db.kysely
      .insertInto('auxi_info')
      .values({ zt_id: ztId, type_no: typeNo, info_no: infoNo, info_name: infoName, parent_no: parentNo, is_enable: 1 })
      .execute();
}

/** A category (its item: `infoNo`, three digits under a class item for JFHS); answers its id. */
export async function insertBudgetCategory(
  db: Db,
  ztId: number,
  c: {
    year: number;
    auxiType: BudgetAuxiType;
    typeName: string;
    infoNo: string;
    expendClass?: string | null;
    parentNo?: string | null;
  },
): Promise<string> {
  const id = timeOrderedId();
  const typeNo = itemTypeOf(c.auxiType);
  await putItem(db, ztId, typeNo, c.infoNo, c.typeName, c.parentNo ?? null);
  await db.kysely
    .insertInto('budget_category')
    .values({
      zt_id: ztId,
      id,
      year: c.year,
      auxi_type: c.auxiType,
      type_name: c.typeName,
      expend_class: c.expendClass ?? null,
      type_no: typeNo,
      info_no: c.infoNo,
      created_at: Date.now(),
    })
    .execute();
  return id;
}

export interface FixtureDetail {
  year: number;
  typeId: string;
  auxiType: BudgetAuxiType;
  /** The detail's item code (a child of its category's item). */
  infoNo: string;
  parentNo: string;
  name: string;
  /** Fen. */
  opening: number;
  /** Fen; defaults to the opening budget. */
  amount?: number;
  control?: 0 | 2 | 3;
  subjects?: readonly string[];
  warnPercent?: number;
  expendClass?: string | null;
}

/** A budget detail and its item; answers its id. */
export async function insertBudgetDetail(db: Db, ztId: number, d: FixtureDetail): Promise<string> {
  const id = timeOrderedId();
  const typeNo = itemTypeOf(d.auxiType);
  await putItem(db, ztId, typeNo, d.infoNo, d.name, d.parentNo);
  const now = Date.now();
  await db.kysely
    .insertInto('budget_project')
    .values({
      zt_id: ztId,
      id,
      year: d.year,
      type_id: d.typeId,
      auxi_type: d.auxiType,
      type_no: typeNo,
      info_no: d.infoNo,
      project_name: d.name,
      expend_class: d.expendClass ?? null,
      amount_before_adjustment: d.opening,
      project_amount: d.amount ?? d.opening,
      subject_codes: (d.subjects ?? []).join(','),
      control_status: d.control ?? 0,
      warn_ppm: Math.round((d.warnPercent ?? 80) * 10000),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Links an auxiliary type to subjects of a year (what the subject page does), so lines may carry its items. */
export async function linkBudgetType(
  db: Db,
  ztId: number,
  year: number,
  typeNo: string,
  codes: readonly string[],
): Promise<void> {
  for (const code of codes) {
    const had = await db.kysely
      .selectFrom('subject_auxi_type')
      .select('code')
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .where('code', '=', code)
      .where('type_no', '=', typeNo)
      .executeTakeFirst();
    if (!had) await db.kysely.insertInto('subject_auxi_type').values({ zt_id: ztId, year, code, type_no: typeNo }).execute();
  }
}

/** The year's plan in a state (approved: budgets in force). */
export async function setPlanState(db: Db, ztId: number, year: number, status: PlanState): Promise<void> {
  await db.kysely.deleteFrom('budget_plan').where('zt_id', '=', ztId).where('year', '=', year).execute();
  await db.kysely.insertInto('budget_plan').values({ zt_id: ztId, year, status, reason: null, updated_at: Date.now() }).execute();
}

export function openBudgetPlatform(db: Db, ztId: number): Promise<void> {
  return openPlatform(db, ztId, 'budget');
}
