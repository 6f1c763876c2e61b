/**
 * The benchmarks' big ledger set: `lines` voucher lines (default 1,000,000) in one year of the demo
 * set 示范市第一机械厂工会, about 300 subjects, auxiliary items on some of them, written straight
 * into the seeded SQLite file through Kysely in big transactions (not through HTTP), with its
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
import { openSqlite, SQLITE_FILE } from '../../src/server/db/database.js';
import { startServer, stopServer } from './server.js';

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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-bench-'));
  const seeding = startServer(dataDir, port);
  await seeding.ready;
  await stopServer(seeding.child);
  process.stdout.write(`generating ${options.lines ?? 1_000_000} lines…\n`);
  const file = path.join(dataDir, SQLITE_FILE);
  const generated = await generateLedger(file, options);
  process.stdout.write(`${JSON.stringify(generated)}\n`);
  return { dataDir, generated, fileMb: Math.round(fs.statSync(file).size / 2 ** 20) };
}

/** A small deterministic generator (the same ledger every run). */
export function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** Writes the ledger into the seeded database file; returns what it wrote. */
export async function generateLedger(file: string, options: LedgerOptions = {}) {
  const { lines: lineTarget = 1_000_000, setName = DEMO_SET, year = 2026, busy = '101' } = options;
  const db = openSqlite(file);
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
  const BATCH = 400;
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
        if (heads.length < BATCH / 4 && !(force && heads.length > 0)) return;
        await trx
          .insertInto('voucher')
          .values(heads.splice(0) as never)
          .execute();
        while (lines.length > 0)
          await trx
            .insertInto('voucher_line')
            .values(lines.splice(0, BATCH) as never)
            .execute();
        while (auxis.length > 0)
          await trx
            .insertInto('voucher_line_auxi')
            .values(auxis.splice(0, BATCH) as never)
            .execute();
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
  await q.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH)
      await trx
        .insertInto('subject_balance')
        .values(rows.slice(i, i + BATCH))
        .execute();
  });
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(q);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const chart = await q
    .selectFrom('subject')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .executeTakeFirstOrThrow();
  await db.close();
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
