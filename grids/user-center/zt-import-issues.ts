/**
 * The bad rows of a refused ledger-set import (账套注册): one line per rule a row breaks, with
 * the worksheet row and the column, read-only, in the workbook's order.
 */
import type { ImportIssue } from '../../src/shared/api/schemas/zt-register.js';
import type { GridDefinition, GridRow } from '../../src/shared/grid/definition.js';

export interface ZtImportIssueRow extends GridRow {
  readonly rowId: string;
  row: number;
  column: string;
  message: string;
}

export function toZtImportIssueRows(issues: readonly ImportIssue[]): ZtImportIssueRow[] {
  return issues.map((issue, i) => ({ rowId: `issue-${i}`, row: issue.row, column: issue.column, message: issue.message }));
}

export const ztImportIssuesGrid = Object.freeze({
  id: 'zt-import-issues',
  title: '账套导入错误',
  fields: [
    { id: 'row', header: '行号', kind: 'integer', editable: false, width: 70 },
    { id: 'column', header: '列', kind: 'text', editable: false, width: 110 },
    { id: 'message', header: '错误', kind: 'text', editable: false, width: 480 },
  ],
  commands: ['copy', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '导入错误', title: '账套导入错误', totalsAsFormulas: false },
} satisfies GridDefinition<ZtImportIssueRow>);
