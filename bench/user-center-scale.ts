/**
 * B11, the user center at a province's scale (`npx tsx bench/user-center-scale.ts`; issue 18 §5):
 * 10,000 ledger sets in a four-level tree (1 province, 20 cities, 400 counties, the rest
 * grassroots unions), each made ready to work in by createLedgerSet (row, auxiliary types, voucher
 * categories, the chart of its system) as the user center's create and import make them; 20,000
 * users with grants (an accountant and a reviewer in each union, an administrator in each county
 * and city, one user in 50 unions); the operation log and the access records a busy year leaves
 * (LOG_ROWS each). Then, over HTTP against the real app, the p95 of: 账套管理's tree read level by
 * level (getZtInfoTree/managed: the top units and their children as the super administrator and as
 * a county administrator, a city's children, a county's children, the way down to a union; the
 * search of the whole tree by name), the whole tree at once for comparison (getZtInfoTree, and the
 * managed tree's `whole`, asked by no page now), 账套管理's list searching a name under
 * the province, the operation log and the access records (filtered, paged; the user list is bench/user-list.ts)
 * and the selection page's call after sign-in (ztInfo/elect) for the user with 50 sets.
 * Target ≤ 200 ms each. On SQLite, and on PostgreSQL when BENCH_DATABASE_URL is set (a fresh
 * database is made there and dropped). Writes bench/results/user-center-scale.json.
 * BENCH_SETS and BENCH_USERS scale it down for a quick look.
 */
import { sql, type Kysely } from 'kysely';
import { Paths } from '../src/shared/api/paths.js';
import { hashPassword } from '../src/server/auth/password.js';
import type { Db, DialectName } from '../src/server/db/database.js';
import type { Database } from '../src/server/db/schema.js';
import { createLedgerSet } from '../src/server/zt/create-set.js';
import { ApiClient } from '../src/server/test-support/api-client.js';
import { startTestServer, type TestServer } from '../src/server/test-support/test-server.js';
import { machine, round, stats, writeResult } from './support/stats.js';

const SETS = Number(process.env.BENCH_SETS ?? 10_000);
const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const LOG_ROWS = Number(process.env.LOG_ROWS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
const PASSWORD = 'Bench@2026x';
const CITIES = 20;
const COUNTIES_PER_CITY = 20;

interface Tree {
  province: number;
  cities: number[];
  counties: number[];
  unions: number[];
}

async function inBatches<T>(items: readonly T[], size: number, write: (batch: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await write(items.slice(i, i + size));
}

/** The tree, made set by set with createLedgerSet, 200 sets a transaction. */
async function buildSets(db: Db): Promise<Tree> {
  const plan: { code: string; name: string; upper: string | null; level: number }[] = [
    { code: '32', name: '示范省总工会', upper: null, level: 1 },
  ];
  const unionsTotal = SETS - 1 - CITIES - CITIES * COUNTIES_PER_CITY;
  const counties: string[] = [];
  for (let c = 1; c <= CITIES; c++) {
    const city = `32${String(c).padStart(2, '0')}`;
    plan.push({ code: city, name: `示范省第${c}市总工会`, upper: '32', level: 2 });
    for (let k = 1; k <= COUNTIES_PER_CITY; k++) {
      const county = `${city}${String(k).padStart(2, '0')}`;
      counties.push(county);
      plan.push({ code: county, name: `第${c}市第${k}县总工会`, upper: city, level: 3 });
    }
  }
  for (let u = 0; u < unionsTotal; u++) {
    const county = counties[u % counties.length] ?? '32';
    plan.push({
      code: `${county}${String(Math.floor(u / counties.length) + 1).padStart(3, '0')}`,
      name: `基层工会${u + 1}`,
      upper: county,
      level: 4,
    });
  }
  const ids = new Map<string, number>();
  await inBatches(plan, 200, async (batch) => {
    await db.kysely.transaction().execute(async (trx) => {
      const tx: Db = { ...db, kysely: trx };
      for (const set of batch) {
        const id = await createLedgerSet(tx, {
          name: set.name,
          code: set.code,
          upperId: set.upper ? (ids.get(set.upper) ?? null) : null,
          accountingSystem: set.level === 4 ? 'union-grassroots' : 'union-county',
          level: set.level,
          years: [2026],
        });
        ids.set(set.code, id);
      }
    });
  });
  const byLevel = (level: number) => plan.filter((p) => p.level === level).map((p) => ids.get(p.code) ?? 0);
  return { province: ids.get('32') ?? 0, cities: byLevel(2), counties: byLevel(3), unions: byLevel(4) };
}

/** Users and grants by bulk insert (one password hash for all: hashing 20,000 would time scrypt, not the center). */
async function buildUsers(q: Kysely<Database>, tree: Tree) {
  const levels = new Map((await q.selectFrom('user_level').select(['code', 'id']).execute()).map((l) => [l.code, l.id]));
  const level = (code: string) => levels.get(code) ?? 0;
  const hash = await hashPassword(PASSWORD, 12);
  const now = Date.now();
  const users: { login: string; grants: [number, number][] }[] = [];
  users.push({ login: 'fifty', grants: tree.unions.slice(0, 50).map((z) => [z, level('accountant')]) });
  for (const z of tree.counties) users.push({ login: `xian${z}`, grants: [[z, level('administrator')]] });
  for (const z of tree.cities) users.push({ login: `shi${z}`, grants: [[z, level('administrator')]] });
  for (let i = 0; users.length < USERS; i++) {
    const z = tree.unions[i % tree.unions.length] ?? tree.province;
    users.push({ login: `u${i}`, grants: [[z, level(i % 2 ? 'reviewer' : 'accountant')]] });
  }
  await inBatches(users, 500, async (batch) => {
    await q
      .insertInto('app_user')
      .values(
        batch.map((u) => ({
          login_name: u.login,
          name: `用户${u.login}`,
          password_hash: hash,
          is_admin: 0,
          enable: 1,
          must_change_password: 0,
          password_changed_at: now,
          created_at: now,
        })),
      )
      .execute();
  });
  const ids = new Map((await q.selectFrom('app_user').select(['login_name', 'id']).execute()).map((u) => [u.login_name, u.id]));
  const grants = users.flatMap((u) =>
    u.grants.map(([zt_id, user_level_id]) => ({ user_id: ids.get(u.login) ?? 0, zt_id, user_level_id })),
  );
  await inBatches(grants, 1000, async (batch) => {
    await q.insertInto('user_zt_level').values(batch).execute();
  });
  return { users: users.length, grants: grants.length, ids };
}

/** A year's records: changes spread over every set, sign-ins from 2,000 addresses, 5% failed. */
async function buildLogs(q: Kysely<Database>, tree: Tree, userIds: number[]) {
  const all = [tree.province, ...tree.cities, ...tree.counties, ...tree.unions];
  const start = Date.now() - 365 * 86_400_000;
  const step = (365 * 86_400_000) / LOG_ROWS;
  const rows = Array.from({ length: LOG_ROWS }, (_, i) => i);
  await inBatches(rows, 500, async (batch) => {
    await q
      .insertInto('admin_log')
      .values(
        batch.map((i) => ({
          at: Math.round(start + i * step),
          user_id: userIds[i % userIds.length] ?? null,
          login_name: `u${i % 1000}`,
          address: `10.${(i >> 8) % 8}.${i % 250}.${i % 7}`,
          zt_id: all[i % all.length] ?? null,
          action: ['zt.update', 'user.create', 'role.grant', 'user.resetPassword'][i % 4] ?? 'zt.update',
          target: 'zt_info',
          target_id: String(i),
          summary: `修改记录 ${i}`,
          before_json: JSON.stringify({ name: `旧名称${i}` }),
          after_json: JSON.stringify({ name: `新名称${i}` }),
        })),
      )
      .execute();
    await q
      .insertInto('access_record')
      .values(
        batch.map((i) => ({
          at: Math.round(start + i * step),
          kind: 'login',
          login_name: `u${i % 5000}`,
          user_id: userIds[i % userIds.length] ?? null,
          address: `10.${(i >> 8) % 8}.${i % 250}.1`,
          zt_id: null,
          success: i % 20 === 0 ? 0 : 1,
          reason: i % 20 === 0 ? 'wrong_password' : 'ok',
          user_agent: 'bench',
        })),
      )
      .execute();
  });
}

async function timeCalls(label: string, call: () => Promise<{ body: { success: boolean; errorMsg: string | null } }>) {
  const times: number[] = [];
  let answerKb = 0;
  for (let i = 0; i < CALLS + 3; i++) {
    const t = performance.now();
    const answer = await call();
    const ms = performance.now() - t;
    if (!answer.body.success) throw new Error(`${label}: ${answer.body.errorMsg}`);
    if (i >= 3) times.push(ms); // three warm-up calls
    answerKb = round(Buffer.byteLength(JSON.stringify(answer.body)) / 1024, 1);
  }
  const s = stats(times);
  process.stderr.write(`${label}: p95 ${s.p95} ms, ${answerKb} kB\n`);
  return { ...s, answerKb, targetMs: 200, met: s.p95 <= 200 };
}

async function run(dialect: DialectName) {
  if (dialect === 'postgres') process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server: TestServer = await startTestServer(dialect);
  try {
    const q = server.db.kysely;
    const t0 = performance.now();
    const tree = await buildSets(server.db);
    const setsSeconds = (performance.now() - t0) / 1000;
    process.stderr.write(`${dialect}: ${SETS} sets in ${round(setsSeconds, 1)} s\n`);
    const subjects = await q
      .selectFrom('subject')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const t1 = performance.now();
    const built = await buildUsers(q, tree);
    const usersSeconds = (performance.now() - t1) / 1000;
    const t2 = performance.now();
    await buildLogs(q, tree, [...built.ids.values()]);
    const logsSeconds = (performance.now() - t2) / 1000;
    process.stderr.write(`${dialect}: users ${round(usersSeconds, 1)} s, logs ${round(logsSeconds, 1)} s\n`);
    // Statistics for the planner, as autovacuum would gather after an import of this size (the
    // calls are measured on a settled database, not during the analyze a bulk load sets off).
    await sql`analyze`.execute(q);

    const admin = new ApiClient(server.url);
    await admin.openSet(server.db, 'admin', 'Admin@123', '示范省总工会');
    const countyId = tree.counties[0] ?? 0;
    const county = new ApiClient(server.url);
    const countyLogin = await county.logOn(server.db, `xian${countyId}`, PASSWORD);
    if (!countyLogin.body.success) throw new Error(`county login: ${countyLogin.body.errorMsg}`);
    await county.post(Paths.setUserZtLevel, { ztId: countyId, year: 2026 });
    const fifty = new ApiClient(server.url);
    await fifty.logOn(server.db, 'fifty', PASSWORD);

    const cityId = tree.cities[0] ?? 0;
    const unionId = tree.unions[0] ?? 0;
    const calls = {
      treeTopAsSuperAdministrator: await timeCalls('managed tree: top units and children (super administrator)', () =>
        admin.get(Paths.ztInfoManagedTree),
      ),
      treeTopAsCountyAdministrator: await timeCalls('managed tree: top units and children (county administrator)', () =>
        county.get(Paths.ztInfoManagedTree),
      ),
      cityChildrenAsSuperAdministrator: await timeCalls("managed tree: a city's children (super administrator)", () =>
        admin.get(Paths.ztInfoManagedTree, { parentId: cityId }),
      ),
      countyChildrenAsCountyAdministrator: await timeCalls("managed tree: a county's children (county administrator)", () =>
        county.get(Paths.ztInfoManagedTree, { parentId: countyId }),
      ),
      revealUnionAsSuperAdministrator: await timeCalls('managed tree: the way down to a union (super administrator)', () =>
        admin.get(Paths.ztInfoManagedTree, { revealId: unionId }),
      ),
      treeSearchAsSuperAdministrator: await timeCalls(
        'managed tree: search by name, first 50 with their way (super administrator)',
        () => admin.get(Paths.ztInfoTreeSearch, { text: '基层工会99' }),
      ),
      treeSearchAsCountyAdministrator: await timeCalls('managed tree: search by name (county administrator)', () =>
        county.get(Paths.ztInfoTreeSearch, { text: '基层工会' }),
      ),
      listSearchUnderProvince: await timeCalls("账套管理's list: a name searched under the province (super administrator)", () =>
        admin.get(Paths.ztInfoPageList, { rootId: tree.province, name: '基层工会99', pageSize: 20 }),
      ),
      wholeManagedTreeAsSuperAdministrator: await timeCalls('managed tree, whole (super administrator)', () =>
        admin.get(Paths.ztInfoManagedTree, { whole: true }),
      ),
      wholeTreeAsSuperAdministrator: await timeCalls('getZtInfoTree, whole (super administrator)', () =>
        admin.get(Paths.ztInfoTree),
      ),
      wholeTreeAsCountyAdministrator: await timeCalls('getZtInfoTree, whole (county administrator)', () =>
        county.get(Paths.ztInfoTree),
      ),
      electWithFiftySets: await timeCalls('elect (50 sets)', () => fifty.get(Paths.ztElect)),
      optLogAsSuperAdministrator: await timeCalls('operation log (super, action + summary filter, page 2)', () =>
        admin.get(Paths.getSystemOptLogList, { action: 'zt.update', summary: '修改', pageIndex: 2, pageSize: 50 }),
      ),
      optLogAsCountyAdministrator: await timeCalls('operation log (county subtree)', () =>
        county.get(Paths.getSystemOptLogList, { pageSize: 20 }),
      ),
      accessDetailsAsSuperAdministrator: await timeCalls('access details (super, failures, 30 days)', () =>
        admin.get(Paths.requestIPDetails, { result: 'failure', beginDate: dayText(-30), endDate: dayText(0) }),
      ),
      accessDetailsAsCountyAdministrator: await timeCalls('access details (county subtree)', () =>
        county.get(Paths.requestIPDetails, {}),
      ),
      accessAddressesAsSuperAdministrator: await timeCalls('access per address (super, 30 days)', () =>
        admin.get(Paths.requestIP, { beginDate: dayText(-30), endDate: dayText(0) }),
      ),
    };
    return {
      sets: SETS,
      subjectRows: Number(subjects.n),
      users: built.users,
      grants: built.grants,
      logRows: LOG_ROWS,
      importSeconds: {
        setsWithCharts: round(setsSeconds, 1),
        usersAndGrants: round(usersSeconds, 1),
        logs: round(logsSeconds, 1),
      },
      calls,
    };
  } finally {
    await server.close();
  }
}

function dayText(offsetDays: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

const result: Record<string, unknown> = { ...machine(), callsEach: CALLS };
result.sqlite = await run('sqlite');
if (process.env.BENCH_DATABASE_URL) result.postgres = await run('postgres');
writeResult('user-center-scale', result);
