/**
 * Built-in voucher templates by chart family. The 2021 union charts share one list (the codes it
 * uses are in both); the government and 2009 charts have none yet.
 */
import type { ChartId } from '../../src/shared/chart.js';
import { charts, findSubject } from '../charts/index.js';
import type { BuiltInTemplate } from './types.js';
import { union2021Templates } from './union-2021.js';

export type { BuiltInTemplate } from './types.js';

const FAMILY: Readonly<Record<ChartId, { family: string; list: readonly BuiltInTemplate[] }>> = {
  'union-2021-grassroots': { family: 'union-2021', list: union2021Templates },
  'union-2021-county': { family: 'union-2021', list: union2021Templates },
  'union-2009': { family: 'union-2009', list: [] },
  'government-2017': { family: 'government-2017', list: [] },
};

export const BUILT_IN_PREFIX = 'builtin:';

/** The family's templates whose every subject is in the chart (a 县级以上 union has no 401 会费收入). */
export function builtInTemplatesFor(chartId: ChartId): { id: string; template: BuiltInTemplate }[] {
  const { family, list } = FAMILY[chartId];
  const chart = charts[chartId];
  return list
    .filter((template) => template.lines.every((line) => findSubject(chart, line.subjectCode) !== undefined))
    .map((template) => ({ id: `${BUILT_IN_PREFIX}${family}:${template.key}`, template }));
}
