/**
 * How long migration 0029 (the ledger tables hash-partitioned by zt_id) takes on a PostgreSQL
 * database that already holds a big set (BENCH_DATABASE_URL; nothing to measure without it):
 * `tsx bench/partition-migration.ts`. A fresh database is migrated up to 0029, one set gets
 * BENCH_VOUCHERS (default 250,000) four-line vouchers with an auxiliary item on each first line,
 * their balances and two audit rows each carrying 1 KB of JSON, then 0029 runs and is timed.
 * Writes bench/results/partition-migration.json.
 */
import { Migrator, sql } from 'kysely';
import { openPostgres } from '../src/server/db/database.js';
import { migrationsOf } from '../src/server/db/migrate.js';
import { freshPostgres } from './support/bench-database.js';
import { machine, round, writeResult } from './support/stats.js';
import { insertBareSet } from '../src/server/test-support/bare-set.js';

const VOUCHERS = Number(process.env.BENCH_VOUCHERS ?? 250_000);
const NAME = '0029-partition-ledger-by-set';

async function main(): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL) {
    process.stdout.write('partition-migration: BENCH_DATABASE_URL is not set, nothing to measure\n');
    return;
  }
  const pg = await freshPostgres('partition_migration');
  const db = openPostgres(pg.url);
  try {
    const all = migrationsOf(db);
    const runTo = async (names: (name: string) => boolean) => {
      const chosen = Object.fromEntries(Object.entries(all).filter(([name]) => names(name)));
      const migrator = new Migrator({
        db: db.kysely,
        allowUnorderedMigrations: true,
        provider: { getMigrations: () => Promise.resolve(chosen) },
      });
      const { error } = await migrator.migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
    };
    await runTo((name) => name < NAME);
    const q = db.kysely;
    const zt = await insertBareSet(q, '基层工会', 'B1');
    await sql`insert into certificate_type (zt_id, value, name, entry, sort) values (${zt}, 1, '记账凭证', '记', 0)`.execute(q);
    await sql`insert into voucher (zt_id, id, year, month, certificate_type, pz_no, pz_date, prepared_by, created_by,
        debit_total, credit_total, created_at, updated_at)
      select ${zt}, md5('v' || g)::uuid::text, 2026, 1 + g % 12, 1, g, '2026-01-15', '会计甲', 1, 200, 200, g, g
      from generate_series(1, ${VOUCHERS}::int) g`.execute(q);
    await sql`insert into voucher_line (zt_id, voucher_id, line_no, id, year, month, summary, subject_code, debit_amount, credit_amount)
      select v.zt_id, v.id, l, md5(v.id || l)::uuid::text, v.year, v.month, '支付职工文体活动费', '5010' || (v.pz_no % 300),
        case when l <= 2 then 100 else 0 end, case when l > 2 then 100 else 0 end
      from voucher v cross join generate_series(1, 4) l`.execute(q);
    await sql`insert into voucher_line_auxi (zt_id, voucher_id, line_no, type_no, info_no)
      select zt_id, voucher_id, line_no, '01', '0001' from voucher_line where line_no = 1`.execute(q);
    await sql`insert into subject_balance (zt_id, year, month, subject_code, auxi_key, debit_all, credit_all, debit_booked, credit_booked)
      select zt_id, year, month, subject_code, '', sum(debit_amount), sum(credit_amount), 0, 0 from voucher_line group by 1, 2, 3, 4`.execute(
      q,
    );
    await sql`insert into voucher_audit (zt_id, voucher_id, seq, action, user_id, user_name, at, before_json, after_json)
      select zt_id, id, s, 'create', 1, '会计甲', 0, case when s > 1 then repeat('x', 1000) end, repeat('y', 1000)
      from voucher, generate_series(1, 2) s`.execute(q);
    await sql`vacuum analyze`.execute(q);
    const { rows } = await sql<{ size: number }>`select pg_database_size(current_database()) as size`.execute(q);
    const started = performance.now();
    await runTo(() => true);
    writeResult('partition-migration', {
      vouchers: VOUCHERS,
      databaseMb: round(Number(rows[0]?.size) / 2 ** 20, 1),
      migrationS: round((performance.now() - started) / 1000, 1),
      ...machine(),
    });
  } finally {
    await db.close();
    await pg.drop();
  }
}

await main();
