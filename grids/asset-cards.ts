/**
 * The asset cards list (资产卡片, /fixed-assets/fixed-assets/cards): one row per card with the spec's columns
 * (cardNo, aetTypeName, name, originalValue, accumulatedDepreciation, estimatedServiceLife, dateOfActivation,
 * purchasingMethodName, quantity, department, nature, state), read-only; the page adds, edits and deletes through its
 * dialog (right-click 新增行 / 编辑 / 删除行, or the toolbar).
 */
import type { AssetCard } from '../src/shared/api/schemas/assets-cards.js';
import { answerFen as fen } from '../src/shared/books/answer-amounts.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';

export interface AssetCardGridRow extends GridRow {
  readonly rowId: string;
  cardNo: string;
  aetTypeName: string;
  name: string;
  originalValue: number;
  accumulatedDepreciation: number;
  estimatedServiceLife: number;
  dateOfActivation: string;
  purchasingMethodName: string;
  quantity: number;
  department: string;
  nature: string;
  /** 未审核 / 已审核 / 已生成凭证. */
  state: string;
}

export function toAssetCardGridRow(c: AssetCard): AssetCardGridRow {
  return {
    rowId: c.id,
    cardNo: c.cardNo,
    aetTypeName: c.aetTypeName,
    name: c.name,
    originalValue: fen(c.originalValue),
    accumulatedDepreciation: fen(c.accumulatedDepreciation),
    estimatedServiceLife: c.estimatedServiceLife,
    dateOfActivation: c.dateOfActivation,
    purchasingMethodName: c.purchasingMethodName,
    quantity: c.quantity,
    department: c.department,
    nature: c.natureName,
    state: c.state,
  };
}

const fields: FieldDef<AssetCardGridRow>[] = [
  { id: 'cardNo', header: '资产编号', kind: 'text', editable: false, width: 110, pinned: true },
  { id: 'aetTypeName', header: '资产类别', kind: 'text', editable: false, width: 120 },
  { id: 'name', header: '资产名称', kind: 'text', editable: false, width: 140 },
  { id: 'originalValue', header: '原值', kind: 'money', editable: false, width: 120 },
  { id: 'accumulatedDepreciation', header: '累计折旧(摊销)', kind: 'money', editable: false, width: 120, blankZero: true },
  { id: 'estimatedServiceLife', header: '预计使用月数', kind: 'integer', editable: false, width: 100 },
  { id: 'dateOfActivation', header: '启用日期', kind: 'date', editable: false, width: 100 },
  { id: 'purchasingMethodName', header: '取得方式', kind: 'text', editable: false, width: 90 },
  { id: 'quantity', header: '数量', kind: 'integer', editable: false, width: 70 },
  { id: 'department', header: '使用部门', kind: 'text', editable: false, width: 110 },
  { id: 'nature', header: '资产性质', kind: 'text', editable: false, width: 100 },
  { id: 'state', header: '状态', kind: 'text', editable: false, width: 100 },
];

const totals: TotalDef<AssetCardGridRow>[] = [
  { id: 'sum_originalValue', label: '原值合计', expression: 'SUM(originalValue)', showUnder: 'originalValue' },
  {
    id: 'sum_accumulatedDepreciation',
    label: '累计折旧(摊销)合计',
    expression: 'SUM(accumulatedDepreciation)',
    showUnder: 'accumulatedDepreciation',
  },
];

export const assetCardsGrid: GridDefinition<AssetCardGridRow> = Object.freeze({
  id: 'asset-cards',
  title: '资产卡片',
  fields,
  totals,
  commands: ['insertRowAfter', 'editCell', 'deleteRow', 'copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '资产卡片', title: '资产卡片', totalsAsFormulas: true, totalsInOneRow: true },
} satisfies GridDefinition<AssetCardGridRow>);
