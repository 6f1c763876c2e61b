/**
 * The vouchers a print or an export names, read in the order named: ids separated by commas, at
 * most `max`; another ledger set's voucher is refused (4005), an unknown one 4015.
 */
import type { Voucher } from '../../shared/api/vouchers.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import { findVoucherRows, toVouchers, voucherInAnotherSet } from './repository.js';

export async function namedVouchers(db: Db, ztId: number, idList: string, max: number, verb: string): Promise<Voucher[]> {
  const ids = idList
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (ids.length === 0) refuse('BusinessRule', '请至少选择一张凭证');
  if (ids.length > max) refuse('BusinessRule', `一次最多${verb}${max}张凭证`);
  const rows = await findVoucherRows(db.kysely, ztId, [...new Set(ids)]);
  const vouchers = new Map((await toVouchers(db.kysely, ztId, rows)).map((v) => [v.id, v]));
  // Not in the set: another set's (4005) before an unknown one (4015), as asked on this refusal only.
  const missing = [...new Set(ids)].filter((id) => !vouchers.has(id));
  for (const id of missing) if (await voucherInAnotherSet(db.kysely, ztId, id)) refuse('Forbidden');
  if (missing.length > 0) refuse('NotFound', '凭证不存在');
  return ids.map((id) => vouchers.get(id) as Voucher);
}
