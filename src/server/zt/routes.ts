/** Ledger-set calls of the user center (registered under /userCenter and /usercenter). */
import type { AccountingSystem, ZtElectItem, ZtInfo } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import { ZtSchemas } from '../../shared/api/schemas/zt.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { ZtInfoRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import type { App } from '../http/app-type.js';
import { authOf, isExpired } from '../auth/guard.js';
import { requestScope, scopeHolds } from '../admin/scope.js';
import { userMayOpen } from './access.js';
import { yearsOfSets } from './set-years.js';

export function toZtInfo(row: ZtInfoRow): ZtInfo {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    expireTime: row.expire_time,
    level: row.level,
    enable: !!row.enable,
    isImproveUnit: !!row.is_improve_unit,
    isAssetCheck: !!row.is_asset_check,
    saveLocalizationPrint: !!row.save_localization_print,
    upperId: row.upper_id,
    accountingSystem: row.accounting_system as AccountingSystem,
  };
}

export function buildTree(list: ZtInfo[]): ZtInfo[] {
  const byId = new Map(list.map((z) => [z.id, { ...z, children: [] as ZtInfo[] }]));
  const roots: ZtInfo[] = [];
  for (const node of byId.values()) {
    const parent = node.upperId !== null ? byId.get(node.upperId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

async function visibleSets(db: Db, userId: number, isAdmin: boolean): Promise<ZtInfoRow[]> {
  let query = db.kysely.selectFrom('zt_info').selectAll('zt_info').orderBy('zt_info.code');
  if (!isAdmin)
    query = query.innerJoin('user_zt_level', 'user_zt_level.zt_id', 'zt_info.id').where('user_zt_level.user_id', '=', userId);
  return query.execute();
}

/** The path under the user-center base the routes are registered in. */
const local = (path: string) => path.slice('/userCenter'.length);

export function ztRoutes(app: App, db: Db): void {
  /** The ledger sets the user may open now (enabled, unexpired), with the years each has. */
  app.get(local(Paths.ztElect), { schema: ZtSchemas.elect, config: { right: 'none' } }, async (request) => {
    const { user } = authOf(request);
    const rows = (await visibleSets(db, user.id, !!user.is_admin)).filter((z) => z.enable && !isExpired(z.expire_time));
    const years = await yearsOfSets(
      db.kysely,
      rows.map((r) => r.id),
    );
    const data: ZtElectItem[] = rows.map((r) => ({
      id: r.id,
      name: r.name,
      code: r.code,
      upperId: r.upper_id,
      level: r.level,
      accountingSystem: r.accounting_system as AccountingSystem,
      years: years.get(r.id) ?? [],
    }));
    return okEnvelope(data);
  });

  // A province's tree is 10,000 sets (2 MB): the schema's serializer walks its recursive $ref at
  // about 300 ms where JSON.stringify takes a tenth of that. toZtInfo makes exactly the declared
  // fields, so the text is the same (the route-schemas test checks the answer against the schema).
  app.get(
    local(Paths.ztInfoTree),
    { schema: ZtSchemas.tree, config: { right: 'none' }, serializerCompiler: () => (data) => JSON.stringify(data) },
    async (request) => {
      const { user } = authOf(request);
      return okEnvelope(buildTree((await visibleSets(db, user.id, !!user.is_admin)).map(toZtInfo)));
    },
  );

  app.get(`${local(Paths.ztInfo)}/:id`, { schema: ZtSchemas.info, config: { right: 'none' } }, async (request) => {
    const { id } = request.params;
    const { user } = authOf(request);
    // A set the user may open, or one the user administers (账套管理's edit dialog reads it).
    if (!(await userMayOpen(db, user, id)) && !scopeHolds(await requestScope(db, request), id)) {
      refuse('Forbidden', '无权访问该账套的数据');
    }
    const row = await db.kysely.selectFrom('zt_info').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) refuse('NotFound', '账套不存在');
    return okEnvelope(toZtInfo(row));
  });
}
