/**
 * The official reports (base /account; shapes in src/shared/api/reports.ts): the balance sheet and
 * the income and expense statement as JSON, as an xlsx workbook and as a PDF in the form's layout.
 * Reading needs the report's page, export and print its buttons; every figure comes from the
 * session's set and year.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { okEnvelope } from '../../shared/envelope.js';
import type { ReportKind } from '../../shared/reports/types.js';
import type { Db } from '../db/database.js';
import { ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { rangeOf } from '../books/routes.js';
import { contentDisposition } from '../files/content-disposition.js';
import { buildReport, type BuiltReport } from './report-service.js';
import { buildReportWorkbook, reportFileName } from './report-xlsx.js';
import { renderReportPdf } from './report-pdf.js';

type Query = Record<string, string | undefined>;

const flag = (value: string | undefined) => value === 'true' || value === '1';

function reportOf(db: Db, request: FastifyRequest, kind: ReportKind): Promise<BuiltReport> {
  const q = request.query as Query;
  const zt = ztOf(request);
  const scope = { ztId: zt.id, year: zt.year, system: zt.accountingSystem };
  const range = rangeOf(q, zt.year, 'beginYearMonth', 'endYearMonth');
  // departNo (spec): a set here has no departments; the report is the whole set's.
  return buildReport(db, scope, zt.name, kind, {
    ...range,
    book: flag(q.book),
    carryOver: kind === 'balance-sheet' && flag(q.carryOver),
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

export function reportRoutes(app: FastifyInstance, db: Db): void {
  // Each report with the menu page whose export and print buttons it needs.
  const paths: [ReportKind, string, string][] = [
    ['balance-sheet', '/api/report/balanceSheet', Page.balanceSheet],
    ['income-expense', '/api/report/incomeExpense', Page.incomeExpense],
  ];
  for (const [kind, path, page] of paths) {
    app.get(path, onLedger(Right.pages(page)), async (request) => okEnvelope((await reportOf(db, request, kind)).response));

    app.get(`${path}/export`, onLedger(Right.buttons([[page, 'export']])), async (request, reply) => {
      const { form, response } = await reportOf(db, request, kind);
      const buffer = Buffer.from(await buildReportWorkbook(form, response).xlsx.writeBuffer());
      return file(reply, XLSX, reportFileName(response, 'xlsx'), 'attachment', buffer);
    });

    app.get(`${path}/print`, onLedger(Right.buttons([[page, 'print']])), async (request, reply) => {
      const { response } = await reportOf(db, request, kind);
      return file(reply, 'application/pdf', reportFileName(response, 'pdf'), 'inline', await renderReportPdf(response));
    });
  }
}
