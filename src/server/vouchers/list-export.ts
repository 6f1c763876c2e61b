/**
 * The voucher list as .xlsx (凭证列表), every voucher its filters select however many pages the
 * screen shows them in: read in chunks in the list's order (forEachListedVoucher) and streamed
 * row by row, so memory stays bounded. The rows are the page's rows (grids/voucher-list.ts), the
 * heading names every filter the form had, and 借方合计 / 贷方合计 are live SUM formulas over
 * all of them.
 */
import type { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fenToYuanString } from '../../shared/money.js';
import { toVoucherListRow, voucherListGrid, type VoucherListRow } from '../../../grids/voucher-list.js';
import { periodText, workbookFileName, type ExportFilter } from '../../../grids/workbook/heading.js';
import { exportHeadingOf } from '../export/export-heading.js';
import { StreamedSheet } from '../export/streamed-sheet.js';
import { sendStreamedWorkbook } from '../files/download.js';
import type { Q } from '../subjects/subject-repository.js';
import { listCertificateTypes } from './certificate-types.js';
import { forEachListedVoucher, type VoucherFilter } from './queries.js';

export const LIST_EXPORT_CHUNK = 500;

const STATUS_TEXT = { all: '全部', unreviewed: '未审核', reviewed: '已审核', unbooked: '未记账', booked: '已记账' } as const;

/** The form's filters as the screen names them, in its order (the months are the period). */
async function filtersOf(q: Q, ztId: number, f: VoucherFilter): Promise<ExportFilter[]> {
  const filters: ExportFilter[] = [];
  if (f.certificateType !== undefined) {
    const type = (await listCertificateTypes(q, ztId)).find((t) => t.value === f.certificateType);
    filters.push({ label: '类别', value: type ? `${type.entry}（${type.name}）` : String(f.certificateType) });
  }
  if (f.beginPzNo !== undefined || f.endPzNo !== undefined) {
    filters.push({ label: '凭证号', value: `${f.beginPzNo ?? ''}至${f.endPzNo ?? ''}` });
  }
  if (f.subjectCode !== undefined) filters.push({ label: '科目', value: f.subjectCode });
  if (f.summary !== undefined) filters.push({ label: '摘要包含', value: f.summary });
  if (f.minFen !== undefined || f.maxFen !== undefined) {
    const yuan = (fen: number | undefined) => (fen === undefined ? '' : fenToYuanString(fen));
    filters.push({ label: '金额', value: `${yuan(f.minFen)}至${yuan(f.maxFen)}` });
  }
  if (f.status !== undefined && f.status !== 'all') filters.push({ label: '状态', value: STATUS_TEXT[f.status] });
  return filters;
}

export async function exportVoucherList(
  q: Q,
  ztId: number,
  f: VoucherFilter,
  request: FastifyRequest,
  reply: FastifyReply,
  chunk = LIST_EXPORT_CHUNK,
): Promise<FastifyReply> {
  const begin = f.beginMonth ?? 1;
  const end = f.endMonth ?? 12;
  const period = periodText(f.year, begin, end);
  const heading = exportHeadingOf(request, voucherListGrid.export.title, period, await filtersOf(q, ztId, f));
  const write = async (stream: Writable) => {
    let sheet: StreamedSheet<VoucherListRow> | null = null;
    const sums = { debitTotal: 0, creditTotal: 0 };
    await forEachListedVoucher(q, ztId, f, chunk, async (vouchers) => {
      const rows = vouchers.map(toVoucherListRow);
      // The first chunk fits the column widths.
      sheet ??= new StreamedSheet(stream, voucherListGrid, heading, rows);
      for (const row of rows) {
        sheet.addRow(row);
        sums.debitTotal += row.debitTotal;
        sums.creditTotal += row.creditTotal;
      }
      await sheet.drained();
    });
    const done = sheet ?? new StreamedSheet<VoucherListRow>(stream, voucherListGrid, heading, []);
    done.addTotals(sums);
    await done.finish();
  };
  return sendStreamedWorkbook(reply, workbookFileName(heading.title, heading.ledgerSet, period), write);
}
