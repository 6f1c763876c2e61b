/**
 * 平台管理 calls (registered under /userCenter and /usercenter): the platforms, the super
 * administrator's (an adminOnly page: anyone else is refused 4005), and the platforms of a ledger
 * set, read and set from 账套管理 within the caller's scope.
 */
import { Paths } from '../../shared/api/paths.js';
import { PlatformSchemas } from '../../shared/api/schemas/platform.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { Page } from '../auth/pages.js';
import { requireButton } from '../auth/permissions.js';
import { Right } from '../auth/route-rights.js';
import {
  deletePlatform,
  enablePlatform,
  listPlatforms,
  menuGroupOptions,
  pagePlatforms,
  recommendPlatform,
  savePlatform,
  sortPlatforms,
} from './platforms.js';
import { platformsOfSet, saveSetPlatforms } from './zt-platforms.js';

const local = (path: string) => path.slice('/userCenter'.length);
const PLATFORMS = Page.platformManagement;
/** The pages whose screens show a set's platforms: 平台管理 and the ledger-set pages' edit dialog. */
const SET_PAGES = [Page.platformManagement, Page.ztManagement, Page.provincialZtManagement] as const;

export function platformRoutes(app: App, db: Db): void {
  app.get(
    local(Paths.platformPageList),
    { schema: PlatformSchemas.pageList, config: { right: Right.pages(PLATFORMS) } },
    async (request) => okEnvelope(await pagePlatforms(db, request.query)),
  );

  app.get(local(Paths.platformList), { schema: PlatformSchemas.list, config: { right: Right.pages(...SET_PAGES) } }, async () =>
    okEnvelope(await listPlatforms(db)),
  );

  app.get(
    local(Paths.platformMenuGroups),
    { schema: PlatformSchemas.menuGroups, config: { right: Right.pages(PLATFORMS) } },
    async () => okEnvelope(await menuGroupOptions(db)),
  );

  app.post(
    local(Paths.platform),
    {
      schema: PlatformSchemas.save,
      config: {
        right: Right.buttons([
          [PLATFORMS, 'add'],
          [PLATFORMS, 'edit'],
        ]),
      },
    },
    async (request) => {
      const adding = request.body.id === undefined;
      await requireButton(db, request, PLATFORMS, adding ? 'add' : 'edit');
      const id = await savePlatform(db, request, request.body);
      return okEnvelope({ id }, adding ? '平台已新建' : '平台已保存');
    },
  );

  app.post(
    local(Paths.platformEnable),
    { schema: PlatformSchemas.enable, config: { right: Right.buttons([[PLATFORMS, 'enable']]) } },
    async (request) => {
      await enablePlatform(db, request, request.body.id, request.body.enable);
      return okEnvelope(null, request.body.enable ? '平台已启用' : '平台已停用');
    },
  );

  app.post(
    `${local(Paths.platformSaveRecommend)}/:id`,
    { schema: PlatformSchemas.recommend, config: { right: Right.buttons([[PLATFORMS, 'edit']]) } },
    async (request) => {
      await recommendPlatform(db, request, request.params.id, request.body.isRecommend);
      return okEnvelope(null, request.body.isRecommend ? '已设为推荐平台' : '已取消推荐');
    },
  );

  app.post(
    local(Paths.platformSaveSort),
    { schema: PlatformSchemas.saveSort, config: { right: Right.buttons([[PLATFORMS, 'edit']]) } },
    async (request) => {
      await sortPlatforms(db, request, request.body.ids);
      return okEnvelope(null, '顺序已保存');
    },
  );

  app.delete(
    local(Paths.platform),
    { schema: PlatformSchemas.remove, config: { right: Right.buttons([[PLATFORMS, 'delete']]) } },
    async (request) => {
      await deletePlatform(db, request, request.query.id);
      return okEnvelope(null, '平台已删除');
    },
  );

  app.get(
    `${local(Paths.platformListByZtId)}/:id`,
    { schema: PlatformSchemas.byZt, config: { right: Right.pages(...SET_PAGES) } },
    async (request) => okEnvelope(await platformsOfSet(db, request, request.params.id)),
  );

  app.post(
    local(Paths.platformSaveByZtId),
    {
      schema: PlatformSchemas.saveByZt,
      config: {
        right: Right.buttons([
          [PLATFORMS, 'edit'],
          [Page.ztManagement, 'add'],
          [Page.ztManagement, 'edit'],
          [Page.provincialZtManagement, 'edit'],
        ]),
      },
    },
    async (request) => {
      await saveSetPlatforms(db, request, request.body);
      return okEnvelope(null, '账套的平台已保存');
    },
  );
}
