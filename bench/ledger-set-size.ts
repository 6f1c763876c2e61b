/**
 * What one ledger set-year of BENCH_LINES voucher lines (default 1,000,000) takes on PostgreSQL
 * (BENCH_DATABASE_URL; nothing to measure without it): `tsx bench/ledger-set-size.ts`.
 *
 * A server on a fresh database saves one four-line voucher of the demo set through the API, and
 * the reviewer reviews and books it, so the rows (the voucher, its lines, its three audit rows
 * carrying the voucher as JSON) are the ones the product writes. The year is then made in SQL
 * from that voucher: a quarter as many vouchers as lines, spread over twelve months, the lines on
 * the set's leaf subjects, one line in four with an auxiliary item, months 1-6 reviewed and
 * booked (three audit rows) and 7-12 only created (one), and subject_balance summed from the
 * lines as the server keeps it. After VACUUM ANALYZE it records each table's heap (with TOAST)
 * and indexes, summed over its partitions, and then takes the product's backup of the set
 * (type 45, through the API) and records its time and file size.
 * Writes bench/results/ledger-set-size.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Paths } from '../src/shared/api/paths.js';
import type { SaveVoucherRequest, Voucher } from '../src/shared/api/vouchers.js';
import { freshPostgres } from './support/bench-database.js';
import { call, DEMO_LOGINS, openSession, startServer, stopServer } from './support/server.js';
import { machine, round, writeResult } from './support/stats.js';

const PORT = Number(process.env.BENCH_PORT ?? 8790);
const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const SET = '示范市第一机械厂工会';
const REVIEWER = { loginName: 'shenhe', password: 'Shenhe@123' };
const TABLES = [
  'voucher',
  'voucher_line',
  'voucher_line_auxi',
  'subject_balance',
  'voucher_audit',
  'voucher_counter',
  'file_relation',
] as const;

const template: SaveVoucherRequest = {
  year: 2026,
  month: 3,
  pzDate: '2026-03-10',
  certificateType: 1,
  numberOfDocument: 2,
  certiDetails: [
    { summary: '支付职工文体活动费', subjectCode: '50101', debitAmount: '1250.25', creditAmount: null },
    { summary: '支付职工培训费', subjectCode: '50102', debitAmount: '860.75', creditAmount: null },
    { summary: '现金支付', subjectCode: '101', debitAmount: null, creditAmount: '111.00' },
    { summary: '银行存款支付', subjectCode: '102', debitAmount: null, creditAmount: '2000.00' },
  ],
};

const mb = (bytes: number) => round(bytes / 2 ** 20, 1);

async function main(): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL) {
    process.stdout.write('ledger-set-size: BENCH_DATABASE_URL is not set, nothing to measure\n');
    return;
  }
  const pg = await freshPostgres('set_size');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'set-size-'));
  let server = startServer(dataDir, PORT, { DATABASE_URL: pg.url });
  try {
    await server.ready;
    const kuaiji = await openSession(server.base, DEMO_LOGINS.accountant, SET, 2026);
    const shenhe = await openSession(server.base, REVIEWER, SET, 2026);
    const saved = await call<Voucher>(server.base, kuaiji, 'POST', Paths.certificate, template);
    if (!saved.body.success) throw new Error(`save: ${saved.body.errorMsg}`);
    const v = saved.body.data;
    for (const [p, flag] of [
      [Paths.certificateReview, { isReview: true }],
      [Paths.certificateBook, { isBook: true }],
    ] as const) {
      const now = (await call<Voucher>(server.base, shenhe, 'GET', Paths.certificateDetail, { id: v.id })).body.data;
      const details = [
        { id: now.id, revision: now.revision, month: now.month, pzNo: now.pzNo, certificateType: now.certificateType },
      ];
      const answer = await call(server.base, shenhe, 'POST', p, { year: 2026, details, ...flag });
      if (!answer.body.success) throw new Error(`${p}: ${answer.body.errorMsg}`);
    }
    await stopServer(server.child);

    const started = performance.now();
    await generateYear((text, values) => pg.query(text, values), v.id);
    const generateS = round((performance.now() - started) / 1000, 1);
    for (const t of TABLES) await pg.query(`vacuum analyze ${t}`);
    const tables = [];
    for (const t of TABLES) {
      const [row] = await pg.query<{ rows: string; heap: string; indexes: string; partitions: string }>(
        `select (select count(*) from ${t}) as rows,
          coalesce(sum(pg_table_size(relid)), 0) as heap, coalesce(sum(pg_indexes_size(relid)), 0) as indexes,
          count(*) filter (where isleaf) as partitions
        from (select relid, isleaf from pg_partition_tree($1::regclass)
          union all select $1::regclass, false where not exists (select from pg_partition_tree($1::regclass))) tree`,
        [t],
      );
      tables.push({
        table: t,
        rows: Number(row?.rows),
        heapMb: mb(Number(row?.heap)),
        indexesMb: mb(Number(row?.indexes)),
        partitions: Number(row?.partitions),
      });
    }
    const [db] = await pg.query<{ size: string }>('select pg_database_size(current_database()) as size');

    server = startServer(dataDir, PORT, { DATABASE_URL: pg.url });
    await server.ready;
    const admin = await openSession(server.base, DEMO_LOGINS.admin, SET, 2026);
    const backupStarted = performance.now();
    const backup = await call<Record<string, unknown>>(server.base, admin, 'POST', Paths.backup, { type: 45, rotate: true });
    const backupS = round((performance.now() - backupStarted) / 1000, 1);
    const files = fs
      .readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && f.name.endsWith('.sqlite'));
    const backupMb = files.map((f) => mb(fs.statSync(path.join(f.parentPath, f.name)).size));

    writeResult('ledger-set-size', {
      lines: LINES,
      generateS,
      tables,
      totalLedgerMb: round(
        tables.reduce((s, t) => s + t.heapMb + t.indexesMb, 0),
        1,
      ),
      databaseMb: mb(Number(db?.size)),
      backup: { ok: backup.body.success, error: backup.body.errorMsg, seconds: backupS, fileMb: backupMb },
      ...machine(),
    });
  } finally {
    await stopServer(server.child);
    await pg.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The year made from the saved voucher `id`: its rows copied with new ids, numbers, months, subjects and amounts. */
async function generateYear(query: (text: string, values?: unknown[]) => Promise<unknown[]>, id: string): Promise<void> {
  const vouchers = Math.ceil(LINES / 4);
  await query(`create table bench_tpl_voucher as select * from voucher where id = $1`, [id]);
  await query(`create table bench_tpl_line as select * from voucher_line where voucher_id = $1`, [id]);
  await query(`create table bench_tpl_audit as select * from voucher_audit where voucher_id = $1`, [id]);
  await query(`create table bench_leaf as select row_number() over (order by code) - 1 as i, code from subject s
    where s.zt_id = (select zt_id from bench_tpl_voucher) and s.year = 2026
      and not exists (select 1 from subject c where c.zt_id = s.zt_id and c.year = s.year and c.code like s.code || '_%')`);
  // The voucher number g of each month: vouchers 12(g-1)+1 … 12g are number g of months 1 … 12.
  await query(
    `create table bench_gen as select g, 1 + (g - 1) % 12 as month, 1 + (g - 1) / 12 as pz_no,
      md5('v' || g)::uuid::text as id, 1 + g % 997 as factor from generate_series(1, $1::int) g`,
    [vouchers],
  );
  await query(`delete from voucher_audit where voucher_id = $1`, [id]);
  await query(`delete from subject_balance where zt_id = (select zt_id from bench_tpl_voucher)`);
  await query(`delete from voucher where id = $1`, [id]);
  await query(`insert into voucher select (jsonb_populate_record(null::voucher, to_jsonb(t) || jsonb_build_object(
      'id', bench_gen.id, 'month', bench_gen.month, 'pz_no', bench_gen.pz_no, 'pz_date', format('2026-%s-15', lpad(bench_gen.month::text, 2, '0')),
      'debit_total', t.debit_total * bench_gen.factor, 'credit_total', t.credit_total * bench_gen.factor,
      'is_review', (bench_gen.month <= 6)::int, 'is_book', (bench_gen.month <= 6)::int,
      'reviewer', case when bench_gen.month <= 6 then t.reviewer else '' end))).* from bench_tpl_voucher t, bench_gen`);
  await query(`insert into voucher_line select (jsonb_populate_record(null::voucher_line, to_jsonb(l) || jsonb_build_object(
      'voucher_id', bench_gen.id, 'id', md5('l' || bench_gen.g || '-' || l.line_no)::uuid::text, 'month', bench_gen.month,
      'subject_code', case when l.line_no <= 2 then (select code from bench_leaf where i = (bench_gen.g * 7 + l.line_no) % (select count(*) from bench_leaf)) else l.subject_code end,
      'debit_amount', l.debit_amount * bench_gen.factor, 'credit_amount', l.credit_amount * bench_gen.factor))).* from bench_tpl_line l, bench_gen`);
  await query(`insert into voucher_line_auxi (zt_id, voucher_id, line_no, type_no, info_no)
    select zt_id, voucher_id, line_no, '01', lpad((abs(hashtext(voucher_id)) % 40 + 1)::text, 4, '0') from voucher_line
    where line_no = 1 and zt_id = (select zt_id from bench_tpl_voucher)`);
  await query(
    `insert into voucher_audit select (jsonb_populate_record(null::voucher_audit, to_jsonb(a) || jsonb_build_object(
      'voucher_id', bench_gen.id, 'before_json', replace(a.before_json, $1, bench_gen.id), 'after_json', replace(a.after_json, $1, bench_gen.id)))).*
    from bench_tpl_audit a, bench_gen where a.action = 'create' or bench_gen.month <= 6`,
    [id],
  );
  await query(`insert into voucher_counter (zt_id, year, month, certificate_type, last_no)
    select zt_id, year, month, certificate_type, max(pz_no) from voucher where zt_id = (select zt_id from bench_tpl_voucher)
    group by zt_id, year, month, certificate_type
    on conflict (zt_id, year, month, certificate_type) do update set last_no = excluded.last_no`);
  await query(`insert into subject_balance (zt_id, year, month, subject_code, auxi_key, debit_all, credit_all, debit_booked, credit_booked)
    select zt_id, year, month, subject_code, auxi_key, sum(debit_amount), sum(credit_amount),
      sum(case when is_book = 1 then debit_amount else 0 end), sum(case when is_book = 1 then credit_amount else 0 end)
    from (select l.zt_id, l.year, l.month, l.subject_code, coalesce((select string_agg(a.type_no || ':' || a.info_no, '|' order by a.type_no)
            from voucher_line_auxi a where a.zt_id = l.zt_id and a.voucher_id = l.voucher_id and a.line_no = l.line_no), '') as auxi_key,
          l.debit_amount, l.credit_amount, v.is_book
          from voucher_line l join voucher v on v.zt_id = l.zt_id and v.id = l.voucher_id where l.zt_id = (select zt_id from bench_tpl_voucher)) x
    group by zt_id, year, month, subject_code, auxi_key`);
  await query('drop table bench_tpl_voucher, bench_tpl_line, bench_tpl_audit, bench_leaf, bench_gen');
}

await main();
