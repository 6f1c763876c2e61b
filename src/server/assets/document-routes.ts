/**
 * The documents lane's calls (shapes in src/shared/api/schemas/assets-documents.ts). Under /fixedassets: the
 * documents (list, save, delete), the cards a document may take out, the documents' amounts and those without a
 * voucher per class, the asset changes and their amounts. Under /account (as the spec has them): the subjects the
 * document and change vouchers offer, and the asset-change voucher's preview and save.
 * Reads need the page; a document's save its add or edit button, its delete the delete button; a change the cards
 * page's edit button; the change voucher the cards page's 生成凭证 button.
 */
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Paths } from '../../shared/api/paths.js';
import {
  AssetChangeCertificateQuerySchema,
  AssetChangeMoneySchema,
  AssetChangePreviewSchema,
  AssetChangeRequestSchema,
  AssetDocAmountSchema,
  AssetDocAmountsRequestSchema,
  AssetDocumentCardSchema,
  AssetDocumentCardsQuerySchema,
  AssetDocumentsPageSchema,
  AssetDocumentsQuerySchema,
  DeleteAssetDocumentsSchema,
  idsOf,
  NotGeneratedQuerySchema,
  NotGeneratedSchema,
  SaveAssetChangeSchema,
  SaveAssetDocumentSchema,
  SubInfoSchema,
  VouchersAnswerSchema,
} from '../../shared/api/schemas/assets-documents.js';
import { AssetClassField } from '../../shared/api/schemas/assets-voucher.js';
import { Envelope } from '../../shared/api/schemas/common.js';
import { AssetClass, DocumentKind, type AssetClassCode } from '../../shared/assets/constants.js';
import { okEnvelope } from '../../shared/envelope.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { authOf, ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { requireAnyButton } from '../auth/permissions.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { listCertificateTypes } from '../vouchers/certificate-types.js';
import { loadSubjectIndex } from '../vouchers/repository.js';
import { assetContext, voucherScopeOf } from './context.js';
import { classSubjects, subInfoCodes } from './document-entries.js';
import { entriesOut, groupDate, pendingDocuments, plannedVouchers, writeDocumentVouchers } from './document-vouchers.js';
import {
  changeMoney,
  deleteDocuments,
  docAmount,
  documentCards,
  documentRows,
  loadDocuments,
  notGenerated,
  saveChange,
  saveDocument,
  sum,
} from './documents.js';
import { CHANGE_KINDS, checkChangeForm } from './kinds/change.js';

const fixed = (path: string) => path.replace(/^\/fixedassets/, '');
const account = (path: string) => path.replace(/^\/account/, '');
const read = onLedger(Right.pages(Page.assetDocuments));
const readChanges = onLedger(Right.pages(Page.assetCards, Page.assetDocuments));
const ctxOf = (db: Db, request: FastifyRequest) => assetContext(db.kysely, ztOf(request));

export function assetDocumentRoutes(app: App, db: Db): void {
  const q = db.kysely;

  app.get(
    fixed(Paths.assetDocuments),
    {
      schema: {
        tags: ['assets'],
        summary: '资产处置（出库）单据列表',
        querystring: AssetDocumentsQuerySchema,
        response: { 200: Envelope(AssetDocumentsPageSchema) },
      },
      ...read,
    },
    async (request) => {
      const { assetClass, pageIndex = 1, pageSize = 20 } = request.query;
      const ctx = await ctxOf(db, request);
      const kinds = [assetClass === AssetClass.Inventory ? DocumentKind.InventoryIssue : DocumentKind.Disposal];
      const docs = await loadDocuments(q, ctx.ztId, { assetClass, kinds, year: ctx.year });
      const page = docs.slice((pageIndex - 1) * pageSize, pageIndex * pageSize);
      return okEnvelope({ currentPageItems: await documentRows(q, ctx.ztId, page), totalItemCount: docs.length });
    },
  );

  app.post(
    fixed(Paths.assetDocuments),
    {
      schema: {
        tags: ['assets'],
        summary: '保存资产处置（出库）单据：新增或修改未生成凭证的单据',
        body: SaveAssetDocumentSchema,
        response: { 200: Envelope(Type.Object({ id: Type.String() })) },
      },
      ...onLedger(Right.buttons([[Page.assetDocuments, 'add']], [[Page.assetDocuments, 'edit']])),
    },
    async (request) => {
      await requireAnyButton(db, request, [[Page.assetDocuments, request.body.id ? 'edit' : 'add']]);
      const ctx = await ctxOf(db, request);
      const id = await saveDocument(db, ctx, authOf(request).user.id, request.body);
      return okEnvelope({ id }, '保存成功');
    },
  );

  app.delete(
    fixed(Paths.assetDocuments),
    {
      schema: {
        tags: ['assets'],
        summary: '删除未生成凭证的单据（卡片恢复）',
        querystring: DeleteAssetDocumentsSchema,
        response: { 200: Envelope(Type.Object({ deleted: Type.Integer() })) },
      },
      ...onLedger(Right.buttons([[Page.assetDocuments, 'delete']])),
    },
    async (request) => {
      const ctx = await ctxOf(db, request);
      const docs = await loadDocuments(q, ctx.ztId, { ids: idsOf(request.query.ids) });
      if (docs.some((d) => d.kind === DocumentKind.Change)) await requireAnyButton(db, request, [[Page.assetCards, 'edit']]);
      const deleted = await deleteDocuments(db, ctx, idsOf(request.query.ids));
      return okEnvelope({ deleted }, '删除成功');
    },
  );

  app.get(
    fixed(Paths.assetDocumentCards),
    {
      schema: {
        tags: ['assets'],
        summary: '单据可选的卡片（已审核、未处置；库存物品：有库存）',
        querystring: AssetDocumentCardsQuerySchema,
        response: { 200: Envelope(Type.Array(AssetDocumentCardSchema)) },
      },
      ...read,
    },
    async (request) => {
      const ctx = await ctxOf(db, request);
      return okEnvelope(await documentCards(q, ctx.ztId, request.query.assetClass, request.query.documentId));
    },
  );

  app.post(
    fixed(Paths.getAssetsDocAmountList),
    {
      schema: {
        tags: ['assets'],
        summary: '单据金额（原值、累计折旧、净值、变价收入、处置费用）',
        body: AssetDocAmountsRequestSchema,
        response: { 200: Envelope(Type.Array(AssetDocAmountSchema)) },
      },
      ...read,
    },
    async (request) => {
      const ctx = await ctxOf(db, request);
      const ids = [...new Set(request.body.documentIds)];
      const docs = await loadDocuments(q, ctx.ztId, { ids });
      return okEnvelope(docs.map(docAmount));
    },
  );

  const notGeneratedRoute = (path: string, assetClass: AssetClassCode, name: string) =>
    app.get(
      fixed(path),
      {
        schema: {
          tags: ['assets'],
          summary: `${name}：未生成凭证的单据`,
          querystring: NotGeneratedQuerySchema,
          response: { 200: Envelope(NotGeneratedSchema) },
        },
        ...read,
      },
      async (request) => {
        const ctx = await ctxOf(db, request);
        return okEnvelope(await notGenerated(q, ctx.ztId, assetClass, request.query.year ?? ctx.year, request.query.month));
      },
    );
  notGeneratedRoute(Paths.getAssetsDocNotGeneratedList, AssetClass.Fixed, '固定资产处置');
  notGeneratedRoute(Paths.getIntangibleAssetsDocNotGeneratedList, AssetClass.Intangible, '无形资产处置');
  notGeneratedRoute(Paths.getInventoryAssetsDocNotGeneratedList, AssetClass.Inventory, '库存物品出库');

  app.get(
    fixed(Paths.assetCardChanges),
    {
      schema: {
        tags: ['assets'],
        summary: '资产变动（后续支出）列表',
        querystring: Type.Object({ assetClass: Type.Optional(AssetClassField()) }),
        response: { 200: Envelope(Type.Array(AssetChangeMoneySchema)) },
      },
      ...readChanges,
    },
    async (request) => {
      const ctx = await ctxOf(db, request);
      const { assetClass } = request.query;
      const docs = await loadDocuments(q, ctx.ztId, {
        kinds: CHANGE_KINDS,
        year: ctx.year,
        ...(assetClass !== undefined ? { assetClass } : {}),
      });
      return okEnvelope(changeMoney(docs));
    },
  );

  app.post(
    fixed(Paths.assetCardChanges),
    {
      schema: {
        tags: ['assets'],
        summary: '记录资产变动（原值增减，可改预计使用月数）',
        body: SaveAssetChangeSchema,
        response: { 200: Envelope(Type.Object({ id: Type.String() })) },
      },
      ...onLedger(Right.buttons([[Page.assetCards, 'edit']])),
    },
    async (request) => {
      const ctx = await ctxOf(db, request);
      return okEnvelope({ id: await saveChange(db, ctx, authOf(request).user.id, request.body) }, '保存成功');
    },
  );

  app.delete(
    fixed(Paths.assetCardChanges),
    {
      schema: {
        tags: ['assets'],
        summary: '删除未生成凭证的资产变动（卡片原值恢复）',
        querystring: DeleteAssetDocumentsSchema,
        response: { 200: Envelope(Type.Object({ deleted: Type.Integer() })) },
      },
      ...onLedger(Right.buttons([[Page.assetCards, 'edit']])),
    },
    async (request) => {
      const ctx = await ctxOf(db, request);
      return okEnvelope({ deleted: await deleteDocuments(db, ctx, idsOf(request.query.ids)) }, '删除成功');
    },
  );

  app.get(
    fixed(Paths.getAssetsChangeMoneyAsync),
    {
      schema: {
        tags: ['assets'],
        summary: '资产变动凭证：未生成凭证的变动金额（每行一项）',
        querystring: Type.Object({ assetClass: Type.Optional(AssetClassField()) }),
        response: { 200: Envelope(Type.Array(AssetChangeMoneySchema)) },
      },
      ...readChanges,
    },
    async (request) => {
      const ctx = await ctxOf(db, request);
      const { assetClass } = request.query;
      const docs = await pendingDocuments(q, ctx, {
        kinds: CHANGE_KINDS,
        isOnePz: true,
        ...(assetClass !== undefined ? { assetClass } : {}),
      });
      return okEnvelope(changeMoney(docs));
    },
  );
}

export function assetDocumentAccountRoutes(app: App, db: Db): void {
  const q = db.kysely;

  const subInfoRoute = (path: string, assetClass: AssetClassCode | null, name: string) =>
    app.get(
      account(path),
      {
        schema: {
          tags: ['assets'],
          summary: `${name}凭证可用的科目`,
          querystring: Type.Object({ assetClass: Type.Optional(AssetClassField()) }),
          response: { 200: Envelope(Type.Array(SubInfoSchema)) },
        },
        ...(assetClass === null ? readChanges : read),
      },
      async (request) => {
        const ctx = await ctxOf(db, request);
        const cls = assetClass ?? request.query.assetClass ?? AssetClass.Fixed;
        const index = await loadSubjectIndex(q, ctx.ztId, ctx.year);
        const usable = (code: string) => {
          const row = index.byCode.get(code);
          return !!row && !!row.last_level && !!row.enable;
        };
        const system = ztOf(request).accountingSystem;
        const codes = subInfoCodes(classSubjects(system, cls), usable).filter((c) =>
          assetClass === null ? c.role === 'cost' || c.role === 'fund' : true,
        );
        return okEnvelope(
          codes
            .filter((c) => index.byCode.has(c.code))
            .map((c) => ({
              subjectCode: c.code,
              subjectName: index.byCode.get(c.code)?.name ?? '',
              balanceDirection: c.direction,
              role: c.role,
            })),
        );
      },
    );
  subInfoRoute(Paths.assetsDocSubInfoList, AssetClass.Fixed, '固定资产处置');
  subInfoRoute(Paths.intangibleAssetsDocSubInfoList, AssetClass.Intangible, '无形资产处置');
  subInfoRoute(Paths.inventoryAssetsDocSubInfoList, AssetClass.Inventory, '库存物品出库');
  subInfoRoute(Paths.assetsChangeSubInfoList, null, '资产变动');

  app.get(
    account(Paths.getAssetCardChangeCertificate),
    {
      schema: {
        tags: ['assets'],
        summary: '资产变动凭证：预览（默认分录、金额、凭证分类、制单人、日期）',
        querystring: AssetChangeCertificateQuerySchema,
        response: { 200: Envelope(AssetChangePreviewSchema) },
      },
      ...readChanges,
    },
    async (request) => {
      const ctx = await ctxOf(db, request);
      const ids = (request.query.documentIds ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const docs = await pendingDocuments(q, ctx, { kinds: CHANGE_KINDS, isOnePz: true, documentIds: ids });
      const planned = docs.length > 0 ? await plannedVouchers(q, voucherScopeOf(request), ctx, docs, true) : [];
      const types = await listCertificateTypes(q, ctx.ztId);
      return okEnvelope({
        amount: fenToYuan(sum(docs.flatMap((d) => d.lines.map((l) => l.originalFen)))),
        subjectInfos: await entriesOut(q, ctx.ztId, ctx.year, planned[0]?.entries ?? []),
        certificateType: types[0]?.value ?? 1,
        czy: authOf(request).user.name,
        certificateDateTime: groupDate(docs) || `${ctx.year}-01-01`,
        documentIds: docs.map((d) => d.id),
      });
    },
  );

  app.post(
    account(Paths.saveAssetCardChangeCertificate),
    {
      schema: {
        tags: ['assets'],
        summary: '资产变动凭证：保存（只保存金额大于0的行）',
        body: AssetChangeRequestSchema,
        response: { 200: Envelope(VouchersAnswerSchema) },
      },
      ...onLedger(Right.buttons([[Page.assetCards, 'voucher']])),
    },
    async (request) => {
      const body = request.body;
      checkChangeForm({
        ...(body.certificateType !== undefined ? { certificateType: body.certificateType } : {}),
        ...(body.czy !== undefined ? { czy: body.czy } : {}),
        ...(body.certificateDateTime !== undefined ? { date: body.certificateDateTime } : {}),
        ...(body.isAssetsInit !== undefined ? { isAssetsInit: body.isAssetsInit } : {}),
      });
      const ctx = await ctxOf(db, request);
      const vouchers = await writeDocumentVouchers(db, voucherScopeOf(request), ctx, {
        kinds: CHANGE_KINDS,
        isOnePz: true,
        documentIds: body.documentIds ?? [],
        ...(body.certificateType !== undefined ? { certificateType: body.certificateType } : {}),
        ...(body.czy !== undefined ? { czy: body.czy } : {}),
        ...(body.certificateDateTime !== undefined ? { pzDate: body.certificateDateTime } : {}),
        ...(body.isAuto === true ? {} : { entries: body.subjectInfos }),
      });
      return okEnvelope({ vouchers }, `已生成${vouchers.length}张凭证`);
    },
  );
}
