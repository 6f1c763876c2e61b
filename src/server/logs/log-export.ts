/**
 * The operation log and the access records as .xlsx: every row the filters select (not one page),
 * read in chunks in the list's order and streamed row by row. Every text is a string cell in a
 * Text column (grids/workbook/sheet-plan.ts), so a summary or a login name typed as '=HYPERLINK(…)'
 * stays text in Excel (formula injection). The heading names the scope (编制单位: the set the
 * administrator manages from, or 全部账套) and every filter.
 */
import type { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GridDefinition, GridRow } from '../../shared/grid/definition.js';
import { workbookFileName, type ExportFilter, type ExportHeading } from '../../../grids/workbook/heading.js';
import { authOf } from '../auth/guard.js';
import { StreamedSheet } from '../export/streamed-sheet.js';
import { sendStreamedWorkbook } from '../files/download.js';

export const LOG_EXPORT_CHUNK = 1000;

export function logHeading(request: FastifyRequest, title: string, period: string, filters: ExportFilter[]): ExportHeading {
  const { user, zt } = authOf(request);
  const unit = user.is_admin ? '全部账套' : (zt?.name ?? '');
  return { title, unit, ledgerSet: unit, period, filters, exportedBy: user.name, exportedAt: new Date() };
}

export function periodOf(beginDate: string | undefined, endDate: string | undefined): string {
  if (!beginDate && !endDate) return '全部时间';
  return `${beginDate ?? ''}至${endDate ?? ''}`;
}

/** Streams the rows `read` answers chunk by chunk (an empty chunk ends) into one sheet. */
export function sendLogWorkbook<R extends GridRow>(
  reply: FastifyReply,
  def: GridDefinition<R>,
  heading: ExportHeading,
  read: (offset: number, limit: number) => Promise<R[]>,
): FastifyReply {
  const write = async (stream: Writable) => {
    let sheet: StreamedSheet<R> | null = null;
    for (let offset = 0; ; offset += LOG_EXPORT_CHUNK) {
      const rows = await read(offset, LOG_EXPORT_CHUNK);
      sheet ??= new StreamedSheet(stream, def, heading, rows);
      for (const row of rows) sheet.addRow(row);
      await sheet.drained();
      if (rows.length < LOG_EXPORT_CHUNK) break;
    }
    await (sheet ?? new StreamedSheet<R>(stream, def, heading, [])).finish();
  };
  return sendStreamedWorkbook(reply, workbookFileName(heading.title, heading.ledgerSet, heading.period), write);
}
