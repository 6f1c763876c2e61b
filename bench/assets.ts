/**
 * The asset module at 50,000 fixed-asset cards (issue 23, vouchers lane), on SQLite and, with BENCH_DATABASE_URL,
 * PostgreSQL (BENCH_ONLY=sqlite|postgres): a month's depreciation run (runProvision: the provisions, the cards'
 * accumulation and the run row, set-based) and its voucher generated as one (the provision kind's save, isAuto) —
 * target ≤ 2 s together; a detail page (20 rows with the footer over every row) — target ≤ 200 ms, median of RUNS.
 * Writes bench/results/assets.json.
 */
import type { DialectName } from '../src/server/db/database.js';
import { assetContext } from '../src/server/assets/context.js';
import { provisionVouchers } from '../src/server/assets/kinds/provision.js';
import { provisionDetail } from '../src/server/assets/provision-detail.js';
import { runProvision } from '../src/server/assets/provisions.js';
import { createSet, openPlatform } from '../src/server/test-support/ledger-fixtures.js';
import { startTestServer } from '../src/server/test-support/test-server.js';
import { benchDialects } from './support/bench-database.js';
import { machine, round, timedRuns, writeResult } from './support/stats.js';

const CARDS = Number(process.env.BENCH_ASSET_CARDS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

async function measure(dialect: DialectName) {
  // The test server makes its PostgreSQL database from TEST_DATABASE_URL: the bench's database server.
  if (dialect === 'postgres') process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL;
  const server = await startTestServer(dialect);
  try {
    const db = server.db;
    const ztId = await createSet(db, {
      name: `资产基准-${dialect}`,
      code: `ZC-BENCH-${dialect}`,
      system: 'union-county',
      year: 2026,
    });
    await openPlatform(db, ztId, 'assets');
    await assetContext(db.kysely, { id: ztId, year: 2026 });
    await db.kysely.updateTable('asset_setting').set({ init_done: 1 }).where('zt_id', '=', ztId).execute();
    const category = await db.kysely
      .selectFrom('asset_category')
      .select('id')
      .where('zt_id', '=', ztId)
      .where('asset_class', '=', 1)
      .where('depreciates', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    for (let start = 0; start < CARDS; start += 500) {
      await db.kysely
        .insertInto('asset_card')
        .values(
          Array.from({ length: Math.min(500, CARDS - start) }, (_, i) => {
            const n = start + i;
            return {
              zt_id: ztId,
              id: `card-${n}`,
              card_no: `GD-${String(n).padStart(6, '0')}`,
              asset_class: 1,
              category_id: category.id,
              name: `资产${n}`,
              original_value: 100_000 + (n % 997) * 131,
              life_months: 36 + (n % 5) * 12,
              activation_date: `2025-${String((n % 12) + 1).padStart(2, '0')}-15`,
              is_review: 1,
              created_by: 1,
              created_at: now,
              updated_at: now,
            };
          }),
        )
        .execute();
    }
    const ctx = await assetContext(db.kysely, { id: ztId, year: 2026 });
    const scope = { ztId, system: 'union-county' as const, actor: { id: 1, name: '基准' } };
    const t0 = performance.now();
    const r = await runProvision(db, ctx, 1, { assetClass: 1, year: 2026, month: 1 });
    const runMs = performance.now() - t0;
    const t1 = performance.now();
    const vouchers = await provisionVouchers.save(db, scope, ctx, {
      pzAssetType: 2,
      assetClass: 1,
      accruedStage: '2026-01',
      isAuto: true,
      czy: '基准',
      certificateType: 1,
    });
    const voucherMs = performance.now() - t1;
    const detail = await timedRuns(RUNS, async () => {
      await provisionDetail(db.kysely, ztId, { assetClass: 1, accruedStage: '2026-01', pageIndex: 3, pageSize: 20 });
    });
    return {
      cards: CARDS,
      provided: r.cardCount,
      vouchers: vouchers.length,
      runMs: round(runMs),
      voucherMs: round(voucherMs),
      runAndVoucherMs: round(runMs + voucherMs),
      detailPage: detail,
    };
  } finally {
    await server.close();
  }
}

const figures: Record<string, unknown> = {};
for (const dialect of benchDialects()) figures[dialect] = await measure(dialect);
writeResult('assets', { machine: machine(), targets: { runAndVoucherMs: 2000, detailPageMedianMs: 200 }, figures });
