/**
 * The long-term deferred expenses (长期待摊费用, 181): the items, their review, the month list, the month's
 * amortisation and the vouchers of both (addition: pzAssetType 6; amortisation: pzAssetType 5).
 *
 * What must stay true:
 * - Every id is an item of the session's set (else 4004, nothing done).
 * - An item is amortised straight line by month with provisionFor (shared/assets/depreciation.ts): from its pay-out
 *   month, over its life, the last month taking what is left, never past its amount. The accumulation before a month
 *   is the item's opening amortisation plus its detail rows of the earlier months.
 * - A month's amortisation writes its detail rows, the items' totals and the voucher in one transaction
 *   (writeAssetVouchers); a month whose voucher exists is refused, one whose voucher was deleted gets a new voucher for
 *   the rows it has (the amounts are not computed again).
 * - A reviewed item cannot be changed or deleted; an amortised one neither; an item whose addition voucher exists
 *   cannot be unreviewed. State is read by join to the voucher, never trusted from the link alone.
 */
import { sql } from 'kysely';
import type { GeneratedVoucher } from '../../shared/api/schemas/funds-entry.js';
import type { AssetEntryIn, AssetEntryOut, AssetVoucherPreview } from '../../shared/api/schemas/assets-voucher.js';
import type {
  AmortionDetailList,
  AmortionDetailQuery,
  LongAmortionItem,
  LongAmortionList,
  LongAmortionListQuery,
  LongMonthRow,
  SaveLongAmortion,
} from '../../shared/api/schemas/assets-long.js';
import type { AccountingSystem } from '../../shared/api/auth.js';
import type { SaveVoucherRequest, Voucher } from '../../shared/api/vouchers.js';
import { LongMessages } from '../../shared/assets/long-messages.js';
import { monthIndex, provisionFor } from '../../shared/assets/depreciation.js';
import { fenToYuan, yuanToFen } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import type { LongAmortionTable } from '../db/schema.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { listCertificateTypes } from '../vouchers/certificate-types.js';
import { loadSubjectIndex } from '../vouchers/repository.js';
import { defaultVoucherDate } from '../vouchers/routes.js';
import type { VoucherScope } from '../vouchers/save-service.js';
import { voucherTexts } from '../funds/receipts.js';
import { writeAssetVouchers } from './voucher-writer.js';
import type { Selectable } from 'kysely';

type ItemRow = Selectable<LongAmortionTable> & { department_name: string | null };

const pad2 = (n: number) => String(n).padStart(2, '0');
export const stageOf = (year: number, month: number) => `${year}-${pad2(month)}`;

export function fenOf(yuan: number | string): number {
  const r = yuanToFen(yuan);
  return r.ok ? r.fen : refuse('ValidationFailed', r.message);
}

async function itemRows(q: Q, ztId: number, ids?: readonly string[]): Promise<ItemRow[]> {
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
async function itemsById(q: Q, ztId: number, ids: readonly string[]): Promise<ItemRow[]> {
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
  if (body.departmentId) {
    const d = await q
      .selectFrom('department')
      .select('id')
      .where('zt_id', '=', ztId)
      .where('id', '=', body.departmentId)
      .executeTakeFirst();
    if (!d) refuse('NotFound', '部门不存在');
  }
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

// ---- amortisation

interface DetailRow {
  year: number;
  month: number;
  item_id: string;
  amount: number;
  voucher_id: string | null;
}

async function detailRows(q: Q, ztId: number, year?: number): Promise<DetailRow[]> {
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

async function monthState(q: Q, ztId: number, year: number, month: number): Promise<MonthState> {
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

/** The ledger subjects of the 181 entries per accounting system (union: the 2021 union system's dual entry). */
export function longSubjects(system: AccountingSystem): {
  item: string;
  fund: string;
  expense: string[];
  bank: string;
} {
  return system === 'government'
    ? { item: '1901', fund: '5001', expense: [], bank: '1002' }
    : { item: '181', fund: '30106', expense: ['50707', '507'], bank: '102' };
}

/** The code itself when it is a last-level subject in use, else its first last-level descendant in use. */
async function leafOf(q: Q, ztId: number, year: number, codes: readonly string[]): Promise<string> {
  const index = await loadSubjectIndex(q, ztId, year);
  for (const code of codes) {
    const own = index.byCode.get(code);
    if (own && own.last_level && own.enable) return code;
    const leaves = [...index.byCode.values()]
      .filter((s) => s.code.startsWith(code) && s.last_level && s.enable)
      .map((s) => s.code)
      .sort();
    if (leaves[0]) return leaves[0];
  }
  return refuse('BusinessRule', LongMessages.noSubject(codes[0] ?? ''));
}

type Line = { summary: string; code: string; debit: number; credit: number };

async function additionLines(q: Q, scope: VoucherScope, year: number, items: readonly ItemRow[]): Promise<Line[]> {
  const s = longSubjects(scope.system);
  const item = await leafOf(q, scope.ztId, year, [s.item]);
  const bank = await leafOf(q, scope.ztId, year, [s.bank]);
  const lines: Line[] = [];
  if (scope.system === 'government') {
    for (const i of items)
      lines.push({ summary: LongMessages.summaryAddition(i.matter), code: item, debit: Number(i.pay_out_amount), credit: 0 });
    for (const i of items)
      lines.push({ summary: LongMessages.summaryAddition(i.matter), code: bank, debit: 0, credit: Number(i.pay_out_amount) });
    return lines;
  }
  const fund = await leafOf(q, scope.ztId, year, [s.fund]);
  const expense = await leafOf(q, scope.ztId, year, s.expense);
  for (const i of items) {
    const summary = LongMessages.summaryAddition(i.matter);
    const fen = Number(i.pay_out_amount);
    lines.push(
      { summary, code: item, debit: fen, credit: 0 },
      { summary, code: fund, debit: 0, credit: fen },
      { summary, code: expense, debit: fen, credit: 0 },
      { summary, code: bank, debit: 0, credit: fen },
    );
  }
  return lines;
}

async function amortionLines(q: Q, scope: VoucherScope, year: number, month: number, amount: number): Promise<Line[]> {
  const s = longSubjects(scope.system);
  const item = await leafOf(q, scope.ztId, year, [s.item]);
  const fund = await leafOf(q, scope.ztId, year, [s.fund]);
  const summary = LongMessages.summaryAmortion(stageOf(year, month));
  return [
    { summary, code: fund, debit: amount, credit: 0 },
    { summary, code: item, debit: 0, credit: amount },
  ];
}

async function subjectNames(q: Q, ztId: number, year: number, codes: readonly string[]): Promise<Map<string, string>> {
  const index = await loadSubjectIndex(q, ztId, year, codes);
  return new Map(codes.map((c) => [c, index.byCode.get(c)?.name ?? '']));
}

async function entriesOut(q: Q, ztId: number, year: number, lines: readonly Line[]): Promise<AssetEntryOut[]> {
  const names = await subjectNames(q, ztId, year, [...new Set(lines.map((l) => l.code))]);
  return lines.map((l) => ({
    summary: l.summary,
    moneyAmount: fenToYuan(l.debit || l.credit),
    balanceDirection: l.debit > 0 ? 1 : 2,
    subjectCode: l.code,
    subjectName: names.get(l.code) ?? '',
    auxis: [],
  }));
}

/** The user's entries (the dialog's editable table), checked: every line a subject and an amount, debits = credits. */
function linesFromEntries(entries: readonly AssetEntryIn[], expected: number | null): Line[] {
  const lines = entries
    .map((e) => ({ e, fen: fenOf(e.moneyAmount) }))
    .filter(({ fen }) => fen !== 0)
    .map(({ e, fen }) => {
      if (!e.subjectCode) refuse('ValidationFailed', '请选择科目');
      return {
        summary: e.summary,
        code: e.subjectCode,
        debit: e.balanceDirection === 1 ? fen : 0,
        credit: e.balanceDirection === 2 ? fen : 0,
      };
    });
  const debit = lines.reduce((s, l) => s + l.debit, 0);
  const credit = lines.reduce((s, l) => s + l.credit, 0);
  if (debit !== credit) refuse('ValidationFailed', LongMessages.unbalanced);
  if (expected !== null && debit !== expected) refuse('ValidationFailed', LongMessages.totalsDiffer);
  return lines;
}

function saveRequest(
  year: number,
  month: number,
  pzDate: string,
  certificateType: number,
  lines: readonly Line[],
  czy?: string,
): SaveVoucherRequest {
  return {
    year,
    month,
    pzDate,
    certificateType,
    numberOfDocument: 0,
    ...(czy ? { preparedBy: czy } : {}),
    certiDetails: lines.map((l) => ({
      summary: l.summary,
      subjectCode: l.code,
      debitAmount: l.debit === 0 ? null : fenToYuan(l.debit),
      creditAmount: l.credit === 0 ? null : fenToYuan(l.credit),
      auxis: [],
    })),
  };
}

const generated = (vouchers: readonly Voucher[]): GeneratedVoucher[] =>
  vouchers.map((v) => ({
    id: v.id,
    year: v.year,
    month: v.month,
    certificateType: v.certificateType,
    pzNo: v.pzNo,
    text: `${v.entry}-${v.pzNo}`,
  }));

export interface VoucherOptions {
  assetsDateTime?: string | undefined;
  certificateType?: number | undefined;
  czy?: string | undefined;
  isAuto?: boolean | undefined;
  subjectInfos?: readonly AssetEntryIn[] | undefined;
  accruedStageMoney?: number | string | undefined;
}

async function defaultType(q: Q, ztId: number, asked?: number): Promise<number> {
  if (asked) return asked;
  const types = await listCertificateTypes(q, ztId);
  return types[0]?.value ?? 1;
}

function parseStage(stage: string, sessionYear: number): { year: number; month: number } {
  const year = Number(stage.slice(0, 4));
  const month = Number(stage.slice(5, 7));
  if (year !== sessionYear) refuse('BusinessRule', LongMessages.yearOutside(sessionYear));
  return { year, month };
}

/** The amortisation asked: its rows (due, or done without voucher) and their total. */
async function planAmortion(
  q: Q,
  ztId: number,
  year: number,
  month: number,
): Promise<{ due: DueRow[]; redo: DetailRow[]; amount: number }> {
  const state = await monthState(q, ztId, year, month);
  const stage = stageOf(year, month);
  if (state.rows.length > 0) {
    const redo = state.rows.filter((r) => !r.voucher_id || !state.live.has(r.voucher_id));
    if (redo.length === 0) refuse('BusinessRule', LongMessages.monthDone(stage));
    return { due: [], redo, amount: redo.reduce((s, r) => s + r.amount, 0) };
  }
  const [items, details] = await Promise.all([itemRows(q, ztId), detailRows(q, ztId, year)]);
  for (let m = 1; m < month; m++) {
    const done = details.some((d) => d.year === year && d.month === m);
    if (!done && dueFor(items, details, year, m).length > 0) refuse('BusinessRule', LongMessages.earlierFirst(stageOf(year, m)));
  }
  const due = dueFor(items, details, year, month);
  if (due.length === 0) refuse('BusinessRule', LongMessages.nothingDue(stage));
  return { due, redo: [], amount: due.reduce((s, r) => s + r.amount, 0) };
}

export async function previewAmortion(
  db: Db,
  scope: VoucherScope,
  sessionYear: number,
  stage: string,
  options: VoucherOptions,
): Promise<AssetVoucherPreview> {
  const q = db.kysely;
  const { year, month } = parseStage(stage, sessionYear);
  const plan = await planAmortion(q, scope.ztId, year, month);
  return {
    accruedStageMoney: fenToYuan(plan.amount),
    subjectInfos: await entriesOut(q, scope.ztId, year, await amortionLines(q, scope, year, month, plan.amount)),
    certificateType: await defaultType(q, scope.ztId, options.certificateType),
    czy: options.czy ?? scope.actor.name,
    assetsDateTime: defaultVoucherDate(year, month),
    dateLocked: true,
  };
}

/** The month's amortisation: its detail rows, the items' totals and its voucher, in one transaction. */
export async function amortise(
  db: Db,
  scope: VoucherScope,
  sessionYear: number,
  stage: string,
  options: VoucherOptions,
): Promise<{ amount: number; rows: number; vouchers: GeneratedVoucher[] }> {
  const q = db.kysely;
  const { year, month } = parseStage(stage, sessionYear);
  const plan = await planAmortion(q, scope.ztId, year, month);
  if (options.accruedStageMoney !== undefined && fenOf(options.accruedStageMoney) !== plan.amount)
    refuse('Conflict', `本次计提金额已变为${fenToYuan(plan.amount).toFixed(2)}元，请刷新后重试`);
  const pzDate = options.assetsDateTime ?? defaultVoucherDate(year, month);
  if (pzDate.slice(0, 7) !== stage) refuse('ValidationFailed', LongMessages.dateOutsideMonth(stage));
  const lines =
    options.isAuto === false && options.subjectInfos && options.subjectInfos.length > 0
      ? linesFromEntries(options.subjectInfos, plan.amount)
      : await amortionLines(q, scope, year, month, plan.amount);
  const request = saveRequest(year, month, pzDate, await defaultType(q, scope.ztId, options.certificateType), lines, options.czy);
  const vouchers = await writeAssetVouchers(db, scope, [request], async (trx, written) => {
    const voucherId = written[0]?.id ?? '';
    if (plan.redo.length > 0) {
      const dead = [...new Set(plan.redo.flatMap((r) => (r.voucher_id ? [r.voucher_id] : [])))];
      const done = await trx
        .updateTable('long_amortion_detail')
        .set({ voucher_id: voucherId })
        .where('zt_id', '=', scope.ztId)
        .where('year', '=', year)
        .where('month', '=', month)
        .where(
          'item_id',
          'in',
          plan.redo.map((r) => r.item_id),
        )
        .where((eb) =>
          dead.length > 0 ? eb.or([eb('voucher_id', 'is', null), eb('voucher_id', 'in', dead)]) : eb('voucher_id', 'is', null),
        )
        .executeTakeFirst();
      return { marked: Number(done.numUpdatedRows), expected: plan.redo.length };
    }
    let marked = 0;
    for (const d of plan.due) {
      const inserted = await trx
        .insertInto('long_amortion_detail')
        .values({ zt_id: scope.ztId, year, month, item_id: d.item.id, amount: d.amount, voucher_id: voucherId })
        .onConflict((oc) => oc.columns(['zt_id', 'year', 'month', 'item_id']).doNothing())
        .executeTakeFirst();
      const n = Number(inserted.numInsertedOrUpdatedRows ?? 0n);
      marked += n;
      if (n === 1)
        await trx
          .updateTable('long_amortion')
          .set({ amortized_total: sql<number>`amortized_total + ${d.amount}`, updated_at: Date.now() })
          .where('zt_id', '=', scope.ztId)
          .where('id', '=', d.item.id)
          .execute();
    }
    return { marked, expected: plan.due.length };
  });
  return { amount: plan.amount, rows: plan.redo.length + plan.due.length, vouchers: generated(vouchers) };
}

/** The items asked for their addition voucher: reviewed, not opening data, without a live voucher. */
async function planAdditions(q: Q, ztId: number, ids: readonly string[] | undefined): Promise<ItemRow[]> {
  if (!ids || ids.length === 0) refuse('ValidationFailed', LongMessages.nothingChosen);
  const rows = await itemsById(q, ztId, ids ?? []);
  const live = await voucherTexts(
    q,
    ztId,
    rows.flatMap((r) => (r.voucher_id ? [r.voucher_id] : [])),
  );
  for (const r of rows) {
    if (r.is_init === 1) refuse('BusinessRule', LongMessages.initNoVoucher(r.matter));
    if (r.is_review !== 1) refuse('BusinessRule', LongMessages.notReviewed(r.matter));
    if (r.voucher_id && live.has(r.voucher_id)) refuse('BusinessRule', LongMessages.alreadyGenerated(r.matter));
  }
  return rows;
}

export async function previewAdditions(
  db: Db,
  scope: VoucherScope,
  ids: readonly string[] | undefined,
  options: VoucherOptions,
): Promise<AssetVoucherPreview> {
  const q = db.kysely;
  const rows = await planAdditions(q, scope.ztId, ids);
  const last =
    rows
      .map((r) => r.pay_out_date)
      .sort()
      .at(-1) ?? '';
  const year = Number(last.slice(0, 4));
  return {
    accruedStageMoney: fenToYuan(rows.reduce((s, r) => s + Number(r.pay_out_amount), 0)),
    subjectInfos: await entriesOut(q, scope.ztId, year, await additionLines(q, scope, year, rows)),
    certificateType: await defaultType(q, scope.ztId, options.certificateType),
    czy: options.czy ?? scope.actor.name,
    assetsDateTime: last,
    dateLocked: false,
  };
}

/** The items' addition vouchers: one per item, or one for all (isOnePz). */
export async function generateAdditions(
  db: Db,
  scope: VoucherScope,
  ids: readonly string[] | undefined,
  isOnePz: boolean,
  options: VoucherOptions,
): Promise<GeneratedVoucher[]> {
  const q = db.kysely;
  const rows = await planAdditions(q, scope.ztId, ids);
  const groups = isOnePz ? [rows] : rows.map((r) => [r]);
  const type = await defaultType(q, scope.ztId, options.certificateType);
  const requests: SaveVoucherRequest[] = [];
  for (const group of groups) {
    const pzDate =
      options.assetsDateTime ??
      group
        .map((r) => r.pay_out_date)
        .sort()
        .at(-1) ??
      '';
    const year = Number(pzDate.slice(0, 4));
    const month = Number(pzDate.slice(5, 7));
    const total = group.reduce((s, r) => s + Number(r.pay_out_amount), 0);
    const custom = options.isAuto === false && options.subjectInfos && options.subjectInfos.length > 0 && groups.length === 1;
    const lines = custom ? linesFromEntries(options.subjectInfos ?? [], null) : await additionLines(q, scope, year, group);
    if (custom && lines.reduce((s, l) => s + l.debit, 0) < total) refuse('ValidationFailed', LongMessages.totalsDiffer);
    requests.push(saveRequest(year, month, pzDate, type, lines, options.czy));
  }
  const vouchers = await writeAssetVouchers(db, scope, requests, async (trx, written) => {
    let marked = 0;
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g] ?? [];
      const voucherId = written[g]?.id ?? '';
      for (const r of group) {
        const done = await trx
          .updateTable('long_amortion')
          .set({ voucher_id: voucherId, updated_at: Date.now() })
          .where('zt_id', '=', scope.ztId)
          .where('id', '=', r.id)
          .where((eb) =>
            r.voucher_id
              ? eb.or([eb('voucher_id', 'is', null), eb('voucher_id', '=', r.voucher_id)])
              : eb('voucher_id', 'is', null),
          )
          .executeTakeFirst();
        marked += Number(done.numUpdatedRows);
      }
    }
    return { marked, expected: rows.length };
  });
  return generated(vouchers);
}

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
