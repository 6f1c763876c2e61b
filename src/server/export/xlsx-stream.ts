/**
 * Excel export of a large grid, streamed: the same layout as the in-memory workbook
 * (grids/workbook/workbook.ts) written row by row with exceljs's WorkbookWriter, so memory stays
 * flat however many rows there are. Rows are committed as they are written; strings go inline
 * (no shared-strings table to hold in memory).
 */
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { GridDefinition, GridRow } from '../../shared/grid/definition.js';
import type { ExportHeading } from '../../../grids/workbook/heading.js';
import { fillWorksheet, setWorkbookProperties, sheetPlan, worksheetOptions } from '../../../grids/workbook/workbook.js';

interface AppModel {
  worksheets: unknown[];
  company?: string;
}

// exceljs's own writer of docProps/app.xml (a CommonJS module without types).
const AppXform = createRequire(import.meta.url)('exceljs/lib/xlsx/xform/core/app-xform.js') as new () => {
  toXml(model: AppModel): string;
};

/**
 * A streamed workbook carrying the heading's properties. exceljs's writer leaves the company out
 * of docProps/app.xml, so its part is written here with it.
 */
export function streamedWorkbook(stream: Writable, heading: ExportHeading): ExcelJS.stream.xlsx.WorkbookWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  setWorkbookProperties(workbook, heading);
  const writer = workbook as unknown as {
    _worksheets: unknown[];
    zip: { append(xml: string, options: { name: string }): void };
    addApp(): Promise<void>;
  };
  writer.addApp = () => {
    const model: AppModel = { worksheets: writer._worksheets.filter(Boolean), company: heading.unit };
    writer.zip.append(new AppXform().toXml(model), { name: 'docProps/app.xml' });
    return Promise.resolve();
  };
  return workbook;
}

export async function streamWorkbook<R extends GridRow>(
  stream: Writable,
  def: GridDefinition<R>,
  rows: readonly R[],
  heading: ExportHeading,
  totals?: Readonly<Record<string, number>>,
): Promise<void> {
  const plan = sheetPlan(def as unknown as GridDefinition<GridRow>, rows, heading, totals);
  const workbook = streamedWorkbook(stream, heading);
  const sheet = workbook.addWorksheet(plan.sheetName, worksheetOptions(plan));
  fillWorksheet(sheet, plan, (row) => row.commit());
  sheet.commit();
  await workbook.commit();
}
