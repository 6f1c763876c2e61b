/**
 * Every formula of a workbook recalculated with HyperFormula, for the browser tests: Playwright
 * cannot load workbook-check.ts (it asserts with vitest's expect), so this is its recalculation
 * alone, with the same rule that a string cell stays text.
 */
import ExcelJS from 'exceljs';
import { HyperFormula } from 'hyperformula';

export type SheetValues = (string | number | boolean | null)[][];

export function recalculated(workbook: ExcelJS.Workbook): Map<string, SheetValues> {
  const sheets: Record<string, (string | number | boolean | null)[][]> = {};
  workbook.eachSheet((sheet) => {
    const rows: (string | number | boolean | null)[][] = [];
    for (let r = 1; r <= sheet.rowCount; r++) {
      const row: (string | number | boolean | null)[] = [];
      for (let c = 1; c <= sheet.columnCount; c++) {
        const cell = sheet.getCell(r, c);
        if (cell.type === ExcelJS.ValueType.Formula) row.push(`=${cell.formula}`);
        else if (typeof cell.value === 'number' || typeof cell.value === 'boolean') row.push(cell.value);
        else if (typeof cell.value === 'string') row.push(`'${cell.value}`);
        else if (cell.value instanceof Date) row.push(cell.value.getTime());
        else row.push(null);
      }
      rows.push(row);
    }
    sheets[sheet.name] = rows;
  });
  const hf = HyperFormula.buildFromSheets(sheets, { licenseKey: 'gpl-v3' });
  const out = new Map<string, SheetValues>();
  for (const name of Object.keys(sheets)) {
    const id = hf.getSheetId(name);
    if (id === undefined) continue;
    out.set(name, hf.getSheetValues(id) as SheetValues);
  }
  hf.destroy();
  return out;
}
