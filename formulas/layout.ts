/**
 * How a grid definition and its rows become HyperFormula sheets (pure; engine.ts owns the
 * instance). Sheet 'g' holds one column per numeric field that a formula uses (money and
 * integer, as fen or plain integers) in row order; derived cells are formulas over their
 * children's cells. Sheet 't' holds one total per row. A filtered total sums a list of the kept
 * cells when they form few runs (first-level subjects), else a helper column per (filter, field)
 * holding `=C5` on the kept rows: a plain SUM either way, never a SUMIF.
 */
import type { DerivedDef, GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';
import { cellList, columnLetters, compileExpression, scanExpression } from './compile.js';
import { buildTreeIndex, derivedDefFor, type TreeIndex } from './tree-index.js';

export const GRID_SHEET = 'g';
export const TOTALS_SHEET = 't';
/** Above this many runs of kept rows a filtered total reads a helper column instead of a list. */
const MAX_LISTED_RUNS = 256;

type RawCell = number | string | null;

export interface GridLayout<R extends GridRow> {
  readonly rows: readonly R[];
  readonly rowIndex: ReadonlyMap<string, number>;
  readonly tree: TreeIndex;
  /** Grid-sheet column of each numeric field. */
  readonly columnOf: ReadonlyMap<string, number>;
  readonly fieldOfColumn: readonly string[];
  readonly totalIds: readonly string[];
  readonly gridSheet: RawCell[][];
  readonly totalsSheet: RawCell[][];
  /** Whether (row, field) is a derived cell. */
  isDerived(rowIndex: number, fieldId: string): boolean;
  /** What decides a row's formulas other than its numbers; a change means a rebuild. */
  rowSignature(row: R, rowIndex: number): string;
  /** The engine's content for an entered number. */
  engineValue(value: unknown): number | null;
}

export function isNumericKind(kind: string): boolean {
  return kind === 'money' || kind === 'integer';
}

type RowFilter<R extends GridRow> = NonNullable<TotalDef<R>['rows']>;

export function buildLayout<R extends GridRow>(def: GridDefinition<R>, rows: readonly R[]): GridLayout<R> {
  const n = rows.length;
  const numeric = engineFields(def);
  const zeroAsEmpty = onlySums(def);
  const cellNumber = (value: unknown) => engineNumber(value, zeroAsEmpty);
  const columnOf = new Map(numeric.map((id, i) => [id, i]));
  const fieldOfColumn = [...numeric];
  const rowIndex = new Map(rows.map((r, i) => [r.rowId, i]));
  const tree = buildTreeIndex(def, rows);

  const derivedAt = new Map<number, Map<string, DerivedDef<R>>>();
  rows.forEach((row, i) => {
    for (const id of numeric) {
      const d = derivedDefFor(def, tree, row, i, id);
      if (!d) continue;
      const byField = derivedAt.get(i) ?? new Map<string, DerivedDef<R>>();
      byField.set(id, d);
      derivedAt.set(i, byField);
    }
  });

  const helperColumns = new Map<RowFilter<R>, Map<string, number>>();
  const helperColumn = (filter: RowFilter<R>, field: string): number => {
    const byField = helperColumns.get(filter) ?? new Map<string, number>();
    helperColumns.set(filter, byField);
    let col = byField.get(field);
    if (col === undefined) {
      col = fieldOfColumn.length;
      fieldOfColumn.push(`${field}#${helperColumns.size}`);
      byField.set(field, col);
    }
    return col;
  };

  const gridSheet: RawCell[][] = rows.map((row, i) =>
    numeric.map((id) => {
      const d = derivedAt.get(i)?.get(id);
      if (!d) return cellNumber(row[id]);
      const constants = def.rowConstants?.(row);
      return compileExpression(d.expression, {
        name: (name) => {
          const col = columnOf.get(name);
          if (col !== undefined) return `${columnLetters(col)}${i + 1}`;
          const constant = constants?.[name];
          return constant === undefined ? null : `(${String(constant)})`;
        },
        children: (field, signBy) => {
          const col = columnOf.get(field);
          if (col === undefined) throw new Error(`CHILDREN 的字段不是数值字段: ${field}`);
          const letters = columnLetters(col);
          const kids = tree.childrenOf(i);
          if (signBy === null) return cellList(letters, kids);
          const same = kids.filter((k) => rows[k]?.[signBy] === row[signBy]);
          const opposite = kids.filter((k) => rows[k]?.[signBy] !== row[signBy]).map((k) => `-${letters}${k + 1}`);
          return [cellList(letters, same), ...opposite].filter((part) => part !== '').join(',');
        },
      });
    }),
  );

  const totals = def.totals ?? [];
  const totalIds = totals.map((t) => t.id);
  const filters = [...new Set(totals.flatMap((t) => (t.rows ? [t.rows] : [])))];
  const keptBy = new Map(filters.map((f) => [f, rows.flatMap((row, i) => (f(row) ? [i] : []))]));
  const totalsSheet: RawCell[][] = totals.map((total) => [
    compileExpression(total.expression, {
      name: (name) => {
        const k = totalIds.indexOf(name);
        if (k >= 0) return `A${k + 1}`;
        const column = columnOf.get(name);
        if (column === undefined) return null;
        const kept = total.rows ? (keptBy.get(total.rows) ?? []) : null;
        if (n === 0 || kept?.length === 0) return '0';
        if (kept) {
          // Few runs of kept rows (first-level subjects): list them; many: a helper column.
          const list = cellList(columnLetters(column), kept, `${GRID_SHEET}!`);
          if (list.split(',').length <= MAX_LISTED_RUNS) return list;
        }
        const letters = columnLetters(total.rows ? helperColumn(total.rows, name) : column);
        return `${GRID_SHEET}!${letters}1:${letters}${n}`;
      },
    }),
  ]);

  for (const [filter, byField] of helperColumns) {
    rows.forEach((row, i) => {
      if (!filter(row)) return;
      const line = gridSheet[i];
      if (!line) return;
      for (const [field, col] of byField) line[col] = `=${columnLetters(columnOf.get(field) ?? 0)}${i + 1}`;
    });
  }

  const signFields = signByFields(def);
  return {
    rows,
    rowIndex,
    tree,
    columnOf,
    fieldOfColumn,
    totalIds,
    gridSheet,
    totalsSheet,
    isDerived: (i, fieldId) => derivedAt.get(i)?.has(fieldId) ?? false,
    engineValue: cellNumber,
    rowSignature: (row, i) => {
      const t = def.tree;
      const parts = [
        t ? String(row[t.key]) : '',
        t ? String(row[t.parentKey]) : '',
        t?.isLeaf?.(row) ? 'L' : '',
        ...signFields.map((f) => String(row[f] as string | number | null)),
        ...filters.map((f) => (f(row) ? '1' : '0')),
        ...numeric.map((id) => (derivedDefFor(def, tree, row, i, id) ? 'D' : '')),
        def.rowConstants ? JSON.stringify(def.rowConstants(row)) : '',
      ];
      return parts.join('|');
    },
  };
}

/**
 * A number as the engine holds it: non-numbers are empty; so is zero when every formula is a sum
 * (it sums the same and costs HyperFormula nothing, and most opening balances are zero), but not
 * when MIN, AVERAGE or COUNT could tell an empty cell from a zero.
 */
export function engineNumber(value: unknown, zeroAsEmpty: boolean): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return value === 0 && zeroAsEmpty ? null : value;
}

/** Whether every function the definition's formulas call is SUM. */
function onlySums<R extends GridRow>(def: GridDefinition<R>): boolean {
  const expressions = [...(def.totals ?? []), ...(def.derived ?? [])].map((x) => x.expression);
  return expressions.every((e) => scanExpression(e).every((t) => t.type !== 'function' || t.name.toUpperCase() === 'SUM'));
}

/** Fields that sign children in derived sums (CHILDREN(field, signBy)). */
function signByFields<R extends GridRow>(def: GridDefinition<R>): string[] {
  return (def.derived ?? []).flatMap((d) =>
    scanExpression(d.expression).flatMap((t) => (t.type === 'children' && t.signBy ? [t.signBy] : [])),
  );
}

/** Numeric fields some total or derived cell reads or computes; other columns stay out of the engine. */
export function engineFields<R extends GridRow>(def: GridDefinition<R>): string[] {
  const used = new Set<string>();
  const read = (expression: string) => {
    for (const t of scanExpression(expression)) {
      if (t.type === 'name') used.add(t.name);
      if (t.type === 'children') used.add(t.field);
    }
  };
  for (const t of def.totals ?? []) read(t.expression);
  for (const d of def.derived ?? []) {
    used.add(d.field);
    read(d.expression);
  }
  return def.fields.filter((f) => isNumericKind(f.kind) && used.has(f.id)).map((f) => f.id as string);
}
