/**
 * 低值资产预警 (/accounting-management/reports/lower-asset-warning): the cards below the recognition threshold, fully
 * depreciated and still held, or inventory low or out, each with its reason (server/assets/report-lower-warning.ts).
 * Read-only; double-click opens the card. In the workbook the net value is a live formula of the row.
 */
import type { LowerWarningRow } from '../src/shared/api/schemas/assets-reports.js';
import { ASSET_CLASSES } from '../src/shared/assets/constants.js';
import { answerFen as fen } from '../src/shared/books/answer-amounts.js';
import type { FieldDef, GridDefinition, GridRow } from '../src/shared/grid/definition.js';

export interface LowerWarningGridRow extends GridRow {
  readonly rowId: string;
  cardId: string;
  cardNo: string;
  name: string;
  className: string;
  categoryName: string;
  quantity: number;
  unitValue: number;
  originalValue: number;
  accumulatedDepreciation: number;
  netValue: number;
  reason: string;
}

export function toLowerWarningGridRow(r: LowerWarningRow): LowerWarningGridRow {
  return {
    rowId: `${r.cardId}:${r.reasonCode}`,
    cardId: r.cardId,
    cardNo: r.cardNo,
    name: r.name,
    className: ASSET_CLASSES.find((c) => c.value === r.assetClass)?.name ?? String(r.assetClass),
    categoryName: r.categoryName,
    quantity: r.quantity,
    unitValue: fen(r.unitValue),
    originalValue: fen(r.originalValue),
    accumulatedDepreciation: fen(r.accumulatedDepreciation),
    netValue: fen(r.netValue),
    reason: r.reason,
  };
}

const fields: FieldDef<LowerWarningGridRow>[] = [
  { id: 'cardNo', header: '卡片编号', kind: 'text', editable: false, width: 120, pinned: true },
  { id: 'name', header: '资产名称', kind: 'text', editable: false, width: 180, pinned: true },
  { id: 'className', header: '资产类别', kind: 'text', editable: false, width: 90 },
  { id: 'categoryName', header: '资产分类', kind: 'text', editable: false, width: 120 },
  { id: 'quantity', header: '结存数量', kind: 'integer', editable: false, width: 90 },
  { id: 'unitValue', header: '单价', kind: 'money', editable: false, width: 110 },
  { id: 'originalValue', header: '原值', kind: 'money', editable: false, width: 120 },
  { id: 'accumulatedDepreciation', header: '累计折旧/摊销', kind: 'money', editable: false, width: 120 },
  { id: 'netValue', header: '净值', kind: 'money', editable: false, width: 120 },
  { id: 'reason', header: '预警原因', kind: 'text', editable: false, width: 260 },
];

function rowFormulas(_row: GridRow, cell: (fieldId: string) => string | null): Readonly<Record<string, string>> {
  const [o, a] = [cell('originalValue'), cell('accumulatedDepreciation')];
  return o === null || a === null ? {} : { netValue: `${o}-${a}` };
}

export const lowerWarningGrid: GridDefinition<LowerWarningGridRow> = Object.freeze({
  id: 'lower-asset-warning',
  title: '低值资产预警',
  fields,
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '低值资产预警', title: '低值资产预警', totalsAsFormulas: true, rowFormulas },
} satisfies GridDefinition<LowerWarningGridRow>);
