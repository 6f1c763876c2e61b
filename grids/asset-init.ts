/**
 * The cards keyed at asset initialisation (资产初始化, /fixed-assets/fixed-assets/assets-init): one row per init card of
 * the tab's class (spec "Asset card": cardNo, name, aetTypeName, originalValue, accumulated depreciation, net value,
 * estimatedServiceLife, dateOfActivation, department, nature), read-only; the page adds, edits and deletes through
 * its dialog (right-click 新增行 / 编辑 / 删除行, the toolbar, or a double click).
 */
import type { AssetCard } from '../src/shared/api/schemas/assets-cards.js';
import { answerFen as fen } from '../src/shared/books/answer-amounts.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';
import { moneyFields, sumTotals, type MoneyColumn } from './money-columns.js';

export interface AssetInitGridRow extends GridRow {
  readonly rowId: string;
  cardNo: string;
  name: string;
  aetTypeName: string;
  originalValue: number;
  initDepreciation: number;
  netValue: number;
  estimatedServiceLife: number;
  dateOfActivation: string;
  department: string;
  natureName: string;
}

export function toAssetInitGridRow(c: AssetCard): AssetInitGridRow {
  return {
    rowId: c.id,
    cardNo: c.cardNo,
    name: c.name,
    aetTypeName: c.aetTypeName,
    originalValue: fen(c.originalValue),
    initDepreciation: fen(c.initDepreciation),
    netValue: fen(c.originalValue) - fen(c.initDepreciation),
    estimatedServiceLife: c.estimatedServiceLife,
    dateOfActivation: c.dateOfActivation,
    department: c.department,
    natureName: c.natureName,
  };
}

const MONEY: readonly MoneyColumn<AssetInitGridRow>[] = [
  { id: 'originalValue', header: '原值' },
  { id: 'initDepreciation', header: '累计折旧(摊销)' },
  { id: 'netValue', header: '净值' },
];

const fields: FieldDef<AssetInitGridRow>[] = [
  { id: 'cardNo', header: '资产编号', kind: 'text', editable: false, width: 110, pinned: true },
  { id: 'name', header: '资产名称', kind: 'text', editable: false, width: 160 },
  { id: 'aetTypeName', header: '资产类别', kind: 'text', editable: false, width: 120 },
  ...moneyFields(MONEY, { blankZero: true }),
  { id: 'estimatedServiceLife', header: '预计使用月数', kind: 'integer', editable: false, width: 100 },
  { id: 'dateOfActivation', header: '启用日期', kind: 'date', editable: false, width: 100 },
  { id: 'department', header: '使用部门', kind: 'text', editable: false, width: 110 },
  { id: 'natureName', header: '资产性质', kind: 'text', editable: false, width: 90 },
];

const totals: TotalDef<AssetInitGridRow>[] = sumTotals(MONEY);

export const assetInitGrid: GridDefinition<AssetInitGridRow> = Object.freeze({
  id: 'asset-init',
  title: '资产初始化',
  fields,
  totals,
  commands: ['insertRowAfter', 'editCell', 'deleteRow', 'copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '资产初始化', title: '资产初始化', totalsAsFormulas: true, totalsInOneRow: true },
} satisfies GridDefinition<AssetInitGridRow>);
