/**
 * The long-term deferred expenses' months (181): what each item owes a month, the month list, the month's detail
 * rows and the close's figures.
 *
 * What must stay true: an item is amortised straight line by month with provisionFor (shared/assets/depreciation.ts):
 * from its pay-out month, over its life, the last month taking what is left, never past its amount. The accumulation
 * before a month is the item's opening amortisation plus its detail rows of the earlier months.
 */
import type { AmortionDetailList, AmortionDetailQuery, LongMonthRow } from '../../shared/api/schemas/assets-long.js';
import { monthIndex, provisionFor } from '../../shared/assets/depreciation.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import type { Q } from '../subjects/subject-repository.js';
import { voucherTexts } from '../funds/receipts.js';
import { itemRows, stageOf, type ItemRow } from './long-items.js';

// ---- amortisation

export interface DetailRow {
  year: number;
  month: number;
  item_id: string;
  amount: number;
  voucher_id: string | null;
}

export async function detailRows(q: Q, ztId: number, year?: number): Promise<DetailRow[]> {
  const rows = await q
    .selectFrom('long_amortion_detail')
    .select(['year', 'month', 'item_id', 'amount', 'voucher_id'])
    .where('zt_id', '=', ztId)
    .$if(year !== undefined, (w) => w.where('year', '<=', year ?? 0))
    .execute();
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

export interface DueRow {
  item: ItemRow;
  amount: number;
  /** Amortised through the month (opening + earlier months + this one). */
  through: number;
}

/**
 * What each reviewed item owes for (year, month): from its opening and the earlier months' rows; the months after the
 * set's last amortised month and before this one are counted as if amortised (a preview of a later month reads as it
 * will be once the months before are run, which amortise() requires).
 */
export function dueFor(items: readonly ItemRow[], details: readonly DetailRow[], year: number, month: number): DueRow[] {
  const at = monthIndex(year, month);
  const before = new Map<string, number>();
  let lastDone = -1;
  for (const d of details) {
    const m = monthIndex(d.year, d.month);
    if (m < at) {
      before.set(d.item_id, (before.get(d.item_id) ?? 0) + d.amount);
      lastDone = Math.max(lastDone, m);
    }
  }
  const out: DueRow[] = [];
  for (const item of items) {
    if (item.is_review !== 1) continue;
    const basis = {
      originalFen: Number(item.pay_out_amount),
      lifeMonths: item.life_months,
      activationDate: item.pay_out_date,
      depreciates: true,
    };
    let accumulated = Number(item.init_amortized) + (before.get(item.id) ?? 0);
    const from = lastDone < 0 ? monthIndex(year, 1) : lastDone + 1;
    for (let m = from; m < at; m++)
      accumulated += provisionFor({ ...basis, accumulatedFen: accumulated }, Math.floor(m / 12), (m % 12) + 1);
    const amount = provisionFor({ ...basis, accumulatedFen: accumulated }, year, month);
    if (amount > 0) out.push({ item, amount, through: accumulated + amount });
  }
  return out;
}

export interface MonthState {
  /** The month's rows (done), or none. */
  rows: DetailRow[];
  /** The ids of its vouchers that still exist. */
  live: Set<string>;
}

export async function monthState(q: Q, ztId: number, year: number, month: number): Promise<MonthState> {
  const rows = (await detailRows(q, ztId, year)).filter((d) => d.year === year && d.month === month);
  const texts = await voucherTexts(
    q,
    ztId,
    rows.flatMap((r) => (r.voucher_id ? [r.voucher_id] : [])),
  );
  return { rows, live: new Set(texts.keys()) };
}

export async function monthList(q: Q, ztId: number, year: number): Promise<LongMonthRow[]> {
  const [items, details] = await Promise.all([itemRows(q, ztId), detailRows(q, ztId, year)]);
  const texts = await voucherTexts(
    q,
    ztId,
    details.flatMap((d) => (d.voucher_id ? [d.voucher_id] : [])),
  );
  return Array.from({ length: 12 }, (_, i) => {
    const month = i + 1;
    const rows = details.filter((d) => d.year === year && d.month === month);
    const done = rows.length > 0;
    const amount = done
      ? rows.reduce((s, r) => s + r.amount, 0)
      : dueFor(items, details, year, month).reduce((s, r) => s + r.amount, 0);
    const vouchers = [...new Set(rows.flatMap((r) => (r.voucher_id && texts.has(r.voucher_id) ? [r.voucher_id] : [])))];
    return {
      month,
      isProvision: done,
      unGenerateCertificate: done && rows.some((r) => !r.voucher_id || !texts.has(r.voucher_id)),
      amount: fenToYuan(amount),
      voucherText: vouchers.map((v) => texts.get(v) ?? '').join('，'),
    };
  });
}

/** The close check's view of a month: due but not done, or done without voucher. */
export async function longMonthCheck(
  q: Q,
  ztId: number,
  year: number,
  month: number,
): Promise<{ due: boolean; done: boolean; unGenerated: number }> {
  const [items, details] = await Promise.all([itemRows(q, ztId), detailRows(q, ztId, year)]);
  const rows = details.filter((d) => d.year === year && d.month === month);
  if (rows.length === 0) return { due: dueFor(items, details, year, month).length > 0, done: false, unGenerated: 0 };
  const texts = await voucherTexts(
    q,
    ztId,
    rows.flatMap((r) => (r.voucher_id ? [r.voucher_id] : [])),
  );
  return { due: true, done: true, unGenerated: rows.filter((r) => !r.voucher_id || !texts.has(r.voucher_id)).length };
}

export async function amortionDetails(q: Q, ztId: number, query: AmortionDetailQuery): Promise<AmortionDetailList> {
  const { year, month } = query;
  const [items, details] = await Promise.all([itemRows(q, ztId), detailRows(q, ztId, year)]);
  const rows = details.filter((d) => d.year === year && d.month === month);
  const byId = new Map(items.map((i) => [i.id, i]));
  const at = monthIndex(year, month);
  const through = (itemId: string) =>
    Number(byId.get(itemId)?.init_amortized ?? 0) +
    details.filter((d) => d.item_id === itemId && monthIndex(d.year, d.month) <= at).reduce((s, d) => s + d.amount, 0);
  const vouchers = await q
    .selectFrom('voucher')
    .select(['id', 'pz_date'])
    .where('zt_id', '=', ztId)
    .where('id', 'in', rows.length === 0 ? [''] : [...new Set(rows.map((r) => r.voucher_id ?? ''))])
    .execute();
  const dateOf = new Map(vouchers.map((v) => [v.id, v.pz_date]));
  const texts = await voucherTexts(
    q,
    ztId,
    rows.flatMap((r) => (r.voucher_id ? [r.voucher_id] : [])),
  );
  const done = rows.length > 0;
  const listed = done
    ? rows.flatMap((r) => {
        const item = byId.get(r.item_id);
        return item ? [{ item, amount: r.amount, through: through(r.item_id), voucherId: r.voucher_id }] : [];
      })
    : dueFor(items, details, year, month).map((d) => ({ ...d, voucherId: null as string | null }));
  listed.sort((a, b) =>
    a.item.pay_out_date < b.item.pay_out_date
      ? -1
      : a.item.pay_out_date > b.item.pay_out_date
        ? 1
        : a.item.id < b.item.id
          ? -1
          : 1,
  );
  const size = query.pageSize ?? 20;
  const page = query.pageIndex ?? 1;
  return {
    isProvision: done,
    totalItemCount: listed.length,
    currentPageItems: listed.slice((page - 1) * size, page * size).map((l) => ({
      itemId: l.item.id,
      matter: l.item.matter,
      departmentName: l.item.department_name ?? '',
      accruedStage: stageOf(year, month),
      accruedDate: (l.voucherId && dateOf.get(l.voucherId)) || '',
      payOutAmount: fenToYuan(Number(l.item.pay_out_amount)),
      totalAmortization: fenToYuan(l.through),
      amountThisAmortization: fenToYuan(l.amount),
      voucherText: (l.voucherId && texts.get(l.voucherId)) || '',
    })),
    footer: {
      amountThisAmortization: fenToYuan(listed.reduce((s, l) => s + l.amount, 0)),
      totalAmortization: fenToYuan(listed.reduce((s, l) => s + l.through, 0)),
    },
  };
}

// ---- the vouchers

/** Items added (not opening data) in or before the month of the year without a live voucher, and the 181 total at month end. */
export async function longCloseFigures(
  q: Q,
  ztId: number,
  year: number,
  month: number,
): Promise<{ any: boolean; unGeneratedAdds: number; balanceFen: number }> {
  const [items, details] = await Promise.all([itemRows(q, ztId), detailRows(q, ztId, year)]);
  if (items.length === 0) return { any: false, unGeneratedAdds: 0, balanceFen: 0 };
  const end = `${stageOf(year, month)}-31`;
  const held = items.filter((i) => i.pay_out_date <= end);
  const live = await voucherTexts(
    q,
    ztId,
    held.flatMap((i) => (i.voucher_id ? [i.voucher_id] : [])),
  );
  const unGeneratedAdds = held.filter((i) => i.is_init !== 1 && !(i.voucher_id && live.has(i.voucher_id))).length;
  const at = monthIndex(year, month);
  const amortised = details.filter((d) => monthIndex(d.year, d.month) <= at).reduce((s, d) => s + d.amount, 0);
  const balanceFen = held.reduce((s, i) => s + Number(i.pay_out_amount) - Number(i.init_amortized), 0) - amortised;
  return { any: true, unGeneratedAdds, balanceFen };
}
