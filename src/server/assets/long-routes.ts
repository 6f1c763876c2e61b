/**
 * The long-term deferred expenses' calls (长期待摊费用, 181; base /account as the spec's; shapes in
 * src/shared/api/schemas/assets-long.ts, the work in long-items.ts, long-months.ts and long-vouchers.ts). Reading needs the page; saving its add (new)
 * or edit (change) button, deleting its delete button, reviewing its review button, the month's amortisation its
 * 生成凭证 button.
 */
import { Type } from 'typebox';
import { amortionDetailGrid, toAmortionDetailGridRow } from '../../../grids/long-amortion.js';
import { workbookFileName } from '../../../grids/workbook/heading.js';
import { buildWorkbook } from '../../../grids/workbook/workbook.js';
import { Paths } from '../../shared/api/paths.js';
import {
  type AmortionDetailQuery,
  type AmortionDetailRow,
  AmortionDetailListSchema,
  AmortionDetailQuerySchema,
  AmortionExportQuerySchema,
  AmortionRequestSchema,
  AmortionResponseSchema,
  DeleteLongAmortionQuerySchema,
  LongAmortionItemSchema,
  LongAmortionListQuerySchema,
  LongAmortionListSchema,
  LongAmortionReviewSchema,
  LongMonthQuerySchema,
  LongMonthRowSchema,
  SaveLongAmortionSchema,
} from '../../shared/api/schemas/assets-long.js';
import { Envelope, FileAnswer } from '../../shared/api/schemas/common.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { okEnvelope } from '../../shared/envelope.js';
import { Page } from '../auth/pages.js';
import { requireButton } from '../auth/permissions.js';
import { authOf, ztOf } from '../auth/guard.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import { exportHeadingOf } from '../export/export-heading.js';
import { sendWorkbook, XLSX_MIME } from '../files/download.js';
import type { App } from '../http/app-type.js';
import { assetContext, voucherScopeOf } from './context.js';
import { deleteItems, listItems, reviewItems, saveItem } from './long-items.js';
import { amortionDetails, monthList } from './long-months.js';
import { amortise } from './long-vouchers.js';

const local = (path: string) => path.replace(/^\/account/, '');
const PAGE = Page.longAmortion;
const tags = ['assets'];
/** The export reads the detail page by page (the service pages its answer). */
const EXPORT_PAGE = 50 as const;

export function longAmortionRoutes(app: App, db: Db): void {
  const q = db.kysely;

  app.get(
    local(Paths.longAmortion),
    {
      schema: {
        tags,
        summary: '长期待摊费用列表（分页，含合计）',
        querystring: LongAmortionListQuerySchema,
        response: { 200: Envelope(LongAmortionListSchema) },
      },
      ...onLedger(Right.pages(PAGE)),
    },
    async (request) => {
      const ctx = await assetContext(q, ztOf(request));
      return okEnvelope(await listItems(q, ctx.ztId, request.query));
    },
  );

  app.post(
    local(Paths.longAmortion),
    {
      schema: {
        tags,
        summary: '长期待摊费用：新增（无id）或修改（id与版本号）；已审核、已摊销的不能修改',
        body: SaveLongAmortionSchema,
        response: { 200: Envelope(LongAmortionItemSchema) },
      },
      ...onLedger(Right.buttons([[PAGE, 'add']], [[PAGE, 'edit']])),
    },
    async (request) => {
      await requireButton(db, request, PAGE, request.body.id ? 'edit' : 'add');
      const ctx = await assetContext(q, ztOf(request));
      return okEnvelope(await saveItem(q, ctx.ztId, ctx.year, authOf(request).user.id, request.body), '保存成功');
    },
  );

  app.delete(
    local(Paths.longAmortion),
    {
      schema: {
        tags,
        summary: '删除长期待摊费用（已审核、已摊销的不能删除）',
        querystring: DeleteLongAmortionQuerySchema,
        response: { 200: Envelope(Type.Object({ deleted: Type.Integer() })) },
      },
      ...onLedger(Right.buttons([[PAGE, 'delete']])),
    },
    async (request) => {
      const ctx = await assetContext(q, ztOf(request));
      const deleted = await deleteItems(q, ctx.ztId, request.query.ids.split(','));
      return okEnvelope({ deleted }, `已删除${deleted}项`);
    },
  );

  app.post(
    local(Paths.longAmortionReview),
    {
      schema: {
        tags,
        summary: '审核或反审核长期待摊费用（已生成新增凭证的不能反审核）',
        body: LongAmortionReviewSchema,
        response: { 200: Envelope(Type.Object({ changed: Type.Integer() })) },
      },
      ...onLedger(Right.buttons([[PAGE, 'review']])),
    },
    async (request) => {
      const ctx = await assetContext(q, ztOf(request));
      const changed = await reviewItems(q, ctx.ztId, authOf(request).user.name, request.body.ids, request.body.isReview);
      return okEnvelope({ changed }, request.body.isReview ? '审核成功' : '反审核成功');
    },
  );

  app.get(
    local(Paths.longAmortionMonthList),
    {
      schema: {
        tags,
        summary: '长期待摊费用：各月摊销情况（是否计提、是否未生成凭证）',
        querystring: LongMonthQuerySchema,
        response: { 200: Envelope(Type.Array(LongMonthRowSchema)) },
      },
      ...onLedger(Right.pages(PAGE)),
    },
    async (request) => {
      const ctx = await assetContext(q, ztOf(request));
      return okEnvelope(await monthList(q, ctx.ztId, request.query.year));
    },
  );

  app.post(
    local(Paths.addAccruedStageAmortionDetailsList),
    {
      schema: {
        tags,
        summary: '计提某月长期待摊费用摊销并生成凭证（同一事务；不能重复计提）',
        body: AmortionRequestSchema,
        response: { 200: Envelope(AmortionResponseSchema) },
      },
      ...onLedger(Right.buttons([[PAGE, 'voucher']])),
    },
    async (request) => {
      const ctx = await assetContext(q, ztOf(request));
      const { accruedStage, ...options } = request.body;
      const done = await amortise(db, voucherScopeOf(request), ctx.year, accruedStage, options);
      return okEnvelope({ ...done, amount: fenToYuan(done.amount) }, `已计提摊销并生成凭证${done.vouchers.length}张`);
    },
  );

  app.get(
    local(Paths.amortionDetails),
    {
      schema: {
        tags,
        summary: '长期待摊费用某月摊销明细（未计提时为应摊数预览）',
        querystring: AmortionDetailQuerySchema,
        response: { 200: Envelope(AmortionDetailListSchema) },
      },
      ...onLedger(Right.pages(PAGE)),
    },
    async (request) => {
      const ctx = await assetContext(q, ztOf(request));
      return okEnvelope(await amortionDetails(q, ctx.ztId, request.query));
    },
  );

  app.get(
    local(Paths.amortionExport),
    {
      schema: {
        tags,
        summary: '导出长期待摊费用某月摊销明细（工作簿，合计为公式）',
        querystring: AmortionExportQuerySchema,
        response: { 200: FileAnswer(XLSX_MIME, '长期待摊费用摊销明细工作簿（附件），合计为公式') },
      },
      ...onLedger(Right.buttons([[PAGE, 'export']])),
    },
    async (request, reply) => {
      const ctx = await assetContext(q, ztOf(request));
      const { year, month } = request.query;
      const rows: AmortionDetailRow[] = [];
      for (let pageIndex = 1; ; pageIndex++) {
        const page = await amortionDetails(q, ctx.ztId, {
          year,
          month,
          pageIndex,
          pageSize: EXPORT_PAGE,
        } as unknown as AmortionDetailQuery);
        rows.push(...page.currentPageItems);
        if (page.currentPageItems.length < EXPORT_PAGE || rows.length >= page.totalItemCount) {
          const period = `${year}年${month}月`;
          const heading = exportHeadingOf(request, amortionDetailGrid.export.title, period, [
            { label: '状态', value: page.isProvision ? '已计提' : '未计提（应摊数）' },
          ]);
          const workbook = buildWorkbook(amortionDetailGrid, rows.map(toAmortionDetailGridRow), heading);
          return sendWorkbook(
            reply,
            workbookFileName(heading.title, heading.ledgerSet, period),
            Buffer.from(await workbook.xlsx.writeBuffer()),
          );
        }
      }
    },
  );
}
