/**
 * The vouchers lane's calls (base /fixedassets; schemas in shared/api/schemas/assets-vouchers.ts): a class's month
 * list, a month's depreciation or amortisation run and its undo, the month's detail, its classification and its
 * workbook. Reads need the depreciation page; the run and the undo its 新增 (add) button; the workbook its export.
 */
import { createAssetProvisionGrid, toAssetProvisionGridRow } from '../../../grids/asset-provision-detail.js';
import { workbookFileName } from '../../../grids/workbook/heading.js';
import { buildWorkbook } from '../../../grids/workbook/workbook.js';
import { Type } from 'typebox';
import { Paths } from '../../shared/api/paths.js';
import {
  ProvisionClassificationQuerySchema,
  ProvisionClassificationSchema,
  ProvisionDetailPageSchema,
  ProvisionDetailQuerySchema,
  ProvisionExportQuerySchema,
  ProvisionMonthRowSchema,
  ProvisionMonthsQuerySchema,
  ProvisionRunBodySchema,
  ProvisionRunResultSchema,
} from '../../shared/api/schemas/assets-vouchers.js';
import { Envelope, FileAnswer } from '../../shared/api/schemas/common.js';
import { ASSET_NATURES } from '../../shared/assets/constants.js';
import { okEnvelope } from '../../shared/envelope.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { authOf, ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import { exportHeadingOf } from '../export/export-heading.js';
import { sendWorkbook } from '../files/download.js';
import type { App } from '../http/app-type.js';
import { assetContext } from './context.js';
import { provisionClassification, provisionDetail, provisionRowsForExport, stageOf } from './provision-detail.js';
import { provisionMonths, runProvision, undoProvision } from './provisions.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const local = (path: string) => path.replace(/^\/fixedassets/, '');
const read = onLedger(Right.pages(Page.assetDepreciation));
const write = onLedger(Right.buttons([[Page.assetDepreciation, 'add']]));

export function assetVoucherRoutes(app: App, db: Db): void {
  app.get(
    local(Paths.assetProvisionMonths),
    {
      schema: {
        tags: ['assets'],
        summary: '折旧摊销：某类资产一年的月份（是否已计提、是否有未生成凭证的计提）',
        querystring: ProvisionMonthsQuerySchema,
        response: { 200: Envelope(Type.Array(ProvisionMonthRowSchema)) },
      },
      ...read,
    },
    async (request) => {
      const ctx = await assetContext(db.kysely, ztOf(request));
      return okEnvelope(await provisionMonths(db.kysely, ctx, request.query.assetClass, request.query.year));
    },
  );

  app.post(
    local(Paths.assetProvisionRun),
    {
      schema: {
        tags: ['assets'],
        summary: '计提某月折旧（摊销）：一个月只计提一次，且须按月依次计提',
        body: ProvisionRunBodySchema,
        response: { 200: Envelope(ProvisionRunResultSchema) },
      },
      ...write,
    },
    async (request) => {
      const ctx = await assetContext(db.kysely, ztOf(request));
      const r = await runProvision(db, ctx, authOf(request).user.id, request.body);
      return okEnvelope({ cardCount: r.cardCount, total: fenToYuan(r.totalFen) }, `计提完成：${r.cardCount}张卡片`);
    },
  );

  app.delete(
    local(Paths.assetProvisionRun),
    {
      schema: {
        tags: ['assets'],
        summary: '取消最后一次计提（其凭证均已删除时）',
        querystring: ProvisionRunBodySchema,
        response: { 200: Envelope(ProvisionRunResultSchema) },
      },
      ...write,
    },
    async (request) => {
      const ctx = await assetContext(db.kysely, ztOf(request));
      const r = await undoProvision(db, ctx, request.query);
      return okEnvelope({ cardCount: r.cardCount, total: fenToYuan(r.totalFen) }, '已取消计提');
    },
  );

  app.get(
    local(Paths.assetProvisionDetail),
    {
      schema: {
        tags: ['assets'],
        summary: '计提明细（分页，footer.accruedValueSum 为全部行的本月计提合计）',
        querystring: ProvisionDetailQuerySchema,
        response: { 200: Envelope(ProvisionDetailPageSchema) },
      },
      ...read,
    },
    async (request) => {
      const zt = ztOf(request);
      await assetContext(db.kysely, zt);
      return okEnvelope(await provisionDetail(db.kysely, zt.id, request.query));
    },
  );

  app.get(
    local(Paths.assetProvisionClassification),
    {
      schema: {
        tags: ['assets'],
        summary: '分类计提明细：item1 资产性质，item2 资产分类，item3 部门',
        querystring: ProvisionClassificationQuerySchema,
        response: { 200: Envelope(ProvisionClassificationSchema) },
      },
      ...read,
    },
    async (request) => {
      const zt = ztOf(request);
      await assetContext(db.kysely, zt);
      return okEnvelope(await provisionClassification(db.kysely, zt.id, request.query));
    },
  );

  app.get(
    local(Paths.assetProvisionExport),
    {
      schema: {
        tags: ['assets'],
        summary: '导出折旧（摊销）明细工作簿：表头信息、公式合计',
        querystring: ProvisionExportQuerySchema,
        response: { 200: FileAnswer(XLSX, '折旧（摊销）明细工作簿（附件），合计为公式') },
      },
      ...onLedger(Right.buttons([[Page.assetDepreciation, 'export']])),
    },
    async (request, reply) => {
      const zt = ztOf(request);
      await assetContext(db.kysely, zt);
      const q = request.query;
      const rows = await provisionRowsForExport(db.kysely, zt.id, q);
      const { year, month } = stageOf(q.accruedStage);
      const period = `${year}年${String(month).padStart(2, '0')}月`;
      const title = q.assetClass === 1 ? '固定资产折旧明细' : '无形资产摊销明细';
      const filters = [
        ...(q.nature ? [{ label: '资产性质', value: ASSET_NATURES.find((n) => n.value === q.nature)?.name ?? '' }] : []),
        ...(q.departmentId ? [{ label: '部门', value: String(q.departmentId) }] : []),
      ];
      const heading = exportHeadingOf(request, title, period, filters);
      const workbook = buildWorkbook(createAssetProvisionGrid(title), rows.map(toAssetProvisionGridRow), heading);
      return sendWorkbook(
        reply,
        workbookFileName(title, heading.ledgerSet, period),
        Buffer.from(await workbook.xlsx.writeBuffer()),
      );
    },
  );
}

export function assetVoucherAccountRoutes(_app: App, _db: Db): void {}
