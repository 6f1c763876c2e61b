/**
 * The vouchers a print or an export names, read in the order named: ids separated by commas, at
 * most `max`; another ledger set's voucher is refused (4005), an unknown one 4015.
 */
import type { Voucher } from '../../shared/api/vouchers.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import { toVouchers } from './repository.js';

export async function namedVouchers(db: Db, ztId: number, idList: string, max: number, verb: string): Promise<Voucher[]> {
  const ids = idList
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (ids.length === 0) refuse('BusinessRule', '请至少选择一张凭证');
  if (ids.length > max) refuse('BusinessRule', `一次最多${verb}${max}张凭证`);
  const rows = await db.kysely
    .selectFrom('voucher')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  if (rows.some((r) => r.zt_id !== ztId)) refuse('Forbidden');
  const vouchers = new Map((await toVouchers(db.kysely, ztId, rows)).map((v) => [v.id, v]));
  return ids.map((id) => vouchers.get(id) ?? refuse('NotFound', '凭证不存在'));
}
