/**
 * The benchmarks' big ledger set: `lines` voucher lines (default 1,000,000) in one year of the demo
 * set 示范市第一机械厂工会, about 300 subjects, auxiliary items on some of them, written straight
 * into the seeded database (SQLite file or PostgreSQL) in big transactions (not through HTTP), with its
 * subject_balance rows summed while the lines are generated. Four lines a voucher: two expense
 * subjects against 102 and, in four vouchers of ten, the busy subject (101 库存现金, a tenth of
 * the lines); months 1-6 booked, 7-12 not.
 *
 * The demo seed makes the chart; the generator adds third-level subjects under expense subjects
 * that carry nothing yet, and an auxiliary type with 40 items linked to the first group of them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { auxiKeyOf } from '../../src/shared/subjects/auxiliary-rules.js';
import { openPostgres, openSqlite, SQLITE_FILE, type Db } from '../../src/server/db/database.js';
import type { Q } from '../../src/server/subjects/subject-repository.js';
import { freshPostgres, type BenchDialect } from './bench-database.js';
import { startServer, stopServer } from './server.js';
import { addSmallSets, type SmallSets } from './small-sets.js';

export const DEMO_SET = '示范市第一机械厂工会';

export interface LedgerOptions {
  lines?: number;
  setName?: string;
  year?: number;
  /** The subject a tenth of the lines go to. */
  busy?: string;
}

export type GeneratedLedger = Awaited<ReturnType<typeof generateLedger>>;

/**
 * A fresh data directory the server seeded (demo union), with the ledger generated into it.
 * `port` is where the seeding server listens for the moment it runs.
 */
export async function createLedgerDataDir(
  port: number,
  options: LedgerOptions = {},
): Promise<{ dataDir: string; generated: GeneratedLedger; fileMb: number }> {
  const ledger = await createLedger('sqlite', port, options);
  return { dataDir: ledger.dataDir, generated: ledger.generated, fileMb: ledger.sizeMb };
}

/** A seeded database of either kind with the big ledger (and, when asked, the other sets) in it. */
export interface BenchLedger {
  dialect: BenchDialect;
  dataDir: string;
  /** What the server needs beside DATA_DIR to run on it (DATABASE_URL on PostgreSQL). */
  env: Record<string, string>;
  /** The PostgreSQL database's address (null on SQLite). */
  databaseUrl: string | null;
  generated: GeneratedLedger;
  smallSets: SmallSets | null;
  /** Size of the SQLite file or of the PostgreSQL database, in MB. */
  sizeMb: number;
  label: string;
  /** Removes the data directory and drops the PostgreSQL database. */
  remove(): Promise<void>;
}

/**
 * The same books on either database: the server seeds it (demo union), other sets up to `totalSets`
 * (each with its chart and a year of small vouchers, bench/support/small-sets.ts) are added by
 * set-based statements, then the big ledger is generated into the demo set. On PostgreSQL the
 * database is fresh (BENCH_DATABASE_URL) and vacuumed and analysed afterwards, as autovacuum would
 * have by the time anyone reads it.
 */
export async function createLedger(
  dialect: BenchDialect,
  port: number,
  options: LedgerOptions & { totalSets?: number } = {},
): Promise<BenchLedger> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-bench-'));
  const pgDb = dialect === 'postgres' ? await freshPostgres('ledger') : null;
  try {
    const env: Record<string, string> = pgDb ? { DATABASE_URL: pgDb.url } : {};
    const seeding = startServer(dataDir, port, env);
    await seeding.ready;
    await stopServer(seeding.child);
    const file = path.join(dataDir, SQLITE_FILE);
    const db = pgDb ? openPostgres(pgDb.url) : openSqlite(file);
    let smallSets: SmallSets | null = null;
    let generated: GeneratedLedger;
    try {
      const seeded = Number((await sql<{ n: number | string }>`select count(*) as n from zt_info`.execute(db.kysely)).rows[0]?.n);
      const count = (options.totalSets ?? 0) - seeded;
      if (count > 0) {
        process.stdout.write(`${dialect}: adding ${count} small sets…\n`);
        smallSets = await addSmallSets(db, { count, template: options.setName ?? DEMO_SET, year: options.year ?? 2026 });
        process.stdout.write(`${JSON.stringify(smallSets)}\n`);
      }
      process.stdout.write(`${dialect}: generating ${options.lines ?? 1_000_000} lines…\n`);
      generated = await generateLedger(db, options);
      process.stdout.write(`${JSON.stringify(generated)}\n`);
      // As autovacuum leaves a table some time after its inserts: statistics, and the visibility map
      // that lets a count read the index alone.
      if (pgDb) await sql`vacuum (analyze)`.execute(db.kysely);
    } finally {
      await db.close();
    }
    const sizeMb = pgDb
      ? Math.round(Number((await pgDb.query<{ n: string }>('select pg_database_size(current_database()) as n'))[0]?.n) / 2 ** 20)
      : Math.round(fs.statSync(file).size / 2 ** 20);
    return {
      dialect,
      dataDir,
      env,
      databaseUrl: pgDb?.url ?? null,
      generated,
      smallSets,
      sizeMb,
      label: pgDb
        ? `postgresql (the machine's server, default settings), ${sizeMb} MB database`
        : `sqlite (WAL), ${sizeMb} MB file`,
      remove: async () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        await pgDb?.drop();
      },
    };
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
    throw error;
  }
}

/** A small deterministic generator (the same ledger every run). */
export function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/**
 * Rows into a table: on SQLite as multi-row inserts of `BATCH` rows, on PostgreSQL as one
 * INSERT … SELECT FROM unnest() of a column array each (one statement for thousands of rows,
 * the same values: number columns as bigint, text as text).
 */
async function insertRows(q: Q, dialect: Db['dialect'], table: string, rows: readonly Record<string, unknown>[]) {
  if (rows.length === 0) return;
  if (dialect === 'sqlite') {
    for (let i = 0; i < rows.length; i += BATCH)
      await q
        .insertInto(table as never)
        .values(rows.slice(i, i + BATCH))
        .execute();
    return;
  }
  const columns = Object.keys(rows[0] as object);
  const arrays = columns.map((c) => {
    const values = rows.map((r) => r[c]);
    return typeof values[0] === 'number' ? sql`${values}::bigint[]` : sql`${values}::text[]`;
  });
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    select * from unnest(${sql.join(arrays)})`.execute(q);
}

/** Rows a statement on SQLite (its parameter limit); PostgreSQL's unnest takes a flush at once. */
const BATCH = 400;

/**
 * Writes the ledger into the seeded database (either kind; the caller closes it); returns what it
 * wrote. The same books on both: one deterministic sequence, the balances summed in memory as
 * src/server/books/balances.ts keeps them (per month, last-level code and auxiliary key).
 */
export async function generateLedger(db: Db, options: LedgerOptions = {}) {
  const { lines: lineTarget = 1_000_000, setName = DEMO_SET, year = 2026, busy = '101' } = options;
  const q = db.kysely;
  db.sqlite?.pragma('synchronous = OFF');
  const started = performance.now();
  const zt = await q.selectFrom('zt_info').select('id').where('name', '=', setName).executeTakeFirstOrThrow();
  const ztId = zt.id;
  // Start from an empty year: the demo's own vouchers of the set go.
  await q.deleteFrom('voucher_line_auxi').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('voucher_line').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('voucher_audit').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('file_relation').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('voucher').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('voucher_counter').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('subject_balance').where('zt_id', '=', ztId).execute();

  const subjects = await q.selectFrom('subject').selectAll().where('zt_id', '=', ztId).where('year', '=', year).execute();
  // Expense leaves with nothing on them get 2-digit children until the chart has about 300 subjects.
  const parents = subjects.filter(
    (s) => s.last_level === 1 && s.code.startsWith('5') && Number(s.init_amount) === 0 && s.is_budget === 0,
  );
  const children: { code: string; parent: (typeof subjects)[number] }[] = [];
  const perParent = Math.ceil((300 - subjects.length) / Math.max(1, parents.length));
  for (const p of parents) {
    for (let i = 1; i <= Math.min(perParent, 99) && subjects.length + children.length < 300; i++) {
      children.push({ code: `${p.code}${String(i).padStart(2, '0')}`, parent: p });
    }
  }
  const auxiType = 'BENCH';
  const auxiItems = Array.from({ length: 40 }, (_, i) => `B${String(i + 1).padStart(3, '0')}`);
  const firstParent = children[0]?.parent.code;
  const auxiSubjects = new Set(children.filter((c) => c.parent.code === firstParent).map((c) => c.code));
  await q.transaction().execute(async (trx) => {
    for (const p of new Set(children.map((c) => c.parent))) {
      await trx
        .updateTable('subject')
        .set({ last_level: 0 })
        .where('zt_id', '=', ztId)
        .where('year', '=', year)
        .where('code', '=', p.code)
        .execute();
    }
    for (const c of children) {
      await trx
        .insertInto('subject')
        .values({
          zt_id: ztId,
          year,
          code: c.code,
          name: `${c.parent.name}明细${c.code.slice(-2)}`,
          parent_code: c.parent.code,
          level: c.parent.level + 1,
          type: c.parent.type,
          balance_direction: c.parent.balance_direction,
          is_budget: c.parent.is_budget,
          last_level: 1,
          is_standard: 0,
          init_amount: 0,
        })
        .execute();
    }
    await trx
      .insertInto('auxi_type')
      .values({ zt_id: ztId, type_no: auxiType, type_name: '基准项目', built_in_system: 0, enable: 1, sort: 99 })
      .execute();
    await trx
      .insertInto('auxi_info')
      .values(
        auxiItems.map((no, i) => ({
          zt_id: ztId,
          type_no: auxiType,
          info_no: no,
          info_name: `项目${i + 1}`,
          parent_no: null,
          is_enable: 1,
        })),
      )
      .execute();
    for (const code of auxiSubjects) {
      await trx.insertInto('subject_auxi_type').values({ zt_id: ztId, year, code, type_no: auxiType }).execute();
    }
  });
  const expense = children.map((c) => c.code);
  if (expense.length === 0) throw new Error('no expense subjects to post to');

  const next = random(20261121);
  const vouchers = Math.ceil(lineTarget / 4);
  const perMonth = Math.ceil(vouchers / 12);
  const balances = new Map<
    string,
    { month: number; code: string; auxiKey: string; d: number; c: number; db: number; cb: number }
  >();
  const post = (month: number, code: string, auxiKey: string, debit: number, credit: number, booked: boolean) => {
    const key = `${month}|${code}|${auxiKey}`;
    let b = balances.get(key);
    if (!b) {
      b = { month, code, auxiKey, d: 0, c: 0, db: 0, cb: 0 };
      balances.set(key, b);
    }
    b.d += debit;
    b.c += credit;
    if (booked) {
      b.db += debit;
      b.cb += credit;
    }
  };
  const now = Date.now();
  // Heads a flush on SQLite (their lines: 4 each), on PostgreSQL (one statement per table).
  const flushHeads = db.dialect === 'sqlite' ? BATCH / 4 : 5000;
  let written = 0;
  let lineCount = 0;
  let auxiCount = 0;
  for (let month = 1; month <= 12; month++) {
    const inMonth = Math.min(perMonth, vouchers - written);
    if (inMonth <= 0) break;
    const booked = month <= 6;
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    await q.transaction().execute(async (trx) => {
      const heads: Record<string, unknown>[] = [];
      const lines: Record<string, unknown>[] = [];
      const auxis: Record<string, unknown>[] = [];
      // Vouchers before their lines (the lines' foreign key), BATCH lines a statement.
      const flush = async (force: boolean) => {
        if (heads.length < flushHeads && !(force && heads.length > 0)) return;
        await insertRows(trx, db.dialect, 'voucher', heads.splice(0));
        await insertRows(trx, db.dialect, 'voucher_line', lines.splice(0));
        await insertRows(trx, db.dialect, 'voucher_line_auxi', auxis.splice(0));
      };
      // Dates rise with the number within the month, as keyed vouchers do.
      for (let n = 1; n <= inMonth; n++) {
        const id = `bench-${month}-${n}`;
        const day = 1 + Math.floor(((n - 1) * days) / inMonth);
        const pzDate = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const a = 100 + Math.floor(next() * 500_000);
        const b = 100 + Math.floor(next() * 500_000);
        const c = Math.floor((a + b) / 2);
        const e1 = expense[Math.floor(next() * expense.length)] as string;
        const e2 = expense[Math.floor(next() * expense.length)] as string;
        const last = (written + n) % 10 < 4 ? busy : '102';
        const rows: [string, number, number, string][] = [
          [e1, a, 0, '职工活动支出'],
          [e2, b, 0, '业务支出'],
          ['102', 0, c, '银行付款'],
          [last, 0, a + b - c, last === busy ? '现金付款' : '银行付款'],
        ];
        heads.push({
          zt_id: ztId,
          id,
          year,
          month,
          certificate_type: 1,
          pz_no: n,
          pz_date: pzDate,
          number_of_document: 1,
          financial_officer: '',
          bookkeeper: booked ? '李会计' : '',
          cashier: '',
          prepared_by: '李会计',
          created_by: 0,
          reviewer: booked ? '王审核' : '',
          is_review: booked ? 1 : 0,
          is_book: booked ? 1 : 0,
          is_cashier_signed: 0,
          debit_total: a + b,
          credit_total: a + b,
          created_at: now,
          updated_at: now,
        });
        rows.forEach(([code, debit, credit, summary], i) => {
          lines.push({
            zt_id: ztId,
            voucher_id: id,
            line_no: i + 1,
            id: `${id}-${i + 1}`,
            year,
            month,
            summary,
            subject_code: code,
            debit_amount: debit,
            credit_amount: credit,
          });
          let auxiKey = '';
          if (auxiSubjects.has(code)) {
            const infoNo = auxiItems[Math.floor(next() * auxiItems.length)] as string;
            auxis.push({ zt_id: ztId, voucher_id: id, line_no: i + 1, type_no: auxiType, info_no: infoNo });
            auxiKey = auxiKeyOf([{ typeNo: auxiType, infoNo }]);
            auxiCount++;
          }
          post(month, code, auxiKey, debit, credit, booked);
        });
        lineCount += rows.length;
        await flush(false);
      }
      await flush(true);
      await trx
        .insertInto('voucher_counter')
        .values({ zt_id: ztId, year, month, certificate_type: 1, last_no: inMonth })
        .execute();
    });
    written += inMonth;
  }
  const rows = [...balances.values()].map((b) => ({
    zt_id: ztId,
    year,
    month: b.month,
    subject_code: b.code,
    auxi_key: b.auxiKey,
    debit_all: b.d,
    credit_all: b.c,
    debit_booked: b.db,
    credit_booked: b.cb,
  }));
  await q.transaction().execute((trx) => insertRows(trx, db.dialect, 'subject_balance', rows));
  if (db.dialect === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(q);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const chart = await q
    .selectFrom('subject')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .executeTakeFirstOrThrow();
  return {
    seconds,
    vouchers: written,
    lines: lineCount,
    auxiliaryLines: auxiCount,
    subjects: Number(chart.n),
    balanceRows: rows.length,
    busySubjectLines: Math.round(written * 0.4),
  };
}
