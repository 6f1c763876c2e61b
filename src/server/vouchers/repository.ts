/** Reads of vouchers: rows to the answered Voucher shape, with subject names and auxiliary item names. */
import type { BalanceDirection } from '../../shared/constants.js';
import type { CertificateTypeItem, Voucher, VoucherLine } from '../../shared/api/vouchers.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import type { SubjectRow, VoucherRow } from '../db/schema.js';
import type { Q } from '../subjects/subject-repository.js';
import { fullNameOf } from '../subjects/subject-items.js';
import { listCertificateTypes } from './certificate-types.js';

/** The chart of one year of a set, as the voucher calls need it. */
export interface SubjectIndex {
  byCode: Map<string, SubjectRow>;
  /** Auxiliary type numbers of each subject, in the types' order. */
  types: Map<string, string[]>;
}

export async function loadSubjectIndex(q: Q, ztId: number, year: number): Promise<SubjectIndex> {
  const [rows, links] = await Promise.all([
    q.selectFrom('subject').selectAll().where('zt_id', '=', ztId).where('year', '=', year).execute(),
    q
      .selectFrom('subject_auxi_type as l')
      .innerJoin('auxi_type as t', (j) => j.onRef('t.zt_id', '=', 'l.zt_id').onRef('t.type_no', '=', 'l.type_no'))
      .select(['l.code', 'l.type_no'])
      .where('l.zt_id', '=', ztId)
      .where('l.year', '=', year)
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

/** The vouchers with their lines, in the order of `rows`. One query each for lines, items and names. */
export async function toVouchers(q: Q, ztId: number, rows: readonly VoucherRow[]): Promise<Voucher[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const years = [...new Set(rows.map((r) => r.year))];
  const [lines, auxis, types, indexes] = await Promise.all([
    q
      .selectFrom('voucher_line')
      .selectAll()
      .where('zt_id', '=', ztId)
      .where('voucher_id', 'in', ids)
      .orderBy('voucher_id')
      .orderBy('line_no')
      .execute(),
    q.selectFrom('voucher_line_auxi').selectAll().where('zt_id', '=', ztId).where('voucher_id', 'in', ids).execute(),
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
  const itemName = new Map(items.map((i) => [`${i.type_no}\u0000${i.info_no}`, i.info_name]));
  const byYear = new Map(indexes);
  const typeByValue = new Map<number, CertificateTypeItem>(types.map((t) => [t.value, t]));
  const auxisOf = new Map<string, Required<{ typeNo: string; infoNo: string; infoName: string }>[]>();
  for (const a of auxis) {
    const key = `${a.voucher_id}\u0000${a.line_no}`;
    auxisOf.set(key, [
      ...(auxisOf.get(key) ?? []),
      { typeNo: a.type_no, infoNo: a.info_no, infoName: itemName.get(`${a.type_no}\u0000${a.info_no}`) ?? '' },
    ]);
  }
  const linesOf = new Map<string, VoucherLine[]>();
  const cashierOf = new Set<string>();
  for (const l of lines) {
    const index = byYear.get(l.year);
    const subject = index?.byCode.get(l.subject_code);
    if (subject && index && CASHIER_ROOTS.has(rootOf(subject, index.byCode).name)) cashierOf.add(l.voucher_id);
    const typeOrder = index?.types.get(l.subject_code) ?? [];
    const lineAuxis = (auxisOf.get(`${l.voucher_id}\u0000${l.line_no}`) ?? []).sort(
      (a, b) => typeOrder.indexOf(a.typeNo) - typeOrder.indexOf(b.typeNo),
    );
    const line: VoucherLine = {
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
    linesOf.set(l.voucher_id, [...(linesOf.get(l.voucher_id) ?? []), line]);
  }
  return rows.map((r) => {
    const type = typeByValue.get(r.certificate_type);
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
      isShowCashier: cashierOf.has(r.id),
      isReview: !!r.is_review,
      isBook: !!r.is_book,
      isCashierSigned: !!r.is_cashier_signed,
      debitTotal: fenToYuan(r.debit_total),
      creditTotal: fenToYuan(r.credit_total),
      certiDetails: linesOf.get(r.id) ?? [],
    };
  });
}

export function findVoucherRow(q: Q, ztId: number, id: string): Promise<VoucherRow | undefined> {
  return q.selectFrom('voucher').selectAll().where('zt_id', '=', ztId).where('id', '=', id).executeTakeFirst();
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
