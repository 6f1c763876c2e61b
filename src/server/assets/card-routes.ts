/**
 * The calls of the asset settings, cards and initialisation (issue 23 §1; shapes in
 * src/shared/api/schemas/assets-cards.ts). Registered under /fixedassets (assetRoutes) except the spec's
 * UpdateSysInfoIsProvision, under /account (cardAccountRoutes). Reads need a page of the module, writes the button.
 */
import multipart from '@fastify/multipart';
import { AssetCardSchemas } from '../../shared/api/schemas/assets-cards.js';
import { Paths } from '../../shared/api/paths.js';
import { AssetCardMessages as M } from '../../shared/assets/cards-messages.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { okEnvelope } from '../../shared/envelope.js';
import { authOf, ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { sendWorkbook } from '../files/download.js';
import { requireAnyButton } from '../auth/permissions.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { App } from '../http/app-type.js';
import {
  allotCards,
  deleteCards,
  deleteCategory,
  listCards,
  listCategories,
  nextCardNo,
  reviewCards,
  saveCard,
  saveCategory,
} from './cards.js';
import { assetContext, voucherScopeOf } from './context.js';
import { listAssetDepartments } from './departments.js';
import { ASSET_IMPORT_MAX_BYTES, importInitCards, initTemplate } from './init-import.js';
import { accrualPreview, addAccrual, cancelInit, finishInit, initState, setIsProvision } from './init.js';

const local = (path: string) => path.replace(/^\/fixedassets/, '');
const localAccount = (path: string) => path.replace(/^\/account/, '');

/** Every page of the module that reads the categories, departments or cards. */
const READERS = [Page.assetSettings, Page.assetCards, Page.assetsInit, Page.assetDepreciation, Page.assetDocuments];

export function cardRoutes(app: App, db: Db): void {
  const q = db.kysely;
  const ctxOf = (request: Parameters<typeof ztOf>[0]) => assetContext(q, ztOf(request));

  app.get(
    local(Paths.assetCategories),
    { schema: AssetCardSchemas.categories, ...onLedger(Right.pages(...READERS)) },
    async (request) => {
      const ctx = await ctxOf(request);
      return okEnvelope(await listCategories(q, ctx.ztId, request.query.assetClass));
    },
  );
  app.post(
    local(Paths.assetCategories),
    {
      schema: AssetCardSchemas.categorySave,
      ...onLedger(
        Right.buttons([
          [Page.assetSettings, 'add'],
          [Page.assetSettings, 'edit'],
        ]),
      ),
    },
    async (request) => {
      await requireAnyButton(db, request, [[Page.assetSettings, request.body.id ? 'edit' : 'add']]);
      const ctx = await ctxOf(request);
      return okEnvelope(await saveCategory(q, ctx.ztId, request.body), '保存成功');
    },
  );
  app.delete(
    local(Paths.assetCategories),
    { schema: AssetCardSchemas.categoryDelete, ...onLedger(Right.buttons([[Page.assetSettings, 'delete']])) },
    async (request) => {
      const ctx = await ctxOf(request);
      await deleteCategory(q, ctx.ztId, request.query.id);
      return okEnvelope(null, '删除成功');
    },
  );
  app.get(
    local(Paths.assetDepartments),
    { schema: AssetCardSchemas.departments, ...onLedger(Right.pages(...READERS)) },
    async (request) => okEnvelope(await listAssetDepartments(q, ztOf(request).id)),
  );

  /* cards */
  app.get(local(Paths.assetCards), { schema: AssetCardSchemas.cards, ...onLedger(Right.pages(...READERS)) }, async (request) => {
    const ctx = await ctxOf(request);
    return okEnvelope(await listCards(q, ctx.ztId, request.query));
  });
  app.post(
    local(Paths.assetCards),
    {
      schema: AssetCardSchemas.cardSave,
      ...onLedger(
        Right.buttons([
          [Page.assetCards, 'add'],
          [Page.assetCards, 'edit'],
        ]),
      ),
    },
    async (request) => {
      await requireAnyButton(db, request, [[Page.assetCards, request.body.id ? 'edit' : 'add']]);
      const ctx = await ctxOf(request);
      if (!ctx.initDone) refuse('BusinessRule', M.initNotDone);
      const card = await saveCard(q, ctx.ztId, authOf(request).user.id, request.body, { init: false, initYear: ctx.initYear });
      return okEnvelope(card, '保存成功');
    },
  );
  app.delete(
    local(Paths.assetCards),
    { schema: AssetCardSchemas.cardDelete, ...onLedger(Right.buttons([[Page.assetCards, 'delete']])) },
    async (request) => {
      const ctx = await ctxOf(request);
      await deleteCards(q, ctx.ztId, request.query.ids.split(','), false);
      return okEnvelope(null, '删除成功');
    },
  );
  app.post(
    local(Paths.assetCardsReview),
    { schema: AssetCardSchemas.review, ...onLedger(Right.buttons([[Page.assetCards, 'review']])) },
    async (request) => {
      const ctx = await ctxOf(request);
      const changed = await reviewCards(q, ctx.ztId, request.body.ids, request.body.isReview, authOf(request).user.name);
      return okEnvelope({ changed }, request.body.isReview ? '审核成功' : '反审核成功');
    },
  );
  app.post(
    local(Paths.assetCardsAllot),
    { schema: AssetCardSchemas.allot, ...onLedger(Right.buttons([[Page.assetCards, 'modify']])) },
    async (request) => {
      const ctx = await ctxOf(request);
      return okEnvelope({ changed: await allotCards(q, ctx.ztId, request.body) }, '分配成功');
    },
  );
  app.get(
    local(Paths.assetCardNextNo),
    { schema: AssetCardSchemas.nextNo, ...onLedger(Right.pages(Page.assetCards, Page.assetsInit)) },
    async (request) => okEnvelope(await nextCardNo(q, ztOf(request).id, request.query.assetClass)),
  );

  /* initialisation */
  app.get(
    local(Paths.oldFinancialList),
    { schema: AssetCardSchemas.oldList, ...onLedger(Right.pages(Page.assetsInit)) },
    async (request) => {
      const ctx = await ctxOf(request);
      return okEnvelope(await listCards(q, ctx.ztId, { ...request.query, isInit: true }));
    },
  );
  app.post(
    local(Paths.oldFinancialUpdate),
    { schema: AssetCardSchemas.oldUpdate, ...onLedger(Right.buttons([[Page.assetsInit, 'edit']])) },
    async (request) => {
      const ctx = await ctxOf(request);
      if (ctx.initDone) refuse('BusinessRule', M.initDone);
      const card = await saveCard(q, ctx.ztId, authOf(request).user.id, request.body, { init: true, initYear: ctx.initYear });
      return okEnvelope(card, '保存成功');
    },
  );
  app.delete(
    local(Paths.oldFinancialDelete),
    { schema: AssetCardSchemas.cardDelete, ...onLedger(Right.buttons([[Page.assetsInit, 'edit']])) },
    async (request) => {
      const ctx = await ctxOf(request);
      if (ctx.initDone) refuse('BusinessRule', M.initDone);
      await deleteCards(q, ctx.ztId, request.query.ids.split(','), true);
      return okEnvelope(null, '删除成功');
    },
  );
  app.get(
    local(Paths.assetsInitState),
    { schema: AssetCardSchemas.initState, ...onLedger(Right.pages(Page.assetsInit)) },
    async (request) => okEnvelope(await initState(q, await ctxOf(request), ztOf(request).accountingSystem)),
  );
  app.post(
    local(Paths.assetsInitFinish),
    { schema: AssetCardSchemas.initFinish, ...onLedger(Right.buttons([[Page.assetsInit, 'edit']])) },
    async (request) => {
      const zt = ztOf(request);
      await finishInit(q, await ctxOf(request), zt.accountingSystem, authOf(request).user.id);
      return okEnvelope(await initState(q, await ctxOf(request), zt.accountingSystem), '资产初始化完成');
    },
  );
  app.post(
    local(Paths.assetsInitCancel),
    { schema: AssetCardSchemas.initCancel, ...onLedger(Right.buttons([[Page.assetsInit, 'edit']])) },
    async (request) => {
      const zt = ztOf(request);
      await cancelInit(q, await ctxOf(request));
      return okEnvelope(await initState(q, await ctxOf(request), zt.accountingSystem), '已取消资产初始化');
    },
  );
  // The import needs multipart, registered in its own scope (at most one file of 5 MB).
  app.register(async (upload) => {
    await upload.register(multipart, { limits: { fileSize: ASSET_IMPORT_MAX_BYTES, files: 1, fields: 5 } });
    upload.post(
      local(Paths.assetsInitImport),
      {
        schema: AssetCardSchemas.initImport,
        ...onLedger(Right.buttons([[Page.assetsInit, 'import']])),
        bodyLimit: ASSET_IMPORT_MAX_BYTES + 1_048_576,
      },
      async (request) => {
        const ctx = await ctxOf(request);
        if (ctx.initDone) refuse('BusinessRule', M.initDone);
        const result = await importInitCards(db, request, ctx, authOf(request).user.id);
        return okEnvelope(result, `导入成功，共${result.imported}张卡片`);
      },
    );
  });
  app.get(
    local(Paths.assetsInitTemplate),
    { schema: AssetCardSchemas.initTemplate, ...onLedger(Right.pages(Page.assetsInit)) },
    async (_request, reply) => sendWorkbook(reply, '资产初始化导入模板.xlsx', await initTemplate()),
  );

  /* the 2022 rules */
  app.get(
    local(Paths.assetsAccrualCheck),
    { schema: AssetCardSchemas.accrualCheck, ...onLedger(Right.pages(...READERS)) },
    async (request) => {
      const ctx = await ctxOf(request);
      return okEnvelope({ year: ctx.year, isProvision: ctx.isProvision });
    },
  );
  app.get(
    local(Paths.previewOldFinancialAssetsProvision),
    { schema: AssetCardSchemas.accrualPreview, ...onLedger(Right.pages(Page.assetsInit, Page.assetDepreciation)) },
    async (request) => okEnvelope(await accrualPreview(q, await ctxOf(request), ztOf(request).accountingSystem)),
  );
  app.post(
    local(Paths.addOldFinancialAssetsProvision),
    {
      schema: AssetCardSchemas.accrualAdd,
      ...onLedger(
        Right.buttons([
          [Page.assetsInit, 'edit'],
          [Page.assetDepreciation, 'voucher'],
        ]),
      ),
    },
    async (request) => {
      const ctx = await ctxOf(request);
      const { voucherId, totalFen } = await addAccrual(db, ctx, voucherScopeOf(request), request.body.certificateDateTime);
      return okEnvelope({ voucherId, total: fenToYuan(totalFen) }, '补提折旧凭证已生成');
    },
  );
}

/** Registered under /account: the spec's UpdateSysInfoIsProvision (declining or marking the 2022 accrual). */
export function cardAccountRoutes(app: App, db: Db): void {
  const q = db.kysely;
  app.post(
    localAccount(Paths.updateSysInfoIsProvision),
    {
      schema: AssetCardSchemas.isProvision,
      ...onLedger(
        Right.buttons([
          [Page.assetsInit, 'edit'],
          [Page.assetDepreciation, 'voucher'],
        ]),
      ),
    },
    async (request) => {
      const ctx = await assetContext(q, ztOf(request));
      await setIsProvision(q, ctx.ztId, request.body.isProvision);
      return okEnvelope({ isProvision: request.body.isProvision }, '保存成功');
    },
  );
}
