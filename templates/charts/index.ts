/**
 * The charts of accounts as data, by id, and the chart a ledger set's accounting system starts from.
 * Sources: see the comment at the top of each file (templates/reference/union-accounting.md, S1-S4).
 */
import type { AccountingSystem } from '../../src/shared/api/auth.js';
import type { ChartId, ChartTemplate, SubjectTemplate } from '../../src/shared/chart.js';
import { government2017 } from './government-2017.js';
import { union2009 } from './union-2009.js';
import { unionCounty2021 } from './union-2021-county.js';
import { unionGrassroots2021 } from './union-2021-grassroots.js';

export { government2017, union2009, unionCounty2021, unionGrassroots2021 };

export const charts: Readonly<Record<ChartId, ChartTemplate>> = {
  'union-2021-grassroots': unionGrassroots2021,
  'union-2021-county': unionCounty2021,
  'union-2009': union2009,
  'government-2017': government2017,
};

const CHART_OF_SYSTEM: Readonly<Record<AccountingSystem, ChartId>> = {
  'union-grassroots': 'union-2021-grassroots',
  'union-county': 'union-2021-county',
  government: 'government-2017',
};

/** The chart a new ledger set of that accounting system is created from (union-2009 is only for the transition). */
export function chartForSystem(system: AccountingSystem): ChartTemplate {
  return charts[CHART_OF_SYSTEM[system]];
}

/** The subject with exactly that code in the chart, or undefined. */
export function findSubject(chart: ChartTemplate, code: string): SubjectTemplate | undefined {
  return chart.subjects.find((s) => s.code === code);
}
