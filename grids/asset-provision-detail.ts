/**
 * The depreciation or amortisation detail (折旧/摊销明细, /fixed-assets/fixed-assets/depreciation and its export):
 * one row per card provided for in the month, spec "Depreciation row". The workbook's totals are live SUM formulas
 * (totalsAsFormulas) under the heading block; text cells go through the workbook's formula-injection escape.
 */
import type { ProvisionRow } from '../src/shared/api/schemas/assets-vouchers.js';
import { yuanToFen } from '../src/shared/vouchers/amounts.js';
import type { FieldDef, GridDefinition, GridRow } from '../src/shared/grid/definition.js';

export interface AssetProvisionGridRow extends GridRow {
  readonly rowId: string;
  detailFixedNo: string;
  fixedName: string;
  sortsTypeName: string;
  departmentName: string;
  accruedStageMonthsString: string;
  dateOfActivation: string;
  estimatedServiceLife: number;
  accrueddateString: string;
  /** Fen. */
  originalValue: number;
  accruedValue: number;
  cumulativeValue: number;
  residualValue: number;
}

const FIELDS: readonly FieldDef<AssetProvisionGridRow>[] = [
  { id: 'detailFixedNo', header: '卡片编号', kind: 'text', editable: false, width: 110 },
  { id: 'fixedName', header: '资产名称', kind: 'text', editable: false, width: 180 },
  { id: 'sortsTypeName', header: '资产分类', kind: 'text', editable: false, width: 140 },
  { id: 'departmentName', header: '部门', kind: 'text', editable: false, width: 120 },
  { id: 'accruedStageMonthsString', header: '计提期间', kind: 'text', editable: false, width: 100 },
  { id: 'dateOfActivation', header: '启用日期', kind: 'text', editable: false, width: 100 },
  { id: 'estimatedServiceLife', header: '使用月数', kind: 'integer', editable: false, width: 80 },
  { id: 'accrueddateString', header: '已提/使用月数', kind: 'text', editable: false, width: 100 },
  { id: 'originalValue', header: '原值', kind: 'money', editable: false, width: 130 },
  { id: 'accruedValue', header: '本月计提', kind: 'money', editable: false, width: 120 },
  { id: 'cumulativeValue', header: '累计', kind: 'money', editable: false, width: 130 },
  { id: 'residualValue', header: '净值', kind: 'money', editable: false, width: 130 },
];

const fen = (yuan: number): number => {
  const r = yuanToFen(yuan);
  return r.ok ? r.fen : 0;
};

export function toAssetProvisionGridRow(row: ProvisionRow): AssetProvisionGridRow {
  return {
    rowId: row.cardId,
    detailFixedNo: row.detailFixedNo,
    fixedName: row.fixedName,
    sortsTypeName: row.sortsTypeName,
    departmentName: row.departmentName,
    accruedStageMonthsString: row.accruedStageMonthsString,
    dateOfActivation: row.dateOfActivation,
    estimatedServiceLife: row.estimatedServiceLife,
    accrueddateString: row.accrueddateString,
    originalValue: fen(row.originalValue),
    accruedValue: fen(row.accruedValue),
    cumulativeValue: fen(row.cumulativeValue),
    residualValue: fen(row.residualValue),
  };
}

export function createAssetProvisionGrid(title = '折旧摊销明细'): GridDefinition<AssetProvisionGridRow> {
  return Object.freeze({
    id: 'asset-provision-detail',
    title,
    fields: FIELDS,
    totals: [
      { id: 'originalTotal', label: '原值合计', expression: 'SUM(originalValue)', showUnder: 'originalValue' },
      { id: 'accruedTotal', label: '本月计提合计', expression: 'SUM(accruedValue)', showUnder: 'accruedValue' },
      { id: 'cumulativeTotal', label: '累计合计', expression: 'SUM(cumulativeValue)', showUnder: 'cumulativeValue' },
      { id: 'residualTotal', label: '净值合计', expression: 'SUM(residualValue)', showUnder: 'residualValue' },
    ],
    commands: ['copy', 'showHelp', 'exportExcel'],
    allowAddRows: false,
    allowDeleteRows: false,
    export: { sheetName: title, title, totalsAsFormulas: true, totalsInOneRow: true },
  } satisfies GridDefinition<AssetProvisionGridRow>);
}

export const assetProvisionGrid = createAssetProvisionGrid();
