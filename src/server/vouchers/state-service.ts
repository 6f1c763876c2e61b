/**
 * Batch state changes of vouchers (review, book, cashier signature, delete) and renumbering.
 * A batch names its vouchers by id and the revision each user saw (voucher-target.ts) and is
 * all-or-nothing: every voucher is checked inside the transaction and one refusal (a voucher
 * changed, renumbered or moved since, say) rolls the whole batch back, so the user refreshes and
 * decides again on what is there now. Each changed voucher gets an audit row and a revision one
 * higher, which the answer reports.
 */
import type { Voucher, VoucherVersion } from '../../shared/api/vouchers.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import type { Db } from '../db/database.js';
import type { VoucherRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { writeAudit } from './audit.js';
import { listCertificateTypes } from './certificate-types.js';
import { lockPeriods, renumberPeriod } from './numbering.js';
import { assertPeriodsOpen } from './periods.js';
import { findVoucherRows, refuseMissingVoucher, toVouchers } from './repository.js';
import { auditRenumbered, type VoucherScope } from './save-service.js';
import { assertAsSeen, type VoucherTarget } from './voucher-target.js';
import { runWrite } from './write-queue.js';
import { bookVouchers, postVouchers } from '../books/balances.js';

export type BatchAction = 'review' | 'unreview' | 'book' | 'unbook' | 'sign' | 'unsign' | 'delete';

export const StateMessages = {
  notReviewed: '凭证未审核,不能记账',
  bookedNoUnreview: '凭证已记账,不能取消审核',
} as const;

function check(action: BatchAction, row: VoucherRow, scope: VoucherScope): void {
  switch (action) {
    case 'review':
      if (row.prepared_by === scope.actor.name || row.created_by === scope.actor.id)
        refuse('BusinessRule', VoucherMessages.reviewOwn);
      return;
    case 'unreview':
      if (row.is_book) refuse('BusinessRule', StateMessages.bookedNoUnreview);
      return;
    case 'book':
      if (!row.is_review) refuse('BusinessRule', StateMessages.notReviewed);
      return;
    case 'delete':
      if (row.is_book) refuse('BusinessRule', VoucherMessages.bookedLocked);
      if (row.is_review) refuse('BusinessRule', VoucherMessages.reviewedLocked);
      return;
    default:
      return;
  }
}

/** Whether the action changes the row (reviewing a reviewed voucher does not). */
function changes(action: BatchAction, row: VoucherRow): boolean {
  switch (action) {
    case 'review':
      return !row.is_review;
    case 'unreview':
      return !!row.is_review;
    case 'book':
      return !row.is_book;
    case 'unbook':
      return !!row.is_book;
    case 'sign':
      return !row.is_cashier_signed;
    case 'unsign':
      return !!row.is_cashier_signed;
    case 'delete':
      return true;
  }
}

/**
 * Writes the action if the voucher is still at the revision read (every change raises it): on
 * PostgreSQL a concurrent writer's row lock is waited for and the condition re-checked after it
 * commits, so a voucher reviewed, changed or renumbered meanwhile is not deleted or changed behind
 * the user's back.
 */
async function apply(trx: Q, action: BatchAction, row: VoucherRow, scope: VoucherScope, now: number): Promise<void> {
  const update = (
    set: Partial<Pick<VoucherRow, 'is_review' | 'is_book' | 'is_cashier_signed' | 'reviewer' | 'bookkeeper' | 'cashier'>>,
  ) =>
    trx
      .updateTable('voucher')
      .set({ ...set, updated_at: Math.max(now, row.updated_at + 1), revision: row.revision + 1 })
      .where('zt_id', '=', scope.ztId)
      .where('id', '=', row.id)
      .where('revision', '=', row.revision)
      .executeTakeFirst();
  let changed: bigint;
  switch (action) {
    case 'review':
      changed = (await update({ is_review: 1, reviewer: scope.actor.name })).numUpdatedRows;
      break;
    case 'unreview':
      changed = (await update({ is_review: 0, reviewer: '' })).numUpdatedRows;
      break;
    case 'book':
      changed = (await update({ is_book: 1, bookkeeper: row.bookkeeper || scope.actor.name })).numUpdatedRows;
      break;
    case 'unbook':
      changed = (await update({ is_book: 0 })).numUpdatedRows;
      break;
    case 'sign':
      changed = (await update({ is_cashier_signed: 1, cashier: scope.actor.name })).numUpdatedRows;
      break;
    case 'unsign':
      changed = (await update({ is_cashier_signed: 0 })).numUpdatedRows;
      break;
    case 'delete': {
      // Lines and their items go with the voucher (ON DELETE CASCADE), after leaving the balances.
      await postVouchers(trx, scope.ztId, [row.id], -1);
      const deleted = await trx
        .deleteFrom('voucher')
        .where('zt_id', '=', scope.ztId)
        .where('id', '=', row.id)
        .where('is_review', '=', 0)
        .where('is_book', '=', 0)
        .where('revision', '=', row.revision)
        .executeTakeFirst();
      changed = deleted.numDeletedRows;
      break;
    }
  }
  if (changed !== 1n) refuse('Conflict', VoucherMessages.changedByOthers);
  // Booking moves the voucher's lines into the booked sums of the balances; unbooking out.
  if (action === 'book') await bookVouchers(trx, scope.ztId, [row.id], 1);
  if (action === 'unbook') await bookVouchers(trx, scope.ztId, [row.id], -1);
}

/** The voucher as the action leaves it (what apply() writes), for the audit trail without reading it back. */
function afterAction(action: BatchAction, v: Voucher, row: VoucherRow, scope: VoucherScope): Voucher | null {
  switch (action) {
    case 'review':
      return { ...v, isReview: true, reviewer: scope.actor.name, revision: v.revision + 1 };
    case 'unreview':
      return { ...v, isReview: false, reviewer: '', revision: v.revision + 1 };
    case 'book':
      return { ...v, isBook: true, bookkeeper: row.bookkeeper || scope.actor.name, revision: v.revision + 1 };
    case 'unbook':
      return { ...v, isBook: false, revision: v.revision + 1 };
    case 'sign':
      return { ...v, isCashierSigned: true, cashier: scope.actor.name, revision: v.revision + 1 };
    case 'unsign':
      return { ...v, isCashierSigned: false, revision: v.revision + 1 };
    case 'delete':
      return null;
  }
}

export interface BatchResult {
  /** How many vouchers changed. */
  count: number;
  /** Each voucher named (once) with its revision now; none after a deletion. */
  vouchers: VoucherVersion[];
}

/** Applies the action to every voucher named, each as its user saw it, or to none. */
export async function batchChange(
  db: Db,
  scope: VoucherScope,
  targets: readonly VoucherTarget[],
  action: BatchAction,
): Promise<BatchResult> {
  const now = Date.now();
  return runWrite(db, async (trx) => {
    const found = new Map((await findVoucherRows(trx, scope.ztId, [...new Set(targets.map((t) => t.id))])).map((r) => [r.id, r]));
    for (const target of targets) if (!found.has(target.id)) return refuseMissingVoucher(trx, scope.ztId, target.id);
    const rows = [...found.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    // A closed period refuses whatever the user saw; anything else is judged on the vouchers as they saw them.
    await assertPeriodsOpen(
      trx,
      scope.ztId,
      rows.map((r) => ({ year: r.year, month: r.month })),
    );
    for (const target of targets) {
      const row = found.get(target.id);
      if (row) assertAsSeen(row, target, true);
    }
    // Deleting takes the numbering lock of each period, so a concurrent save cannot reuse a number mid-way.
    if (action === 'delete')
      await lockPeriods(
        trx,
        rows.map((r) => ({ ztId: scope.ztId, year: r.year, month: r.month, certificateType: r.certificate_type })),
      );
    for (const row of rows) check(action, row, scope);
    const changing = rows.filter((r) => changes(action, r));
    const before = await toVouchers(trx, scope.ztId, changing);
    for (const [i, row] of changing.entries()) {
      await apply(trx, action, row, scope, now);
      const prior = before[i] ?? null;
      const after = prior ? afterAction(action, prior, row, scope) : null;
      await writeAudit(trx, scope.ztId, row.id, action, scope.actor, prior, after, now);
    }
    const changedIds = new Set(changing.map((r) => r.id));
    return {
      count: changing.length,
      vouchers:
        action === 'delete' ? [] : rows.map((r) => ({ id: r.id, revision: changedIds.has(r.id) ? r.revision + 1 : r.revision })),
    };
  });
}

/** reloadBreak: renumbers the period's vouchers of one category (or of every category) to close gaps. */
export async function reloadBreak(
  db: Db,
  scope: VoucherScope,
  request: { year: number; month: number; certificateType?: number },
): Promise<number> {
  const now = Date.now();
  return runWrite(db, async (trx) => {
    await assertPeriodsOpen(trx, scope.ztId, [{ year: request.year, month: request.month }]);
    const types =
      request.certificateType === undefined
        ? (await listCertificateTypes(trx, scope.ztId)).map((t) => t.value)
        : [request.certificateType];
    const keys = types.map((certificateType) => ({
      ztId: scope.ztId,
      year: request.year,
      month: request.month,
      certificateType,
    }));
    await lockPeriods(trx, keys);
    let count = 0;
    for (const key of keys) {
      const changed = await renumberPeriod(trx, key);
      await auditRenumbered(trx, scope, changed, now);
      count += changed.length;
    }
    return count;
  });
}
