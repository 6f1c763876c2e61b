/**
 * Books benchmark (npm run bench): a ledger set with BOOKS_LINES voucher lines (default
 * 1,000,000) in one year, about 300 subjects, auxiliary items on some of them, written straight
 * into a fresh SQLite file through Kysely in big transactions (not through HTTP), with its
 * subject_balance rows summed while the lines are generated. Then the server runs on that file and
 * ~20 calls each measure, by the Server-Timing header, the trial balance for several ranges, the
 * general ledger, the first page of the busy subject's detail ledger (a tenth of the lines: 101
 * 库存现金); the detail ledger's xlsx export of that subject is timed end to end with the server's
 * peak RSS; the balance sheet (route of src/server/reports) by client time. Writes
 * bench/results/books.json.
 *
 * The demo seed makes the chart (示范市第一机械厂工会, 2026); the generator adds third-level
 * subjects under expense subjects that carry nothing yet, and an auxiliary type with 40 items
 * linked to the first group of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { Paths } from '../src/shared/api/paths.js';
import { queryParams, sign } from '../src/shared/signature.js';
import { auxiKeyOf } from '../src/shared/subjects/auxiliary-rules.js';
import { openSqlite, SQLITE_FILE } from '../src/server/db/database.js';

const PORT = Number(process.env.BENCH_PORT ?? 8262);
const BASE = `http://127.0.0.1:${PORT}`;
const LINES = Number(process.env.BOOKS_LINES ?? 1_000_000);
const CALLS = Number(process.env.BOOKS_CALLS ?? 20);
const SET_NAME = '示范市第一机械厂工会';
const YEAR = 2026;
const BUSY = '101';
const TARGETS = { trialBalanceMs: 50, detailFirstPageMs: 200, exportSeconds: 5, balanceSheetMs: 100 };

function startServer(dataDir: string): { child: ChildProcess; ready: Promise<void> } {
  // BENCH_NODE_ARGS: extra node flags for the server, e.g. --max-old-space-size=96 to show the
  // export runs in a small heap.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      SINGLE_SESSION: 'off',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${BASE}${Paths.config}`)).ok) return;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error('server exited before it was ready');
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return { child, ready };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

interface Session {
  token: string;
  signKey: string;
}

function headers(s: Session, params: Record<string, unknown>): Record<string, string> {
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  return { token: s.token, timestamp, nonce, authEncryptKey: sign(s.signKey, params, timestamp, nonce) };
}

async function fetchSigned(s: Session | null, method: 'GET' | 'POST', p: string, params: Record<string, unknown> = {}) {
  const url = new URL(p, BASE);
  if (method === 'GET') for (const [k, v] of Object.entries(queryParams(params))) url.searchParams.set(k, v);
  const signed = s ? headers(s, method === 'GET' ? queryParams(params) : params) : {};
  return fetch(url, {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/json', ...signed } : signed,
    body: method === 'POST' ? JSON.stringify(params) : undefined,
  });
}

async function call<T>(s: Session | null, method: 'GET' | 'POST', p: string, params: Record<string, unknown> = {}) {
  const response = await fetchSigned(s, method, p, params);
  return { response, body: (await response.json()) as { success: boolean; data: T; errorMsg: string | null } };
}

async function openSession(): Promise<Session> {
  const login = await call<Session>(null, 'POST', Paths.logOn, {
    loginName: 'kuaiji',
    password: 'Kuaiji@123',
    captcha: '',
    captchaKey: '',
  });
  if (!login.body.success) throw new Error(`login failed: ${login.body.errorMsg}`);
  const session = { token: login.body.data.token, signKey: login.body.data.signKey };
  const sets = await call<{ id: number; name: string }[]>(session, 'GET', Paths.ztElect);
  const set = sets.body.data.find((z) => z.name === SET_NAME);
  if (!set) throw new Error('demo set missing');
  const chosen = await call(session, 'POST', Paths.setUserZtLevel, { ztId: set.id, year: YEAR });
  if (!chosen.body.success) throw new Error(`setUserZtLevel failed: ${chosen.body.errorMsg}`);
  return session;
}

/** A small deterministic generator (the same ledger every run). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function rssMb(pid: number | undefined): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round((Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024) * 10) / 10;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100;
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), max: percentile(sorted, 100), calls: values.length };
};

/** Writes the ledger into the seeded database file; returns what it wrote. */
async function generate(file: string) {
  const db = openSqlite(file);
  const q = db.kysely;
  db.sqlite?.pragma('synchronous = OFF');
  const started = performance.now();
  const zt = await q.selectFrom('zt_info').select('id').where('name', '=', SET_NAME).executeTakeFirstOrThrow();
  const ztId = zt.id;
  // Start from an empty year: the demo's own vouchers of the set go.
  await q.deleteFrom('voucher_line_auxi').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('voucher_line').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('voucher_audit').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('file_relation').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('voucher').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('voucher_counter').where('zt_id', '=', ztId).execute();
  await q.deleteFrom('subject_balance').where('zt_id', '=', ztId).execute();

  const subjects = await q.selectFrom('subject').selectAll().where('zt_id', '=', ztId).where('year', '=', YEAR).execute();
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
        .where('year', '=', YEAR)
        .where('code', '=', p.code)
        .execute();
    }
    for (const c of children) {
      await trx
        .insertInto('subject')
        .values({
          zt_id: ztId,
          year: YEAR,
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
      await trx.insertInto('subject_auxi_type').values({ zt_id: ztId, year: YEAR, code, type_no: auxiType }).execute();
    }
  });
  const expense = children.map((c) => c.code);
  if (expense.length === 0) throw new Error('no expense subjects to post to');

  const next = random(20261121);
  const vouchers = Math.ceil(LINES / 4);
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
    const days = new Date(Date.UTC(YEAR, month, 0)).getUTCDate();
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
        const pzDate = `${YEAR}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const a = 100 + Math.floor(next() * 500_000);
        const b = 100 + Math.floor(next() * 500_000);
        const c = Math.floor((a + b) / 2);
        const e1 = expense[Math.floor(next() * expense.length)] as string;
        const e2 = expense[Math.floor(next() * expense.length)] as string;
        const last = (written + n) % 10 < 4 ? BUSY : '102';
        const rows: [string, number, number, string][] = [
          [e1, a, 0, '职工活动支出'],
          [e2, b, 0, '业务支出'],
          ['102', 0, c, '银行付款'],
          [last, 0, a + b - c, last === BUSY ? '现金付款' : '银行付款'],
        ];
        heads.push({
          zt_id: ztId,
          id,
          year: YEAR,
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
            year: YEAR,
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
        .values({ zt_id: ztId, year: YEAR, month, certificate_type: 1, last_no: inMonth })
        .execute();
    });
    written += inMonth;
  }
  const rows = [...balances.values()].map((b) => ({
    zt_id: ztId,
    year: YEAR,
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
    .where('year', '=', YEAR)
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

async function timedCalls(
  s: Session,
  p: string,
  params: Record<string, unknown>,
): Promise<{ server: number[]; client: number[] }> {
  const server: number[] = [];
  const client: number[] = [];
  // One warm-up call (statement preparation, page cache), not counted.
  await call(s, 'GET', p, params);
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    const { response, body } = await call(s, 'GET', p, params);
    client.push(performance.now() - t0);
    if (!body.success) throw new Error(`${p} failed: ${body.errorMsg}`);
    const timing = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    if (timing) server.push(Number(timing[1]));
  }
  return { server, client };
}

const dataDir = fs.mkdtempSync('/tmp/gl-bench-');
const seeding = startServer(dataDir);
await seeding.ready;
await stop(seeding.child);
process.stdout.write(`generating ${LINES} lines…\n`);
const generated = await generate(path.join(dataDir, SQLITE_FILE));
process.stdout.write(`${JSON.stringify(generated)}\n`);
const fileMb = Math.round(fs.statSync(path.join(dataDir, SQLITE_FILE)).size / 2 ** 20);

const server = startServer(dataDir);
try {
  await server.ready;
  const s = await openSession();
  const m = (month: number) => `${YEAR}-${String(month).padStart(2, '0')}`;
  const trialRanges: [number, number][] = [
    [1, 1],
    [1, 3],
    [4, 6],
    [7, 12],
    [1, 12],
    [12, 12],
  ];
  const trialBalance: Record<string, ReturnType<typeof stats>> = {};
  for (const [b, e] of trialRanges) {
    const { server: t } = await timedCalls(s, Paths.trialBalance, { beginTime: m(b), endTime: m(e) });
    trialBalance[`${m(b)}..${m(e)}`] = stats(t);
  }
  const booked = await timedCalls(s, Paths.trialBalance, { beginTime: m(1), endTime: m(12), book: true });
  trialBalance['2026-01..2026-12 book'] = stats(booked.server);
  const general = await timedCalls(s, Paths.generalLedger, { beginTime: m(1), endTime: m(12) });

  const detailYear = await timedCalls(s, Paths.detailAccount, { code: BUSY, beginTime: m(1), endTime: m(12), pageIndex: 1 });
  const detailMonth = await timedCalls(s, Paths.detailAccount, { code: BUSY, beginTime: m(6), endTime: m(6), pageIndex: 1 });
  const detailLast = await timedCalls(s, Paths.detailAccount, {
    code: BUSY,
    beginTime: m(1),
    endTime: m(12),
    pageIndex: Math.floor(generated.busySubjectLines / 200),
  });

  // Export of the busy subject's year, end to end, with the server's RSS sampled meanwhile.
  const exportRuns: { seconds: number; bytes: number; rssBeforeMb: number; rssPeakMb: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const before = rssMb(server.child.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.child.pid));
    }, 25);
    const t0 = performance.now();
    const response = await fetchSigned(s, 'GET', Paths.exportDetailAccount, { code: BUSY, beginTime: m(1), endTime: m(12) });
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('spreadsheet')) {
      throw new Error(`export failed: ${response.status} ${await response.text()}`);
    }
    const bytes = (await response.arrayBuffer()).byteLength;
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    exportRuns.push({ seconds: Math.round(seconds * 100) / 100, bytes, rssBeforeMb: before, rssPeakMb: peak });
  }

  // The balance sheet: the reports route, by client time on localhost (it sends no Server-Timing).
  let balanceSheet: ({ clientMs: ReturnType<typeof stats> } & { note?: string }) | { skipped: string };
  const probe = await call(s, 'GET', Paths.balanceSheet, { beginYearMonth: m(1), endYearMonth: m(12) });
  if (!probe.body.success) balanceSheet = { skipped: `balanceSheet answered: ${probe.body.errorMsg}` };
  else {
    const sheet = await timedCalls(s, Paths.balanceSheet, { beginYearMonth: m(1), endYearMonth: m(12) });
    const sheetQ = await timedCalls(s, Paths.balanceSheet, { beginYearMonth: m(1), endYearMonth: m(3) });
    balanceSheet = {
      clientMs: stats([...sheet.client, ...sheetQ.client]),
      note: 'client time on localhost (request to parsed answer), an upper bound of the server time',
    };
  }

  const worstTrial = Math.max(...Object.values(trialBalance).map((t) => t.median));
  const exportWorst = Math.max(...exportRuns.map((r) => r.seconds));
  const result = {
    benchmark: 'books',
    at: new Date().toISOString(),
    machine: { node: process.version, cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30) },
    loadAverage1m: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
    database: `sqlite (WAL), ${fileMb} MB file`,
    serverNodeArgs: process.env.BENCH_NODE_ARGS ?? '',
    generated,
    serverMs: {
      trialBalance,
      generalLedgerYear: stats(general.server),
      detailLedgerFirstPageYear: stats(detailYear.server),
      detailLedgerFirstPageOneMonth: stats(detailMonth.server),
      detailLedgerLastPageYear: stats(detailLast.server),
    },
    exportDetailLedgerYear: exportRuns,
    balanceSheet,
    targets: TARGETS,
    met: {
      trialBalanceMs: worstTrial <= TARGETS.trialBalanceMs,
      detailFirstPageMs: stats(detailYear.server).median <= TARGETS.detailFirstPageMs,
      exportSeconds: exportWorst <= TARGETS.exportSeconds,
      balanceSheetMs: 'clientMs' in balanceSheet ? balanceSheet.clientMs.median <= TARGETS.balanceSheetMs : null,
    },
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/books.json', JSON.stringify(result, null, 2) + '\n');
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
} finally {
  if (server.child.exitCode === null) await stop(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
