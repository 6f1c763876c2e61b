/**
 * Detail ledger pages that start inside a month (the running balance of the lines they skip is
 * summed in the same read as the page), on both databases; and on PostgreSQL, at a size where its
 * planner would otherwise hash every voucher of the set, a page reads each line's voucher by its
 * key, and the server's connections run without JIT and parallel workers (db/postgres-session.ts).
 */
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountingSystem } from '../../shared/api/auth.js';
import type { DetailLedgerResponse, DetailLedgerRow } from '../../shared/api/books.js';
import { Paths } from '../../shared/api/paths.js';
import { POSTGRES_SESSION_OPTIONS } from '../db/postgres-session.js';
import type { Database } from '../db/schema.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, line, request, save } from '../vouchers/voucher-test-kit.js';
import { queryDetailLedger } from './detail-ledger.js';

const LINES = 23;

describe.each(TEST_DIALECTS)('detail ledger pages inside a month (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    // March: cash in and out in amounts that differ line by line, so a wrong skipped sum shows.
    for (let i = 0; i < LINES; i++) {
      const yuan = ((i * 7919) % 5000) / 100 + 1;
      const cashIn = i % 3 !== 2;
      const certiDetails = cashIn
        ? [line('101', yuan, null, `收款${i}`), line('401', null, yuan, `收款${i}`)]
        : [line('50101', yuan, null, `付款${i}`), line('101', null, yuan, `付款${i}`)];
      const day = String(1 + Math.floor(i / 2)).padStart(2, '0');
      const answer = await save(kuaiji, request({ month: 3, pzDate: `2026-03-${day}`, certiDetails }));
      expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    }
  }, 120_000);
  afterAll(() => server.close());

  const page = async (pageIndex: number, pageSize: number): Promise<DetailLedgerRow[]> => {
    const answer = await kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, {
      code: '101',
      beginTime: '2026-01',
      endTime: '2026-12',
      pageIndex,
      pageSize,
    });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    return answer.body.data.rows.filter((r) => r.kind === 'line');
  };

  it('starts every page from the balance of the lines before it, whatever the page size', async () => {
    const whole = await page(1, 1000);
    expect(whole).toHaveLength(LINES);
    for (const size of [1, 4, 7]) {
      const paged: DetailLedgerRow[] = [];
      for (let p = 1; (p - 1) * size < LINES; p++) paged.push(...(await page(p, size)));
      expect(paged.map((r) => [r.summary, r.balance])).toEqual(whole.map((r) => [r.summary, r.balance]));
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('detail ledger reads at size on PostgreSQL', () => {
  const VOUCHERS = 40_000;
  let server: TestServer;
  let url: string;
  let ztId: number;
  let system: AccountingSystem;

  beforeAll(async () => {
    server = await startTestServer('postgres');
    const q = server.db.kysely;
    const set = await q
      .selectFrom('zt_info')
      .select(['id', 'accounting_system'])
      .where('name', '=', FACTORY)
      .executeTakeFirstOrThrow();
    ztId = Number(set.id);
    system = set.accounting_system as AccountingSystem;
    // A year of vouchers written set-based (as the books bench does), each cash against dues.
    await sql`insert into voucher (zt_id, id, year, month, certificate_type, pz_no, pz_date, prepared_by, created_by,
        debit_total, credit_total, created_at, updated_at)
      select ${ztId}::bigint, 'big-' || i, 2026, 1 + i % 12, 1, 1 + i / 12,
        '2026-' || lpad((1 + i % 12)::text, 2, '0') || '-' || lpad((1 + (i / 12) % 28)::text, 2, '0'),
        '李会计', 0, 100 + i, 100 + i, 0, 0
      from generate_series(0, ${VOUCHERS - 1}::int) i`.execute(q);
    for (const [lineNo, code, debit, credit] of [
      [1, '101', sql`100 + i`, sql`0`],
      [2, '401', sql`0`, sql`100 + i`],
    ] as const) {
      await sql`insert into voucher_line (zt_id, voucher_id, line_no, id, year, month, summary, subject_code, debit_amount, credit_amount)
        select ${ztId}::bigint, 'big-' || i, ${lineNo}::int, 'big-' || i || '-' || ${lineNo}::int, 2026, 1 + i % 12, '收会费',
          ${code}::text, ${debit}, ${credit}
        from generate_series(0, ${VOUCHERS - 1}::int) i`.execute(q);
    }
    await sql`analyze`.execute(q);
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(q)).rows[0]?.name ?? '';
    const address = new URL(process.env.TEST_DATABASE_URL ?? '');
    address.pathname = `/${name}`;
    url = address.toString();
  }, 120_000);
  afterAll(() => server.close());

  it('opens the server’s connections without JIT and parallel workers', async () => {
    const shown = async (setting: string) =>
      (await sql<{ v: string }>`select current_setting(${setting}) as v`.execute(server.db.kysely)).rows[0]?.v;
    expect(await shown('jit')).toBe('off');
    expect(await shown('max_parallel_workers_per_gather')).toBe('0');
  });

  it('reads each line’s voucher by its key on a first and a deep page, never every voucher of the set', async () => {
    const captured: { sql: string; parameters: readonly unknown[] }[] = [];
    const pool = new pg.Pool({ connectionString: url, max: 2, options: POSTGRES_SESSION_OPTIONS });
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (e: LogEvent) => {
        if (e.level === 'query') captured.push({ sql: e.query.sql, parameters: e.query.parameters });
      },
    });
    const db = {
      kysely,
      dialect: 'postgres' as const,
      sqlite: null,
      checkpointer: null,
      relaxed: null,
      close: () => kysely.destroy(),
    };
    try {
      const scope = { ztId, year: 2026, system };
      const year = { beginMonth: 1, endMonth: 12 };
      const first = await queryDetailLedger(db, scope, year, { code: '101', pageIndex: 1, pageSize: 200 });
      const deep = await queryDetailLedger(db, scope, year, { code: '101', pageIndex: 40, pageSize: 200 });
      expect(first.totalItemCount).toBe(VOUCHERS);
      expect(deep.rows.filter((r) => r.kind === 'line')).toHaveLength(200);

      const lineReads = captured.filter((c) => /from\s+voucher_line l/.test(c.sql) && /voucher v/.test(c.sql));
      expect(lineReads.length).toBeGreaterThanOrEqual(2);
      for (const read of lineReads) {
        const plan = (await pool.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${read.sql}`, [...read.parameters]))
          .rows[0]?.['QUERY PLAN'];
        const voucherScans: string[] = [];
        const walk = (node: Record<string, unknown>) => {
          const relation = node['Relation Name'];
          if (typeof relation === 'string' && /^voucher(_p\d+)?$/.test(relation)) voucherScans.push(String(node['Node Type']));
          for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
        };
        walk((plan as { Plan: Record<string, unknown> }[])[0]?.Plan ?? {});
        expect(voucherScans.length, read.sql).toBeGreaterThan(0);
        expect(
          voucherScans.every((t) => t === 'Index Scan' || t === 'Index Only Scan'),
          `${voucherScans.join(', ')}: ${read.sql}`,
        ).toBe(true);
      }
    } finally {
      await kysely.destroy();
    }
  });
});
