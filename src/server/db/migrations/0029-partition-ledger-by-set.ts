/**
 * The big ledger tables become hash-partitioned by zt_id on PostgreSQL (native declarative
 * partitioning, the key a Citus distribution uses too): every statement the server runs against
 * them names one zt_id, so the planner reads one partition of each, and vacuum, index builds and
 * a partition's cache footprint stay a fraction of the whole province.
 *
 * Partitioned: voucher, voucher_line, voucher_line_auxi, subject_balance and voucher_audit. A
 * 1,000,000-line set-year writes ~250,000 voucher heads, 1,000,000 lines, their auxiliary items,
 * a balance row per period, subject and item combination, and at least one audit row per voucher
 * carrying the voucher as JSON (the largest table on disk). Not partitioned: voucher_summary (the
 * set's list of common summaries, typed by its users: tens of rows a set) and file_relation (one
 * row per stored attachment, bounded by the files under DATA_DIR, a fraction of the vouchers);
 * voucher_counter, period_close and the catalogues are a few rows a set and period.
 *
 * PARTITION_COUNT = 32: at 10,000 sets about 310 sets a partition, so one partition of
 * voucher_line at a province (10,000 sets averaging 50,000 lines a year) holds some 15 million
 * rows a year, sizes autovacuum and an index build handle in minutes; more partitions buy little
 * once every statement prunes to one of them and cost a relation (and its indexes) each in the
 * catalogue and in every plan that does not prune (a generic plan locks them all at start). 32 is
 * also Citus's default shard count, and a power of two: PostgreSQL accepts hash partitions of
 * mixed moduli when each divides the next, so a partition that grows too big can be split into
 * two of modulus 64 on its own, without rewriting the others.
 *
 * The tables exist (0003, 0006, later migrations may have changed them), and may hold a
 * province's rows: each is rebuilt in place, in the one transaction the migrator runs. Its
 * columns, defaults, NOT NULLs and CHECKs come from `LIKE … INCLUDING ALL EXCLUDING INDEXES`; its
 * primary key, unique constraints, indexes and foreign keys (its own and those of other tables
 * pointing at it) are read from the catalogue and created again under their own names after the
 * rows are copied (copying into bare partitions, then building each index once, is the fast
 * order). The tables are locked against readers and writers from the start (another server process
 * still running writes nothing that the copy would miss), and the tables they point at (zt_info,
 * certificate_type) from the drop of the old ones until the commit. Grants and the owner are
 * carried over. Anything this cannot carry (a view on the table, a trigger, an identity column or
 * owned sequence) stops the migration with its name, and the transaction leaves the database as it
 * was.
 *
 * SQLite has no partitioning: there the migration does nothing (one file per deployment, whose
 * tables already lead every key with zt_id).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export const PARTITIONED_TABLES = ['voucher', 'voucher_line', 'voucher_line_auxi', 'subject_balance', 'voucher_audit'] as const;

export const PARTITION_COUNT = 32;

/** The name of a table's i-th partition: voucher_line_p07. */
export function partitionName(table: string, remainder: number): string {
  return `${table}_p${String(remainder).padStart(2, '0')}`;
}

interface TableRow {
  oid: number;
  name: string;
  owner: string;
}

interface DefinitionRow {
  name: string;
  table_name: string;
  definition: string;
}

const ident = (name: string) => sql.id(name);

export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  const names = [...PARTITIONED_TABLES];
  const { rows: tables } =
    await sql<TableRow>`select c.oid::bigint as oid, c.relname as name, pg_get_userbyid(c.relowner) as owner
    from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relname = any(${names}) and c.relkind = 'r'`.execute(
      db,
    );
  const missing = names.filter((n) => !tables.some((t) => t.name === n));
  if (missing.length > 0) throw new Error(`0029: not plain tables here: ${missing.join(', ')}`);
  const oids = tables.map((t) => t.oid);
  // Another server process may still be writing (the migrator's lock only keeps migrators apart):
  // a row it commits after the copy would go with the old table. Writers wait here instead.
  await sql`lock table ${sql.join(names.map(ident))} in access exclusive mode`.execute(db);

  await refuseWhatCannotBeCarried(db, oids);

  // Primary keys and unique constraints of the tables, their other indexes, and every foreign key
  // from or to them, as the catalogue prints them (names as they resolve in the current schema).
  const { rows: keys } = await sql<DefinitionRow>`select conname as name, conrelid::regclass::text as table_name,
      pg_get_constraintdef(oid) as definition
    from pg_constraint where conrelid = any(${oids}::oid[]) and contype in ('p', 'u') order by conrelid, contype, conname`.execute(
    db,
  );
  const { rows: indexes } =
    await sql<DefinitionRow>`select i.indexrelid::regclass::text as name, i.indrelid::regclass::text as table_name,
      pg_get_indexdef(i.indexrelid) as definition
    from pg_index i where i.indrelid = any(${oids}::oid[])
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid and c.contype in ('p', 'u', 'x'))
    order by i.indrelid, 1`.execute(db);
  const { rows: foreignKeys } = await sql<DefinitionRow & { outside: boolean }>`select conname as name,
      conrelid::regclass::text as table_name, pg_get_constraintdef(oid) as definition, not (conrelid = any(${oids}::oid[])) as outside
    from pg_constraint where contype = 'f' and (conrelid = any(${oids}::oid[]) or confrelid = any(${oids}::oid[]))
    order by conrelid, conname`.execute(db);
  const { rows: grants } = await sql<{ table_name: string; grantee: string; privilege: string; grantable: boolean }>`
    select c.relname as table_name, case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee) end as grantee,
      a.privilege_type as privilege, a.is_grantable as grantable
    from pg_class c, aclexplode(c.relacl) a where c.oid = any(${oids}::oid[]) and a.grantee <> c.relowner`.execute(db);

  // Foreign keys of other tables pointing here would keep the old tables alive: they go first. The
  // tables' own go with them; all come back below.
  for (const fk of foreignKeys.filter((k) => k.outside)) {
    await sql`alter table ${sql.raw(fk.table_name)} drop constraint ${ident(fk.name)}`.execute(db);
  }

  for (const table of names) {
    const staging = `${table}__partitioned`;
    await sql`create table ${ident(staging)} (like ${ident(table)} including all excluding indexes)
      partition by hash (zt_id)`.execute(db);
    for (let r = 0; r < PARTITION_COUNT; r++) {
      await sql`create table ${ident(partitionName(table, r))} partition of ${ident(staging)}
        for values with (modulus ${sql.lit(PARTITION_COUNT)}, remainder ${sql.lit(r)})`.execute(db);
    }
    // LIKE keeps the column order, so the rows copy as they are.
    await sql`insert into ${ident(staging)} select * from ${ident(table)}`.execute(db);
  }
  // One statement: the old tables' foreign keys among themselves need no order. Their indexes go
  // with them, which frees the names for the new ones.
  await sql`drop table ${sql.join(names.map(ident))}`.execute(db);
  for (const table of names) {
    await sql`alter table ${ident(`${table}__partitioned`)} rename to ${ident(table)}`.execute(db);
  }

  for (const key of keys) {
    await sql`alter table ${sql.raw(key.table_name)} add constraint ${ident(key.name)} ${sql.raw(key.definition)}`.execute(db);
  }
  for (const index of indexes) await sql.raw(index.definition).execute(db);
  for (const fk of foreignKeys) {
    await sql`alter table ${sql.raw(fk.table_name)} add constraint ${ident(fk.name)} ${sql.raw(fk.definition)}`.execute(db);
  }

  const { rows: me } = await sql<{ name: string }>`select current_user as name`.execute(db);
  for (const t of tables.filter((table) => table.owner !== me[0]?.name)) {
    const partitions = Array.from({ length: PARTITION_COUNT }, (_, r) => partitionName(t.name, r));
    for (const relation of [t.name, ...partitions]) {
      await sql`alter table ${ident(relation)} owner to ${ident(t.owner)}`.execute(db);
    }
  }
  for (const g of grants) {
    const grantee = g.grantee === 'public' ? sql.raw('public') : ident(g.grantee);
    await sql`grant ${sql.raw(g.privilege)} on ${ident(g.table_name)} to ${grantee}${sql.raw(g.grantable ? ' with grant option' : '')}`.execute(
      db,
    );
  }
  // Autovacuum analyses partitions but never a partitioned parent, whose statistics the planner
  // uses for statements that span partitions: gather them once now.
  await sql`analyze ${sql.join(names.map(ident))}`.execute(db);
}

/** Stops the migration on what a rebuild of the tables would lose, naming it. */
async function refuseWhatCannotBeCarried(db: Kysely<unknown>, oids: number[]): Promise<void> {
  const { rows } = await sql<{ what: string }>`
    select 'view ' || v.ev_class::regclass::text as what
      from pg_depend d join pg_rewrite v on v.oid = d.objid
      where d.classid = 'pg_rewrite'::regclass and d.refobjid = any(${oids}::oid[]) and v.ev_class <> d.refobjid
    union select 'trigger ' || tgname || ' on ' || tgrelid::regclass::text from pg_trigger
      where tgrelid = any(${oids}::oid[]) and not tgisinternal
    union select 'sequence ' || d.objid::regclass::text from pg_depend d join pg_class s on s.oid = d.objid and s.relkind = 'S'
      where d.refobjid = any(${oids}::oid[]) and d.deptype in ('a', 'i')
    union select 'exclusion constraint ' || conname from pg_constraint where conrelid = any(${oids}::oid[]) and contype = 'x'`.execute(
    db,
  );
  if (rows.length > 0) {
    throw new Error(
      `0029: cannot rebuild the ledger tables partitioned while these depend on them: ${rows.map((r) => r.what).join(', ')}`,
    );
  }
}
