/**
 * Excel export of a large grid, streamed: the same layout as the in-memory workbook
 * (src/shared/grid/xlsx.ts) written row by row with exceljs's WorkbookWriter, so memory stays
 * flat however many rows there are. Rows are committed as they are written; strings go inline
 * (no shared-strings table to hold in memory).
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { GridDefinition, GridRow } from '../../shared/grid/definition.js';
import { fillWorksheet, sheetPlan, worksheetOptions, type ExportMeta } from '../../shared/grid/xlsx.js';

export async function streamWorkbook<R extends GridRow>(
  stream: Writable,
  def: GridDefinition<R>,
  rows: readonly R[],
  meta: ExportMeta,
  totals?: Readonly<Record<string, number>>,
): Promise<void> {
  const plan = sheetPlan(def as unknown as GridDefinition<GridRow>, rows, meta, totals);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = '工会财务云';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(plan.sheetName, worksheetOptions(plan));
  fillWorksheet(sheet, plan, (row) => row.commit());
  sheet.commit();
  await workbook.commit();
}
