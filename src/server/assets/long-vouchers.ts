/**
 * The long-term deferred expenses' vouchers: the items' additions (pzAssetType 6) and the month's amortisation
 * (pzAssetType 5).
 *
 * What must stay true: a month's amortisation writes its detail rows, the items' totals and the voucher in one
 * transaction (writeAssetVouchers); a month whose voucher exists is refused, one whose voucher was deleted gets a new
 * voucher for the rows it has (the amounts are not computed again).
 */
import { generatedVouchers } from '../vouchers/generated-vouchers.js';
import { sql } from 'kysely';
import type { GeneratedVoucher } from '../../shared/api/schemas/funds-entry.js';
import type { AssetEntryIn, AssetEntryOut, AssetVoucherPreview } from '../../shared/api/schemas/assets-voucher.js';
import type { AccountingSystem } from '../../shared/api/auth.js';
import type { SaveVoucherRequest } from '../../shared/api/vouchers.js';
import { LongMessages } from '../../shared/assets/long-messages.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { listCertificateTypes } from '../vouchers/certificate-types.js';
import { loadSubjectIndex } from '../vouchers/repository.js';
import { defaultVoucherDate } from '../vouchers/routes.js';
import type { VoucherScope } from '../vouchers/save-service.js';
import { voucherTexts } from '../funds/receipts.js';
import { writeAssetVouchers } from './voucher-writer.js';
import { fenOf, itemRows, itemsById, stageOf, type ItemRow } from './long-items.js';
import { detailRows, dueFor, monthState, type DetailRow, type DueRow } from './long-months.js';

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
  return { amount: plan.amount, rows: plan.redo.length + plan.due.length, vouchers: generatedVouchers(vouchers) };
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
  return generatedVouchers(vouchers);
}
