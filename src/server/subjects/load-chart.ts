/** Loads a chart-of-accounts template into one ledger set's year, with zero opening balances. */
import type { ChartTemplate } from '../../shared/chart.js';
import type { Db } from '../db/database.js';
import type { NewSubject } from '../db/schema.js';

export function subjectsFromChart(chart: ChartTemplate, ztId: number, year: number): NewSubject[] {
  const parents = new Set(chart.subjects.map((s) => s.parentCode).filter((c): c is string => c !== null));
  return chart.subjects.map((s) => ({
    zt_id: ztId,
    year,
    code: s.code,
    name: s.name,
    parent_code: s.parentCode,
    level: s.level,
    type: s.type,
    balance_direction: s.balanceDirection,
    is_budget: s.isBudget ? 1 : 0,
    last_level: parents.has(s.code) ? 0 : 1,
    is_standard: 1,
    init_amount: 0,
  }));
}

export async function loadChart(db: Db, chart: ChartTemplate, ztId: number, year: number): Promise<number> {
  const rows = subjectsFromChart(chart, ztId, year);
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 50) {
    await db.kysely
      .insertInto('subject')
      .values(rows.slice(i, i + 50))
      .execute();
  }
  return rows.length;
}
