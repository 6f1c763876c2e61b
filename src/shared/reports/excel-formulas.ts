/**
 * Excel formulas for a report's total lines (合计, 总计, 净值, 差额), from the same template the evaluator
 * reads, so an exported workbook recalculates to the figures on screen. Lines that read subjects are
 * written as values; only lines over other lines become formulas.
 *
 * What must stay true: a formula adds exactly the cells of the lines the evaluator adds, with the same
 * signs; a line not on the sheet (an interim-only line in the annual report) is left out, as the
 * evaluator counts it as 0; a blank cell counts as 0 in Excel as in the evaluator.
 */
import { hasFigure, isLineShown, type ReportMode } from './evaluate.js';
import type { ReportForm, ReportLine } from './types.js';

export interface WorksheetLayout {
  /** Worksheet row (1-based) of each line on the sheet, by line number; a line not listed is not on the sheet. */
  readonly rows: Readonly<Record<number, number>>;
  /** Column letters of each amount column, per half of the form (an income statement has only 'left'). */
  readonly columns: Readonly<Partial<Record<ReportLine['part'], Readonly<Record<string, string>>>>>;
}

interface Ref {
  readonly column: string;
  readonly row: number;
  readonly sign: 1 | -1;
}

/** Groups refs into runs of adjacent added cells in one column (a subtracted cell is a run of its own). */
function runs(refs: readonly Ref[]): Ref[][] {
  const out: Ref[][] = [];
  for (const ref of refs) {
    const run = out[out.length - 1];
    const last = run?.[run.length - 1];
    if (run && last && ref.sign === 1 && last.sign === 1 && ref.column === last.column && ref.row === last.row + 1) {
      run.push(ref);
    } else {
      out.push([ref]);
    }
  }
  return out;
}

/** Writes refs as Excel text: runs of three or more adjacent added cells become SUM(range). */
function formulaText(refs: readonly Ref[]): string {
  const cell = (r: Ref) => `${r.column}${r.row}`;
  const pieces = runs(refs).flatMap((run) => {
    const [first] = run;
    const last = run[run.length - 1];
    if (first && last && run.length >= 3) return [`+SUM(${cell(first)}:${cell(last)})`];
    return run.map((r) => `${r.sign === 1 ? '+' : '-'}${cell(r)}`);
  });
  if (pieces.length === 0) return '=0';
  const body = pieces.join('');
  return `=${body.startsWith('+') ? body.slice(1) : body}`;
}

/**
 * For every line over other lines that is on the sheet, its formula per column id (e.g. '=SUM(C5:C11)',
 * '=C15-C16'). Lines that read subjects, headings and blank cells get none, and so do columns not in
 * `columnIds` (pass the evaluator's columns with hasData, so a 上年数 column without figures stays blank).
 */
export function reportExcelFormulas(
  form: ReportForm,
  layout: WorksheetLayout,
  mode: ReportMode = 'interim',
  columnIds: readonly string[] = form.columns.map((c) => c.id),
): Record<number, Record<string, string>> {
  const byNo = new Map(form.lines.filter((l) => l.no !== null).map((l) => [l.no as number, l]));
  const result: Record<number, Record<string, string>> = {};
  for (const line of form.lines) {
    if (line.no === null || !line.formula || !('lines' in line.formula)) continue;
    const row = layout.rows[line.no];
    if (row === undefined) continue;
    const formulas: Record<string, string> = {};
    for (const column of form.columns) {
      if (!hasFigure(line, column.id, mode) || !columnIds.includes(column.id)) continue;
      const refs: Ref[] = [];
      for (const term of line.formula.lines) {
        const { line: no, sign } = typeof term === 'number' ? { line: term, sign: 1 as const } : term;
        const target = byNo.get(no);
        const targetRow = layout.rows[no];
        if (!target || targetRow === undefined) continue;
        const letter = layout.columns[target.part]?.[column.id];
        if (letter === undefined) throw new Error(`报表导出: 第 ${no} 行所在半边没有 ${column.id} 列`);
        refs.push({ column: letter, row: targetRow, sign });
      }
      formulas[column.id] = formulaText(refs);
    }
    result[line.no] = formulas;
  }
  return result;
}

export interface ReportSheetLayout extends WorksheetLayout {
  /** Column letter of the line names, per half of the form. */
  readonly nameColumns: Readonly<Partial<Record<ReportLine['part'], string>>>;
}

const letter = (index: number): string => String.fromCharCode('A'.charCodeAt(0) + index);

/**
 * The form's own layout on a worksheet: printed row r at sheet row firstRow + r - 1, each half as a name
 * column followed by one column per amount column (balance sheet: A-C assets, D-F liabilities and net
 * assets). A line not printed in this mode keeps its row empty (the other half may share it).
 */
export function reportSheetLayout(form: ReportForm, mode: ReportMode, firstRow: number): ReportSheetLayout {
  const parts = (['left', 'right'] as const).filter((part) => form.lines.some((l) => l.part === part));
  const width = form.columns.length + 1;
  const nameColumns: Partial<Record<ReportLine['part'], string>> = {};
  const columns: Partial<Record<ReportLine['part'], Record<string, string>>> = {};
  parts.forEach((part, i) => {
    nameColumns[part] = letter(i * width);
    columns[part] = Object.fromEntries(form.columns.map((c, k) => [c.id, letter(i * width + k + 1)]));
  });
  const rows: Record<number, number> = {};
  for (const line of form.lines) {
    if (line.no !== null && isLineShown(line, mode)) rows[line.no] = firstRow + line.row - 1;
  }
  return { rows, columns, nameColumns };
}
