/**
 * The asset reports (issue 23 §4, base /account, the spec's calls; schemas in src/shared/api/schemas/
 * assets-reports.ts): 资产负债情况表 with its workbook, 低值资产预警 with its workbook, 收支分析 (earnings, outlay, one
 * subject by month) with its workbook. Reading needs the report's page, a workbook its export button. Every figure
 * is of the session's set and year (the spec's isStreetAccounting is always false here, so no unit list: the
 * session's set is the unit), computed in fen and answered in yuan.
 *
 * The spec's "async" export pair is answered synchronously (choice): reportAssetsDebtZeroAsync answers the address
 * of the download for the same query (no state is kept), reportAssetsDebtZeroAsyncDataOut builds and sends it.
 */
import type { FastifyRequest } from 'fastify';
import { analysisGrid, toAnalysisGridRow } from '../../../grids/asset-analysis.js';
import { assetsDebtGrid, toAssetsDebtGridRow } from '../../../grids/asset-debt.js';
import { lowerWarningGrid, toLowerWarningGridRow } from '../../../grids/asset-lower-warning.js';
import { periodText, workbookFileName } from '../../../grids/workbook/heading.js';
import { buildWorkbook } from '../../../grids/workbook/workbook.js';
import { Paths } from '../../shared/api/paths.js';
import {
  AssetReportSchemas,
  type AnalysisResponse,
  type AssetsDebtResponse,
  type LowerWarningResponse,
  type PeriodQuery,
} from '../../shared/api/schemas/assets-reports.js';
import { answerYuan } from '../../shared/books/answer-amounts.js';
import { okEnvelope } from '../../shared/envelope.js';
import { ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { scopeOf } from '../books/routes.js';
import { rangeOf } from '../books/period-range.js';
import type { Db } from '../db/database.js';
import { exportHeadingOf } from '../export/export-heading.js';
import { sendWorkbook } from '../files/download.js';
import type { App } from '../http/app-type.js';
import { assetContext } from './context.js';
import { percentText, readAccountAnalysis, readAnalysis, type AnalysisKind } from './report-analysis.js';
import { readAssetsDebt } from './report-assets-debt.js';
import { readLowerWarning } from './report-lower-warning.js';

const DEFAULT_LOW_QUANTITY = 1;

async function assetsDebtOf(db: Db, request: FastifyRequest, q: PeriodQuery): Promise<AssetsDebtResponse> {
  const scope = scopeOf(request);
  await assetContext(db.kysely, ztOf(request));
  const range = rangeOf(q.beginTime, q.endTime, scope.year);
  const rows = await readAssetsDebt(db, scope, range);
  return {
    year: scope.year,
    ...range,
    zero: rows.every((r) => r.difference === null || r.difference === 0),
    rows: rows.map((r) => ({
      ...r,
      openingBalance: answerYuan(r.openingBalance),
      debitOccur: answerYuan(r.debitOccur),
      creditOccur: answerYuan(r.creditOccur),
      endBalance: answerYuan(r.endBalance),
      register: r.register === null ? null : answerYuan(r.register),
      difference: r.difference === null ? null : answerYuan(r.difference),
    })),
  };
}

async function lowerWarningOf(db: Db, request: FastifyRequest, lowQuantity: number | undefined): Promise<LowerWarningResponse> {
  const zt = ztOf(request);
  await assetContext(db.kysely, zt);
  const rows = await readLowerWarning(db.kysely, zt.id, lowQuantity ?? DEFAULT_LOW_QUANTITY);
  return {
    rows: rows.map((r) => ({
      ...r,
      unitValue: answerYuan(r.unitValue),
      originalValue: answerYuan(r.originalValue),
      accumulatedDepreciation: answerYuan(r.accumulatedDepreciation),
      netValue: answerYuan(r.netValue),
    })),
  };
}

async function analysisOf(db: Db, request: FastifyRequest, q: PeriodQuery, kind: AnalysisKind): Promise<AnalysisResponse> {
  const scope = scopeOf(request);
  const range = rangeOf(q.beginTime, q.endTime, scope.year);
  const { rows, total } = await readAnalysis(db, scope, range, kind);
  return {
    year: scope.year,
    ...range,
    total: answerYuan(total),
    rows: rows.map((r) => ({
      code: r.code,
      name: r.name,
      level: r.level,
      parentCode: r.parentCode,
      current: answerYuan(r.current),
      lastYear: answerYuan(r.lastYear),
      yearToDate: answerYuan(r.yearToDate),
      change: answerYuan(r.change),
      changeRate: percentText(r.changeRate),
      share: percentText(r.share),
    })),
  };
}

export function assetReportRoutes(app: App, db: Db): void {
  const needs = {
    assetsDebt: onLedger(Right.pages(Page.assetsDebt)),
    assetsDebtExport: onLedger(Right.buttons([[Page.assetsDebt, 'export']])),
    lower: onLedger(Right.pages(Page.lowerAssetWarning)),
    lowerExport: onLedger(Right.buttons([[Page.lowerAssetWarning, 'export']])),
    analysis: onLedger(Right.pages(Page.analysis)),
    analysisExport: onLedger(Right.buttons([[Page.analysis, 'export']])),
  };
  const strip = (path: string) => path.replace(/^\/account/, '');

  app.get(strip(Paths.assetsDebtZero), { schema: AssetReportSchemas.assetsDebtZero, ...needs.assetsDebt }, async (request) =>
    okEnvelope(await assetsDebtOf(db, request, request.query)),
  );

  app.get(
    strip(Paths.reportAssetsDebtZeroAsync),
    { schema: AssetReportSchemas.reportAssetsDebtZeroAsync, ...needs.assetsDebtExport },
    (request) => {
      const { beginTime, endTime } = request.query;
      const zt = ztOf(request);
      const query = new URLSearchParams({ beginTime, endTime }).toString();
      return okEnvelope({
        url: `${Paths.reportAssetsDebtZeroAsyncDataOut}?${query}`,
        fileName: workbookFileName(assetsDebtGrid.export.title, zt.name, `${beginTime}至${endTime}`),
      });
    },
  );

  app.get(
    strip(Paths.reportAssetsDebtZeroAsyncDataOut),
    { schema: AssetReportSchemas.reportAssetsDebtZeroAsyncDataOut, ...needs.assetsDebtExport },
    async (request, reply) => {
      const answer = await assetsDebtOf(db, request, request.query);
      const period = periodText(answer.year, answer.beginMonth, answer.endMonth);
      const heading = exportHeadingOf(request, assetsDebtGrid.export.title, period);
      const workbook = buildWorkbook(assetsDebtGrid, answer.rows.map(toAssetsDebtGridRow), heading);
      return sendWorkbook(
        reply,
        workbookFileName(heading.title, heading.ledgerSet, period),
        Buffer.from(await workbook.xlsx.writeBuffer()),
      );
    },
  );

  app.get(
    strip(Paths.getLowerAssetWarning),
    { schema: AssetReportSchemas.getLowerAssetWarning, ...needs.lower },
    async (request) => okEnvelope(await lowerWarningOf(db, request, request.query.lowQuantity)),
  );

  app.get(
    strip(Paths.lowerAssetWarningDataOut),
    { schema: AssetReportSchemas.lowerAssetWarningDataOut, ...needs.lowerExport },
    async (request, reply) => {
      const answer = await lowerWarningOf(db, request, request.query.lowQuantity);
      const zt = ztOf(request);
      const period = `${zt.year}年`;
      const low = request.query.lowQuantity ?? DEFAULT_LOW_QUANTITY;
      const heading = exportHeadingOf(request, lowerWarningGrid.export.title, period, [
        { label: '库存预警数量', value: String(low) },
      ]);
      const workbook = buildWorkbook(lowerWarningGrid, answer.rows.map(toLowerWarningGridRow), heading);
      return sendWorkbook(
        reply,
        workbookFileName(heading.title, heading.ledgerSet, period),
        Buffer.from(await workbook.xlsx.writeBuffer()),
      );
    },
  );

  app.get(strip(Paths.earningsAnalysis), { schema: AssetReportSchemas.earningsAnalysis, ...needs.analysis }, async (request) =>
    okEnvelope(await analysisOf(db, request, request.query, 'earnings')),
  );

  app.get(strip(Paths.outlayAnalysis), { schema: AssetReportSchemas.outlayAnalysis, ...needs.analysis }, async (request) =>
    okEnvelope(await analysisOf(db, request, request.query, 'outlay')),
  );

  app.get(strip(Paths.accountAnalysis), { schema: AssetReportSchemas.accountAnalysis, ...needs.analysis }, async (request) => {
    const fen = await readAccountAnalysis(db, scopeOf(request), request.query.code);
    return okEnvelope({
      year: ztOf(request).year,
      code: fen.code,
      name: fen.name,
      months: fen.months.map((m) => ({
        month: m.month,
        current: answerYuan(m.current),
        lastYear: answerYuan(m.lastYear),
        yearToDate: answerYuan(m.yearToDate),
        change: answerYuan(m.change),
        changeRate: percentText(m.changeRate),
      })),
    });
  });

  app.get(
    strip(Paths.analysisDataOut),
    { schema: AssetReportSchemas.analysisDataOut, ...needs.analysisExport },
    async (request, reply) => {
      const { kind } = request.query;
      const answer = await analysisOf(db, request, request.query, kind);
      const period = periodText(answer.year, answer.beginMonth, answer.endMonth);
      const title = kind === 'earnings' ? '收入分析' : '支出分析';
      const heading = exportHeadingOf(request, title, period);
      const workbook = buildWorkbook(analysisGrid, answer.rows.map(toAnalysisGridRow), heading);
      return sendWorkbook(
        reply,
        workbookFileName(heading.title, heading.ledgerSet, period),
        Buffer.from(await workbook.xlsx.writeBuffer()),
      );
    },
  );
}
