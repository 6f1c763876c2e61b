/**
 * Print of the trial balance (科目余额表), the general ledger (总账) and the detail ledger (明细账)
 * as PDF (src/server/print/table-pdf.ts): the same query parameters as their data routes, the
 * session's set only, and the print button of the page (src/server/admin/menu-catalogue.ts).
 * The detail ledger prints every line of the range (read in chunks as its xlsx export reads them);
 * a range of more than PRINT_DETAIL_MAX_ROWS rows (environment, default 10,000, read per request)
 * is refused before any page is laid out: the PDF is built in memory.
 */
import type { FastifyReply } from 'fastify';
import { Paths } from '../../shared/api/paths.js';
import { BookSchemas } from '../../shared/api/schemas/books.js';
import type { Db } from '../db/database.js';
import { ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { refuse } from '../http/app-error.js';
import type { App } from '../http/app-type.js';
import { sendFile } from '../files/download.js';
import { rangeOf } from '../books/period-range.js';
import { scopeOf } from '../books/routes.js';
import { queryTrialBalance, type PeriodRange } from '../books/trial-balance.js';
import { queryGeneralLedger } from '../books/general-ledger.js';
import { forEachLedgerRow } from '../books/detail-ledger.js';
import { ledgerContext, ledgerOptionsOf } from '../books/detail-sections.js';
import { detailLedgerTable, generalLedgerTable, trialBalanceTable } from './report-print-tables.js';
import { renderTablePdf, type TableDocument } from './table-pdf.js';

/** More rows than this in one detail ledger print is refused: the range should be narrowed. */
export const DETAIL_PRINT_MAX_ROWS = 10_000;

/** Lines read at a time for the print (as the export reads them). */
const PRINT_CHUNK = 5000;

const detailPrintMaxRows = () => {
  const value = Number(process.env.PRINT_DETAIL_MAX_ROWS);
  return Number.isSafeInteger(value) && value > 0 ? value : DETAIL_PRINT_MAX_ROWS;
};

export const periodText = (year: number, r: PeriodRange) =>
  r.beginMonth === r.endMonth ? `${year}年${r.beginMonth}月` : `${year}年${r.beginMonth}月至${r.endMonth}月`;

/** Each print needs its page's print button. */
const PRINT = {
  trialBalance: onLedger(Right.buttons([[Page.trialBalance, 'print']])),
  generalLedger: onLedger(Right.buttons([[Page.generalLedger, 'print']])),
  detailAccount: onLedger(Right.buttons([[Page.detailAccount, 'print']])),
};

/** Strips the /account base the routes are registered under. */
const local = (path: string) => path.replace(/^\/account/, '');

async function sendPdf(reply: FastifyReply, table: TableDocument, name: string) {
  return sendFile(reply, 'application/pdf', name, await renderTablePdf(table), 'inline');
}

export function reportPrintRoutes(app: App, db: Db): void {
  const print = { ...PRINT.trialBalance, schema: BookSchemas.trialBalancePrint };
  app.get(local(Paths.trialBalancePrint), print, async (request, reply) => {
    const q = request.query;
    const scope = scopeOf(request);
    const range = rangeOf(q.beginTime, q.endTime, scope.year);
    const answer = await queryTrialBalance(db, scope, range, q);
    const period = periodText(scope.year, range);
    return sendPdf(reply, trialBalanceTable(answer, ztOf(request).name, period), `科目余额表_${period}.pdf`);
  });

  const general = { ...PRINT.generalLedger, schema: BookSchemas.generalLedgerPrint };
  app.get(local(Paths.generalLedgerPrint), general, async (request, reply) => {
    const q = request.query;
    const scope = scopeOf(request);
    const range = rangeOf(q.beginTime, q.endTime, scope.year);
    const answer = await queryGeneralLedger(db, scope, range, q);
    const period = periodText(scope.year, range);
    return sendPdf(reply, generalLedgerTable(answer, scope.year, ztOf(request).name, period), `总账_${period}.pdf`);
  });

  const detail = { ...PRINT.detailAccount, schema: BookSchemas.detailAccountPrint };
  app.get(local(Paths.detailAccountPrint), detail, async (request, reply) => {
    const q = request.query;
    const scope = scopeOf(request);
    const range = rangeOf(q.beginTime, q.endTime, scope.year);
    const ctx = await ledgerContext(db, scope, range, q.code, ledgerOptionsOf(q));
    const max = detailPrintMaxRows();
    const rows: Parameters<typeof detailLedgerTable>[0]['rows'][number][] = [];
    await forEachLedgerRow(
      db,
      ctx,
      (chunk) => {
        rows.push(...chunk);
        if (rows.length > max) refuse('BadRequest', `明细账超过${max}行，请缩小期间后再打印`);
      },
      PRINT_CHUNK,
    );
    const period = periodText(scope.year, range);
    const table = detailLedgerTable(
      { code: ctx.subject.code, codeName: ctx.subject.name, rows, showAuxi: ctx.view.byItem },
      ztOf(request).name,
      period,
    );
    return sendPdf(reply, table, `明细账_${ctx.subject.code}_${period}.pdf`);
  });
}
