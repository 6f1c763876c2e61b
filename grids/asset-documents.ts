/**
 * The asset documents list (资产处置, /fixed-assets/fixed-assets/documents): one row per disposal or inventory-issue
 * document (spec "Asset document row": documentNo, createTimeSpan, repayDate, disposeOfTypeName, disposeOfAmount,
 * originalAmount, residualAmount, cumulativeAmount, isGenerateCertificate), read-only; the page adds, edits and
 * deletes through its dialog (right-click 新增行 / 编辑 / 删除行, or the toolbar), and makes vouchers.
 */
import type { AssetDocumentRow } from '../src/shared/api/schemas/assets-documents.js';
import { answerFen as fen } from '../src/shared/books/answer-amounts.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';
import { moneyFields, sumTotals, type MoneyColumn } from './money-columns.js';

export interface AssetDocumentGridRow extends GridRow {
  readonly rowId: string;
  documentNo: string;
  createTimeSpan: string;
  repayDate: string;
  disposeOfTypeName: string;
  disposeOfAmount: number;
  originalAmount: number;
  cumulativeAmount: number;
  residualAmount: number;
  /** 已生成 (its voucher, 记-3) or 未生成. */
  isGenerateCertificate: string;
}

export function toAssetDocumentGridRow(r: AssetDocumentRow): AssetDocumentGridRow {
  return {
    rowId: r.id,
    documentNo: r.documentNo,
    createTimeSpan: r.createTimeSpan,
    repayDate: r.repayDate,
    disposeOfTypeName: r.disposeOfTypeName,
    disposeOfAmount: fen(r.disposeOfAmount),
    originalAmount: fen(r.originalAmount),
    cumulativeAmount: fen(r.cumulativeAmount),
    residualAmount: fen(r.residualAmount),
    isGenerateCertificate: r.isGenerateCertificate ? `已生成 ${r.voucherText}` : '未生成',
  };
}

const MONEY: readonly MoneyColumn<AssetDocumentGridRow>[] = [
  { id: 'disposeOfAmount', header: '变价收入' },
  { id: 'originalAmount', header: '原值' },
  { id: 'cumulativeAmount', header: '累计折旧(摊销)' },
  { id: 'residualAmount', header: '净值' },
];

const fields: FieldDef<AssetDocumentGridRow>[] = [
  { id: 'documentNo', header: '单据编号', kind: 'text', editable: false, width: 130, pinned: true },
  { id: 'createTimeSpan', header: '制单时间', kind: 'text', editable: false, width: 140 },
  { id: 'repayDate', header: '处置日期', kind: 'date', editable: false, width: 100 },
  { id: 'disposeOfTypeName', header: '处置方式', kind: 'text', editable: false, width: 90 },
  ...moneyFields(MONEY, { blankZero: true }),
  { id: 'isGenerateCertificate', header: '凭证', kind: 'text', editable: false, width: 120 },
];

const totals: TotalDef<AssetDocumentGridRow>[] = sumTotals(MONEY);

export const assetDocumentsGrid: GridDefinition<AssetDocumentGridRow> = Object.freeze({
  id: 'asset-documents',
  title: '资产处置',
  fields,
  totals,
  commands: ['insertRowAfter', 'editCell', 'deleteRow', 'copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '资产处置', title: '资产处置', totalsAsFormulas: true, totalsInOneRow: true },
} satisfies GridDefinition<AssetDocumentGridRow>);
