/**
 * The layout of a grid's Excel export, as plain data (no exceljs here): the in-memory workbook
 * (workbook.ts, browser and Node) and the streaming writer (src/server/export) both write this
 * plan, so the two files cannot drift apart.
 *
 * What must stay true:
 * - Every sheet opens with the heading block (heading.ts): title, 编制单位, 账套, period, the
 *   filters, 金额单位：元 where there are amounts, exporter and time; the block and the column
 *   headers repeat on every printed page and stay frozen on screen; the footer counts pages.
 * - Money goes out as numbers in yuan (fen / 100) with the format '#,##0.00'; dates as real dates
 *   (yyyy-mm-dd), never as text.
 * - Every text cell is a string cell in a Text ('@') column: Excel never evaluates a string cell,
 *   and in a Text cell an edited '=...' stays text, so a name such as '=HYPERLINK(...)' or
 *   '-1+2' can never become a formula (formula injection). Only totals and the definition's
 *   row formulas (rowFormulas) are formulas, and they are ours.
 * - Totals are live formulas over the data cells (with the cached value) when the definition
 *   asks for it and the expression is plain Excel; otherwise their values.
 */
import { compileExpression, cellList, columnLetters, scanExpression } from '../../formulas/compile.js';
import { evaluateTotals } from '../../formulas/evaluate.js';
import { rollUpDerivedSums } from '../../formulas/tree-index.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from '../../src/shared/grid/definition.js';
import { kindOf } from '../../src/shared/grid/kinds.js';
import { headingTexts, type ExportHeading } from './heading.js';

export const MONEY_NUM_FMT = '#,##0.00';
export const TEXT_NUM_FMT = '@';
export const DATE_NUM_FMT = 'yyyy-mm-dd';
/** Page x of y, centred in the footer (Excel's header/footer codes). */
export const PAGE_FOOTER = '&C第 &P 页，共 &N 页';
/** Excel's own limit is 8,192 characters per formula. */
const MAX_FORMULA_LENGTH = 8000;
const EXCEL_FUNCTIONS = new Set(['SUM', 'MIN', 'MAX', 'ABS', 'ROUND', 'IF', 'AVERAGE', 'COUNT']);
/** Wider than this (in characters) and the sheet is printed landscape (A4 portrait holds ~95). */
const LANDSCAPE_FROM = 95;
/** Widest a column grows to fit its content; longer text wraps or is cut on screen. */
const MAX_FIT_WIDTH = 60;
/** Rows sampled when fitting widths (the rest of a large export is like them). */
const FIT_SAMPLE = 2000;

export interface ExportColumn {
  readonly field: FieldDef;
  readonly header: string;
  /** Excel width in characters. */
  readonly width: number;
  readonly numFmt: string;
  readonly numeric: boolean;
}

export type ExportCell = string | number | Date | null | { formula: string; result?: number };

/** How a row of the head is set: the title, a line of the heading block, or column headers. */
export type HeadRowKind = 'title' | 'info' | 'header';

export interface SheetPlan {
  readonly sheetName: string;
  readonly columns: readonly ExportColumn[];
  /** Title, the heading block and the column header rows, in order. */
  readonly headRows: readonly ExportCell[][];
  readonly headKinds: readonly HeadRowKind[];
  /** Heights of head rows in points where the default would cut their text. */
  readonly headHeights: readonly (number | undefined)[];
  /** Cells of the head set to the right (1-based [row, column]): 金额单位：元. */
  readonly rightAligned: readonly (readonly [number, number])[];
  /** Merges as [top, left, bottom, right], 1-based. */
  readonly merges: readonly (readonly [number, number, number, number])[];
  /** Rows frozen at the top and columns frozen at the left. */
  readonly frozenRows: number;
  readonly frozenColumns: number;
  /** Rows repeated at the top of every printed page, Excel's '1:6'. */
  readonly printTitleRows: string;
  readonly landscape: boolean;
  /** 1-based row of the first data row. */
  readonly firstDataRow: number;
  /** Data rows in order (derived amounts already rolled up). */
  readonly rows: readonly GridRow[];
  /** A data row's cells; given its 1-based sheet row, the definition's row formulas too. */
  dataRow(row: GridRow, sheetRow?: number): ExportCell[];
  /** Whether a data row is set in bold (the definition's strongRow). */
  strong(row: GridRow): boolean;
  /** Total rows, written after the data. */
  totalRows(): ExportCell[][];
}

type RowFilter = NonNullable<TotalDef<GridRow>['rows']>;

function isNumericField(f: FieldDef): boolean {
  return f.kind === 'money' || f.kind === 'integer' || f.kind === 'date';
}

/** Width of text in Excel's character units: a Chinese character takes two. */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1;
  return width;
}

/** Money whose zero shows blank: the third section (zero) of the format is empty, the cell stays a number. */
export const MONEY_BLANK_ZERO_NUM_FMT = '#,##0.00;-#,##0.00;;@';

function numFmtOf(f: FieldDef): string {
  if (f.kind === 'date') return DATE_NUM_FMT;
  if (f.kind === 'money' && f.blankZero) return MONEY_BLANK_ZERO_NUM_FMT;
  return kindOf(f.kind).excelNumFmt ?? TEXT_NUM_FMT;
}

/** What a cell shows, for fitting widths. */
function shownWidth(cell: ExportCell): number {
  if (cell === null) return 0;
  if (typeof cell === 'string') return Math.max(...cell.split('\n').map(textWidth));
  if (typeof cell === 'number')
    return cell.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).length;
  if (cell instanceof Date) return 10;
  return 14;
}

/**
 * Columns `from`..`to` (1-based) split into `count` runs of about equal width: where each of the
 * heading block's items sits on its line.
 */
function runs(count: number, n: number): [number, number][] {
  return Array.from({ length: count }, (_, i) => [Math.floor((i * n) / count) + 1, Math.floor(((i + 1) * n) / count)]);
}

interface HeadBlock {
  rows: ExportCell[][];
  kinds: HeadRowKind[];
  heights: (number | undefined)[];
  merges: [number, number, number, number][];
  rightAligned: [number, number][];
}

/**
 * The title and the heading block above the column headers: each line's items spread over the
 * columns (merged runs), or joined into one merged cell when there are fewer columns than items.
 */
function headBlock(title: string, heading: ExportHeading, n: number, widths: readonly number[], money: boolean): HeadBlock {
  const t = headingTexts(heading);
  const block: HeadBlock = { rows: [[title]], kinds: ['title'], heights: [28], merges: [[1, 1, 1, n]], rightAligned: [] };
  const line = (items: string[], lastRight: boolean) => {
    const r = block.rows.length + 1;
    const row: ExportCell[] = [];
    const joined = items.join('　　');
    if (items.length > n) {
      row[0] = joined;
      if (n > 1) block.merges.push([r, 1, r, n]);
    } else {
      runs(items.length, n).forEach(([from, to], i) => {
        row[from - 1] = items[i] ?? null;
        if (to > from) block.merges.push([r, from, r, to]);
        if (lastRight && i === items.length - 1 && items.length > 1) block.rightAligned.push([r, from]);
      });
    }
    block.rows.push(row);
    block.kinds.push('info');
    const total = widths.reduce((a, b) => a + b, 0);
    const lines = Math.ceil(textWidth(joined) / Math.max(total, 1));
    block.heights.push(items.length === 1 && lines > 1 ? 15 * Math.min(lines, 6) : undefined);
  };
  line(money ? [t.unit, t.ledgerSet, t.period, t.moneyUnit] : [t.unit, t.ledgerSet, t.period], money);
  line([t.filters], false);
  line([t.exportedBy, t.exportedAt], false);
  return block;
}

export function sheetPlan(
  def: GridDefinition<GridRow>,
  rows: readonly GridRow[],
  heading: ExportHeading,
  totals?: Readonly<Record<string, number>>,
): SheetPlan {
  const fields: FieldDef[] = def.fields.filter((f) => !f.export?.hidden);
  const rolled = def.derived?.length ? rollUpDerivedSums(def, rows) : [...rows];
  const values = (row: GridRow) => fields.map((f) => cellOf(f, row[f.id]));
  const formulasOf = def.export.rowFormulas;
  const dataRow = (row: GridRow, sheetRow?: number): ExportCell[] => {
    const cells = values(row);
    if (!formulasOf || sheetRow === undefined) return cells;
    const at = (id: string) => fields.findIndex((f) => f.id === id);
    const formulas = formulasOf(row, (id) => (at(id) < 0 ? null : `${columnLetters(at(id))}${sheetRow}`));
    fields.forEach((f, i) => {
      const formula = formulas[f.id];
      const cached = cells[i];
      if (formula !== undefined) cells[i] = { formula, result: typeof cached === 'number' ? cached : 0 };
    });
    return cells;
  };
  // Wide enough for the header and for what the rows hold (a sample of a large export).
  const fitted = fields.map((f) => textWidth(f.export?.header ?? f.header) + 2);
  for (const row of rolled.slice(0, FIT_SAMPLE)) {
    values(row).forEach((cell, i) => {
      fitted[i] = Math.max(fitted[i] ?? 0, Math.min(MAX_FIT_WIDTH, shownWidth(cell) + 2));
    });
  }
  const columns: ExportColumn[] = fields.map((f, i) => ({
    field: f,
    header: f.export?.header ?? f.header,
    width: f.export?.width ?? Math.max(pxToChars(f.width ?? 100), fitted[i] ?? 0),
    numFmt: numFmtOf(f),
    numeric: isNumericField(f),
  }));
  const n = Math.max(columns.length, 1);
  const groups = new Map((def.groups ?? []).map((g) => [g.id, g.header]));
  const grouped = fields.some((f) => f.group !== undefined && groups.has(f.group));
  const money = columns.some((c) => c.field.kind === 'money');

  const block = headBlock(
    heading.title || def.export.title,
    heading,
    n,
    columns.map((c) => c.width),
    money,
  );
  const headRows: ExportCell[][] = block.rows;
  const headKinds: HeadRowKind[] = block.kinds;
  const headHeights = block.heights;
  const merges = block.merges;
  const top0 = headRows.length + 1;
  if (grouped) {
    const top: ExportCell[] = [];
    const bottom: ExportCell[] = [];
    fields.forEach((f, i) => {
      const group = f.group !== undefined ? groups.get(f.group) : undefined;
      const col = i + 1;
      if (group === undefined) {
        top.push(columns[i]?.header ?? '');
        bottom.push(null);
        merges.push([top0, col, top0 + 1, col]);
        return;
      }
      const startsGroup = i === 0 || fields[i - 1]?.group !== f.group;
      top.push(startsGroup ? group : null);
      bottom.push(columns[i]?.header ?? '');
      if (startsGroup) {
        let end = i;
        while (fields[end + 1]?.group === f.group) end++;
        if (end > i) merges.push([top0, col, top0, end + 1]);
      }
    });
    headRows.push(top, bottom);
    headKinds.push('header', 'header');
    headHeights.push(undefined, undefined);
  } else {
    headRows.push(columns.map((c) => c.header));
    headKinds.push('header');
    headHeights.push(undefined);
  }

  const firstDataRow = headRows.length + 1;
  let leading = 0;
  while (fields[leading]?.pinned) leading++;

  return {
    sheetName: def.export.sheetName,
    columns,
    headRows,
    headKinds,
    headHeights,
    rightAligned: block.rightAligned,
    merges,
    frozenRows: headRows.length,
    frozenColumns: leading,
    printTitleRows: `1:${headRows.length}`,
    landscape: columns.reduce((sum, c) => sum + c.width, 0) > LANDSCAPE_FROM,
    firstDataRow,
    rows: rolled,
    dataRow,
    strong: (row) => def.strongRow?.(row) ?? false,
    totalRows: () => totalRows(def, columns, rolled, firstDataRow, totals),
  };
}

const pxToChars = (px: number) => Math.max(6, Math.round(px / 7));

/** A yyyy-MM-dd date as a real date (midnight UTC: exceljs writes it as that day's serial). */
export function dateCell(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

function cellOf(field: FieldDef, value: unknown): ExportCell {
  if (value === null || value === undefined || value === '') return null;
  if (field.kind === 'money') return typeof value === 'number' ? value / 100 : null;
  if (field.kind === 'integer') return typeof value === 'number' ? value : null;
  if (field.kind === 'date' && typeof value === 'string') return dateCell(value) ?? value;
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
