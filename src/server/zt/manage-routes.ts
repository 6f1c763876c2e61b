/**
 * 账套管理 and 省级账套管理 (issue 18 §1): the managed tree, the list, create and edit, enable and
 * disable, expiry, level, the two flags, delete. Session routes on sets named by id: every id is
 * checked against the caller's managed scope (admin/scope.ts) and every change is recorded in the
 * operation log inside its transaction.
 */
import fs from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { ZtListItem, ZtPageListParams } from '../../shared/api/schemas/zt.js';
import { ZtSchemas } from '../../shared/api/schemas/zt.js';
import { Paths } from '../../shared/api/paths.js';
import { okEnvelope } from '../../shared/envelope.js';
import { ACCOUNTING_SYSTEM_NAMES } from '../../shared/zt/ledger-set-rules.js';
import type { Db } from '../db/database.js';
import type { Updateable } from 'kysely';
import type { ZtInfoRow, ZtInfoTable } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import type { App } from '../http/app-type.js';
import { actorOf, recordChange } from '../admin/audit.js';
import { requestScope, requireManagedSets, scopeHolds, subtreeOf, type ManagedScope } from '../admin/scope.js';
import { authOf, isExpired } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { requireAnyButton } from '../auth/permissions.js';
import { Right } from '../auth/route-rights.js';
import { attachmentStoreOf, backupDirOf } from '../backup/backup-home.js';
import { checkLedgerSet, isRealDate } from './check-set.js';
import { createLedgerSet, openYears } from './create-set.js';
import { clearChart, deleteLedgerSet, endSessionsIn } from './remove-set.js';
import { toZtInfo } from './routes.js';
import { firstYearsOfSets, setsWithVouchers } from './set-years.js';
import { treeChildren, treeReveal, treeSearch, treeTop, treeWhole } from './tree-levels.js';

const local = (path: string) => path.slice('/userCenter'.length);

const ZT = Page.ztManagement;
const PROVINCIAL = Page.provincialZtManagement;
const READ = Right.pages(ZT, PROVINCIAL);

type ZtUpdate = Updateable<ZtInfoTable>;

const label = (row: { code: string; name: string }) => `${row.code} ${row.name}`;

async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute((trx) => work({ ...db, kysely: trx }));
}

/** The sets of the scope, by code. */
async function managedRows(db: Db, scope: ManagedScope): Promise<ZtInfoRow[]> {
  const rows = await db.kysely.selectFrom('zt_info').selectAll().orderBy('code').execute();
  return scope.all ? rows : rows.filter((r) => scope.ids.has(r.id));
}

/** List items of the given rows (one page or a subtree): with their upper unit, first year, vouchers, children. */
async function listItems(db: Db, rows: readonly ZtInfoRow[], all: readonly ZtInfoRow[], now: number): Promise<ZtListItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const byId = new Map(all.map((r) => [r.id, r]));
  const withChildren = new Set(all.map((r) => r.upper_id));
  const firstYears = await firstYearsOfSets(db.kysely, ids);
  const withVouchers = await setsWithVouchers(db.kysely, ids);
  return rows.map((r) => {
    const { children: _children, ...info } = toZtInfo(r);
    return {
      ...info,
      upperName: r.upper_id === null ? null : (byId.get(r.upper_id)?.name ?? null),
      firstYear: firstYears.get(r.id) ?? null,
      expired: isExpired(r.expire_time, now),
      hasVouchers: withVouchers.has(r.id),
      hasChildren: withChildren.has(r.id),
    };
  });
}

function matches(row: ZtInfoRow, query: ZtPageListParams, now: number): boolean {
  if (query.code && !row.code.includes(query.code.trim())) return false;
  if (query.name && !row.name.includes(query.name.trim())) return false;
  if (query.level !== undefined && row.level !== query.level) return false;
  if (query.accountingSystem && row.accounting_system !== query.accountingSystem) return false;
  if (query.enable !== undefined && !!row.enable !== query.enable) return false;
  if (query.expired !== undefined && isExpired(row.expire_time, now) !== query.expired) return false;
  return true;
}

/** The caller's own session set may not be disabled, expired or deleted from under it. */
function refuseOwnSet(request: FastifyRequest, ids: readonly number[], what: string): void {
  const own = authOf(request).zt?.id;
  if (own !== undefined && ids.includes(own)) refuse('BusinessRule', `不能${what}您当前登录所在的账套，请先切换到其他账套`);
}

async function rowsOf(db: Db, ids: readonly number[]): Promise<ZtInfoRow[]> {
  const unique = [...new Set(ids)];
  const rows: ZtInfoRow[] = [];
  for (let at = 0; at < unique.length; at += 1000) {
    rows.push(
      ...(await db.kysely
        .selectFrom('zt_info')
        .selectAll()
        .where('id', 'in', unique.slice(at, at + 1000))
        .execute()),
    );
  }
  if (rows.length !== unique.length) refuse('NotFound', '所选账套中有的已不存在，请刷新后重试');
  return rows.sort((a, b) => a.code.localeCompare(b.code));
}

/** Applies one column's new value to the chosen sets and records each change; answers how many changed. */
async function updateEach(
  db: Db,
  request: FastifyRequest,
  ids: readonly number[],
  action: string,
  change: (row: ZtInfoRow) => { set: ZtUpdate; summary: string } | null,
  after?: (tx: Db, changed: ZtInfoRow[]) => Promise<void>,
): Promise<number> {
  await requireManagedSets(db, request, ids);
  const actor = actorOf(request);
  return inTransaction(db, async (tx) => {
    const rows = await rowsOf(tx, ids);
    const changed: ZtInfoRow[] = [];
    for (const row of rows) {
      const next = change(row);
      if (!next) continue;
      await tx.kysely.updateTable('zt_info').set(next.set).where('id', '=', row.id).execute();
      await recordChange(tx.kysely, actor, {
        action,
        target: 'zt_info',
        targetId: row.id,
        ztId: row.id,
        summary: next.summary,
        before: row,
        after: { ...row, ...next.set },
      });
      changed.push(row);
    }
    if (after) await after(tx, changed);
    return changed.length;
  });
}

export function ztManagementRoutes(app: App, db: Db): void {
  /** The managed scope as a tree: every set for the super administrator, else the subtree of the session's set. */
  // Also the people pages' unit picker (it searches): a user's or a department's unit is one of the managed sets.
  const treeReaders = Right.pages(
    ZT,
    PROVINCIAL,
    Page.userManagement,
    Page.operatorManagement,
    Page.superUser,
    Page.departmentManagement,
  );
  // Level by level (tree-levels.ts); the whole scope in one answer only when asked (`whole`), then
  // written with JSON.stringify as getZtInfoTree is (the schema's serializer walks the recursive $ref slowly).
  app.get(
    local(Paths.ztInfoManagedTree),
    {
      schema: ZtSchemas.managedTree,
      config: { right: treeReaders },
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      const { parentId, revealId, levels, whole } = request.query;
      if ([parentId, revealId, whole || undefined].filter((v) => v !== undefined).length > 1) {
        refuse('BadRequest', 'parentId、revealId 与 whole 只能给出一个');
      }
      const scope = await requestScope(db, request);
      if (parentId !== undefined || revealId !== undefined) {
        const id = parentId ?? revealId ?? 0;
        await requireManagedSets(db, request, [id]);
        const exists = await db.kysely.selectFrom('zt_info').select('id').where('id', '=', id).executeTakeFirst();
        if (!exists) refuse('NotFound', '账套不存在，可能已被删除');
        return okEnvelope(parentId !== undefined ? await treeChildren(db, parentId) : await treeReveal(db, scope, id));
      }
      if (whole) return okEnvelope(treeWhole((await managedRows(db, scope)).map(toZtInfo)));
      return okEnvelope(await treeTop(db, scope, levels ?? 2));
    },
  );

  app.get(local(Paths.ztInfoTreeSearch), { schema: ZtSchemas.treeSearch, config: { right: treeReaders } }, async (request) => {
    const text = request.query.text.trim();
    if (text === '') refuse('BadRequest', '请输入要查找的编码或名称');
    return okEnvelope(await treeSearch(db, await requestScope(db, request), text));
  });

  app.get(local(Paths.ztInfoChildrenTile), { schema: ZtSchemas.childrenTile, config: { right: READ } }, async (request) => {
    const { id } = request.query;
    await requireManagedSets(db, request, [id]);
    const all = await db.kysely.selectFrom('zt_info').selectAll().orderBy('code').execute();
    const below = subtreeOf(id, all);
    return okEnvelope(
      await listItems(
        db,
        all.filter((r) => below.has(r.id)),
        all,
        Date.now(),
      ),
    );
  });

  app.get(local(Paths.ztInfoPageList), { schema: ZtSchemas.pageList, config: { right: READ } }, async (request) => {
    const query = request.query;
    const scope = await requestScope(db, request);
    if (query.rootId !== undefined) await requireManagedSets(db, request, [query.rootId]);
    const now = Date.now();
    const all = await db.kysely.selectFrom('zt_info').selectAll().orderBy('code').execute();
    const under = query.rootId === undefined ? null : subtreeOf(query.rootId, all);
    const found = all.filter((r) => scopeHolds(scope, r.id) && (!under || under.has(r.id)) && matches(r, query, now));
    const size = query.pageSize ?? 20;
    const start = ((query.pageIndex ?? 1) - 1) * size;
    return okEnvelope({
      currentPageItems: await listItems(db, found.slice(start, start + size), all, now),
      totalItemCount: found.length,
    });
  });

  app.post(
    local(Paths.ztInfo),
    {
      schema: ZtSchemas.save,
      config: {
        right: Right.buttons([
          [ZT, 'add'],
          [ZT, 'edit'],
          [PROVINCIAL, 'edit'],
        ]),
      },
    },
    async (request) => {
      const body = request.body;
      const editing = body.id !== undefined && body.id !== null;
      await requireAnyButton(
        db,
        request,
        editing
          ? [
              [ZT, 'edit'],
              [PROVINCIAL, 'edit'],
            ]
          : [[ZT, 'add']],
      );
      if (editing) await requireManagedSets(db, request, [body.id ?? 0]);
      const scope = await requestScope(db, request);
      const actor = actorOf(request);
      const now = Date.now();
      const id = await inTransaction(db, async (tx) => {
        const checked = await checkLedgerSet(tx, body, scope);
        if (checked.problem !== null) refuse(checked.kind, checked.problem);
        const fields = {
          name: checked.name,
          code: checked.code,
          upperId: body.upperId,
          accountingSystem: body.accountingSystem,
          level: checked.level,
          expireTime: body.expireTime ?? null,
          enable: body.enable ?? true,
          isImproveUnit: body.isImproveUnit ?? false,
          isAssetCheck: body.isAssetCheck ?? false,
          saveLocalizationPrint: body.saveLocalizationPrint ?? false,
        };
        const existing = checked.existing;
        if (!existing) {
          const created = await createLedgerSet(tx, { ...fields, years: [body.year] }, now);
          await recordChange(tx.kysely, actor, {
            action: 'zt.create',
            target: 'zt_info',
            targetId: created,
            ztId: created,
            summary: `新建账套 ${label(fields)}（${ACCOUNTING_SYSTEM_NAMES[body.accountingSystem]}，${body.year}年启用）`,
            after: { ...fields, year: body.year },
          });
          return created;
        }
        // Flags the body leaves out keep their values on an edit.
        const next = {
          name: fields.name,
          code: fields.code,
          upper_id: fields.upperId,
          accounting_system: fields.accountingSystem,
          level: fields.level,
          expire_time: body.expireTime === undefined ? existing.expire_time : fields.expireTime,
          enable: body.enable === undefined ? existing.enable : body.enable ? 1 : 0,
          is_improve_unit: body.isImproveUnit === undefined ? existing.is_improve_unit : body.isImproveUnit ? 1 : 0,
          is_asset_check: body.isAssetCheck === undefined ? existing.is_asset_check : body.isAssetCheck ? 1 : 0,
          save_localization_print:
            body.saveLocalizationPrint === undefined ? existing.save_localization_print : body.saveLocalizationPrint ? 1 : 0,
        };
        if ((!next.enable && existing.enable) || (isExpired(next.expire_time, now) && !isExpired(existing.expire_time, now))) {
          refuseOwnSet(request, [existing.id], next.enable ? '设为已到期' : '停用');
        }
        await tx.kysely.updateTable('zt_info').set(next).where('id', '=', existing.id).execute();
        if (checked.rebuildsBooks) {
          await clearChart(tx, existing.id);
          await openYears(tx, existing.id, body.accountingSystem, [body.year]);
        }
        if (!next.enable) await endSessionsIn(tx, [existing.id], 'zt-disabled', now);
        else if (isExpired(next.expire_time, now)) await endSessionsIn(tx, [existing.id], 'zt-expired', now);
        await recordChange(tx.kysely, actor, {
          action: 'zt.edit',
          target: 'zt_info',
          targetId: existing.id,
          ztId: existing.id,
          summary: `修改账套 ${label(next)}${checked.rebuildsBooks ? `（重建为${ACCOUNTING_SYSTEM_NAMES[body.accountingSystem]}，${body.year}年启用）` : ''}`,
          before: { ...existing, year: checked.existingYear },
          after: { ...next, year: body.year },
        });
        return existing.id;
      });
      return okEnvelope({ id }, editing ? '账套已保存' : '账套已创建');
    },
  );

  app.delete(
    `${local(Paths.ztInfo)}/:id`,
    { schema: ZtSchemas.remove, config: { right: Right.buttons([[ZT, 'delete']]) } },
    async (request) => {
      const { id } = request.params;
      await requireManagedSets(db, request, [id]);
      refuseOwnSet(request, [id], '删除');
      const actor = actorOf(request);
      const now = Date.now();
      await inTransaction(db, async (tx) => {
        const row = await tx.kysely.selectFrom('zt_info').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) refuse('NotFound', '账套不存在，可能已被删除');
        const lower = await tx.kysely
          .selectFrom('zt_info')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('upper_id', '=', id)
          .executeTakeFirstOrThrow();
        if (Number(lower.n) > 0) {
          refuse('BusinessRule', `该账套下还有${Number(lower.n)}个下级单位，不能删除；请先删除下级单位，或停用该账套`);
        }
        const voucher = await tx.kysely.selectFrom('voucher').select('zt_id').where('zt_id', '=', id).limit(1).executeTakeFirst();
        if (voucher) refuse('BusinessRule', '该账套已有凭证，不能删除，可停用（停用后不能再选择和使用，数据保留）');
        const people = await tx.kysely
          .selectFrom('app_user')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('home_zt_id', '=', id)
          .executeTakeFirstOrThrow();
        if (Number(people.n) > 0) {
          refuse(
            'BusinessRule',
            `该账套是${Number(people.n)}个用户的所属单位，不能删除；请先调整这些用户的所属单位，或停用该账套`,
          );
        }
        await deleteLedgerSet(tx, id, now);
        await recordChange(tx.kysely, actor, {
          action: 'zt.delete',
          target: 'zt_info',
          targetId: id,
          ztId: id,
          summary: `删除账套 ${label(row)}`,
          before: row,
        });
      });
      // The set's files go after the commit: a rollback must not have lost them, and nothing refers to them now.
      for (const dir of [backupDirOf(db, id), attachmentStoreOf(db).dirOf(id)]) {
        await fs
          .rm(dir, { recursive: true, force: true })
          .catch((error: unknown) => request.log.warn({ error, dir }, 'zt delete: files left'));
      }
      return okEnvelope({ id }, '账套已删除');
    },
  );

  app.post(
    local(Paths.ztInfoEnable),
    {
      schema: ZtSchemas.enable,
      config: {
        right: Right.buttons([
          [ZT, 'enable'],
          [PROVINCIAL, 'enable'],
        ]),
      },
    },
    async (request) => {
      const { ids, enable } = request.body;
      if (!enable) refuseOwnSet(request, ids, '停用');
      const now = Date.now();
      const count = await updateEach(
        db,
        request,
        ids,
        enable ? 'zt.enable' : 'zt.disable',
        (row) =>
          !!row.enable === enable
            ? null
            : { set: { enable: enable ? 1 : 0 }, summary: `${enable ? '启用' : '停用'}账套 ${label(row)}` },
        async (tx, changed) => {
          if (!enable)
            await endSessionsIn(
              tx,
              changed.map((r) => r.id),
              'zt-disabled',
              now,
            );
        },
      );
      return okEnvelope({ count }, enable ? `已启用${count}个账套` : `已停用${count}个账套`);
    },
  );

  app.post(
    local(Paths.ztInfoExpiration),
    { schema: ZtSchemas.expiration, config: { right: Right.buttons([[PROVINCIAL, 'expire']]) } },
    async (request) => {
      const { ids, expireTime } = request.body;
      if (expireTime !== null && !isRealDate(expireTime)) {
        refuse('BusinessRule', `到期日 ${expireTime} 不是有效的日期`);
      }
      const now = Date.now();
      const past = isExpired(expireTime, now);
      if (past) refuseOwnSet(request, ids, '设为已到期');
      const count = await updateEach(
        db,
        request,
        ids,
        'zt.expire',
        (row) =>
          row.expire_time === expireTime
            ? null
            : { set: { expire_time: expireTime }, summary: `设置账套 ${label(row)} 的到期日为 ${expireTime ?? '不到期'}` },
        async (tx, changed) => {
          if (past)
            await endSessionsIn(
              tx,
              changed.map((r) => r.id),
              'zt-expired',
              now,
            );
        },
      );
      return okEnvelope({ count }, `已设置${count}个账套的到期日`);
    },
  );

  app.post(
    local(Paths.ztInfoLevel),
    { schema: ZtSchemas.level, config: { right: Right.buttons([[PROVINCIAL, 'level']]) } },
    async (request) => {
      const { ids, level } = request.body;
      const count = await updateEach(db, request, ids, 'zt.level', (row) =>
        row.level === level ? null : { set: { level }, summary: `设置账套 ${label(row)} 的层级为 ${level}（原为 ${row.level}）` },
      );
      return okEnvelope({ count }, `已设置${count}个账套的层级`);
    },
  );

  const flags = [
    { path: Paths.ztInfoImproveUnit, column: 'is_improve_unit', action: 'zt.improveUnit', name: '完善单位' },
    { path: Paths.ztInfoAssetCheck, column: 'is_asset_check', action: 'zt.assetCheck', name: '资产核查' },
  ] as const;
  for (const flag of flags) {
    app.post(
      local(flag.path),
      {
        schema: ZtSchemas.flag,
        config: {
          right: Right.buttons([
            [PROVINCIAL, 'edit'],
            [ZT, 'edit'],
          ]),
        },
      },
      async (request) => {
        const { ids, value } = request.body;
        const count = await updateEach(db, request, ids, flag.action, (row) =>
          !!row[flag.column] === value
            ? null
            : {
                set: { [flag.column]: value ? 1 : 0 },
                summary: `${value ? '设置' : '取消'}账套 ${label(row)} 的${flag.name}标志`,
              },
        );
        return okEnvelope({ count }, `已修改${count}个账套的${flag.name}标志`);
      },
    );
  }
}
