/**
 * 收支分析 (/accounting-management/reports/analysis): per revenue or expense subject, this period, the same period
 * last year, the year to date, the change, its rate and the share (server/assets/report-analysis.ts). Rates and
 * shares are hundredths of a percent held in money cells (8525 shows 85.25), as the budget reports do. In the
 * workbook the change is a live formula of the row and the totals of the first-level rows are live.
 */
import type { AnalysisRow } from '../src/shared/api/schemas/assets-reports.js';
import { answerFen as fen } from '../src/shared/books/answer-amounts.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';

export interface AnalysisGridRow extends GridRow {
  readonly rowId: string;
  code: string;
  name: string;
  parentCode: string | null;
  current: number;
  lastYear: number;
  yearToDate: number;
  change: number;
  changeRate: number | null;
  share: number | null;
}

const hundredths = (text: string | null) => (text === null ? null : fen(Number(text)));

export function toAnalysisGridRow(r: AnalysisRow): AnalysisGridRow {
  return {
    rowId: r.code,
    code: r.code,
    name: r.name,
    parentCode: r.parentCode,
    current: fen(r.current),
    lastYear: fen(r.lastYear),
    yearToDate: fen(r.yearToDate),
    change: fen(r.change),
    changeRate: hundredths(r.changeRate),
    share: hundredths(r.share),
  };
}

const fields: FieldDef<AnalysisGridRow>[] = [
  { id: 'code', header: '科目编码', kind: 'subject', editable: false, width: 110, pinned: true },
  { id: 'name', header: '科目名称', kind: 'text', editable: false, width: 200, pinned: true },
  { id: 'current', header: '本期', kind: 'money', editable: false, width: 130 },
  { id: 'lastYear', header: '上年同期', kind: 'money', editable: false, width: 130 },
  { id: 'yearToDate', header: '本年累计', kind: 'money', editable: false, width: 130 },
  { id: 'change', header: '增减额', kind: 'money', editable: false, width: 130 },
  { id: 'changeRate', header: '增减率(%)', kind: 'money', editable: false, width: 100 },
  { id: 'share', header: '占比(%)', kind: 'money', editable: false, width: 90 },
];

const firstLevel = (r: AnalysisGridRow) => r.parentCode === null;
const totals: TotalDef<AnalysisGridRow>[] = (['current', 'lastYear', 'yearToDate', 'change'] as const).map((id) => ({
  id: `sum_${id}`,
  label: '合计',
  expression: `SUM(${id})`,
  rows: firstLevel,
  showUnder: id,
}));

function rowFormulas(_row: GridRow, cell: (fieldId: string) => string | null): Readonly<Record<string, string>> {
  const [c, l] = [cell('current'), cell('lastYear')];
  return c === null || l === null ? {} : { change: `${c}-${l}` };
}

export const analysisGrid: GridDefinition<AnalysisGridRow> = Object.freeze({
  id: 'asset-analysis',
  title: '收支分析',
  fields,
  tree: { key: 'code', parentKey: 'parentCode' },
  totals,
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '收支分析', title: '收支分析', totalsAsFormulas: true, totalsInOneRow: true, rowFormulas },
} satisfies GridDefinition<AnalysisGridRow>);
