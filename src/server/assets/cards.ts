/**
 * The asset settings and cards (issue 23 §1): the category tree per class, the set's departments, the cards with
 * their chain unreviewed → reviewed → voucher generated (read by join to the voucher: a deleted voucher leaves the
 * card reviewed), review, 分配 and the rules that guard what provisions and vouchers depend on. Every query filters
 * the session's set; amounts are fen here, yuan on the wire.
 */
import type { Selectable } from 'kysely';
import { ASSET_NATURES, ASSET_USAGES, PURCHASING_METHODS, type AssetClassCode } from '../../shared/assets/constants.js';
import { AssetCardMessages as M } from '../../shared/assets/cards-messages.js';
import { belowThreshold, thresholdOf } from '../../shared/assets/card-rules.js';
import {
  AssetCardStateFilter,
  type AssetCard,
  type AssetCardQuery,
  type AssetCardSave,
  type AssetCategory,
  type AssetCategorySave,
} from '../../shared/api/schemas/assets-cards.js';
import { fenToYuan, yuanToFen } from '../../shared/vouchers/amounts.js';
import type { AssetCardTable, AssetCategoryTable } from '../db/schema.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { refuse } from '../http/app-error.js';
import { requireDepartment } from './departments.js';
import type { Q } from './context.js';
import { existingVoucherIds } from './voucher-writer.js';
import { likeContains, likePrefix } from '../db/like.js';

const nameOf = (list: readonly { value: number; name: string }[], v: number) => list.find((x) => x.value === v)?.name ?? '';

/* ---------------- categories ---------------- */

export async function listCategories(q: Q, ztId: number, assetClass?: number): Promise<AssetCategory[]> {
  let query = q.selectFrom('asset_category').selectAll().where('zt_id', '=', ztId);
  if (assetClass) query = query.where('asset_class', '=', assetClass);
  const rows = await query.orderBy('asset_class').orderBy('sort').orderBy('id').execute();
  const used = new Set(
    (await q.selectFrom('asset_card').select('category_id').distinct().where('zt_id', '=', ztId).execute()).map(
      (r) => r.category_id,
    ),
  );
  const parents = new Set(rows.map((r) => r.parent_id).filter((p) => p !== null));
  return rows.map((r) => categoryOut(r, used.has(r.id), !parents.has(r.id)));
}

function categoryOut(r: Selectable<AssetCategoryTable>, used: boolean, leaf: boolean): AssetCategory {
  return {
    id: r.id,
    parentId: r.parent_id,
    assetClass: r.asset_class,
    code: r.code,
    name: r.name,
    lifeYears: Math.round((r.life_months / 12) * 100) / 100,
    lifeMonths: r.life_months,
    depreciates: r.depreciates === 1,
    builtin: r.builtin === 1,
    used,
    leaf,
  };
}

async function categoryRow(q: Q, ztId: number, id: number): Promise<Selectable<AssetCategoryTable>> {
  const row = await q.selectFrom('asset_category').selectAll().where('zt_id', '=', ztId).where('id', '=', id).executeTakeFirst();
  if (!row) refuse('NotFound', M.categoryNotFound);
  return row;
}

export async function saveCategory(q: Q, ztId: number, body: AssetCategorySave): Promise<AssetCategory> {
  const code = body.code.trim();
  const name = body.name.trim();
  if (!name) refuse('ValidationFailed', '请输入类别名称');
  const parentId = body.parentId ?? null;
  if (parentId !== null) {
    const parent = await categoryRow(q, ztId, parentId);
    if (parent.asset_class !== body.assetClass) refuse('ValidationFailed', M.categoryParentClass);
    if (parent.id === body.id) refuse('ValidationFailed', M.categoryParentClass);
  }
  const clash = await q
    .selectFrom('asset_category')
    .select('id')
    .where('zt_id', '=', ztId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (clash && clash.id !== body.id) refuse('Conflict', M.categoryCodeTaken);
  const values = {
    parent_id: parentId,
    asset_class: body.assetClass,
    code,
    name,
    life_months: Math.round(body.lifeYears * 12),
    depreciates: body.depreciates ? 1 : 0,
  };
  let id: number;
  if (body.id) {
    const old = await categoryRow(q, ztId, body.id);
    if (old.asset_class !== body.assetClass) refuse('ValidationFailed', M.categoryParentClass);
    await q.updateTable('asset_category').set(values).where('zt_id', '=', ztId).where('id', '=', body.id).execute();
    id = body.id;
  } else {
    const max = await q
      .selectFrom('asset_category')
      .select((eb) => [eb.fn.max<number>('id').as('id'), eb.fn.max<number>('sort').as('sort')])
      .where('zt_id', '=', ztId)
      .executeTakeFirst();
    id = Number(max?.id ?? 0) + 1;
    await q
      .insertInto('asset_category')
      .values({ zt_id: ztId, id, ...values, builtin: 0, sort: Number(max?.sort ?? 0) + 1 })
      .execute();
  }
  const all = await listCategories(q, ztId);
  const out = all.find((c) => c.id === id);
  if (!out) refuse('NotFound', M.categoryNotFound);
  return out;
}

export async function deleteCategory(q: Q, ztId: number, id: number): Promise<void> {
  await categoryRow(q, ztId, id);
  const child = await q
    .selectFrom('asset_category')
    .select('id')
    .where('zt_id', '=', ztId)
    .where('parent_id', '=', id)
    .executeTakeFirst();
  if (child) refuse('BusinessRule', M.categoryHasChildren);
  const card = await q
    .selectFrom('asset_card')
    .select('id')
    .where('zt_id', '=', ztId)
    .where('category_id', '=', id)
    .executeTakeFirst();
  if (card) refuse('BusinessRule', M.categoryInUse);
  await q.deleteFrom('asset_category').where('zt_id', '=', ztId).where('id', '=', id).execute();
}

/* ---------------- cards ---------------- */

type CardRow = Selectable<AssetCardTable> & { category_name: string | null; department_name: string | null };

async function cardsOut(q: Q, ztId: number, rows: readonly CardRow[]): Promise<AssetCard[]> {
  const live = await existingVoucherIds(
    q,
    ztId,
    rows.map((r) => r.voucher_id ?? ''),
  );
  const ids = rows.map((r) => r.id);
  const provided = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const found = await q
      .selectFrom('asset_provision')
      .select('card_id')
      .distinct()
      .where('zt_id', '=', ztId)
      .where('card_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const f of found) provided.add(f.card_id);
  }
  return rows.map((r) => {
    const generated = r.voucher_id !== null && live.has(r.voucher_id);
    const reviewed = r.is_review === 1;
    return {
      id: r.id,
      revision: r.revision,
      assetClass: r.asset_class,
      cardNo: r.card_no,
      categoryId: r.category_id,
      aetTypeName: r.category_name ?? '',
      name: r.name,
      spec: r.spec,
      unit: r.unit,
      quantity: r.quantity,
      originalValue: fenToYuan(r.original_value),
      initDepreciation: fenToYuan(r.init_depreciation),
      accumulatedDepreciation: fenToYuan(r.accumulated_depreciation),
      estimatedServiceLife: r.life_months,
      dateOfActivation: r.activation_date,
      purchasingMethod: r.purchasing_method,
      purchasingMethodName: nameOf(PURCHASING_METHODS, r.purchasing_method),
      departmentId: r.department_id,
      department: r.department_name ?? '',
      nature: r.nature,
      natureName: nameOf(ASSET_NATURES, r.nature),
      usage: r.usage,
      usageName: nameOf(ASSET_USAGES, r.usage),
      keeper: r.keeper,
      remark: r.remark,
      isInit: r.is_init === 1,
      isReview: reviewed,
      isGenerateCertificate: generated,
      state: generated ? '已生成凭证' : reviewed ? '已审核' : '未审核',
      hasProvisions: provided.has(r.id),
    };
  });
}

function cardQuery(q: Q, ztId: number) {
  return q
    .selectFrom('asset_card as c')
    .leftJoin('asset_category as t', (j) => j.onRef('t.zt_id', '=', 'c.zt_id').onRef('t.id', '=', 'c.category_id'))
    .leftJoin('department as d', (j) => j.onRef('d.zt_id', '=', 'c.zt_id').onRef('d.id', '=', 'c.department_id'))
    .where('c.zt_id', '=', ztId);
}

/** The category and every category under it. */
async function withDescendants(q: Q, ztId: number, ids: readonly number[]): Promise<number[]> {
  const all = await q.selectFrom('asset_category').select(['id', 'parent_id']).where('zt_id', '=', ztId).execute();
  const out = new Set(ids);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of all)
      if (c.parent_id !== null && out.has(c.parent_id) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
  }
  return [...out];
}

export async function listCards(
  q: Q,
  ztId: number,
  query: AssetCardQuery,
): Promise<{ currentPageItems: AssetCard[]; totalItemCount: number }> {
  let base = cardQuery(q, ztId).where('c.asset_class', '=', query.assetClass);
  if (query.isInit) base = base.where('c.is_init', '=', 1);
  if (query.departmentId) base = base.where('c.department_id', '=', query.departmentId);
  if (query.nature) base = base.where('c.nature', '=', query.nature);
  if (query.usage) base = base.where('c.usage', '=', query.usage);
  if (query.categoryIds) {
    const ids = query.categoryIds
      .split(',')
      .filter((s) => s)
      .map(Number);
    if (ids.length > 0) base = base.where('c.category_id', 'in', await withDescendants(q, ztId, ids));
  }
  const text = query.text?.trim();
  if (text) {
    base = base.where((eb) => eb.or([likeContains('c.card_no', text), likeContains('c.name', text)]));
  }
  const rows = (await base
    .selectAll('c')
    .select(['t.name as category_name', 'd.name as department_name'])
    .orderBy('c.card_no')
    .execute()) as CardRow[];
  let cards = await cardsOut(q, ztId, rows);
  if (query.state) {
    const want = query.state;
    cards = cards.filter((c) =>
      want === AssetCardStateFilter.Generated
        ? c.isGenerateCertificate
        : want === AssetCardStateFilter.Reviewed
          ? c.isReview && !c.isGenerateCertificate
          : !c.isReview,
    );
  }
  const size = query.pageSize ?? 20;
  const page = query.pageIndex ?? 1;
  return { currentPageItems: cards.slice((page - 1) * size, page * size), totalItemCount: cards.length };
}

export async function readCard(q: Q, ztId: number, id: string): Promise<AssetCard> {
  const row = await cardQuery(q, ztId)
    .where('c.id', '=', id)
    .selectAll('c')
    .select(['t.name as category_name', 'd.name as department_name'])
    .executeTakeFirst();
  if (!row) refuse('NotFound', M.cardNotFound);
  const [card] = await cardsOut(q, ztId, [row]);
  if (!card) refuse('NotFound', M.cardNotFound);
  return card;
}

/** The next card number of a class: its prefix (GD / WX / KC) and the next of the largest number after it. */
export async function nextCardNo(q: Q, ztId: number, assetClass: AssetClassCode): Promise<string> {
  const prefix = assetClass === 1 ? 'GD' : assetClass === 2 ? 'WX' : 'KC';
  const rows = await q
    .selectFrom('asset_card')
    .select('card_no')
    .where('zt_id', '=', ztId)
    .where(likePrefix('card_no', prefix))
    .execute();
  let max = 0;
  for (const r of rows) {
    const m = /^[A-Z]+(\d+)$/.exec(r.card_no);
    if (m?.[1]) max = Math.max(max, Number(m[1]));
  }
  return `${prefix}${String(max + 1).padStart(5, '0')}`;
}

const fen = (yuan: string | number | undefined, field: string): number => {
  if (yuan === undefined || yuan === '') return 0;
  const r = yuanToFen(yuan);
  if (!r.ok) refuse('ValidationFailed', `${field}：${r.message}`);
  return r.fen;
};

export interface CardSaveMode {
  /** Keyed at initialisation (资产初始化): carries its accumulated depreciation, activated before the init year. */
  init: boolean;
  initYear: number;
}

/** Adds or changes a card with every rule of §1; answers the card as stored. */
export async function saveCard(q: Q, ztId: number, userId: number, body: AssetCardSave, mode: CardSaveMode): Promise<AssetCard> {
  const cardNo = body.cardNo.trim();
  const name = body.name.trim();
  if (!cardNo) refuse('ValidationFailed', M.cardNoRequired);
  if (!name) refuse('ValidationFailed', M.nameRequired);
  if (!body.categoryId) refuse('ValidationFailed', M.categoryRequired);
  if (!body.dateOfActivation) refuse('ValidationFailed', M.activationRequired);
  if (body.quantity <= 0) refuse('ValidationFailed', M.quantityPositive);
  const original = fen(body.originalValue, '原值');
  if (original <= 0) refuse('ValidationFailed', M.originalValuePositive);
  const accumulated = mode.init ? fen(body.accumulatedDepreciation, '累计折旧') : 0;
  if (accumulated < 0 || accumulated > original) refuse('ValidationFailed', M.accumulatedTooLarge);
  if (mode.init && body.dateOfActivation >= `${mode.initYear}-01-01`)
    refuse('ValidationFailed', M.activationAfterInit(mode.initYear));
  const category = await categoryRow(q, ztId, body.categoryId);
  if (category.asset_class !== body.assetClass) refuse('ValidationFailed', M.categoryRequired);
  const hasChild = await q
    .selectFrom('asset_category')
    .select('id')
    .where('zt_id', '=', ztId)
    .where('parent_id', '=', category.id)
    .executeTakeFirst();
  if (hasChild) refuse('ValidationFailed', M.categoryNotLeaf);
  if (category.depreciates === 1 && body.assetClass !== 3 && body.estimatedServiceLife <= 0)
    refuse('ValidationFailed', M.lifeRequired);
  await requireDepartment(q, ztId, body.departmentId);
  // The fixed-asset threshold (reference §2.2): the unit price of 通用设备 / 专用设备.
  if (!body.belowThreshold && belowThreshold(body.assetClass, category.code, original, body.quantity))
    refuse('BusinessRule', M.belowThreshold((thresholdOf(body.assetClass, category.code) ?? 0) / 100));
  const clash = await q
    .selectFrom('asset_card')
    .select('id')
    .where('zt_id', '=', ztId)
    .where('card_no', '=', cardNo)
    .executeTakeFirst();
  if (clash && clash.id !== body.id) refuse('Conflict', M.cardNoTaken);

  const values = {
    card_no: cardNo,
    asset_class: body.assetClass,
    category_id: body.categoryId,
    name,
    spec: body.spec?.trim() ?? '',
    unit: body.unit?.trim() ?? '',
    quantity: body.quantity,
    original_value: original,
    life_months: body.estimatedServiceLife,
    activation_date: body.dateOfActivation,
    purchasing_method: body.purchasingMethod,
    department_id: body.departmentId ?? null,
    nature: body.nature,
    usage: body.usage ?? 1,
    keeper: body.keeper?.trim() ?? '',
    remark: body.remark?.trim() ?? '',
  };
  const now = Date.now();
  if (!body.id) {
    const id = timeOrderedId(now);
    await q
      .insertInto('asset_card')
      .values({
        zt_id: ztId,
        id,
        ...values,
        is_init: mode.init ? 1 : 0,
        init_depreciation: accumulated,
        accumulated_depreciation: accumulated,
        created_by: userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return readCard(q, ztId, id);
  }
  const old = await q.selectFrom('asset_card').selectAll().where('zt_id', '=', ztId).where('id', '=', body.id).executeTakeFirst();
  if (!old) refuse('NotFound', M.cardNotFound);
  if (body.revision !== undefined && body.revision !== old.revision) refuse('Conflict', M.changedMeanwhile);
  if (old.is_review === 1) refuse('BusinessRule', M.reviewedNoEdit);
  if ((old.is_init === 1) !== mode.init) refuse('NotFound', M.cardNotFound);
  const current = await readCard(q, ztId, old.id);
  if (current.hasProvisions || current.isGenerateCertificate) {
    const changed =
      old.asset_class !== values.asset_class ||
      old.category_id !== values.category_id ||
      old.original_value !== values.original_value ||
      old.activation_date !== values.activation_date ||
      old.life_months !== values.life_months ||
      old.nature !== values.nature ||
      (mode.init && old.init_depreciation !== accumulated);
    if (changed) refuse('BusinessRule', M.dependsLocked);
  }
  const provisioned = old.accumulated_depreciation - old.init_depreciation;
  const result = await q
    .updateTable('asset_card')
    .set({
      ...values,
      ...(mode.init ? { init_depreciation: accumulated, accumulated_depreciation: accumulated + provisioned } : {}),
      updated_at: now,
      revision: old.revision + 1,
    })
    .where('zt_id', '=', ztId)
    .where('id', '=', old.id)
    .where('revision', '=', old.revision)
    .where('is_review', '=', 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) refuse('Conflict', M.changedMeanwhile);
  return readCard(q, ztId, old.id);
}

async function cardsByIds(q: Q, ztId: number, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = await q
    .selectFrom('asset_card')
    .select(['id', 'is_review', 'voucher_id', 'is_init'])
    .where('zt_id', '=', ztId)
    .where('id', 'in', unique)
    .execute();
  if (rows.length !== unique.length) refuse('NotFound', M.cardNotFound);
  return rows;
}

export async function deleteCards(q: Q, ztId: number, ids: readonly string[], init: boolean): Promise<void> {
  if (ids.length > 1000) refuse('ValidationFailed', '一次最多删除1000张卡片');
  const rows = await cardsByIds(q, ztId, ids);
  if (rows.some((r) => (r.is_init === 1) !== init)) refuse('NotFound', M.cardNotFound);
  if (rows.some((r) => r.is_review === 1)) refuse('BusinessRule', M.reviewedNoDelete);
  const provided = await q
    .selectFrom('asset_provision')
    .select('card_id')
    .where('zt_id', '=', ztId)
    .where(
      'card_id',
      'in',
      rows.map((r) => r.id),
    )
    .executeTakeFirst();
  if (provided) refuse('BusinessRule', M.dependsLocked);
  await q
    .deleteFrom('asset_card')
    .where('zt_id', '=', ztId)
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .where('is_review', '=', 0)
    .execute();
}

export async function reviewCards(
  q: Q,
  ztId: number,
  ids: readonly string[],
  isReview: boolean,
  reviewer: string,
): Promise<number> {
  const rows = await cardsByIds(q, ztId, ids);
  if (!isReview) {
    const live = await existingVoucherIds(
      q,
      ztId,
      rows.map((r) => r.voucher_id ?? ''),
    );
    if (rows.some((r) => r.voucher_id !== null && live.has(r.voucher_id))) refuse('BusinessRule', M.voucherNoUnreview);
  }
  const targets = rows.filter((r) => (r.is_review === 1) !== isReview).map((r) => r.id);
  if (targets.length === 0) return 0;
  const result = await q
    .updateTable('asset_card')
    .set((eb) => ({
      is_review: isReview ? 1 : 0,
      reviewed_by: isReview ? reviewer : null,
      // A stale link to a deleted voucher goes with the unreview.
      ...(isReview ? {} : { voucher_id: null }),
      updated_at: Date.now(),
      revision: eb('revision', '+', 1),
    }))
    .where('zt_id', '=', ztId)
    .where('id', 'in', targets)
    .execute();
  return result.reduce((n, r) => n + Number(r.numUpdatedRows), 0);
}

export async function allotCards(
  q: Q,
  ztId: number,
  body: { ids: string[]; departmentId?: number | null; usage?: number; keeper?: string },
): Promise<number> {
  await cardsByIds(q, ztId, body.ids);
  await requireDepartment(q, ztId, body.departmentId);
  const set = {
    ...(body.departmentId !== undefined ? { department_id: body.departmentId } : {}),
    ...(body.usage !== undefined ? { usage: body.usage } : {}),
    ...(body.keeper !== undefined ? { keeper: body.keeper.trim() } : {}),
  };
  if (Object.keys(set).length === 0) return 0;
  const result = await q
    .updateTable('asset_card')
    .set((eb) => ({ ...set, updated_at: Date.now(), revision: eb('revision', '+', 1) }))
    .where('zt_id', '=', ztId)
    .where('id', 'in', body.ids)
    .execute();
  return result.reduce((n, r) => n + Number(r.numUpdatedRows), 0);
}
