/**
 * Excel export of a grid: the shared workbook builder (src/shared/grid/xlsx.ts, loaded on demand
 * so exceljs stays out of the first page load) written to a buffer and offered as a download.
 */
import type { GridDefinition, GridRow } from '../../shared/grid/definition.js';

export interface ExportInfo {
  unit: string;
  period: string;
  /** Without .xlsx; defaults to the definition's export title. */
  fileName?: string;
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function exportGrid<R extends GridRow>(
  def: GridDefinition<R>,
  rows: readonly R[],
  info: ExportInfo,
  totals?: Record<string, number>,
): Promise<void> {
  const { buildWorkbook } = await import('../../shared/grid/xlsx.js');
  const workbook = buildWorkbook(def, rows, { unit: info.unit, period: info.period }, totals);
  const buffer = await workbook.xlsx.writeBuffer();
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  downloadBlob(blob, `${info.fileName ?? def.export.title}.xlsx`);
}
