/** Reads of vouchers: rows to the answered Voucher shape, with subject names and auxiliary item names. */
import type { BalanceDirection } from '../../shared/constants.js';
import type { CertificateTypeItem, Voucher, VoucherLine } from '../../shared/api/vouchers.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import type { SubjectRow, VoucherLineAuxiRow, VoucherLineRow, VoucherRow } from '../db/schema.js';
import type { Q } from '../subjects/subject-repository.js';
import { fullNameOf } from '../subjects/subject-items.js';
import { refuse } from '../http/app-error.js';
import { listCertificateTypes } from './certificate-types.js';

/** The chart of one year of a set, as the voucher calls need it. */
export interface SubjectIndex {
  byCode: Map<string, SubjectRow>;
  /** Auxiliary type numbers of each subject, in the types' order. */
  types: Map<string, string[]>;
}

/**
 * The chart of a year, or only the subjects with the given codes and their ancestors (a child's
 * code starts with its parent's, so the ancestors are the codes' prefixes).
 */
export async function loadSubjectIndex(q: Q, ztId: number, year: number, codes?: readonly string[]): Promise<SubjectIndex> {
  const wanted = codes ? [...new Set(codes.flatMap((c) => Array.from({ length: c.length }, (_, i) => c.slice(0, i + 1))))] : null;
  if (wanted && wanted.length === 0) return { byCode: new Map(), types: new Map() };
  const [rows, links] = await Promise.all([
    q
      .selectFrom('subject')
      .selectAll()
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .$if(wanted !== null, (w) => w.where('code', 'in', wanted ?? []))
      .execute(),
    q
      .selectFrom('subject_auxi_type as l')
      .innerJoin('auxi_type as t', (j) => j.onRef('t.zt_id', '=', 'l.zt_id').onRef('t.type_no', '=', 'l.type_no'))
      .select(['l.code', 'l.type_no'])
      .where('l.zt_id', '=', ztId)
      .where('l.year', '=', year)
      .$if(wanted !== null, (w) => w.where('l.code', 'in', codes ?? []))
      .orderBy('t.sort')
      .orderBy('t.type_no')
      .execute(),
  ]);
  const types = new Map<string, string[]>();
  for (const l of links) types.set(l.code, [...(types.get(l.code) ?? []), l.type_no]);
  return { byCode: new Map(rows.map((r) => [r.code, r])), types };
}

const CASHIER_ROOTS = new Set(['库存现金', '银行存款']);

function rootOf(row: SubjectRow, byCode: ReadonlyMap<string, SubjectRow>): SubjectRow {
  let r = row;
  for (
    let p = r.parent_code ? byCode.get(r.parent_code) : undefined;
    p;
    p = p.parent_code ? byCode.get(p.parent_code) : undefined
  )
    r = p;
  return r;
}

/** What turns stored rows into answered vouchers: the chart of each year, the categories, item names. */
export interface AssembleContext {
  index(year: number): SubjectIndex | undefined;
  types: ReadonlyMap<number, CertificateTypeItem>;
  itemName(typeNo: string, infoNo: string): string;
}

export type LineAuxiRow = Pick<VoucherLineAuxiRow, 'type_no' | 'info_no' | 'line_no'> & { target_id?: string | null };

/** One voucher from its row, its lines and their auxiliary items (pure: the save answers from memory). */
export function assembleVoucher(
  r: VoucherRow,
  lines: readonly VoucherLineRow[],
  auxis: readonly LineAuxiRow[],
  ctx: AssembleContext,
): Voucher {
  const type = ctx.types.get(r.certificate_type);
  const index = ctx.index(r.year);
  let cashier = false;
  const certiDetails = [...lines]
    .sort((a, b) => a.line_no - b.line_no)
    .map((l): VoucherLine => {
      const subject = index?.byCode.get(l.subject_code);
      if (subject && index && CASHIER_ROOTS.has(rootOf(subject, index.byCode).name)) cashier = true;
      const typeOrder = index?.types.get(l.subject_code) ?? [];
      const lineAuxis = auxis
        .filter((a) => a.line_no === l.line_no)
        .map((a) => ({
          typeNo: a.type_no,
          infoNo: a.info_no,
          infoName: ctx.itemName(a.type_no, a.info_no),
          ...(a.target_id ? { targetID: a.target_id } : {}),
        }))
        .sort((a, b) => typeOrder.indexOf(a.typeNo) - typeOrder.indexOf(b.typeNo));
      return {
        id: l.id,
        numberRow: l.line_no,
        summary: l.summary,
        subjectCode: l.subject_code,
        code: l.subject_code,
        codeName: subject?.name ?? '',
        codeAndFullName: subject && index ? `${subject.code} ${fullNameOf(subject, index.byCode)}` : l.subject_code,
        balanceDirection: (subject?.balance_direction ?? 1) as BalanceDirection,
        debitAmount: l.debit_amount === 0 ? null : fenToYuan(l.debit_amount),
        creditAmount: l.credit_amount === 0 ? null : fenToYuan(l.credit_amount),
        auxis: lineAuxis,
        isGovernment: !!subject?.is_budget,
      };
    });
  return {
    id: r.id,
    pzNo: r.pz_no,
    entry: type?.entry ?? '',
    pzDate: r.pz_date,
    year: r.year,
    month: r.month,
    certificateType: r.certificate_type,
    certificateTypeName: type?.name ?? '',
    numberOfDocument: r.number_of_document,
    financialOfficer: r.financial_officer,
    bookkeeper: r.bookkeeper,
    reviewer: r.reviewer,
    preparedBy: r.prepared_by,
    cashier: r.cashier,
    isShowCashier: cashier,
    isReview: !!r.is_review,
    isBook: !!r.is_book,
    isCashierSigned: !!r.is_cashier_signed,
    debitTotal: fenToYuan(r.debit_total),
    creditTotal: fenToYuan(r.credit_total),
    certiDetails,
    revision: r.revision,
  };
}

function key(a: string, b: string | number): string {
  return `${a}\u0000${String(b)}`;
}

/** The stored lines of vouchers and their auxiliary items. */
export interface LineRows {
  lines: VoucherLineRow[];
  auxis: VoucherLineAuxiRow[];
}

export async function readLineRows(q: Q, ztId: number, voucherIds: readonly string[]): Promise<LineRows> {
  if (voucherIds.length === 0) return { lines: [], auxis: [] };
  const [lines, auxis] = await Promise.all([
    q.selectFrom('voucher_line').selectAll().where('zt_id', '=', ztId).where('voucher_id', 'in', voucherIds).execute(),
    q.selectFrom('voucher_line_auxi').selectAll().where('zt_id', '=', ztId).where('voucher_id', 'in', voucherIds).execute(),
  ]);
  return { lines, auxis };
}

/**
 * The vouchers with their lines, in the order of `rows`. One query each for lines, items, names
 * and charts; a caller that has read the lines already passes them.
 */
export async function toVouchers(q: Q, ztId: number, rows: readonly VoucherRow[], read?: LineRows): Promise<Voucher[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const years = [...new Set(rows.map((r) => r.year))];
  const [{ lines, auxis }, types, indexes] = await Promise.all([
    read ?? readLineRows(q, ztId, ids),
    listCertificateTypes(q, ztId),
    Promise.all(years.map(async (y) => [y, await loadSubjectIndex(q, ztId, y)] as const)),
  ]);
  const typeNos = [...new Set(auxis.map((a) => a.type_no))];
  const items =
    typeNos.length === 0
      ? []
      : await q
          .selectFrom('auxi_info')
          .select(['type_no', 'info_no', 'info_name'])
          .where('zt_id', '=', ztId)
          .where('type_no', 'in', typeNos)
          .execute();
  const names = new Map(items.map((i) => [key(i.type_no, i.info_no), i.info_name]));
  const byYear = new Map(indexes);
  const ctx: AssembleContext = {
    index: (year) => byYear.get(year),
    types: new Map(types.map((t) => [t.value, t])),
    itemName: (typeNo, infoNo) => names.get(key(typeNo, infoNo)) ?? '',
  };
  const linesOf = new Map<string, VoucherLineRow[]>();
  for (const l of lines) linesOf.set(l.voucher_id, [...(linesOf.get(l.voucher_id) ?? []), l]);
  const auxisOf = new Map<string, VoucherLineAuxiRow[]>();
  for (const a of auxis) auxisOf.set(a.voucher_id, [...(auxisOf.get(a.voucher_id) ?? []), a]);
  return rows.map((r) => assembleVoucher(r, linesOf.get(r.id) ?? [], auxisOf.get(r.id) ?? [], ctx));
}

export function findVoucherRow(q: Q, ztId: number, id: string): Promise<VoucherRow | undefined> {
  return q.selectFrom('voucher').selectAll().where('zt_id', '=', ztId).where('id', '=', id).executeTakeFirst();
}

/** The set's vouchers with these ids (those that exist), in no particular order. */
export function findVoucherRows(q: Q, ztId: number, ids: readonly string[]): Promise<VoucherRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return q.selectFrom('voucher').selectAll().where('zt_id', '=', ztId).where('id', 'in', ids).execute();
}

export function findVoucherByNumber(
  q: Q,
  ztId: number,
  ref: { year: number; month: number; certificateType: number; pzNo: number },
): Promise<VoucherRow | undefined> {
  return q
    .selectFrom('voucher')
    .selectAll()
    .where('zt_id', '=', ztId)
    .where('year', '=', ref.year)
    .where('month', '=', ref.month)
    .where('certificate_type', '=', ref.certificateType)
    .where('pz_no', '=', ref.pzNo)
    .executeTakeFirst();
}

export async function loadVoucher(q: Q, ztId: number, id: string): Promise<Voucher | null> {
  const row = await findVoucherRow(q, ztId, id);
  return row ? ((await toVouchers(q, ztId, [row]))[0] ?? null) : null;
}

/** Another set's voucher with this id (the refusal paths' probe, see refuseMissingVoucher). */
export function voucherInAnotherSet(q: Q, ztId: number, id: string): Promise<{ zt_id: number } | undefined> {
  return q.selectFrom('voucher').select('zt_id').where('id', '=', id).where('zt_id', '!=', ztId).limit(1).executeTakeFirst();
}

/**
 * Refuses a voucher id that is not in the session's set: 4005 when it belongs to another set (the
 * only query of the voucher calls that looks beyond the set, and only on this refusal path:
 * sql-capture.ts names it among the cross-set statements by design), else 4015.
 */
export async function refuseMissingVoucher(q: Q, ztId: number, id: string): Promise<never> {
  const [voucher, trail] = await Promise.all([
    voucherInAnotherSet(q, ztId, id),
    q
      .selectFrom('voucher_audit')
      .select('zt_id')
      .where('voucher_id', '=', id)
      .where('zt_id', '!=', ztId)
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (voucher || trail) refuse('Forbidden', '无权访问该账套的数据');
  refuse('NotFound', '凭证不存在或已被删除');
}
