/**
 * The official reports (base /account; schemas in src/shared/api/schemas/reports.ts): the balance
 * sheet and the income and expense statement as JSON (figures in yuan, computed in fen), as an xlsx
 * workbook and as a PDF in the form's layout. Reading needs the report's page, export and print its
 * buttons; every figure comes from the session's set and year.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BalanceSheetQuery, IncomeExpenseQuery } from '../../shared/api/reports.js';
import { ReportSchemas } from '../../shared/api/schemas/reports.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import { okEnvelope } from '../../shared/envelope.js';
import { reportAmounts } from '../../shared/reports/answer-amounts.js';
import type { ReportKind } from '../../shared/reports/types.js';
import type { Db } from '../db/database.js';
import { ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { rangeOf } from '../books/period-range.js';
import { contentDisposition } from '../files/content-disposition.js';
import type { App } from '../http/app-type.js';
import { buildReport, type BuiltReport } from './report-service.js';
import { buildReportWorkbook, reportFileName } from './report-xlsx.js';
import { renderReportPdf } from './report-pdf.js';

function reportOf(
  db: Db,
  request: FastifyRequest,
  kind: ReportKind,
  q: BalanceSheetQuery | IncomeExpenseQuery,
): Promise<BuiltReport> {
  const zt = ztOf(request);
  const scope = { ztId: zt.id, year: zt.year, system: zt.accountingSystem };
  const range = rangeOf(q.beginYearMonth, q.endYearMonth, zt.year);
  // departNo (spec): a set here has no departments; the report is the whole set's.
  return buildReport(db, scope, zt.name, kind, {
    ...range,
    book: q.book === true,
    carryOver: kind === 'balance-sheet' && 'carryOver' in q && q.carryOver === true,
  });
}

function file(reply: FastifyReply, type: string, name: string, disposition: 'inline' | 'attachment', body: Buffer) {
  return reply
    .type(type)
    .header('content-disposition', contentDisposition(name, disposition))
    .header('cache-control', 'private, no-store')
    .send(body);
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function reportRoutes(app: App, db: Db): void {
  // Each report with its schemas and the menu page whose export and print buttons it needs.
  const reports = [
    {
      kind: 'balance-sheet',
      path: '/api/report/balanceSheet',
      page: Page.balanceSheet,
      schemas: {
        data: ReportSchemas.balanceSheet,
        export: ReportSchemas.balanceSheetExport,
        print: ReportSchemas.balanceSheetPrint,
      },
    },
    {
      kind: 'income-expense',
      path: '/api/report/incomeExpense',
      page: Page.incomeExpense,
      schemas: {
        data: ReportSchemas.incomeExpense,
        export: ReportSchemas.incomeExpenseExport,
        print: ReportSchemas.incomeExpensePrint,
      },
    },
  ] as const;
  for (const { kind, path, page, schemas } of reports) {
    app.get(path, { schema: schemas.data, ...onLedger(Right.pages(page)) }, async (request) =>
      okEnvelope(reportAmounts((await reportOf(db, request, kind, request.query)).response, answerYuan)),
    );

    app.get(
      `${path}/export`,
      { schema: schemas.export, ...onLedger(Right.buttons([[page, 'export']])) },
      async (request, reply) => {
        const { form, response } = await reportOf(db, request, kind, request.query);
        const buffer = Buffer.from(await buildReportWorkbook(form, response).xlsx.writeBuffer());
        return file(reply, XLSX, reportFileName(response, 'xlsx'), 'attachment', buffer);
      },
    );

    app.get(`${path}/print`, { schema: schemas.print, ...onLedger(Right.buttons([[page, 'print']])) }, async (request, reply) => {
      const { response } = await reportOf(db, request, kind, request.query);
      return file(reply, 'application/pdf', reportFileName(response, 'pdf'), 'inline', await renderReportPdf(response));
    });
  }
}
