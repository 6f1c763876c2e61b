/** Users made straight in the database for API tests: a login, a password, and a role in some sets. */
import type { Db } from '../db/database.js';
import { hashPassword } from '../auth/password.js';

export interface TestUser {
  loginName: string;
  password: string;
  name?: string;
  /** The sets the user works in, each with a role by its code (administrator, accountant, ...) or id. */
  grants?: readonly { ztId: number; level: string | number }[];
}

/** Inserts an enabled, ordinary user whose password need not be changed; answers its id. */
export async function insertUser(db: Db, scryptLogN: number, user: TestUser): Promise<number> {
  const q = db.kysely;
  const now = Date.now();
  const { id } = await q
    .insertInto('app_user')
    .values({
      login_name: user.loginName,
      name: user.name ?? user.loginName,
      password_hash: await hashPassword(user.password, scryptLogN),
      is_admin: 0,
      enable: 1,
      must_change_password: 0,
      password_changed_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const grant of user.grants ?? []) {
    const levelId =
      typeof grant.level === 'number'
        ? grant.level
        : (await q.selectFrom('user_level').select('id').where('code', '=', grant.level).executeTakeFirstOrThrow()).id;
    await q.insertInto('user_zt_level').values({ user_id: id, zt_id: grant.ztId, user_level_id: levelId }).execute();
  }
  return id;
}
