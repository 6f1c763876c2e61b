/**
 * The layout of a grid's Excel export, as plain data (no exceljs here): the in-memory workbook
 * (xlsx.ts, browser and Node) and the streaming writer (server/export) both write this plan, so
 * the two files cannot drift apart.
 *
 * What must stay true:
 * - Money goes out as numbers in yuan (fen / 100) with the format '#,##0.00'.
 * - Every text cell is a string cell in a Text ('@') column: Excel never evaluates a string cell,
 *   and in a Text cell an edited '=...' stays text, so a name such as '=HYPERLINK(...)' or
 *   '-1+2' can never become a formula (formula injection). Only totals are formulas, and they
 *   are ours.
 * - Totals are live formulas over the data cells (with the cached value) when the definition
 *   asks for it and the expression is plain Excel; otherwise their values.
 */
import { compileExpression, cellList, columnLetters, scanExpression } from '../../../formulas/compile.js';
import { evaluateTotals } from '../../../formulas/evaluate.js';
import { rollUpDerivedSums } from '../../../formulas/tree-index.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from './definition.js';
import { kindOf } from './kinds.js';

export const MONEY_NUM_FMT = '#,##0.00';
export const TEXT_NUM_FMT = '@';
/** Excel's own limit is 8,192 characters per formula. */
const MAX_FORMULA_LENGTH = 8000;
const EXCEL_FUNCTIONS = new Set(['SUM', 'MIN', 'MAX', 'ABS', 'ROUND', 'IF', 'AVERAGE', 'COUNT']);

export interface ExportMeta {
  unit: string;
  period: string;
}

export interface ExportColumn {
  readonly field: FieldDef;
  readonly header: string;
  /** Excel width in characters. */
  readonly width: number;
  readonly numFmt: string;
  readonly numeric: boolean;
}

export type ExportCell = string | number | null | { formula: string; result?: number };

export interface SheetPlan {
  readonly sheetName: string;
  readonly columns: readonly ExportColumn[];
  /** Title, unit/period and header rows, in order. */
  readonly headRows: readonly ExportCell[][];
  /** Merges as [top, left, bottom, right], 1-based. */
  readonly merges: readonly (readonly [number, number, number, number])[];
  /** Rows frozen at the top and columns frozen at the left. */
  readonly frozenRows: number;
  readonly frozenColumns: number;
  /** 1-based row of the first data row. */
  readonly firstDataRow: number;
  /** Data rows in order (derived amounts already rolled up). */
  readonly rows: readonly GridRow[];
  dataRow(row: GridRow): ExportCell[];
  /** Whether a data row is set in bold (the definition's strongRow). */
  strong(row: GridRow): boolean;
  /** Total rows, written after the data. */
  totalRows(): ExportCell[][];
}

const pxToChars = (px: number) => Math.max(6, Math.round(px / 7));

type RowFilter = NonNullable<TotalDef<GridRow>['rows']>;

function isNumericField(f: FieldDef): boolean {
  return f.kind === 'money' || f.kind === 'integer';
}

export function sheetPlan(
  def: GridDefinition<GridRow>,
  rows: readonly GridRow[],
  meta: ExportMeta,
  totals?: Readonly<Record<string, number>>,
): SheetPlan {
  const fields: FieldDef[] = def.fields.filter((f) => !f.export?.hidden);
  const columns: ExportColumn[] = fields.map((f) => ({
    field: f,
    header: f.export?.header ?? f.header,
    width: f.export?.width ?? pxToChars(f.width ?? 100),
    numFmt: kindOf(f.kind).excelNumFmt ?? TEXT_NUM_FMT,
    numeric: isNumericField(f),
  }));
  const n = Math.max(columns.length, 1);
  const groups = new Map((def.groups ?? []).map((g) => [g.id, g.header]));
  const grouped = fields.some((f) => f.group !== undefined && groups.has(f.group));

  const merges: [number, number, number, number][] = [[1, 1, 1, n]];
  const title: ExportCell[] = [def.export.title];
  const unitCell = `编制单位：${meta.unit}`;
  const periodCell = `会计期间：${meta.period}`;
  const metaRow: ExportCell[] = n === 1 ? [`${unitCell}  ${periodCell}`] : [unitCell];
  if (n > 1) {
    const periodCol = Math.ceil(n / 2) + 1;
    if (periodCol > 2) merges.push([2, 1, 2, periodCol - 1]);
    metaRow[periodCol - 1] = periodCell;
    if (n >= 3 && columns.some((c) => c.field.kind === 'money') && periodCol < n) metaRow[n - 1] = '单位：元';
  }
  const headRows: ExportCell[][] = [title, metaRow];
  if (grouped) {
    const top: ExportCell[] = [];
    const bottom: ExportCell[] = [];
    fields.forEach((f, i) => {
      const group = f.group !== undefined ? groups.get(f.group) : undefined;
      const col = i + 1;
      if (group === undefined) {
        top.push(columns[i]?.header ?? '');
        bottom.push(null);
        merges.push([3, col, 4, col]);
        return;
      }
      const startsGroup = i === 0 || fields[i - 1]?.group !== f.group;
      top.push(startsGroup ? group : null);
      bottom.push(columns[i]?.header ?? '');
      if (startsGroup) {
        let end = i;
        while (fields[end + 1]?.group === f.group) end++;
        if (end > i) merges.push([3, col, 3, end + 1]);
      }
    });
    headRows.push(top, bottom);
  } else {
    headRows.push(columns.map((c) => c.header));
  }

  const firstDataRow = headRows.length + 1;
  const rolled = def.derived?.length ? rollUpDerivedSums(def, rows) : [...rows];
  let leading = 0;
  while (fields[leading]?.pinned) leading++;

  return {
    sheetName: def.export.sheetName,
    columns,
    headRows,
    merges,
    frozenRows: headRows.length,
    frozenColumns: leading,
    firstDataRow,
    rows: rolled,
    dataRow: (row) => columns.map((c) => cellOf(c.field, row[c.field.id])),
    strong: (row) => def.strongRow?.(row) ?? false,
    totalRows: () => totalRows(def, columns, rolled, firstDataRow, totals),
  };
}

function cellOf(field: FieldDef, value: unknown): ExportCell {
  if (value === null || value === undefined || value === '') return null;
  if (field.kind === 'money') return typeof value === 'number' ? value / 100 : null;
  if (field.kind === 'integer') return typeof value === 'number' ? value : null;
  const text = kindOf(field.kind).format(value, field);
  return text === '' ? null : text;
}

function totalRows(
  def: GridDefinition<GridRow>,
  columns: readonly ExportColumn[],
  rows: readonly GridRow[],
  firstDataRow: number,
  given: Readonly<Record<string, number>> | undefined,
): ExportCell[][] {
  const totals = def.totals ?? [];
  // Each filter runs once over the rows, for the cached values and for the formulas.
  const keptIndexes = new Map<RowFilter, number[]>();
  const keptOf = (filter: RowFilter): number[] => {
    let kept = keptIndexes.get(filter);
    if (!kept) {
      kept = [];
      for (let i = 0; i < rows.length; i++) if (filter(rows[i] as GridRow)) kept.push(i);
      keptIndexes.set(filter, kept);
    }
    return kept;
  };
  const values =
    given ?? evaluateTotals(def, rows, { rolledUp: true, keptRows: (filter) => keptOf(filter).map((i) => rows[i] as GridRow) });
  const colOf = (id: string) => columns.findIndex((c) => c.field.id === id);
  const firstTotalRow = firstDataRow + rows.length;
  const money = moneyTotals(def, totals);
  /** Under showUnder, else under the first field it names, else under the total it names. */
  const placeOf = (t: TotalDef<GridRow>, depth = 0): number => {
    const shown = t.showUnder !== undefined ? colOf(t.showUnder) : -1;
    if (shown > 0) return shown;
    const names = scanExpression(t.expression).flatMap((k) => (k.type === 'name' ? [k.name] : []));
    const field = names.map(colOf).find((c) => c > 0);
    if (field !== undefined) return field;
    const other = totals.find((x) => names.includes(x.id));
    return other && depth < totals.length ? placeOf(other, depth + 1) : Math.min(1, columns.length - 1);
  };
  const places = totals.map((t) => placeOf(t));
  const oneRow = def.export.totalsInOneRow === true;

  const lines = totals.map((t, k) => {
    const line: ExportCell[] = columns.map(() => null);
    line[0] = oneRow ? '合计' : t.label;
    const value = values[t.id];
    const result = value === undefined || Number.isNaN(value) ? undefined : money.has(t.id) ? value / 100 : value;
    const formula = def.export.totalsAsFormulas
      ? excelFormula(t, columns, rows, keptOf, firstDataRow, (id) => {
          const j = totals.findIndex((x) => x.id === id);
          return j < 0 ? null : `${columnLetters(places[j] ?? 1)}${firstTotalRow + (oneRow ? 0 : j)}`;
        })
      : null;
    line[places[k] ?? 1] = formula !== null ? { formula, result } : (result ?? null);
    return line;
  });
  if (!oneRow || lines.length === 0) return lines;
  // One row: each total's cell from its own line (they sit under different columns).
  const merged: ExportCell[] = columns.map(() => null);
  merged[0] = '合计';
  lines.forEach((line, k) => {
    const at = places[k] ?? 1;
    merged[at] = line[at] ?? null;
  });
  return [merged];
}

/** Totals whose figures are money (they name a money field or a money total). */
function moneyTotals(def: GridDefinition<GridRow>, totals: readonly TotalDef<GridRow>[]): Set<string> {
  const moneyFields = new Set(def.fields.filter((f) => f.kind === 'money').map((f) => f.id));
  const money = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const t of totals) {
      if (money.has(t.id)) continue;
      if (scanExpression(t.expression).some((k) => k.type === 'name' && (moneyFields.has(k.name) || money.has(k.name)))) {
        money.add(t.id);
        changed = true;
      }
    }
  }
  return money;
}

/** The total as an Excel formula over the exported cells, or null when it cannot be one. */
function excelFormula(
  total: TotalDef<GridRow>,
  columns: readonly ExportColumn[],
  rows: readonly GridRow[],
  keptOf: (filter: RowFilter) => readonly number[],
  firstDataRow: number,
  totalCell: (id: string) => string | null,
): string | null {
  const tokens = scanExpression(total.expression);
  if (tokens.some((t) => t.type === 'function' && !EXCEL_FUNCTIONS.has(t.name.toUpperCase()))) return null;
  const kept = total.rows ? keptOf(total.rows).map((i) => firstDataRow - 1 + i) : rows.map((_, i) => firstDataRow - 1 + i);
  try {
    const formula = compileExpression(total.expression, {
      name: (name) => {
        const cell = totalCell(name);
        if (cell !== null) return cell;
        const col = columns.findIndex((c) => c.field.id === name);
        if (col < 0) return null;
        return kept.length === 0 ? '0' : cellList(columnLetters(col), kept);
      },
    }).slice(1);
    return formula.length <= MAX_FORMULA_LENGTH ? formula : null;
  } catch {
    return null;
  }
}
