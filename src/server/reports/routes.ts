/**
 * The official reports (base /account; schemas in src/shared/api/schemas/reports.ts): the balance
 * sheet and the income and expense statement as JSON (figures in yuan, computed in fen), as an xlsx
 * workbook and as a PDF in the form's layout. Reading needs the report's page, export and print its
 * buttons; every figure comes from the session's set and year.
 */
import type { FastifyRequest } from 'fastify';
import type { BalanceSheetQuery, IncomeExpenseQuery } from '../../shared/api/reports.js';
import { ReportSchemas } from '../../shared/api/schemas/reports.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import { okEnvelope } from '../../shared/envelope.js';
import { reportAmounts } from '../../shared/reports/answer-amounts.js';
import type { ReportKind } from '../../shared/reports/types.js';
import type { Db } from '../db/database.js';
import { periodText } from '../../../grids/workbook/heading.js';
import { ztOf } from '../auth/guard.js';
import { exportHeadingOf } from '../export/export-heading.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { rangeOf } from '../books/period-range.js';
import { sendFile, sendWorkbook } from '../files/download.js';
import { refuse } from '../http/app-error.js';
import type { App } from '../http/app-type.js';
import { buildReport, providesReport, type BuiltReport } from './report-service.js';
import {
  buildMonthWorkbook,
  buildReportWorkbook,
  MONTH_WORKBOOK_TITLE,
  type ExportParty,
  type ReportPeriods,
} from './report-xlsx.js';
import { workbookFileName } from '../../../grids/workbook/heading.js';
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

/** Who exports from which set, now: what the heading of every sheet of the export says. */
function partyOf(request: FastifyRequest): ExportParty {
  const { unit, ledgerSet, exportedBy, exportedAt } = exportHeadingOf(request, '', '');
  return { unit, ledgerSet, exportedBy, exportedAt };
}

function periodsOf(report: BuiltReport['response']): ReportPeriods {
  return {
    period: periodText(report.year, report.beginMonth, report.endMonth),
    priorPeriod: periodText(report.year - 1, report.beginMonth, report.endMonth),
  };
}

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
    app.get(path, { schema: schemas.data, ...onLedger(Right.pages(page)) }, async (request, reply) => {
      const answer = okEnvelope(reportAmounts((await reportOf(db, request, kind, request.query)).response, answerYuan));
      // The server time so far (request received to answer built) for bench/books.ts, as the books calls send it.
      void reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
      return answer;
    });

    app.get(
      `${path}/export`,
      { schema: schemas.export, ...onLedger(Right.buttons([[page, 'export']])) },
      async (request, reply) => {
        const built = await reportOf(db, request, kind, request.query);
        const party = partyOf(request);
        const periods = periodsOf(built.response);
        const buffer = Buffer.from(await buildReportWorkbook(built, party, periods).xlsx.writeBuffer());
        return sendWorkbook(reply, workbookFileName(built.response.title, party.ledgerSet, periods.period), buffer);
      },
    );

    app.get(`${path}/print`, { schema: schemas.print, ...onLedger(Right.buttons([[page, 'print']])) }, async (request, reply) => {
      const { response } = await reportOf(db, request, kind, request.query);
      return sendFile(
        reply,
        'application/pdf',
        `${response.title}_${response.period}.pdf`,
        await renderReportPdf(response),
        'inline',
      );
    });
  }

  // The month's reports in one workbook (spec: GET api/reportToExcle/multipleExportsDataOut): the trial
  // balance, the balance sheet and the income statement (those the set's accounting system has), each
  // over the trial balance it reads. It writes every report, so it needs the export button of each.
  const exportButtons = [Page.trialBalance, Page.balanceSheet, Page.incomeExpense].map((p) => [p, 'export'] as const);
  app.get(
    '/api/reportToExcle/multipleExportsDataOut',
    { schema: ReportSchemas.multipleExports, ...onLedger(Right.buttons(exportButtons)) },
    async (request, reply) => {
      const held = request.routeButtons?.held ?? [];
      if (!exportButtons.every(([p, b]) => held.some(([hp, hb]) => hp === p && hb === b)))
        refuse('Forbidden', '导出全部报表需要科目余额表、资产负债表和收入支出表的导出权限');
      const zt = ztOf(request);
      const kinds = (['balance-sheet', 'income-expense'] as const).filter((k) => providesReport(zt.accountingSystem, k));
      const built: BuiltReport[] = [];
      for (const kind of kinds) built.push(await reportOf(db, request, kind, request.query));
      const [first] = built;
      if (!first) refuse('BusinessRule', '该账套的会计制度没有可导出的报表');
      const party = partyOf(request);
      const periods = periodsOf(first.response);
      const buffer = Buffer.from(await buildMonthWorkbook(built, party, periods).xlsx.writeBuffer());
      return sendWorkbook(reply, workbookFileName(MONTH_WORKBOOK_TITLE, party.ledgerSet, periods.period), buffer);
    },
  );
}
