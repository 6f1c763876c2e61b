/**
 * The remittance register (经费上解台账): every receipt of the funds-entry grid in a range of the
 * session year, with its unit, its split and its voucher. A receipt's shares are the ones its
 * voucher was made with; one without a voucher (never generated, or its voucher deleted since:
 * the voucher is looked up, not trusted from voucher_id) shows the split of the ratios in force in
 * its period, so the register says what generating it would book. Amounts in fen.
 */
import type { ShareKind } from '../../shared/funds/ratios.js';
import { splitReceipt } from '../../shared/funds/split.js';
import type { Q } from '../subjects/subject-repository.js';
import { ratioSetOf, ratiosInForce } from './ratio-lookup.js';

export type FenShares = Record<ShareKind | 'collectionFee', number>;

export interface RegisterEntry {
  id: string;
  year: number;
  month: number;
  rowNo: number;
  unitId: string;
  unitCode: string;
  unitName: string;
  paidOn: string;
  summary: string | null;
  amount: number;
  shares: FenShares;
  /** False when no ratios were in force (经费比例没有配置): the shares are 0. */
  split: boolean;
  voucher: { id: string; no: string; month: number } | null;
}

export interface RegisterScope {
  ztId: number;
  year: number;
  beginMonth: number;
  endMonth: number;
  unitCode?: string;
}

const ZERO: FenShares = {
  retained: 0,
  superiorOne: 0,
  superiorTwo: 0,
  lower: 0,
  preparatory: 0,
  smallBusiness: 0,
  collectionFee: 0,
};

export function voucherNoText(entry: string, pzNo: number): string {
  return `${entry}-${String(pzNo).padStart(4, '0')}`;
}

export async function readRegister(q: Q, scope: RegisterScope): Promise<RegisterEntry[]> {
  const { ztId, year } = scope;
  let query = q
    .selectFrom('funds_receipt as r')
    .innerJoin('funds_unit as u', (j) => j.onRef('u.zt_id', '=', 'r.zt_id').onRef('u.id', '=', 'r.unit_id'))
    .leftJoin('voucher as v', (j) => j.onRef('v.zt_id', '=', 'r.zt_id').onRef('v.id', '=', 'r.voucher_id'))
    .leftJoin('certificate_type as t', (j) => j.onRef('t.zt_id', '=', 'v.zt_id').onRef('t.value', '=', 'v.certificate_type'))
    .select([
      'r.id',
      'r.year',
      'r.month',
      'r.row_no',
      'r.unit_id',
      'u.code as unit_code',
      'u.name as unit_name',
      'r.paid_on',
      'r.summary',
      'r.amount',
      'r.retained_amount',
      'r.superior_one_amount',
      'r.superior_two_amount',
      'r.lower_amount',
      'r.preparatory_amount',
      'r.small_business_amount',
      'r.collection_fee_amount',
      'v.id as voucher_id',
      'v.month as voucher_month',
      'v.pz_no',
      't.entry',
    ])
    .where('r.zt_id', '=', ztId)
    .where('r.year', '=', year)
    .where('r.month', '>=', scope.beginMonth)
    .where('r.month', '<=', scope.endMonth);
  if (scope.unitCode !== undefined) query = query.where('u.code', '=', scope.unitCode);
  const rows = await query.orderBy('u.code').orderBy('r.month').orderBy('r.row_no').orderBy('r.id').execute();

  // The ratios in force for the receipts without a voucher, per period.
  const pending = new Map<number, Set<string>>();
  for (const r of rows) {
    if (r.voucher_id !== null) continue;
    const units = pending.get(r.month) ?? new Set<string>();
    units.add(r.unit_id);
    pending.set(r.month, units);
  }
  const inForce = new Map<string, Awaited<ReturnType<typeof ratiosInForce>>>();
  for (const [month, units] of pending) inForce.set(String(month), await ratiosInForce(q, ztId, [...units], year, month));

  return rows.map((r): RegisterEntry => {
    const amount = Number(r.amount);
    let shares: FenShares = { ...ZERO };
    let split = true;
    if (r.voucher_id !== null) {
      shares = {
        retained: Number(r.retained_amount ?? 0),
        superiorOne: Number(r.superior_one_amount ?? 0),
        superiorTwo: Number(r.superior_two_amount ?? 0),
        lower: Number(r.lower_amount ?? 0),
        preparatory: Number(r.preparatory_amount ?? 0),
        smallBusiness: Number(r.small_business_amount ?? 0),
        collectionFee: Number(r.collection_fee_amount ?? 0),
      };
    } else {
      const row = inForce.get(String(r.month))?.get(r.unit_id);
      const ratios = row ? ratioSetOf(row) : null;
      if (ratios) {
        const s = splitReceipt(amount, ratios);
        shares = { ...s.shares, collectionFee: s.collectionFee };
      } else split = false;
    }
    return {
      id: r.id,
      year: r.year,
      month: r.month,
      rowNo: r.row_no,
      unitId: r.unit_id,
      unitCode: r.unit_code,
      unitName: r.unit_name,
      paidOn: r.paid_on,
      summary: r.summary,
      amount,
      shares,
      split,
      voucher:
        r.voucher_id !== null && r.pz_no !== null && r.voucher_month !== null
          ? { id: r.voucher_id, no: voucherNoText(r.entry ?? '记', r.pz_no), month: r.voucher_month }
          : null,
    };
  });
}
