/**
 * The user list at provincial scale (issue 18 B11, the people part): USERS users (default 20,000)
 * whose home units spread over a four-level tree of SETS ledger sets (default 1,000; the full
 * tree's import is the ledger-set part's), then p95 of pageList by client time: the super
 * administrator's first page, a login-name filter, a unit's subtree, a later page, and a county
 * administrator's scoped list. On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 * Writes bench/results/user-list.json.
 */
import { Paths } from '../src/shared/api/paths.js';
import type { DialectName } from '../src/server/db/database.js';
import { ApiClient } from '../src/server/test-support/api-client.js';
import { startTestServer } from '../src/server/test-support/test-server.js';
import { stats, writeResult } from './support/stats.js';

const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const SETS = Number(process.env.BENCH_SETS ?? 1_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 30);
const TARGET_MS = 200;

async function timed(client: ApiClient, params: Record<string, unknown>): Promise<ReturnType<typeof stats>> {
  const times: number[] = [];
  await client.get(Paths.userPageList, params);
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    const answer = await client.get(Paths.userPageList, params);
    times.push(performance.now() - t0);
    if (!answer.body.success) throw new Error(`pageList failed: ${answer.body.errorMsg}`);
  }
  return stats(times);
}

async function run(dialect: DialectName) {
  const server = await startTestServer(dialect);
  try {
    const q = server.db.kysely;
    const now = Date.now();
    const root = Number((await q.selectFrom('zt_info').select('id').where('code', '=', '001').executeTakeFirstOrThrow()).id);
    // A four-level tree under the demo city: 10 counties, each with streets, each with unions.
    const ids: number[] = [root];
    const levels: number[][] = [[root]];
    for (let depth = 1; depth < 4 && ids.length < SETS; depth++) {
      const next: number[] = [];
      for (const upper of levels[depth - 1] ?? []) {
        for (let i = 0; i < 10 && ids.length < SETS; i++) {
          const code = `b${depth}-${upper}-${i}`;
          const row = await q
            .insertInto('zt_info')
            .values({
              name: `单位${code}`,
              code,
              expire_time: null,
              level: depth + 1,
              enable: 1,
              is_improve_unit: 0,
              is_asset_check: 0,
              upper_id: upper,
              accounting_system: 'union-grassroots',
              created_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          next.push(Number(row.id));
          ids.push(Number(row.id));
        }
      }
      levels.push(next);
    }
    const t0 = performance.now();
    for (let start = 0; start < USERS; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(USERS, start + 500); i++)
        rows.push({
          login_name: `user${String(i).padStart(6, '0')}`,
          name: `用户${i}`,
          password_hash: 'x',
          is_admin: 0,
          enable: i % 10 === 0 ? 0 : 1,
          must_change_password: 1,
          password_changed_at: now,
          created_at: now,
          home_zt_id: ids[i % ids.length] ?? root,
        });
      await q.insertInto('app_user').values(rows).execute();
    }
    const insertMs = Math.round(performance.now() - t0);
    const county = levels[1]?.[0] ?? root;
    const admin = new ApiClient(server.url);
    await admin.logOn(server.db, 'admin', 'Admin@123');
    const figures = {
      firstPage: await timed(admin, { pageSize: 20 }),
      loginNameFilter: await timed(admin, { loginName: 'user0123', pageSize: 20 }),
      nameAndEnabled: await timed(admin, { name: '用户1', enable: true, pageSize: 50 }),
      countySubtree: await timed(admin, { homeZtId: county, pageSize: 20 }),
      laterPage: await timed(admin, { pageSize: 50, pageIndex: 300 }),
    };
    return { dialect, users: USERS, sets: ids.length, insertMs, targetMs: TARGET_MS, figures };
  } finally {
    await server.close();
  }
}

const dialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const results = [];
for (const dialect of dialects) results.push(await run(dialect));
writeResult('user-list', { at: new Date().toISOString(), results });
