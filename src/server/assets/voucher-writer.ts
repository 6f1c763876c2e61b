/**
 * The one way asset rows get their vouchers (additions, provisions, documents, the long-term deferred expenses): the
 * vouchers go through the voucher save's own checks (prepareNewVouchers: the shared rules, auxiliary items, the
 * category and the user's right to it) and its writer (writeNewVouchers: closed periods refused, numbers taken under
 * the period's lock), in one transaction with the caller's marks. Either every voucher exists and every row names
 * its voucher, or nothing was written.
 *
 * A mark must be written only where no voucher is named yet (`where voucher_id is null`, or one whose voucher was
 * deleted) and must say how many rows it marked: fewer than asked means another call generated them meanwhile, and
 * the whole write is refused (4012) so nothing is generated twice.
 */
import type { SaveVoucherRequest, Voucher } from '../../shared/api/vouchers.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { writeNewVouchers } from '../vouchers/new-vouchers.js';
import { prepareNewVouchers, type VoucherScope } from '../vouchers/save-service.js';
import { MAX_SET_BATCH, runWrite } from '../vouchers/write-queue.js';

export const AssetVoucherMessages = {
  generatedMeanwhile: '所选资产已生成凭证，请刷新后重试',
} as const;

/**
 * Writes the vouchers, then calls mark(trx, vouchers) in the same transaction (vouchers in the order of requests);
 * mark answers how many rows it marked and how many it expected.
 */
export async function writeAssetVouchers(
  db: Db,
  scope: VoucherScope,
  requests: readonly SaveVoucherRequest[],
  mark: (trx: Q, vouchers: readonly Voucher[]) => Promise<{ marked: number; expected: number }>,
): Promise<Voucher[]> {
  const prepared = await prepareNewVouchers(db, scope, requests);
  const chunk = db.dialect === 'postgres' ? Math.max(1, prepared.length) : MAX_SET_BATCH;
  return runWrite(db, async (trx) => {
    const vouchers: Voucher[] = [];
    for (let start = 0; start < prepared.length; start += chunk) {
      const outcomes = await writeNewVouchers(trx, prepared.slice(start, start + chunk));
      for (const o of outcomes) {
        if (!o.ok) throw o.error;
        vouchers.push(o.value);
      }
    }
    const { marked, expected } = await mark(trx, vouchers);
    if (marked !== expected) refuse('Conflict', AssetVoucherMessages.generatedMeanwhile);
    return vouchers;
  });
}

/** The ids among `ids` whose voucher still exists: a row whose voucher was deleted is ungenerated again. */
export async function existingVoucherIds(q: Q, ztId: number, ids: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(ids.filter((id) => id))];
  const out = new Set<string>();
  for (let start = 0; start < wanted.length; start += 500) {
    const rows = await q
      .selectFrom('voucher')
      .select('id')
      .where('zt_id', '=', ztId)
      .where('id', 'in', wanted.slice(start, start + 500))
      .execute();
    for (const r of rows) out.add(r.id);
  }
  return out;
}
