/**
 * The voucher categories a user may use in a set (issue 18 §3, userZtLevelInfoForPzType), enforced
 * where every voucher is written (vouchers/save-service.ts saveVoucher: entry, edit, templates and
 * carry-forwards alike). No row for the user and set: every category, as before the rule existed.
 * Refused as a business rule (4011, a message to confirm), not 4005: the entry screen stays open
 * with the voucher, so the bookkeeper can choose a category allowed.
 */
import type { Db } from '../db/database.js';
import { cachedRead } from '../db/read-cache.js';
import { refuse } from '../http/app-error.js';

/** Read on every save, so kept with the session's other rights (db/read-cache.ts, group access). */
function allowedCategories(db: Db, ztId: number, userId: number): Promise<{ certificate_type: number }[]> {
  return cachedRead(db, 'access', `pz-types:${userId}:${ztId}`, (q) =>
    q
      .selectFrom('user_pz_type_right')
      .select('certificate_type')
      .where('user_id', '=', userId)
      .where('zt_id', '=', ztId)
      .execute(),
  );
}

export async function requireVoucherCategory(db: Db, ztId: number, userId: number, certificateType: number): Promise<void> {
  const allowed = await allowedCategories(db, ztId, userId);
  if (allowed.length === 0 || allowed.some((a) => a.certificate_type === certificateType)) return;
  const types = await db.kysely.selectFrom('certificate_type').select(['value', 'name']).where('zt_id', '=', ztId).execute();
  const name = (v: number) => types.find((t) => t.value === v)?.name ?? String(v);
  refuse(
    'BusinessRule',
    `您没有使用凭证类别“${name(certificateType)}”的权限（可用：${allowed.map((a) => name(a.certificate_type)).join('、')}）`,
  );
}
