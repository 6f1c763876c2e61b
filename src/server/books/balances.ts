/**
 * Monthly balances (subject_balance), kept in step with the vouchers inside the transaction that
 * writes them: a save adds its lines, a modify or delete first takes the old lines away, booking
 * moves a voucher's lines into the booked columns and unbooking takes them out. Reports read
 * these rows; recomputeBalances() rebuilds them from the lines (the test that they always agree,
 * and a repair tool).
 *
 * What must stay true: for every (set, year, month, subject, auxiliary key) the four sums equal
 * the sums over the lines of the vouchers (booked ones for the booked columns), exactly, in fen.
 */
import { sql, type RawBuilder } from 'kysely';
import { unnestInsert } from '../db/unnest-insert.js';
import { auxiKeyOf } from '../../shared/subjects/auxiliary-rules.js';
import type { Q } from '../subjects/subject-repository.js';
import { fixedQuery, slot, type FixedQuery } from '../db/fixed-query.js';

export interface BalanceDelta {
  year: number;
  month: number;
  subjectCode: string;
  auxiKey: string;
  debitAll: number;
  creditAll: number;
  debitBooked: number;
  creditBooked: number;
}

/** The lines of vouchers, each with its auxiliary key and its voucher's booking. */
async function linesOf(q: Q, ztId: number, voucherIds: readonly string[]) {
  if (voucherIds.length === 0) return [];
  const [lines, auxis, heads] = await Promise.all([
    q
      .selectFrom('voucher_line')
      .select(['voucher_id', 'line_no', 'year', 'month', 'subject_code', 'debit_amount', 'credit_amount'])
      .where('zt_id', '=', ztId)
      .where('voucher_id', 'in', voucherIds)
      .execute(),
    q
      .selectFrom('voucher_line_auxi')
      .select(['voucher_id', 'line_no', 'type_no', 'info_no'])
      .where('zt_id', '=', ztId)
      .where('voucher_id', 'in', voucherIds)
      .execute(),
    q.selectFrom('voucher').select(['id', 'is_book']).where('zt_id', '=', ztId).where('id', 'in', voucherIds).execute(),
  ]);
  const booked = new Map(heads.map((h) => [h.id, h.is_book === 1]));
  const choices = new Map<string, { typeNo: string; infoNo: string }[]>();
  for (const a of auxis) {
    const key = `${a.voucher_id}#${a.line_no}`;
    const list = choices.get(key) ?? [];
    list.push({ typeNo: a.type_no, infoNo: a.info_no });
    choices.set(key, list);
  }
  return lines.map((l) => ({
    year: l.year,
    month: l.month,
    subjectCode: l.subject_code,
    auxiKey: auxiKeyOf(choices.get(`${l.voucher_id}#${l.line_no}`) ?? []),
    debit: Number(l.debit_amount),
    credit: Number(l.credit_amount),
    booked: booked.get(l.voucher_id) ?? false,
  }));
}

/** Sums deltas per balance row, dropping rows that net to nothing. */
function merge(deltas: readonly BalanceDelta[]): BalanceDelta[] {
  const byKey = new Map<string, BalanceDelta>();
  for (const d of deltas) {
    const key = `${d.year}|${d.month}|${d.subjectCode}|${d.auxiKey}`;
    const had = byKey.get(key);
    if (!had) byKey.set(key, { ...d });
    else {
      had.debitAll += d.debitAll;
      had.creditAll += d.creditAll;
      had.debitBooked += d.debitBooked;
      had.creditBooked += d.creditBooked;
    }
  }
  return [...byKey.values()].filter((d) => d.debitAll || d.creditAll || d.debitBooked || d.creditBooked);
}

/** Rows per upsert statement (9 parameters each, well within both databases' limits). */
const UPSERT_CHUNK = 500;

/** Merged, in the one order every writer takes balance rows in, so two never wait on each other crosswise. */
function lockOrdered(deltas: readonly BalanceDelta[]): BalanceDelta[] {
  return merge(deltas).sort((a, b) =>
    `${a.year}|${String(a.month).padStart(2, '0')}|${a.subjectCode}|${a.auxiKey}` <
    `${b.year}|${String(b.month).padStart(2, '0')}|${b.subjectCode}|${b.auxiKey}`
      ? -1
      : 1,
  );
}

async function applyDeltas(q: Q, ztId: number, deltas: readonly BalanceDelta[]): Promise<void> {
  const ordered = lockOrdered(deltas);
  // One statement for many rows (merge() leaves each key once, as PostgreSQL's ON CONFLICT requires);
  // rows are taken in the order given, so the lock order above holds.
  for (let start = 0; start < ordered.length; start += UPSERT_CHUNK) {
    const chunk = ordered.slice(start, start + UPSERT_CHUNK);
    const values = chunk.flatMap((d) => [
      ztId,
      d.year,
      d.month,
      d.subjectCode,
      d.auxiKey,
      d.debitAll,
      d.creditAll,
      d.debitBooked,
      d.creditBooked,
    ]);
    if (chunk.length <= FIXED_UPSERT_MAX_ROWS) await upsertOf(chunk.length)(q, values);
    else await upsertStatement(q, chunk.length, (i) => values[i]).execute();
  }
}

/** Up to this many rows an upsert's text is compiled once per row count (a voucher's lines, say). */
const FIXED_UPSERT_MAX_ROWS = 32;

/** The upsert of `rows` rows, the i-th parameter (9 a row, in column order) given by value(i). */
function upsertStatement(q: Q, rows: number, value: (i: number) => unknown) {
  return q
    .insertInto('subject_balance')
    .values(
      Array.from({ length: rows }, (_, r) => ({
        zt_id: value(r * 9) as number,
        year: value(r * 9 + 1) as number,
        month: value(r * 9 + 2) as number,
        subject_code: value(r * 9 + 3) as string,
        auxi_key: value(r * 9 + 4) as string,
        debit_all: value(r * 9 + 5) as number,
        credit_all: value(r * 9 + 6) as number,
        debit_booked: value(r * 9 + 7) as number,
        credit_booked: value(r * 9 + 8) as number,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['zt_id', 'year', 'month', 'subject_code', 'auxi_key']).doUpdateSet({
        debit_all: sql<number>`subject_balance.debit_all + excluded.debit_all`,
        credit_all: sql<number>`subject_balance.credit_all + excluded.credit_all`,
        debit_booked: sql<number>`subject_balance.debit_booked + excluded.debit_booked`,
        credit_booked: sql<number>`subject_balance.credit_booked + excluded.credit_booked`,
      }),
    );
}

const upserts = new Map<number, FixedQuery<unknown>>();

function upsertOf(rows: number): FixedQuery<unknown> {
  let run = upserts.get(rows);
  if (!run) {
    run = fixedQuery(`subject_balance.upsert:${rows}`, (b) => upsertStatement(b, rows, (i) => slot(i)));
    upserts.set(rows, run);
  }
  return run;
}

/**
 * Adds (sign 1) or takes away (sign -1) the vouchers' lines as they are now in the database:
 * call with -1 before changing or deleting vouchers and with 1 after writing them, in the same
 * transaction.
 */
export async function postVouchers(q: Q, ztId: number, voucherIds: readonly string[], sign: 1 | -1): Promise<void> {
  const lines = await linesOf(q, ztId, voucherIds);
  await applyDeltas(
    q,
    ztId,
    lines.map((l) => ({
      year: l.year,
      month: l.month,
      subjectCode: l.subjectCode,
      auxiKey: l.auxiKey,
      debitAll: sign * l.debit,
      creditAll: sign * l.credit,
      debitBooked: l.booked ? sign * l.debit : 0,
      creditBooked: l.booked ? sign * l.credit : 0,
    })),
  );
}

type WrittenLine = {
  line_no: number;
  year: number;
  month: number;
  subject_code: string;
  debit_amount: number;
  credit_amount: number;
};
type WrittenItem = { line_no: number; type_no: string; info_no: string };

function deltasOfLines(lines: readonly WrittenLine[], auxis: readonly WrittenItem[], sign: 1 | -1): BalanceDelta[] {
  return lines.map((l) => ({
    year: l.year,
    month: l.month,
    subjectCode: l.subject_code,
    auxiKey: auxiKeyOf(auxis.filter((a) => a.line_no === l.line_no).map((a) => ({ typeNo: a.type_no, infoNo: a.info_no }))),
    debitAll: sign * l.debit_amount,
    creditAll: sign * l.credit_amount,
    debitBooked: 0,
    creditBooked: 0,
  }));
}

/**
 * Adds (sign 1) lines just written, or takes away (sign -1) lines about to be changed or removed,
 * to or from the unbooked sums, from memory (a save need not read them back). Only for vouchers
 * that are not booked (a booked voucher cannot be changed).
 */
export async function postWrittenLines(
  q: Q,
  ztId: number,
  lines: readonly WrittenLine[],
  auxis: readonly WrittenItem[],
  sign: 1 | -1 = 1,
): Promise<void> {
  await applyDeltas(q, ztId, deltasOfLines(lines, auxis, sign));
}

type WrittenVoucher = { lines: readonly WrittenLine[]; auxis: readonly WrittenItem[] };

/** The lines of vouchers just created (each with its own lines and items), added in one statement. */
export async function postNewVouchers(q: Q, ztId: number, vouchers: readonly WrittenVoucher[]): Promise<void> {
  await applyDeltas(
    q,
    ztId,
    vouchers.flatMap((v) => deltasOfLines(v.lines, v.auxis, 1)),
  );
}

/**
 * The same as postNewVouchers, as a PostgreSQL statement to run with others in one round trip
 * (db/unnest-insert.ts); no rows when the lines net to nothing (insertsTogether then leaves it out).
 */
export function newVouchersUpsert(
  ztId: number,
  vouchers: readonly WrittenVoucher[],
): { rows: number; statement: RawBuilder<unknown> } {
  const rows = lockOrdered(vouchers.flatMap((v) => deltasOfLines(v.lines, v.auxis, 1))).map((d) => ({
    year: d.year,
    month: d.month,
    subject_code: d.subjectCode,
    auxi_key: d.auxiKey,
    debit_all: d.debitAll,
    credit_all: d.creditAll,
    debit_booked: d.debitBooked,
    credit_booked: d.creditBooked,
  }));
  const statement = unnestInsert(
    'subject_balance',
    ztId,
    {
      year: 'integer[]',
      month: 'integer[]',
      subject_code: 'text[]',
      auxi_key: 'text[]',
      debit_all: 'bigint[]',
      credit_all: 'bigint[]',
      debit_booked: 'bigint[]',
      credit_booked: 'bigint[]',
    },
    rows,
    sql`on conflict (zt_id, year, month, subject_code, auxi_key) do update set
          debit_all = subject_balance.debit_all + excluded.debit_all,
          credit_all = subject_balance.credit_all + excluded.credit_all,
          debit_booked = subject_balance.debit_booked + excluded.debit_booked,
          credit_booked = subject_balance.credit_booked + excluded.credit_booked`,
  );
  return { rows: rows.length, statement };
}

/** Booking (sign 1) or unbooking (sign -1) vouchers moves their lines in or out of the booked sums. */
export async function bookVouchers(q: Q, ztId: number, voucherIds: readonly string[], sign: 1 | -1): Promise<void> {
  const lines = await linesOf(q, ztId, voucherIds);
  await applyDeltas(
    q,
    ztId,
    lines.map((l) => ({
      year: l.year,
      month: l.month,
      subjectCode: l.subjectCode,
      auxiKey: l.auxiKey,
      debitAll: 0,
      creditAll: 0,
      debitBooked: sign * l.debit,
      creditBooked: sign * l.credit,
    })),
  );
}

/** The balances as the lines say they should be (every voucher of the set). */
export async function expectedBalances(q: Q, ztId: number): Promise<BalanceDelta[]> {
  const ids = (await q.selectFrom('voucher').select('id').where('zt_id', '=', ztId).execute()).map((r) => r.id);
  const lines = await linesOf(q, ztId, ids);
  return merge(
    lines.map((l) => ({
      year: l.year,
      month: l.month,
      subjectCode: l.subjectCode,
      auxiKey: l.auxiKey,
      debitAll: l.debit,
      creditAll: l.credit,
      debitBooked: l.booked ? l.debit : 0,
      creditBooked: l.booked ? l.credit : 0,
    })),
  );
}

/** The stored balances of a set (rows that net to nothing left out). */
export async function storedBalances(q: Q, ztId: number): Promise<BalanceDelta[]> {
  const rows = await q.selectFrom('subject_balance').selectAll().where('zt_id', '=', ztId).execute();
  return merge(
    rows.map((r) => ({
      year: r.year,
      month: r.month,
      subjectCode: r.subject_code,
      auxiKey: r.auxi_key,
      debitAll: Number(r.debit_all),
      creditAll: Number(r.credit_all),
      debitBooked: Number(r.debit_booked),
      creditBooked: Number(r.credit_booked),
    })),
  );
}

/** Rebuilds a set's balances from its lines (repair; the migration does the same for all sets). */
export async function recomputeBalances(q: Q, ztId: number): Promise<void> {
  await q.deleteFrom('subject_balance').where('zt_id', '=', ztId).execute();
  await applyDeltas(q, ztId, await expectedBalances(q, ztId));
}
