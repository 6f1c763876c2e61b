import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPgDatabase, TEST_DIALECTS } from '../test-support/test-server.js';
import { openPostgres, openSqlite, type Db } from './database.js';
import { migrate, migrationsOf } from './migrate.js';
import { PARTITION_COUNT, PARTITIONED_TABLES, partitionName } from './migrations/0029-partition-ledger-by-set.js';
import { insertBareSet } from '../test-support/bare-set.js';

const NAME = '0029-partition-ledger-by-set';

/** The migrations the filter keeps, in the migrator's order; answers the names it ran. */
async function migrateSome(db: Db, keep: (name: string) => boolean): Promise<string[]> {
  const some = Object.fromEntries(Object.entries(migrationsOf(db)).filter(([name]) => keep(name)));
  const migrator = new Migrator({
    db: db.kysely,
    allowUnorderedMigrations: true,
    provider: { getMigrations: () => Promise.resolve(some) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return (results ?? []).map((r) => r.migrationName);
}

/** Every migration before 0029 (whatever the list holds then), as a database of that time has them. */
async function migrateBefore0029(db: Db): Promise<void> {
  await migrateSome(db, (name) => name < NAME);
}

/** 0029 on a database of its time (later migrations are not its business). */
function migrateThrough0029(db: Db): Promise<string[]> {
  return migrateSome(db, (name) => name <= NAME);
}

function insertSet(db: Db, code: string): Promise<number> {
  return insertBareSet(db.kysely, `工会 ${code}`, code);
}

/** `vouchers` four-line vouchers with auxiliary items, their balances and audit rows, written the way the tables hold them. */
async function writeLedger(db: Db, ztId: number, vouchers: number): Promise<void> {
  const q = db.kysely;
  await sql`insert into certificate_type (zt_id, value, name, entry, sort) values (${ztId}, 1, '记账凭证', '记', 0)`.execute(q);
  await sql`insert into voucher (zt_id, id, year, month, certificate_type, pz_no, pz_date, prepared_by, created_by,
      debit_total, credit_total, created_at, updated_at, is_book, is_review)
    select ${ztId}, 'v-' || ${ztId}::text || '-' || g, 2026, 1 + g % 12, 1, g, '2026-01-15', '会计甲', 1,
      200 * g, 200 * g, g, g, g % 2, g % 3 from generate_series(1, ${vouchers}::int) g`.execute(q);
  await sql`insert into voucher_line (zt_id, voucher_id, line_no, id, year, month, summary, subject_code, debit_amount, credit_amount)
    select v.zt_id, v.id, l, v.id || '-' || l, v.year, v.month, '摘要 ' || v.pz_no, case when l <= 2 then '50101' else '101' end,
      case when l <= 2 then v.debit_total / 2 else 0 end, case when l > 2 then v.credit_total / 2 else 0 end
    from voucher v cross join generate_series(1, 4) l where v.zt_id = ${ztId}`.execute(q);
  await sql`insert into voucher_line_auxi (zt_id, voucher_id, line_no, type_no, info_no)
    select zt_id, voucher_id, line_no, 'dept', '0' || (line_no + length(voucher_id)) % 5 from voucher_line
    where zt_id = ${ztId} and line_no = 1`.execute(q);
  await sql`insert into subject_balance (zt_id, year, month, subject_code, auxi_key, debit_all, credit_all, debit_booked, credit_booked)
    select l.zt_id, l.year, l.month, l.subject_code, '', sum(l.debit_amount), sum(l.credit_amount),
      sum(l.debit_amount * v.is_book), sum(l.credit_amount * v.is_book)
    from voucher_line l join voucher v on v.zt_id = l.zt_id and v.id = l.voucher_id where l.zt_id = ${ztId}
    group by l.zt_id, l.year, l.month, l.subject_code`.execute(q);
  await sql`insert into voucher_audit (zt_id, voucher_id, seq, action, user_id, user_name, at, before_json, after_json)
    select zt_id, id, 1, 'create', 1, '会计甲', created_at, null, '{"id":"' || id || '","pzNo":' || pz_no || '}' from voucher
    where zt_id = ${ztId}`.execute(q);
}

/** Every row of the table, as JSON, in one order. */
async function rowsOf(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ r: string }>`select to_jsonb(t)::text as r from ${sql.table(table)} t order by 1`.execute(
    db.kysely,
  );
  return rows.map((row) => row.r);
}

/** Columns, top-level constraints and indexes of the tables, as the catalogue prints them. */
async function layoutOf(db: Db, tables: readonly string[]) {
  const names = [...tables];
  const columns =
    await sql`select table_name, ordinal_position, column_name, data_type, character_maximum_length, is_nullable, column_default
    from information_schema.columns where table_schema = current_schema() and table_name = any(${names})
    order by table_name, ordinal_position`.execute(db.kysely);
  const constraints =
    await sql`select conrelid::regclass::text as on_table, conname, contype, pg_get_constraintdef(oid) as definition
    from pg_constraint where conrelid::regclass::text = any(${names}) and conparentid = 0 order by 1, 2`.execute(db.kysely);
  // A partitioned table's index prints as ON ONLY; the columns and uniqueness are what must stay.
  const indexes = await sql`select indrelid::regclass::text as on_table, indexrelid::regclass::text as name,
      replace(pg_get_indexdef(indexrelid), ' ON ONLY ', ' ON ') as definition
    from pg_index where indrelid::regclass::text = any(${names}) order by 1, 2`.execute(db.kysely);
  return { columns: columns.rows, constraints: constraints.rows, indexes: indexes.rows };
}

describe.each(TEST_DIALECTS)('migration 0029: the big ledger tables hash-partitioned by zt_id (%s)', (dialect) => {
  let db: Db;
  let dir = '';
  let dropPg: (() => Promise<void>) | null = null;
  let url = '';

  beforeEach(async () => {
    if (dialect === 'postgres') {
      const created = await createPgDatabase();
      dropPg = () => created.drop();
      url = created.url;
      db = openPostgres(created.url);
    } else {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ufc-m29-'));
      db = openSqlite(path.join(dir, 'ledger.sqlite'));
    }
  });

  afterEach(async () => {
    await db.close();
    if (dropPg) await dropPg();
    dropPg = null;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = '';
  });

  it.runIf(dialect === 'sqlite')('does nothing on SQLite: the schema is the same before and after it', async () => {
    await migrateBefore0029(db);
    const schema = () => db.sqlite?.prepare('select type, name, tbl_name, sql from sqlite_master order by type, name').all();
    const before = schema();
    expect(before?.length).toBeGreaterThan(40);
    expect(await migrateThrough0029(db)).toEqual([NAME]);
    expect(schema()).toEqual(before);
  });

  it.runIf(dialect === 'postgres')(
    'makes exactly the ledger tables partitioned by hash on zt_id, each with its partitions, on a fresh database',
    async () => {
      await migrate(db);
      const { rows } = await sql<{ name: string; strategy: string; key: string; partitions: number }>`
        select c.relname as name, p.partstrat as strategy,
          (select string_agg(a.attname, ',') from unnest(p.partattrs::int2[]) k join pg_attribute a on a.attrelid = c.oid and a.attnum = k) as key,
          (select count(*)::int from pg_inherits i where i.inhparent = c.oid) as partitions
        from pg_partitioned_table p join pg_class c on c.oid = p.partrelid order by 1`.execute(db.kysely);
      expect(rows).toEqual(
        [...PARTITIONED_TABLES].sort().map((name) => ({ name, strategy: 'h', key: 'zt_id', partitions: PARTITION_COUNT })),
      );
      const { rows: bounds } = await sql<{ parent: string; name: string; bound: string }>`
        select i.inhparent::regclass::text as parent, c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
        from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'voucher_line'::regclass order by 2`.execute(
        db.kysely,
      );
      expect(bounds).toEqual(
        Array.from({ length: PARTITION_COUNT }, (_, r) => ({
          parent: 'voucher_line',
          name: partitionName('voucher_line', r),
          bound: `FOR VALUES WITH (modulus ${PARTITION_COUNT}, remainder ${r})`,
        })),
      );
    },
  );

  it.runIf(dialect === 'postgres')(
    'keeps every row, column, key, index and foreign key of a database that holds two sets’ vouchers',
    async () => {
      await migrateBefore0029(db);
      const a = await insertSet(db, 'A');
      const b = await insertSet(db, 'B');
      await writeLedger(db, a, 300);
      await writeLedger(db, b, 170);
      // A table of another module pointing at vouchers, and a grant an operator gave: both carried over.
      await sql`create table voucher_note (zt_id bigint not null, voucher_id varchar(40) not null, note text,
        constraint voucher_note_fk foreign key (zt_id, voucher_id) references voucher (zt_id, id) on delete cascade)`.execute(
        db.kysely,
      );
      await sql`insert into voucher_note values (${a}, ${`v-${a}-7`}, '附注')`.execute(db.kysely);
      await sql`grant select on voucher to public`.execute(db.kysely);

      const all = [...PARTITIONED_TABLES, 'voucher_note'];
      const layout = await layoutOf(db, all);
      const rows = new Map<string, string[]>();
      for (const table of all) rows.set(table, await rowsOf(db, table));
      expect(rows.get('voucher_line')).toHaveLength(4 * 470);
      expect(layout.constraints.length).toBeGreaterThan(10);
      expect(layout.indexes.length).toBeGreaterThan(6);

      expect(await migrateThrough0029(db)).toEqual([NAME]);

      expect(await layoutOf(db, all)).toEqual(layout);
      for (const table of all) expect(await rowsOf(db, table)).toEqual(rows.get(table));
      const { rows: kinds } = await sql<{ relname: string; relkind: string }>`select relname, relkind from pg_class
        where relname = any(${[...PARTITIONED_TABLES]}) order by 1`.execute(db.kysely);
      expect(kinds.map((k) => k.relkind)).toEqual(PARTITIONED_TABLES.map(() => 'p'));
      const { rows: acl } = await sql<{
        acl: string;
      }>`select relacl::text as acl from pg_class where relname = 'voucher'`.execute(db.kysely);
      expect(acl[0]?.acl).toMatch(/[{,]=r\//);

      // Each set's rows live in one partition of each table and read back through the parent.
      for (const table of PARTITIONED_TABLES) {
        const { rows: placed } = await sql<{
          zt_id: number;
          partitions: string[];
        }>`select zt_id, array_agg(distinct tableoid::regclass::text) as partitions
          from ${sql.table(table)} group by zt_id order by zt_id`.execute(db.kysely);
        expect(placed.map((p) => p.zt_id)).toEqual([a, b]);
        for (const p of placed) expect(p.partitions).toEqual([expect.stringMatching(new RegExp(`^${table}_p\\d\\d$`))]);
      }
      const readA = await db.kysely
        .selectFrom('voucher_line')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .where('zt_id', '=', a)
        .executeTakeFirstOrThrow();
      expect(Number(readA.n)).toBe(1200);
    },
  );

  it.runIf(dialect === 'postgres')(
    'leaves the keys working: foreign keys refuse and cascade, the numbering stays unique, the balance upsert adds',
    async () => {
      await migrate(db);
      const a = await insertSet(db, 'A');
      await writeLedger(db, a, 12);
      const q = db.kysely;
      const codeOf = async (run: Promise<unknown>) =>
        (
          (await run.then(
            () => null,
            (e: unknown) => e,
          )) as { code?: string } | null
        )?.code;
      expect(
        await codeOf(
          sql`insert into voucher_line (zt_id, voucher_id, line_no, id, year, month, summary, subject_code)
          values (${a}, 'no-such-voucher', 1, 'x', 2026, 1, '', '101')`.execute(q),
        ),
      ).toBe('23503');
      expect(
        await codeOf(
          sql`insert into voucher (zt_id, id, year, month, certificate_type, pz_no, pz_date, prepared_by, created_by,
            debit_total, credit_total, created_at, updated_at) select zt_id, 'again', year, month, certificate_type, pz_no, pz_date,
            prepared_by, created_by, debit_total, credit_total, created_at, updated_at from voucher where zt_id = ${a} and pz_no = 5`.execute(
            q,
          ),
        ),
      ).toBe('23505');
      await q.deleteFrom('voucher').where('zt_id', '=', a).where('id', '=', `v-${a}-5`).execute();
      for (const table of ['voucher_line', 'voucher_line_auxi'] as const) {
        const left = await q
          .selectFrom(table)
          .select('line_no')
          .where('zt_id', '=', a)
          .where('voucher_id', '=', `v-${a}-5`)
          .execute();
        expect(left).toEqual([]);
      }
      const balance = () =>
        q
          .selectFrom('subject_balance')
          .select('debit_all')
          .where('zt_id', '=', a)
          .where('year', '=', 2026)
          .where('month', '=', 2)
          .where('subject_code', '=', '50101')
          .where('auxi_key', '=', '')
          .executeTakeFirstOrThrow();
      const before = (await balance()).debit_all;
      await q
        .insertInto('subject_balance')
        .values({
          zt_id: a,
          year: 2026,
          month: 2,
          subject_code: '50101',
          auxi_key: '',
          debit_all: 7,
          credit_all: 0,
          debit_booked: 0,
          credit_booked: 0,
        })
        .onConflict((oc) =>
          oc
            .columns(['zt_id', 'year', 'month', 'subject_code', 'auxi_key'])
            .doUpdateSet({ debit_all: sql<number>`subject_balance.debit_all + excluded.debit_all` }),
        )
        .execute();
      expect((await balance()).debit_all).toBe(before + 7);
    },
  );

  it.runIf(dialect === 'postgres')('stops, changing nothing, when a view it cannot carry depends on a ledger table', async () => {
    await migrateBefore0029(db);
    await sql`create view voucher_heads as select zt_id, id from voucher`.execute(db.kysely);
    await expect(migrate(db)).rejects.toThrow(/view voucher_heads/);
    const { rows } = await sql<{ relkind: string }>`select relkind from pg_class where relname = 'voucher'`.execute(db.kysely);
    expect(rows).toEqual([{ relkind: 'r' }]);
    const ran = await db.kysely
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(ran.map((r) => (r as { name: string }).name)).not.toContain(NAME);
  });
  it.runIf(dialect === 'postgres')('waits for a write another server process has in progress, and keeps its row', async () => {
    await migrateBefore0029(db);
    const a = await insertSet(db, 'A');
    await writeLedger(db, a, 3);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into voucher_audit (zt_id, voucher_id, seq, action, user_id, user_name, at) values ($1, $2, 2, 'review', 1, '审核乙', 0)`,
        [a, `v-${a}-1`],
      );
      const migrating = migrateThrough0029(db);
      const waiting = async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
          where not granted and database = (select oid from pg_database where datname = current_database())`.execute(db.kysely);
        return rows[0]?.n ?? 0;
      };
      for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await waiting()).toBe(1);
      await other.query('commit');
      expect(await migrating).toEqual([NAME]);
    } finally {
      await other.end();
    }
    const audit = await db.kysely
      .selectFrom('voucher_audit')
      .select(['seq', 'action'])
      .where('zt_id', '=', a)
      .where('voucher_id', '=', `v-${a}-1`)
      .orderBy('seq')
      .execute();
    expect(audit).toEqual([
      { seq: 1, action: 'create' },
      { seq: 2, action: 'review' },
    ]);
  });
});
