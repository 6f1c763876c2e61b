/**
 * The detail ledger of a whole range as .xlsx (导出全部), streamed: lines are read month by month
 * in chunks in voucher order (keyset paging on date, voucher type, number and line, unique in a
 * month),
 * the running balance is carried from chunk to chunk, and each row is committed to the zip as it
 * is written, so memory stays flat however many lines the range holds.
 *
 * The sheet is the page's grid (grids/detail-ledger.ts) through the shared export plan: title with
 * the subject, 编制单位, period, 单位：元, money as '#,##0.00' numbers in yuan, text cells as
 * strings in Text columns (no formula injection). The summary filter hides lines but never
 * changes a balance, as on the page.
 */
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import type { DetailLedgerQuery, DetailLedgerRow } from '../../shared/api/books.js';
import { fillWorksheet, sheetPlan, worksheetOptions } from '../../shared/grid/xlsx.js';
import { detailLedgerGrid, toDetailLedgerGridRows } from '../../../grids/detail-ledger.js';
import type { Db } from '../db/database.js';
import { contentDisposition } from '../files/content-disposition.js';
import type { Scope } from '../subjects/subject-repository.js';
import {
  auxiNamesOf,
  ledgerContext,
  monthEndRows,
  monthLines,
  openingRow,
  voucherNoOf,
  type LedgerContext,
  type OrderedLine,
} from './detail-ledger.js';
import { sideOf } from './trial-balance-calc.js';
import type { PeriodRange } from './trial-balance.js';

export const EXPORT_CHUNK = 5000;

/**
 * Every row of the ledger over the range, in order, handed to `emit` chunk by chunk (opening,
 * lines with their running balance, month and year totals after each month's last shown line).
 */
export async function forEachLedgerRow(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  ctx: LedgerContext,
  query: Pick<DetailLedgerQuery, 'book' | 'abstractNumber' | 'isShowAuxi'>,
  emit: (rows: DetailLedgerRow[]) => void | Promise<void>,
  chunk = EXPORT_CHUNK,
): Promise<void> {
  const needle = query.abstractNumber?.trim() ?? '';
  await emit([openingRow(ctx, scope.year, range)]);
  let running = ctx.opening;
  // The month whose last shown line has been written, and whose totals are still owed.
  let pendingMonth: number | null = null;
  for (let month = range.beginMonth; month <= range.endMonth; month++) {
    let after: OrderedLine | undefined;
    for (;;) {
      const lines = await monthLines(db, scope, ctx.codes, query.book === true, month, { after }, chunk);
      if (lines.length === 0) break;
      const shown = needle ? lines.filter((l) => l.summary.includes(needle)) : lines;
      const names = query.isShowAuxi ? await auxiNamesOf(db, scope.ztId, [...new Set(shown.map((l) => l.voucher_id))]) : null;
      const rows: DetailLedgerRow[] = [];
      for (const l of lines) {
        const debit = Number(l.debit_amount);
        const credit = Number(l.credit_amount);
        running += debit - credit;
        if (needle && !l.summary.includes(needle)) continue;
        if (pendingMonth !== null && pendingMonth !== l.month) rows.push(...monthEndRows(ctx, scope.year, pendingMonth));
        pendingMonth = l.month;
        const b = sideOf(running);
        rows.push({
          kind: 'line',
          month: l.month,
          date: l.pz_date,
          voucherId: l.voucher_id,
          voucherNo: voucherNoOf(l.entry, l.pz_no),
          summary: l.summary,
          subjectCode: l.subject_code,
          auxiNames: names?.get(`${l.voucher_id}#${l.line_no}`) ?? '',
          debit,
          credit,
          direction: b.side,
          balance: b.amount,
        });
      }
      await emit(rows);
      after = lines[lines.length - 1];
      if (lines.length < chunk) break;
    }
  }
  if (pendingMonth !== null) await emit(monthEndRows(ctx, scope.year, pendingMonth));
}

const periodText = (year: number, r: PeriodRange) =>
  r.beginMonth === r.endMonth ? `${year}年${r.beginMonth}月` : `${year}年${r.beginMonth}月至${r.endMonth}月`;

/** Writes the workbook into `stream` (ended when done). */
export async function writeDetailLedgerXlsx(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  query: Pick<DetailLedgerQuery, 'code' | 'book' | 'abstractNumber' | 'isShowAuxi'>,
  unit: string,
  stream: Writable,
  ctx?: LedgerContext,
): Promise<void> {
  const context = ctx ?? (await ledgerContext(db, scope, range, query.code, query.book === true));
  const grid = detailLedgerGrid(query.isShowAuxi === true);
  const def = { ...grid, export: { ...grid.export, title: `明细账（${context.subject.code} ${context.subject.name}）` } };
  const plan = sheetPlan(def, [], { unit, period: periodText(scope.year, range) });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = '工会财务云';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(plan.sheetName, worksheetOptions(plan));
  fillWorksheet(sheet, plan, (row) => row.commit());
  const styles = plan.columns.map((c): Partial<ExcelJS.Style> => ({ numFmt: c.numFmt }));
  const bold = { bold: true };
  let n = 0;
  await forEachLedgerRow(db, scope, range, context, query, async (rows) => {
    for (const r of toDetailLedgerGridRows(rows, n++)) {
      const values = plan.dataRow(r);
      const row = sheet.addRow(values);
      values.forEach((v, c) => {
        const style = styles[c];
        if (v !== null && style) row.getCell(c + 1).style = style;
      });
      if (r.kind === 'monthTotal' || r.kind === 'yearTotal') row.font = bold;
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
  });
  sheet.commit();
  await workbook.commit();
}

export async function exportDetailLedger(
  db: Db,
  scope: Scope,
  range: PeriodRange,
  query: Pick<DetailLedgerQuery, 'code' | 'book' | 'abstractNumber' | 'isShowAuxi'>,
  unit: string,
  reply: FastifyReply,
): Promise<FastifyReply> {
  // Refusals (unknown subject) before the first byte goes out.
  const ctx = await ledgerContext(db, scope, range, query.code, query.book === true);
  const stream = new PassThrough();
  const name = `明细账_${ctx.subject.code}_${periodText(scope.year, range)}.xlsx`;
  writeDetailLedgerXlsx(db, scope, range, query, unit, stream, ctx).catch((error: unknown) => {
    reply.log.error(error);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', contentDisposition(name))
    .send(stream);
}
