/**
 * The figure fields of a report answer, listed once: the evaluator computes in integer fen and the
 * server answers yuan (`answerYuan`, src/shared/books/answer-amounts.ts); the client's API module turns the answer back into fen
 * (`answerFen`) for its grid. Blank cells (null) stay null.
 */
import type { ReportCheckView, ReportLineView, ReportResponse } from '../api/reports.js';
import type { Convert } from '../books/answer-amounts.js';

function figures<T extends number | null>(byColumn: Readonly<Record<string, T>>, c: Convert): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [column, value] of Object.entries(byColumn)) out[column] = (value === null ? null : c(value)) as T;
  return out;
}

const lineAmounts = (l: ReportLineView, c: Convert): ReportLineView => ({ ...l, amounts: figures(l.amounts, c) });

function checkAmounts(k: ReportCheckView, c: Convert): ReportCheckView {
  const columns: ReportCheckView['columns'] = {};
  for (const [column, v] of Object.entries(k.columns)) {
    columns[column] = {
      left: v.left === null ? null : c(v.left),
      right: v.right === null ? null : c(v.right),
      balanced: v.balanced,
    };
  }
  return { name: k.name, columns };
}

export const reportAmounts = (r: ReportResponse, c: Convert): ReportResponse => ({
  ...r,
  lines: r.lines.map((l) => lineAmounts(l, c)),
  checks: r.checks.map((k) => checkAmounts(k, c)),
  carriedOver: figures(r.carriedOver, c),
});
