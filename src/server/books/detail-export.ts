/**
 * The detail ledger of a whole range as .xlsx (导出全部), streamed: section by section, lines are
 * read month by month in chunks in voucher order (keyset paging on date, voucher type, number and
 * line, unique in a month), the running balance is carried from chunk to chunk, and each row is
 * committed to the zip as it is written, so memory stays flat however many lines the range holds.
 *
 * The sheet is the page's grid (grids/detail-ledger.ts) through the shared export plan: title with
 * the subject, 编制单位, period, 单位：元, money as '#,##0.00' numbers in yuan, text cells as
 * strings in Text columns (no formula injection). The summary filter hides lines but never
 * changes a balance, as on the page; with isShowAuxi each auxiliary item is a section with its
 * heading, opening and totals (bold), as on the page.
 */
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type ExcelJS from 'exceljs';
import { fillWorksheet, sheetPlan, worksheetOptions } from '../../../grids/workbook/workbook.js';
import { streamedWorkbook } from '../export/xlsx-stream.js';
import { detailLedgerGrid, toDetailLedgerGridRows } from '../../../grids/detail-ledger.js';
import type { Db } from '../db/database.js';
import { contentDisposition } from '../files/content-disposition.js';
import type { Scope } from '../subjects/subject-repository.js';
import { forEachLedgerRow } from './detail-ledger.js';
import { ledgerContext, ledgerOptionsOf, type DetailFilter, type LedgerContext } from './detail-sections.js';
import type { PeriodRange } from './trial-balance.js';

export const EXPORT_CHUNK = 5000;

const periodText = (year: number, r: PeriodRange) =>
  r.beginMonth === r.endMonth ? `${year}年${r.beginMonth}月` : `${year}年${r.beginMonth}月至${r.endMonth}月`;

/** Writes the workbook into `stream` (ended when done). */
export async function writeDetailLedgerXlsx(
  db: Db,
  ctx: LedgerContext,
  unit: string,
  stream: Writable,
  chunk = EXPORT_CHUNK,
): Promise<void> {
  const grid = detailLedgerGrid(ctx.view.byItem);
  const def = { ...grid, export: { ...grid.export, title: `明细账（${ctx.subject.code} ${ctx.subject.name}）` } };
  // The heading's filters and exporter come with the whole-result export (issue 16, item 1).
  const heading = {
    title: def.export.title,
    unit,
    ledgerSet: unit,
    period: periodText(ctx.view.year, ctx.view),
    filters: [],
    exportedBy: '',
    exportedAt: new Date(),
  };
  const plan = sheetPlan(def, [], heading);
  const workbook = streamedWorkbook(stream, heading);
  const sheet = workbook.addWorksheet(plan.sheetName, worksheetOptions(plan));
  fillWorksheet(sheet, plan, (row) => row.commit());
  const styles = plan.columns.map((c): Partial<ExcelJS.Style> => ({ numFmt: c.numFmt }));
  const bold = { bold: true };
  let n = 0;
  await forEachLedgerRow(
    db,
    ctx,
    async (rows) => {
      for (const r of toDetailLedgerGridRows(rows, n++)) {
        const values = plan.dataRow(r);
        const row = sheet.addRow(values);
        values.forEach((v, c) => {
          const style = styles[c];
          if (v !== null && style) row.getCell(c + 1).style = style;
        });
        if (r.kind === 'item' || r.kind === 'monthTotal' || r.kind === 'yearTotal') row.font = bold;
        row.commit();
      }
      // A slow reader holds the next chunk back instead of letting the zip buffer grow.
      if (stream.destroyed) throw new Error('export stream closed');
      await new Promise<void>((resolve) => {
        if (!stream.writableNeedDrain) return setImmediate(resolve);
        const done = () => {
          stream.off('drain', done);
          stream.off('close', done);
          resolve();
        };
        stream.on('drain', done);
        stream.on('close', done);
      });
    },
    chunk,
  );
  sheet.commit();
  await workbook.commit();
}

export async function exportDetailLedger(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  code: string,
  filter: DetailFilter,
  unit: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  // Refusals (unknown subject) before the first byte goes out.
  const ctx = await ledgerContext(db, scope, range, code, ledgerOptionsOf(filter));
  const stream = new PassThrough();
  const name = `明细账_${ctx.subject.code}_${periodText(scope.year, range)}.xlsx`;
  writeDetailLedgerXlsx(db, ctx, unit, stream).catch((error: unknown) => {
    reply.log.error(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition(name))
    .send(stream);
}
