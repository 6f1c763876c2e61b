/**
 * The other ledger sets of a province (issue 19 §2: one big set among 10,000): `count` sets, each
 * with the template set's chart and voucher categories, its year open, and one small voucher a
 * month (4 lines: two expense subjects against 101 and 102; months 1-6 booked), with the
 * subject_balance rows the server keeps for them (summed from the lines as migration 0006 and
 * src/server/books/balances.ts do: per month and last-level code, no auxiliary items). Written by
 * a few set-based INSERT … SELECT statements, the same on SQLite and PostgreSQL, so a benchmark
 * measures one set's reads among the rows of the others in every big table and index.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../src/server/db/database.js';

export interface SmallSets {
  sets: number;
  vouchers: number;
  lines: number;
  subjects: number;
  balanceRows: number;
  seconds: number;
}

/** Typed parameters and expressions (PostgreSQL leaves an untyped parameter in a select list as text). */
const text = (v: string | RawBuilder<unknown>) => sql<string>`cast(${v} as varchar(200))`;
const bigint = (v: number | null) => sql<number>`cast(${v} as bigint)`;

/** Codes of the small sets (the template's code is never one of them). */
const CODE_PREFIX = 'BSS';

export async function addSmallSets(db: Db, options: { count: number; template: string; year: number }): Promise<SmallSets> {
  const { count, template, year } = options;
  const q = db.kysely;
  const started = performance.now();
  const source = await q
    .selectFrom('zt_info')
    .select(['id', 'accounting_system', 'upper_id'])
    .where('name', '=', template)
    .executeTakeFirstOrThrow();
  const chart = await q.selectFrom('subject').selectAll().where('zt_id', '=', source.id).where('year', '=', year).execute();
  const expense = chart
    .filter((s) => s.last_level === 1 && s.code.startsWith('5') && s.is_budget === 0)
    .map((s) => s.code)
    .slice(0, 2);
  const [e1, e2] = expense;
  if (!e1 || !e2 || !chart.some((s) => s.code === '101') || !chart.some((s) => s.code === '102')) {
    throw new Error(`${template}: no expense leaves, 101 and 102 to post the small sets' vouchers to`);
  }
  const subjectColumns = Object.keys(chart[0] ?? {}).filter((c) => c !== 'zt_id');
  const now = Date.now();
  // 1..n without a numbers table, on both databases.
  const numbers = (n: number) => sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(n)})`;
  const small = sql`(select id from zt_info where code like ${`${CODE_PREFIX}%`})`;
  const cols = (names: readonly string[]) => sql.join(names.map((c) => sql.ref(c)));

  await q.transaction().execute(async (trx) => {
    await sql`insert into zt_info (name, code, expire_time, level, enable, is_improve_unit, is_asset_check, upper_id, accounting_system, created_at)
      ${numbers(count)}
      select ${text('基准基层工会')} || ${text(sql`i`)}, ${text(CODE_PREFIX)} || ${text(sql`i`)}, null, 4, 1, 0, 0,
        ${bigint(source.upper_id)}, ${text(source.accounting_system)}, ${bigint(now)}
      from n`.execute(trx);
    await sql`insert into zt_year (zt_id, year, account_month, subjects_initialised)
      select id, ${sql.lit(year)}, 1, 1 from zt_info where id in ${small}`.execute(trx);
    await sql`insert into certificate_type (zt_id, value, name, entry, sort)
      select z.id, t.value, t.name, t.entry, t.sort from zt_info z cross join certificate_type t
      where t.zt_id = ${source.id} and z.id in ${small}`.execute(trx);
    await sql`insert into subject (zt_id, ${cols(subjectColumns)})
      select z.id, ${sql.join(subjectColumns.map((c) => sql`s.${sql.ref(c)}`))} from zt_info z cross join subject s
      where s.zt_id = ${source.id} and s.year = ${year} and z.id in ${small}`.execute(trx);
  });

  // One voucher a month per set: amounts that vary by set and month, integers in fen.
  const a: RawBuilder<number> = sql`(100 + (z.id * 37 + m.i * 101) % 90000)`;
  const b: RawBuilder<number> = sql`(100 + (z.id * 53 + m.i * 7) % 90000)`;
  const voucherId = sql`${text('bss-')} || ${text(sql`z.id`)} || ${text('-')} || ${text(sql`m.i`)}`;
  const pzDate = sql`${text(`${year}-`)} || case when m.i < 10 then ${text('0')} else ${text('')} end || ${text(sql`m.i`)} || ${text('-15')}`;
  const booked = sql`case when m.i <= 6 then 1 else 0 end`;
  const zm = sql`${numbers(12)} select z.id as zt_id, m.i as month, ${a} as a, ${b} as b, ${voucherId} as vid, ${pzDate} as pz_date, ${booked} as booked
      from zt_info z cross join n m where z.id in ${small}`;
  await q.transaction().execute(async (trx) => {
    await sql`insert into voucher (zt_id, id, year, month, certificate_type, pz_no, pz_date, number_of_document, financial_officer,
        bookkeeper, cashier, prepared_by, created_by, reviewer, is_review, is_book, is_cashier_signed, debit_total, credit_total,
        created_at, updated_at)
      select zt_id, vid, ${sql.lit(year)}, month, 1, 1, pz_date, 1, ${text('')}, case when booked = 1 then ${text('李会计')} else ${text('')} end,
        ${text('')}, ${text('李会计')}, 0, case when booked = 1 then ${text('王审核')} else ${text('')} end, booked, booked, 0, a + b, a + b,
        ${bigint(now)}, ${bigint(now)}
      from (${zm}) x`.execute(trx);
    const lines: [number, string, RawBuilder<unknown>, RawBuilder<unknown>, string][] = [
      [1, e1, sql`a`, sql`0`, '职工活动支出'],
      [2, e2, sql`b`, sql`0`, '业务支出'],
      [3, '102', sql`0`, sql`(a + b) / 2`, '银行付款'],
      [4, '101', sql`0`, sql`a + b - (a + b) / 2`, '现金付款'],
    ];
    for (const [lineNo, code, debit, credit, summary] of lines) {
      await sql`insert into voucher_line (zt_id, voucher_id, line_no, id, year, month, summary, subject_code, debit_amount, credit_amount)
        select zt_id, vid, ${sql.lit(lineNo)}, vid || ${text(`-${lineNo}`)}, ${sql.lit(year)}, month, ${text(summary)}, ${text(code)},
          ${debit}, ${credit}
        from (${zm}) x`.execute(trx);
    }
    await sql`insert into voucher_counter (zt_id, year, month, certificate_type, last_no)
      select zt_id, year, month, 1, 1 from voucher where zt_id in ${small}`.execute(trx);
    await sql`insert into subject_balance (zt_id, year, month, subject_code, auxi_key, debit_all, credit_all, debit_booked, credit_booked)
      select l.zt_id, l.year, l.month, l.subject_code, ${text('')}, sum(l.debit_amount), sum(l.credit_amount),
        sum(case when v.is_book = 1 then l.debit_amount else 0 end), sum(case when v.is_book = 1 then l.credit_amount else 0 end)
      from voucher_line l join voucher v on v.zt_id = l.zt_id and v.id = l.voucher_id
      where l.zt_id in ${small}
      group by l.zt_id, l.year, l.month, l.subject_code`.execute(trx);
  });
  const counted = async (table: 'voucher' | 'voucher_line' | 'subject' | 'subject_balance') =>
    Number(
      (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where zt_id in ${small}`.execute(q))
        .rows[0]?.n ?? 0,
    );
  return {
    sets: count,
    vouchers: await counted('voucher'),
    lines: await counted('voucher_line'),
    subjects: await counted('subject'),
    balanceRows: await counted('subject_balance'),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
