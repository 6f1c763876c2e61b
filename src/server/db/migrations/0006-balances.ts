/**
 * Monthly balances per ledger set, last-level subject and auxiliary combination: the debit and
 * credit turnover of every voucher (all) and of booked vouchers only (the reports' `book`
 * option). Written in the same transaction as the voucher (books/balances.ts), so reports read
 * these rows instead of every line. Rows of vouchers already saved are built here once.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const id = dialect === 'sqlite' ? ('integer' as const) : ('bigint' as const);
  await db.schema
    .createTable('subject_balance')
    .addColumn('zt_id', id, (c) => c.notNull().references('zt_info.id'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('month', 'integer', (c) => c.notNull())
    .addColumn('subject_code', 'varchar(32)', (c) => c.notNull())
    /** auxiKeyOf() of the line's items; '' for a line without auxiliary accounting. */
    .addColumn('auxi_key', 'varchar(400)', (c) => c.notNull())
    .addColumn('debit_all', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_all', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('debit_booked', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('credit_booked', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('subject_balance_pk', ['zt_id', 'year', 'month', 'subject_code', 'auxi_key'])
    .execute();

  // The auxiliary key of each existing line, then the sums (none on a fresh database).
  const keyed =
    dialect === 'sqlite'
      ? sql`(select group_concat(type_no || ':' || info_no, '|') from (select type_no, info_no from voucher_line_auxi a
            where a.zt_id = l.zt_id and a.voucher_id = l.voucher_id and a.line_no = l.line_no order by type_no))`
      : sql`(select string_agg(type_no || ':' || info_no, '|' order by type_no) from voucher_line_auxi a
            where a.zt_id = l.zt_id and a.voucher_id = l.voucher_id and a.line_no = l.line_no)`;
  await sql`insert into subject_balance (zt_id, year, month, subject_code, auxi_key, debit_all, credit_all, debit_booked, credit_booked)
    select zt_id, year, month, subject_code, auxi_key, sum(debit_amount), sum(credit_amount),
      sum(case when is_book = 1 then debit_amount else 0 end), sum(case when is_book = 1 then credit_amount else 0 end)
    from (select l.zt_id, l.year, l.month, l.subject_code, coalesce(${keyed}, '') as auxi_key, l.debit_amount, l.credit_amount, v.is_book
          from voucher_line l join voucher v on v.zt_id = l.zt_id and v.id = l.voucher_id) x
    group by zt_id, year, month, subject_code, auxi_key`.execute(db);
}
