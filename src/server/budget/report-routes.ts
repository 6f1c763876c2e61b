/**
 * The budget reports (base /budget; schemas in src/shared/api/schemas/budget-reports.ts): the
 * execution per detail with class and category subtotals and its workbook, a detail's voucher
 * lines (the drill), and 支出预警 with its workbook. Reading needs the report's page (the drill
 * either page), exporting its export button. Every figure is of the session's set and year.
 */
import type { FastifyRequest } from 'fastify';
import { budgetExecutionGrid, toBudgetExecutionGridRows } from '../../../grids/budget-execution.js';
import { budgetWarningsGrid, toBudgetWarningGridRow } from '../../../grids/budget-warnings.js';
import { workbookFileName } from '../../../grids/workbook/heading.js';
import { buildWorkbook } from '../../../grids/workbook/workbook.js';
import {
  BudgetReportSchemas,
  type BudgetExecutionQuery,
  type BudgetExecutionResponse,
  type BudgetWarningsResponse,
} from '../../shared/api/schemas/budget-reports.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import { EXPEND_CLASSES } from '../../shared/budget/classes.js';
import { controlName, warningRows } from '../../shared/budget/execution-rows.js';
import { planInForce } from '../../shared/budget/plan-states.js';
import { okEnvelope } from '../../shared/envelope.js';
import { ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import { exportHeadingOf } from '../export/export-heading.js';
import { sendWorkbook } from '../files/download.js';
import type { App } from '../http/app-type.js';
import { figures, percentOfPpm, planOf, rowOf } from './report-answer.js';
import { readBudgetLines, readExecutionReport } from './report.js';

async function executionOf(db: Db, request: FastifyRequest, q: BudgetExecutionQuery): Promise<BudgetExecutionResponse> {
  const zt = ztOf(request);
  const report = await readExecutionReport(db.kysely, zt.id, zt.year, q);
  return { year: zt.year, plan: planOf(report.plan), rows: report.rows.map(rowOf), total: figures(report.total) };
}

async function warningsOf(db: Db, request: FastifyRequest): Promise<BudgetWarningsResponse> {
  const zt = ztOf(request);
  const report = await readExecutionReport(db.kysely, zt.id, zt.year, {});
  if (!planInForce(report.plan)) return { year: zt.year, plan: planOf(report.plan), rows: [] };
  const categoryName = new Map(report.rows.filter((r) => r.kind === 'category').map((r) => [r.typeId, r.name]));
  const className = (code: string) => EXPEND_CLASSES.find((c) => c.code === code)?.name ?? code;
  return {
    year: zt.year,
    plan: planOf(report.plan),
    rows: warningRows(report.rows).map((r) => ({
      budgetId: r.budgetId ?? '',
      code: r.code,
      name: r.name,
      className: className(r.classCode),
      categoryName: categoryName.get(r.typeId) ?? '',
      ...figures(r),
      warnPercent: percentOfPpm(r.warnPpm ?? 0),
      overBudget: r.spent > r.adjusted,
      control: r.control ?? 0,
      controlName: controlName(r.control),
    })),
  };
}

export function budgetReportRoutes(app: App, db: Db): void {
  app.get(
    '/api/execution',
    { schema: BudgetReportSchemas.execution, ...onLedger(Right.pages(Page.budgetExecution)) },
    async (request) => okEnvelope(await executionOf(db, request, request.query)),
  );

  app.get(
    '/api/execution/export',
    { schema: BudgetReportSchemas.executionExport, ...onLedger(Right.buttons([[Page.budgetExecution, 'export']])) },
    async (request, reply) => {
      const answer = await executionOf(db, request, request.query);
      const period = `${answer.year}年`;
      const filters = [];
      const { expendClass, typeId } = request.query;
      if (expendClass)
        filters.push({ label: '支出分类', value: EXPEND_CLASSES.find((c) => c.code === expendClass)?.name ?? expendClass });
      if (typeId) filters.push({ label: '类别', value: answer.rows[0]?.name ?? typeId });
      const heading = exportHeadingOf(request, budgetExecutionGrid.export.title, period, filters);
      const workbook = buildWorkbook(budgetExecutionGrid, toBudgetExecutionGridRows(answer.rows), heading);
      return sendWorkbook(
        reply,
        workbookFileName(heading.title, heading.ledgerSet, period),
        Buffer.from(await workbook.xlsx.writeBuffer()),
      );
    },
  );

  app.get(
    '/api/execution/lines',
    { schema: BudgetReportSchemas.lines, ...onLedger(Right.pages(Page.budgetExecution, Page.budgetWarnings)) },
    async (request) => {
      const zt = ztOf(request);
      const { detail, spent, lines } = await readBudgetLines(db.kysely, zt.id, zt.year, request.query.budgetId);
      return okEnvelope({
        budgetId: detail.id,
        code: detail.info_no,
        name: detail.project_name,
        projectAmount: answerYuan(detail.project_amount),
        spent: answerYuan(spent),
        lines: lines.map((l) => ({ ...l, amount: answerYuan(l.amount) })),
      });
    },
  );

  app.get(
    '/api/warnings',
    { schema: BudgetReportSchemas.warnings, ...onLedger(Right.pages(Page.budgetWarnings)) },
    async (request) => okEnvelope(await warningsOf(db, request)),
  );

  app.get(
    '/api/warnings/export',
    { schema: BudgetReportSchemas.warningsExport, ...onLedger(Right.buttons([[Page.budgetWarnings, 'export']])) },
    async (request, reply) => {
      const answer = await warningsOf(db, request);
      const period = `${answer.year}年`;
      const heading = exportHeadingOf(request, budgetWarningsGrid.export.title, period, [
        { label: '方案状态', value: answer.plan.stateName },
      ]);
      const workbook = buildWorkbook(budgetWarningsGrid, answer.rows.map(toBudgetWarningGridRow), heading);
      return sendWorkbook(
        reply,
        workbookFileName(heading.title, heading.ledgerSet, period),
        Buffer.from(await workbook.xlsx.writeBuffer()),
      );
    },
  );
}
