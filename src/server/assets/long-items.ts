/**
 * The long-term deferred expenses (长期待摊费用, 181): the items, their keying and review.
 *
 * What must stay true:
 * - Every id is an item of the session's set (else 4004, nothing done).
 * - A reviewed item cannot be changed or deleted; an amortised one neither; an item whose addition voucher exists
 *   cannot be unreviewed. State is read by join to the voucher, never trusted from the link alone.
 */
import { sql } from 'kysely';
import type {
  LongAmortionItem,
  LongAmortionList,
  LongAmortionListQuery,
  SaveLongAmortion,
} from '../../shared/api/schemas/assets-long.js';
import { LongMessages } from '../../shared/assets/long-messages.js';
import { fenToYuan, yuanToFen } from '../../shared/vouchers/amounts.js';
import type { LongAmortionTable } from '../db/schema.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { refuse } from '../http/app-error.js';
import { requireDepartment } from './departments.js';
import type { Q } from '../subjects/subject-repository.js';
import { voucherTexts } from '../funds/receipts.js';
import type { Selectable } from 'kysely';

export type ItemRow = Selectable<LongAmortionTable> & { department_name: string | null };

const pad2 = (n: number) => String(n).padStart(2, '0');
export const stageOf = (year: number, month: number) => `${year}-${pad2(month)}`;

export function fenOf(yuan: number | string): number {
  const r = yuanToFen(yuan);
  return r.ok ? r.fen : refuse('ValidationFailed', r.message);
}

export async function itemRows(q: Q, ztId: number, ids?: readonly string[]): Promise<ItemRow[]> {
  if (ids && ids.length === 0) return [];
  return q
    .selectFrom('long_amortion as l')
    .leftJoin('department as d', (j) => j.onRef('d.id', '=', 'l.department_id').onRef('d.zt_id', '=', 'l.zt_id'))
    .selectAll('l')
    .select('d.name as department_name')
    .where('l.zt_id', '=', ztId)
    .$if(ids !== undefined, (w) => w.where('l.id', 'in', ids ?? []))
    .orderBy('l.pay_out_date')
    .orderBy('l.id')
    .execute();
}

/** The items asked, every one of the set's, or 4004. */
export async function itemsById(q: Q, ztId: number, ids: readonly string[]): Promise<ItemRow[]> {
  const wanted = [...new Set(ids)];
  const rows = await itemRows(q, ztId, wanted);
  if (rows.length !== wanted.length) refuse('NotFound', LongMessages.missing);
  return rows;
}

function toItem(r: ItemRow, texts: Map<string, string>): LongAmortionItem {
  const live = r.voucher_id && texts.has(r.voucher_id) ? r.voucher_id : null;
  const pay = Number(r.pay_out_amount);
  const amortised = Number(r.amortized_total);
  return {
    id: r.id,
    matter: r.matter,
    departmentId: r.department_id === null ? null : Number(r.department_id),
    departmentName: r.department_name ?? '',
    payOutAmount: fenToYuan(pay),
    amortizedTotal: fenToYuan(amortised),
    unamortizedAmount: fenToYuan(pay - amortised),
    initAmortized: fenToYuan(Number(r.init_amortized)),
    amortionServiceLife: r.life_months,
    payOutDate: r.pay_out_date,
    isInit: r.is_init === 1,
    isReview: r.is_review === 1,
    reviewedBy: r.reviewed_by,
    voucherId: live,
    voucherText: live ? (texts.get(live) ?? '') : '',
    remark: r.remark,
    revision: r.revision,
  };
}

export async function listItems(q: Q, ztId: number, query: LongAmortionListQuery): Promise<LongAmortionList> {
  const all = await itemRows(q, ztId);
  const texts = await voucherTexts(
    q,
    ztId,
    all.flatMap((r) => (r.voucher_id ? [r.voucher_id] : [])),
  );
  const matter = query.matter?.trim() ?? '';
  const chosen = all
    .filter((r) => !matter || r.matter.includes(matter))
    .filter((r) => query.isReview === undefined || (r.is_review === 1) === query.isReview);
  const size = query.pageSize ?? 20;
  const page = query.pageIndex ?? 1;
  const sum = (f: (r: ItemRow) => number) => fenToYuan(chosen.reduce((s, r) => s + f(r), 0));
  return {
    currentPageItems: chosen.slice((page - 1) * size, page * size).map((r) => toItem(r, texts)),
    totalItemCount: chosen.length,
    footer: {
      payOutAmount: sum((r) => Number(r.pay_out_amount)),
      amortizedTotal: sum((r) => Number(r.amortized_total)),
      unamortizedAmount: sum((r) => Number(r.pay_out_amount) - Number(r.amortized_total)),
    },
  };
}

async function detailCount(q: Q, ztId: number, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await q
    .selectFrom('long_amortion_detail')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('zt_id', '=', ztId)
    .where('item_id', 'in', ids)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function saveItem(
  q: Q,
  ztId: number,
  year: number,
  userId: number,
  body: SaveLongAmortion,
): Promise<LongAmortionItem> {
  const pay = fenOf(body.payOutAmount);
  if (pay <= 0) refuse('ValidationFailed', '支出金额须大于0');
  const isInit = body.isInit === true;
  const initAmortized = isInit && body.initAmortized !== undefined ? fenOf(body.initAmortized) : 0;
  if (initAmortized < 0 || initAmortized > pay) refuse('ValidationFailed', LongMessages.amortisedTooMuch);
  const payYear = Number(body.payOutDate.slice(0, 4));
  if (!isInit && payYear !== year) refuse('ValidationFailed', LongMessages.payOutYear(year));
  await requireDepartment(q, ztId, body.departmentId, '部门不存在');
  const now = Date.now();
  const fields = {
    matter: body.matter.trim(),
    department_id: body.departmentId ?? null,
    pay_out_amount: pay,
    pay_out_date: body.payOutDate,
    life_months: body.amortionServiceLife,
    init_amortized: initAmortized,
    amortized_total: initAmortized,
    is_init: isInit ? 1 : 0,
    remark: body.remark ?? '',
    updated_at: now,
  };
  let id = body.id;
  if (id) {
    const [row] = await itemsById(q, ztId, [id]);
    if (!row) return refuse('NotFound', LongMessages.missing);
    if (row.is_review === 1) refuse('BusinessRule', LongMessages.reviewedLocked);
    if ((await detailCount(q, ztId, [id])) > 0) refuse('BusinessRule', LongMessages.amortisedLocked);
    const done = await q
      .updateTable('long_amortion')
      .set({ ...fields, revision: sql<number>`revision + 1` })
      .where('zt_id', '=', ztId)
      .where('id', '=', id)
      .where('revision', '=', body.revision ?? row.revision)
      .where('is_review', '=', 0)
      .executeTakeFirst();
    if (done.numUpdatedRows !== 1n) refuse('Conflict', LongMessages.changedMeanwhile);
  } else {
    id = timeOrderedId(now);
    await q
      .insertInto('long_amortion')
      .values({ zt_id: ztId, id, ...fields, created_by: userId, created_at: now })
      .execute();
  }
  const [saved] = await itemRows(q, ztId, [id]);
  if (!saved) return refuse('NotFound', LongMessages.missing);
  return toItem(saved, new Map());
}

export async function deleteItems(q: Q, ztId: number, ids: readonly string[]): Promise<number> {
  const rows = await itemsById(q, ztId, ids);
  if (rows.some((r) => r.is_review === 1)) refuse('BusinessRule', LongMessages.reviewedLocked);
  if ((await detailCount(q, ztId, ids)) > 0) refuse('BusinessRule', LongMessages.amortisedLocked);
  const done = await q
    .deleteFrom('long_amortion')
    .where('zt_id', '=', ztId)
    .where('id', 'in', [...new Set(ids)])
    .where('is_review', '=', 0)
    .executeTakeFirst();
  return Number(done.numDeletedRows);
}

export async function reviewItems(
  q: Q,
  ztId: number,
  reviewer: string,
  ids: readonly string[],
  isReview: boolean,
): Promise<number> {
  const rows = await itemsById(q, ztId, ids);
  if (!isReview) {
    const live = await voucherTexts(
      q,
      ztId,
      rows.flatMap((r) => (r.voucher_id ? [r.voucher_id] : [])),
    );
    if (live.size > 0) refuse('BusinessRule', LongMessages.voucherLocked);
  }
  const done = await q
    .updateTable('long_amortion')
    .set({ is_review: isReview ? 1 : 0, reviewed_by: isReview ? reviewer : null, updated_at: Date.now() })
    .where('zt_id', '=', ztId)
    .where('id', 'in', [...new Set(ids)])
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}
