/**
 * Excel export of a grid: the shared workbook builder (grids/workbook/workbook.ts, loaded on
 * demand so exceljs stays out of the first page load) written to a buffer and offered as a
 * download named by workbookFileName (科目余额表_示范市第一机械厂工会_2026年01-03月.xlsx).
 */
import type { GridDefinition, GridRow } from '../../shared/grid/definition.js';
import type { AuthInfo } from '../../shared/api/schemas/auth.js';
import { workbookFileName, type ExportFilter, type ExportHeading } from '../../../grids/workbook/heading.js';

/** What a page says about its grid's export: the heading's period and the filters on screen. */
export interface ExportInfo {
  unit: string;
  /** 账套 name; the unit's when not given. */
  ledgerSet?: string;
  period: string;
  filters?: readonly ExportFilter[];
  exportedBy?: string;
  /** Defaults to the definition's export title. */
  title?: string;
  /** Without .xlsx; defaults to title_ledgerSet_period. */
  fileName?: string;
}

export function exportHeading(def: Pick<GridDefinition, 'export'>, info: ExportInfo, at = new Date()): ExportHeading {
  return {
    title: info.title ?? def.export.title,
    unit: info.unit,
    ledgerSet: info.ledgerSet ?? info.unit,
    period: info.period,
    filters: info.filters ?? [],
    exportedBy: info.exportedBy ?? '',
    exportedAt: at,
  };
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
  const { buildWorkbook } = await import('../../../grids/workbook/workbook.js');
  const heading = exportHeading(def, info);
  const workbook = buildWorkbook(def, rows, heading, totals);
  const buffer = await workbook.xlsx.writeBuffer();
  const blob = new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  downloadBlob(
    blob,
    info.fileName ? `${info.fileName}.xlsx` : workbookFileName(heading.title, heading.ledgerSet, heading.period),
  );
}

/** The session's part of a heading: 编制单位 and 账套 from the ledger set, the exporter. */
export function sessionExportInfo(
  authInfo: Pick<AuthInfo, 'ztName' | 'name'> | null,
  period: string,
  filters: readonly ExportFilter[],
): ExportInfo {
  const ledgerSet = authInfo?.ztName ?? '';
  return { unit: ledgerSet, ledgerSet, period, filters, exportedBy: authInfo?.name ?? '' };
}
