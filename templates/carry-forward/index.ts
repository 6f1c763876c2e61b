/**
 * Built-in carry-forward templates by chart: the 2021 union charts have theirs (union-2021.ts);
 * the government and 2009 charts have none, so their sets build their own.
 */
import type { ChartId } from '../../src/shared/chart.js';
import type { BuiltInCarryForward } from './types.js';
import { unionCounty2021Carry, unionGrassroots2021Carry } from './union-2021.js';

export type { BuiltInCarryForward, BuiltInCarryRow } from './types.js';

export const CARRY_BUILT_IN_PREFIX = 'builtin:carry:';

const BY_CHART: Readonly<Record<ChartId, readonly BuiltInCarryForward[]>> = {
  'union-2021-grassroots': unionGrassroots2021Carry,
  'union-2021-county': unionCounty2021Carry,
  'union-2009': [],
  'government-2017': [],
};

export function builtInCarryForwardFor(chartId: ChartId): { id: string; template: BuiltInCarryForward }[] {
  return BY_CHART[chartId].map((template) => ({ id: `${CARRY_BUILT_IN_PREFIX}${chartId}:${template.key}`, template }));
}
