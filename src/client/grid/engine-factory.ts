/**
 * The formula engine a grid gets: plain integer sums, at once, when its totals are sums and it
 * has no derived cells (formulas/plain-totals.ts); else HyperFormula, its own chunk, loaded when
 * such a grid opens.
 */
import { createPlainEngine } from '../../../formulas/plain-engine.js';
import type { GridDefinition, GridRow } from '../../shared/grid/definition.js';
import type { GridEngineLike } from './grid-model.js';

export type EngineFactory = (def: GridDefinition, rows: readonly GridRow[]) => GridEngineLike;

/** A factory of the plain engine, or null when a formula of `def` needs HyperFormula. */
export function plainEngineFactory(def: GridDefinition): EngineFactory | null {
  if (!createPlainEngine(def, [])) return null;
  return (d, rows) => {
    const engine = createPlainEngine(d, rows);
    if (!engine) throw new Error(`表格${d.id}的公式需要完整的计算引擎`);
    return engine;
  };
}

export const loadHyperFormulaFactory = (): Promise<EngineFactory> =>
  import('../../../formulas/engine.js').then((m) => m.createGridEngine as EngineFactory);
