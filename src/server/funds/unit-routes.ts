/**
 * The funds accounting calls (spec doc 1 "Funds accounting"): the lower sets of the tree
 * (jxhs_DepartList, user-centre base), the units with their ratios (unitInfo, getUnitInfo, the
 * funding info by id), the 县级以上 types (getZJUnitType), the two dialogs' saves (saveZJUnit,
 * edit), delete, and the set's default share subjects. Reads need the 上下级经费核算 page; a save
 * needs its add button to add and edit to change, delete its delete button. Every id names a row
 * of the session's set (another set's id is not found); a lower set must be under the session's
 * set in the tree. Parameters and answers: src/shared/api/schemas/funds-units.ts.
 */
import { Paths } from '../../shared/api/paths.js';
import { FundsUnitSchemas } from '../../shared/api/schemas/funds-units.js';
import { okEnvelope } from '../../shared/envelope.js';
import { defaultUpperRatioPercent } from '../../shared/funds/ratios.js';
import { EXPENDITURE_TYPES, FUNDING_TYPE_OPTIONS, UnitMessages } from '../../shared/funds/unit-rules.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { authOf, ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { requireButton } from '../auth/permissions.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { refuse } from '../http/app-error.js';
import { likeContains, likePrefix } from '../db/like.js';
import { scopeOf } from '../subjects/routes.js';
import { departList } from './lower-sets.js';
import { deleteUnits, readSetting, saveSetting } from './unit-admin.js';
import { findUnit, ratioHistory, unitRows } from './unit-rows.js';
import { saveLowerUnits, saveOrg } from './unit-save.js';

const PAGE = Page.fundsAccounting;

/** Paths under the module base the routes are registered with. */
const under = (path: string, base: string): string => path.slice(base.length);

export function fundsUnitUserCenterRoutes(app: App, db: Db): void {
  app.get(
    under(Paths.jxhsDepartList, '/userCenter'),
    { schema: FundsUnitSchemas.departList, ...onLedger(Right.pages(PAGE)) },
    async (request) => okEnvelope(await departList(db.kysely, ztOf(request).id)),
  );
}

export function fundsUnitRoutes(app: App, db: Db): void {
  const read = onLedger(Right.pages(PAGE));
  const save = onLedger(
    Right.buttons([
      [PAGE, 'add'],
      [PAGE, 'edit'],
    ]),
  );
  const remove = onLedger(Right.buttons([[PAGE, 'delete']]));
  const edit = onLedger(Right.buttons([[PAGE, 'edit']]));
  const path = (p: string) => under(p, '/account');
  const signKeyOf = (request: Parameters<typeof authOf>[0]) => authOf(request).session.sign_key;

  app.post(path(Paths.unitInfo), { schema: FundsUnitSchemas.list, ...read }, async (request) => {
    const scope = scopeOf(request);
    const body = request.body;
    const pageNum = body.pageNum ?? 1;
    const pageSize = body.pageSize ?? 50;
    let query = db.kysely.selectFrom('funds_unit').selectAll().where('zt_id', '=', scope.ztId);
    if (body.kind) query = query.where('kind', '=', body.kind);
    const keyword = (body.keyword ?? '').trim();
    if (keyword) query = query.where((eb) => eb.or([likeContains('code', keyword), likeContains('name', keyword)]));
    const type = (body.expenditureType ?? '').trim();
    if (type) query = query.where(likePrefix('expenditure_type', type));
    const all = await query.orderBy('code').execute();
    const page = all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
    const rows = await unitRows(db.kysely, scope, page, body.year ?? scope.year, body.month ?? 12, signKeyOf(request));
    return okEnvelope({ currentPageItems: rows, totalItemCount: all.length });
  });

  app.get(path(Paths.getUnitInfo), { schema: FundsUnitSchemas.get, ...read }, async (request) => {
    const scope = scopeOf(request);
    const unit = (await findUnit(db.kysely, scope.ztId, request.query.id)) ?? refuse('NotFound', UnitMessages.unitNotFound);
    const [row] = await unitRows(
      db.kysely,
      scope,
      [unit],
      request.query.year ?? scope.year,
      request.query.month ?? 12,
      signKeyOf(request),
    );
    return okEnvelope(row ?? refuse('NotFound', UnitMessages.unitNotFound));
  });

  app.get(`${path(Paths.unitFundingInfo)}/:id`, { schema: FundsUnitSchemas.fundingInfo, ...read }, async (request) => {
    const scope = scopeOf(request);
    const unit = (await findUnit(db.kysely, scope.ztId, request.params.id)) ?? refuse('NotFound', UnitMessages.unitNotFound);
    const subList = await ratioHistory(db.kysely, scope, unit);
    const [unitInfo] = await unitRows(db.kysely, scope, [unit], scope.year, 12, signKeyOf(request));
    return okEnvelope({ unitInfo: unitInfo ?? refuse('NotFound', UnitMessages.unitNotFound), subList });
  });

  app.post(path(Paths.getZJUnitType), { schema: FundsUnitSchemas.zjUnitType, ...read }, () =>
    okEnvelope({
      fundingTypes: FUNDING_TYPE_OPTIONS.map((o) => ({ ...o, defaultUpperRatio: defaultUpperRatioPercent(o.value) })),
      expenditureTypes: EXPENDITURE_TYPES.map((t) => ({
        value: t.value,
        label: t.label,
        ...('children' in t ? { children: t.children.map((c) => ({ ...c })) } : {}),
      })),
    }),
  );

  app.post(path(Paths.saveZJUnit), { schema: FundsUnitSchemas.saveZJUnit, ...save }, async (request) => {
    const editing = !!request.body.id?.trim();
    await requireButton(db, request, PAGE, editing ? 'edit' : 'add');
    const saved = await saveOrg(db, { scope: scopeOf(request), signKey: signKeyOf(request) }, request.body);
    return okEnvelope(saved, savedMessage(saved.unlinkedSubjects));
  });

  app.post(path(Paths.unitEdit), { schema: FundsUnitSchemas.edit, ...save }, async (request) => {
    const editing = !!request.body.id?.trim();
    await requireButton(db, request, PAGE, editing ? 'edit' : 'add');
    const saved = await saveLowerUnits(db, { scope: scopeOf(request), signKey: signKeyOf(request) }, request.body);
    return okEnvelope(saved, savedMessage(saved.unlinkedSubjects));
  });

  app.post(path(Paths.unitDelete), { schema: FundsUnitSchemas.delete, ...remove }, async (request) => {
    await deleteUnits(db, ztOf(request).id, request.body.ids);
    return okEnvelope(null, '删除成功');
  });

  app.get(path(Paths.unitSetting), { schema: FundsUnitSchemas.setting, ...read }, async (request) =>
    okEnvelope(await readSetting(db.kysely, ztOf(request).id)),
  );

  app.post(path(Paths.unitSetting), { schema: FundsUnitSchemas.saveSetting, ...edit }, async (request) => {
    const { setting, unlinkedSubjects } = await saveSetting(db, scopeOf(request), request.body);
    return okEnvelope(setting, savedMessage(unlinkedSubjects));
  });
}

function savedMessage(unlinked: readonly string[]): string {
  return unlinked.length === 0
    ? '保存成功'
    : `保存成功；科目${unlinked.join('、')}本年已有期初或凭证，未挂经费单位辅助核算，请在科目设置中处理`;
}
