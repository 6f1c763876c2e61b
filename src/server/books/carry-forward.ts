/**
 * Turnover of the vouchers a carry-forward wrote (voucher.carry_over 1 month-end, 2 year-end), per
 * subject, month and auxiliary key: what the detail ledger takes away when asked to leave them out
 * (removeCarryForwardVoucher) and the income statement takes away from its income and expense lines.
 *
 * They are a handful of vouchers a year, read from the voucher side (CROSS JOIN: SQLite keeps the
 * written order) through voucher_carry_over_ix (migration 0011; carry_over > 0 is a range on it).
 */
import { sql } from 'kysely';
import { auxiKeyOf } from '../../shared/subjects/auxiliary-rules.js';
import type { Db } from '../db/database.js';
import type { Scope } from '../subjects/subject-repository.js';

export interface KeyedTurnover {
  subjectCode: string;
  month: number;
  auxiKey: string;
  debit: number;
  credit: number;
}

export async function carryForwardTurnover(
  db: Db,
  scope: Scope,
  options: { endMonth: number; booked: boolean; codes?: readonly string[] },
): Promise<KeyedTurnover[]> {
  const codes = options.codes
    ? sql`and l.subject_code in (${sql.join(options.codes.length ? [...options.codes] : ['\u0000'])})`
    : sql``;
  const booked = options.booked ? sql`and v.is_book = 1` : sql``;
  const lines = await sql<{
    voucher_id: string;
    line_no: number;
    month: number;
    subject_code: string;
    debit_amount: number | string;
    credit_amount: number | string;
  }>`select l.voucher_id, l.line_no, l.month, l.subject_code, l.debit_amount, l.credit_amount
      from voucher v cross join voucher_line l
      where v.zt_id = ${scope.ztId} and v.year = ${scope.year} and v.month <= ${options.endMonth}
        and v.carry_over > 0 ${booked} and l.zt_id = v.zt_id and l.voucher_id = v.id ${codes}`.execute(db.kysely);
  if (lines.rows.length === 0) return [];
  const auxis = await sql<{ voucher_id: string; line_no: number; type_no: string; info_no: string }>`
      select a.voucher_id, a.line_no, a.type_no, a.info_no
      from voucher v cross join voucher_line_auxi a
      where v.zt_id = ${scope.ztId} and v.year = ${scope.year} and v.month <= ${options.endMonth}
        and v.carry_over > 0 ${booked} and a.zt_id = v.zt_id and a.voucher_id = v.id`.execute(db.kysely);
  const choices = new Map<string, { typeNo: string; infoNo: string }[]>();
  for (const a of auxis.rows) {
    const key = `${a.voucher_id}#${a.line_no}`;
    choices.set(key, [...(choices.get(key) ?? []), { typeNo: a.type_no, infoNo: a.info_no }]);
  }
  const sums = new Map<string, KeyedTurnover>();
  for (const l of lines.rows) {
    const auxiKey = auxiKeyOf(choices.get(`${l.voucher_id}#${l.line_no}`) ?? []);
    const key = `${l.subject_code}|${l.month}|${auxiKey}`;
    const had = sums.get(key) ?? { subjectCode: l.subject_code, month: l.month, auxiKey, debit: 0, credit: 0 };
    had.debit += Number(l.debit_amount);
    had.credit += Number(l.credit_amount);
    sums.set(key, had);
  }
  return [...sums.values()];
}
