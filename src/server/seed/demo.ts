/**
 * The demo union, seeded on the first start of an empty database: a city federation (县级以上)
 * with two grassroots unions, each ledger set with its standard chart for 2025 and 2026, and the
 * four demo accounts. Demo data only: a real deployment creates its own users and ledger sets.
 */
import type { AccountingSystem } from '../../shared/api/auth.js';
import type { Db } from '../db/database.js';
import type { Q } from '../subjects/subject-repository.js';
import { hashPassword } from '../auth/password.js';
import { createLedgerSet } from '../zt/create-set.js';

export const DEMO_ACCOUNTS = [
  {
    loginName: 'admin',
    password: 'Admin@123',
    name: '系统管理员',
    isAdmin: true,
    level: null,
    sets: ['001', '001001', '001002'],
  },
  {
    loginName: 'kuaiji',
    password: 'Kuaiji@123',
    name: '李会计',
    isAdmin: false,
    level: 'accountant',
    sets: ['001', '001001', '001002'],
  },
  { loginName: 'shenhe', password: 'Shenhe@123', name: '王审核', isAdmin: false, level: 'reviewer', sets: ['001001', '001002'] },
  { loginName: 'chuna', password: 'Chuna@123', name: '张出纳', isAdmin: false, level: 'cashier', sets: ['001001'] },
] as const;

export const DEMO_SETS: readonly { code: string; name: string; upper: string | null; system: AccountingSystem; level: number }[] =
  [
    { code: '001', name: '示范市总工会', upper: null, system: 'union-county', level: 1 },
    { code: '001001', name: '示范市第一机械厂工会', upper: '001', system: 'union-grassroots', level: 2 },
    { code: '001002', name: '示范市实验中学工会', upper: '001', system: 'union-grassroots', level: 2 },
  ];

export const DEMO_YEARS = [2025, 2026] as const;

export async function isEmpty(db: Db): Promise<boolean> {
  return !(await db.kysely.selectFrom('app_user').select('id').limit(1).executeTakeFirst());
}

export async function seedDemo(db: Db, scryptLogN: number, now = Date.now()): Promise<void> {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password, scryptLogN)));
  await db.kysely.transaction().execute(async (trx) => {
    const tx: Db = { ...db, kysely: trx };
    const setIds = new Map<string, number>();
    for (const set of DEMO_SETS) {
      const upperId = set.upper ? (setIds.get(set.upper) ?? null) : null;
      const id = await createLedgerSet(
        tx,
        { name: set.name, code: set.code, upperId, accountingSystem: set.system, level: set.level, years: DEMO_YEARS },
        now,
      );
      setIds.set(set.code, id);
    }
    const levels = new Map((await trx.selectFrom('user_level').select(['id', 'code']).execute()).map((l) => [l.code, l.id]));
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      const { id: userId } = await trx
        .insertInto('app_user')
        .values({
          login_name: account.loginName,
          name: account.name,
          password_hash: hashes[index] ?? '',
          is_admin: account.isAdmin ? 1 : 0,
          enable: 1,
          // Demo passwords are published in the README; a real deployment's users start with must-change.
          must_change_password: 0,
          password_changed_at: now,
          created_at: now,
          // The union the person works for: the first set listed (the super administrator belongs to all).
          home_zt_id: account.isAdmin ? null : (setIds.get(account.sets[0]) ?? null),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const levelId = levels.get(account.level ?? 'accountant');
      if (levelId === undefined) throw new Error('user levels are not seeded');
      for (const code of account.sets) {
        const ztId = setIds.get(code);
        if (ztId !== undefined && !account.isAdmin) {
          await trx.insertInto('user_zt_level').values({ user_id: userId, zt_id: ztId, user_level_id: levelId }).execute();
        }
      }
    }
  });
}

/** Opens a platform (by its code) for every demo set; answers the demo sets' ids by their codes. */
export async function openPlatformForDemoSets(q: Q, platformCode: string): Promise<Map<string, number>> {
  const sets = await q
    .selectFrom('zt_info')
    .select(['id', 'code'])
    .where(
      'code',
      'in',
      DEMO_SETS.map((s) => s.code),
    )
    .execute();
  const platform = await q.selectFrom('platform').select('id').where('code', '=', platformCode).executeTakeFirstOrThrow();
  for (const { id } of sets) {
    await q
      .insertInto('zt_platform')
      .values({ zt_id: id, platform_id: platform.id })
      .onConflict((c) => c.doNothing())
      .execute();
  }
  return new Map(sets.map((s) => [s.code, s.id]));
}
