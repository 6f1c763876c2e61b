import type { GridDefinition, GridRow } from './definition.js';

/** The grid with every money column showing a zero blank (科目余额表's 零值显示为空白). */
export function withBlankZeros<R extends GridRow>(definition: GridDefinition<R>): GridDefinition<R> {
  return Object.freeze({
    ...definition,
    fields: definition.fields.map((f) => (f.kind === 'money' ? { ...f, blankZero: true } : f)),
  });
}
