/** Who may open which ledger set: administrators all of them, others those granted in user_zt_level. */
import type { Db } from '../db/database.js';
import type { AppUser } from '../db/schema.js';

export async function userMayOpen(db: Db, user: AppUser, ztId: number): Promise<boolean> {
  if (user.is_admin) return true;
  const grant = await db.kysely
    .selectFrom('user_zt_level')
    .select('zt_id')
    .where('user_id', '=', user.id)
    .where('zt_id', '=', ztId)
    .executeTakeFirst();
  return !!grant;
}
