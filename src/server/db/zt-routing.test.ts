import { describe, expect, it } from 'vitest';
import { routingViolation } from './zt-routing.js';

const routed = (sqlText: string, parameters: unknown[] = [7, 7, 7, 7, 7, 7, 7, 7]) => routingViolation(sqlText, parameters);

describe('does a statement route to one ledger set', () => {
  it('passes statements that touch no ledger table, and DDL', () => {
    expect(routed('select "id" from "app_user" where "login_name" = ?')).toBeNull();
    expect(routed('begin')).toBeNull();
    expect(routed('create index "voucher_x" on "voucher" ("zt_id", "date")')).toBeNull();
  });

  it('passes a select, update or delete with zt_id = one value, on SQLite and PostgreSQL placeholders', () => {
    expect(routed('select "id" from "voucher" where "zt_id" = ? and "year" = ?')).toBeNull();
    expect(routed('select "id" from "voucher" where "voucher"."zt_id" = $1 and "year" = $2')).toBeNull();
    expect(routed('update "subject" set "name" = ? where "zt_id" = ? and "id" = ?')).toBeNull();
    expect(routed('delete from "voucher_line" where "zt_id" = $1 and "voucher_id" in ($2, $3)')).toBeNull();
    expect(routed('select * from voucher v where v.zt_id = 3')).toBeNull();
    expect(routed('select "id" from "voucher" where ("zt_id" = ? and ("year" = ? or "month" = ?))')).toBeNull();
  });

  it('fails a ledger table without a zt_id equality, or with one under an OR, NOT or in the select list', () => {
    expect(routed('select "id" from "voucher" where "id" = ?')).toMatch(/voucher/);
    expect(routed('delete from "backup" where "created_at" < ?')).toMatch(/backup/);
    expect(routed('select "id" from "voucher" where "zt_id" = ? or "id" = ?')).toMatch(/voucher/);
    expect(routed('select "id" from "voucher" where not ("zt_id" = ?)')).toMatch(/voucher/);
    expect(routed('select "zt_id" = ? as mine from "voucher"')).toMatch(/voucher/);
    expect(routed('select "id" from "voucher" where "zt_id" in (?, ?)')).toMatch(/voucher/);
    expect(routed('select "id" from "voucher" where "zt_id" > ?')).toMatch(/voucher/);
    expect(routed('select "id" from "voucher" where "zt_id" = "zt_id" + ?')).toMatch(/voucher/);
    expect(routed('update "voucher" set "zt_id" = ? where "id" = ?')).toMatch(/voucher/);
  });

  it('needs every joined ledger table pinned, directly or through a zt_id equality to a pinned one', () => {
    const joined =
      'select "l"."id" from "voucher" as "v" inner join "voucher_line" as "l" on "l"."voucher_id" = "v"."id" where "v"."zt_id" = ?';
    expect(routed(joined)).toMatch(/voucher_line/);
    expect(routed(joined.replace('where', 'and "l"."zt_id" = "v"."zt_id" where'))).toBeNull();
    expect(routed(joined.replace('where', 'and "l"."zt_id" = ? where'))).toBeNull();
    expect(routed(joined.replace('where "v"."zt_id" = ?', 'where "l"."zt_id" = "v"."zt_id"'))).toMatch(/not filtered/);
    expect(
      routed(
        'select s.id from subject s left join subject_balance b on b.zt_id = s.zt_id and b.subject_id = s.id where s.zt_id = ?',
      ),
    ).toBeNull();
    expect(routed('select * from "subject", "auxi_type" where "subject"."zt_id" = ? and "auxi_type"."zt_id" = ?')).toBeNull();
    expect(routed('select * from "subject", "auxi_type" where "subject"."zt_id" = ?')).toMatch(/auxi_type/);
  });

  it('follows subqueries: IN, EXISTS, correlated, derived tables, CTEs and UNIONs', () => {
    expect(
      routed(
        'delete from "voucher_line_auxi" where "zt_id" = ? and "line_id" in (select "id" from "voucher_line" where "zt_id" = ?)',
      ),
    ).toBeNull();
    expect(
      routed('delete from "voucher_line_auxi" where "zt_id" = ? and "line_id" in (select "id" from "voucher_line")'),
    ).toMatch(/voucher_line/);
    expect(
      routed(
        'select "id" from "subject" as "s" where "s"."zt_id" = ? and exists (select 1 from "voucher_line" as "l" where "l"."zt_id" = "s"."zt_id" and "l"."subject_id" = "s"."id")',
      ),
    ).toBeNull();
    expect(routed('select d.n from (select count(*) as n from voucher where zt_id = ?) as d')).toBeNull();
    expect(
      routed('with t as (select id from subject where zt_id = $1) select * from t join auxi_type a on a.zt_id = $1'),
    ).toBeNull();
    expect(routed('with t as (select id from subject) select * from t')).toMatch(/subject/);
    expect(routed('select id from subject where zt_id = ? union all select id from auxi_type where zt_id = ?')).toBeNull();
    expect(routed('select id from subject where zt_id = ? union all select id from auxi_type')).toMatch(/auxi_type/);
    expect(
      routed(
        'update "subject_balance" set "debit" = (select coalesce(sum("debit"), 0) from "voucher_line" where "voucher_line"."zt_id" = "subject_balance"."zt_id") where "zt_id" = ?',
      ),
    ).toBeNull();
  });

  it('needs every INSERT row to name one zt_id', () => {
    expect(routed('insert into "voucher_line" ("zt_id", "id", "amount") values (?, ?, ?), (?, ?, ?)')).toBeNull();
    expect(routed('insert into "voucher_line" ("zt_id", "id") values ($1, $2), ($1, $3) returning "id"')).toBeNull();
    expect(routed('insert into "voucher_line" ("id", "zt_id") values (?, 5), (?, 5)')).toBeNull();
    expect(routed('insert into "voucher_line" ("id", "amount") values (?, ?)')).toMatch(/voucher_line/);
    expect(routed('insert into "voucher_line" ("zt_id", "id") values (?, ?), (? + 1, ?)')).toMatch(/voucher_line/);
    expect(routed('insert into "app_user" ("id") values (?)')).toBeNull();
    expect(
      routed(
        'insert into "voucher_counter" ("zt_id", "year", "number") values (?, ?, ?) on conflict ("zt_id", "year") do update set "number" = "excluded"."number"',
      ),
    ).toBeNull();
    expect(routed('insert or ignore into "subject" ("zt_id", "id") values (?, ?)')).toBeNull();
  });

  it('reads INSERT ... SELECT: the selected zt_id must be one value or a pinned reference', () => {
    expect(
      routed('insert into "subject" ("zt_id", "id", "name") select ?, "id", "name" from "subject" where "zt_id" = ?'),
    ).toBeNull();
    expect(
      routed('insert into "subject_balance" ("zt_id", "id") select s.zt_id, s.id from subject s where s.zt_id = ?'),
    ).toBeNull();
    expect(routed('insert into "subject_balance" ("zt_id", "id") select s.zt_id, s.id from subject s')).toMatch(/not filtered/);
    expect(routed('insert into "subject_balance" ("zt_id", "id") select ?, s.id from subject s')).toMatch(/subject/);
  });

  it('needs all the values to be one: a statement spanning two sets does not route', () => {
    const two = 'select * from "subject" as s inner join "auxi_type" as a on a.zt_id = ? where s.zt_id = ?';
    expect(routingViolation(two, [3, 3])).toBeNull();
    expect(routingViolation(two, [3, 4])).toMatch(/different zt_ids/);
    expect(routingViolation('insert into "subject" ("zt_id", "id") values (?, ?), (?, ?)', [3, 1, 4, 2])).toMatch(/different/);
    expect(routingViolation('select * from "subject" where "zt_id" = $2 and "id" = $1', [9, 3])).toBeNull();
    expect(routingViolation('select * from "subject" where "zt_id" = ?', [null])).toMatch(/null/);
  });

  it('reads strings, comments and quoted names without being misled', () => {
    expect(routed(`select 'from voucher' as x, "id" from "subject" -- from voucher\n where "zt_id" = ?`)).toBeNull();
    expect(routed(`select "id" from "subject" where "name" = 'zt_id = ?' /* zt_id = ? */`)).toMatch(/subject/);
    expect(routed('select "id" from "subject" where "name" = ? and "zt_id" = ?', ['x', 4])).toBeNull();
  });
});
