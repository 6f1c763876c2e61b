/**
 * The detail ledger of a whole range as .xlsx (the page's 导出Excel), streamed: section by
 * section, lines are read month by month in chunks in voucher order (keyset paging on date,
 * voucher type, number and line, unique in a month), the running balance is carried from chunk to
 * chunk, and each row is committed to the zip as it is written, so memory stays flat however many
 * lines the range holds.
 *
 * The sheet is the page's grid (grids/detail-ledger.ts) through the shared sheet plan: the title
 * names the subject, the heading block the unit, ledger set, period and every switch of the form;
 * money as '#,##0.00' numbers in yuan, dates as dates, text cells as strings in Text columns (no
 * formula injection). 本月合计 and 本年累计 are live formulas over the lines
 * (detail-total-formulas.ts). The summary filter hides lines but never changes a balance, as on
 * the page; with isShowAuxi each auxiliary item is a section with its heading, opening and totals
 * (bold), as on the page.
 */
import type { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { detailLedgerGrid, toDetailLedgerGridRows, type DetailLedgerGridRow } from '../../../grids/detail-ledger.js';
import { periodText, workbookFileName, type ExportFilter, type ExportHeading } from '../../../grids/workbook/heading.js';
import type { Db } from '../db/database.js';
import { exportHeadingOf } from '../export/export-heading.js';
import { StreamedSheet } from '../export/streamed-sheet.js';
import { sendStreamedWorkbook } from '../files/download.js';
import type { Scope } from '../subjects/subject-repository.js';
import { DetailTotalFormulas } from './detail-total-formulas.js';
import { forEachLedgerRow } from './detail-ledger.js';
import { ledgerContext, ledgerOptionsOf, type DetailFilter, type LedgerContext } from './detail-sections.js';
import type { PeriodRange } from './trial-balance.js';

export const EXPORT_CHUNK = 5000;

/** 明细账（101 库存现金）: the sheet's title and the file's. */
export const detailLedgerTitle = (ctx: LedgerContext) => `明细账（${ctx.subject.code} ${ctx.subject.name}）`;

/**
 * What shaped the rows, as the page's form names it, in its order: the subject, the summary
 * filter when one is typed, and every switch 是 or 否 (as every books export names its switches,
 * grids/workbook/filters.ts: an auditor needs to know either way).
 */
export function detailLedgerFilters(ctx: LedgerContext): ExportFilter[] {
  const o = ctx.options;
  const yesNo = (label: string, on: boolean): ExportFilter => ({ label, value: on ? '是' : '否' });
  return [
    { label: '科目', value: `${ctx.subject.code} ${ctx.subject.name}` },
    ...(o.needle !== '' ? [{ label: '摘要包含', value: o.needle }] : []),
    yesNo('只含已记账凭证', o.booked),
    yesNo('按辅助核算项目', o.byItem),
    yesNo('显示无发生额月份', o.showZeroAmount),
    yesNo('显示余额为零且无发生额的项目', o.showZeroBalance),
    yesNo('不含结转凭证', o.withoutCarryForward),
  ];
}

/** Writes the workbook into `stream` (ended when done). */
export async function writeDetailLedgerXlsx(
  db: Db,
  ctx: LedgerContext,
  heading: ExportHeading,
  stream: Writable,
  chunk = EXPORT_CHUNK,
): Promise<void> {
  const grid = detailLedgerGrid(ctx.view.byItem);
  const def = { ...grid, export: { ...grid.export, title: heading.title } };
  let sheet: StreamedSheet<DetailLedgerGridRow> | null = null;
  let formulas: DetailTotalFormulas | null = null;
  let n = 0;
  await forEachLedgerRow(
    db,
    ctx,
    async (rows) => {
      const gridRows = toDetailLedgerGridRows(rows, n++);
      if (!sheet) {
        // The first chunk fits the column widths.
        sheet = new StreamedSheet(stream, def, heading, gridRows);
        // With a summary filter the totals add lines that are not shown: they stay values.
        if (ctx.options.needle === '')
          formulas = new DetailTotalFormulas({ debit: sheet.column('debit'), credit: sheet.column('credit') });
      }
      for (const r of gridRows) sheet.addRow(r, formulas?.next(r, sheet.nextRow));
      await sheet.drained();
    },
    chunk,
  );
  await (sheet ?? new StreamedSheet<DetailLedgerGridRow>(stream, def, heading, [])).finish();
}

export async function exportDetailLedger(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  code: string,
  filter: DetailFilter,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  // Refusals (unknown subject) before the first byte goes out.
  const ctx = await ledgerContext(db, scope, range, code, ledgerOptionsOf(filter));
  const period = periodText(scope.year, range.beginMonth, range.endMonth);
  const heading = exportHeadingOf(request, detailLedgerTitle(ctx), period, detailLedgerFilters(ctx));
  return sendStreamedWorkbook(reply, workbookFileName(heading.title, heading.ledgerSet, period), (stream) =>
    writeDetailLedgerXlsx(db, ctx, heading, stream),
  );
}
