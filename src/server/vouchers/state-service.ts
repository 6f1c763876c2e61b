/**
 * Batch state changes of vouchers (review, book, cashier signature, delete) and renumbering.
 * A batch is all-or-nothing: every voucher is checked inside the transaction and one refusal
 * rolls the whole batch back. Each changed voucher gets an audit row.
 */
import type { ReloadBreakRequest, Voucher, VoucherRef } from '../../shared/api/vouchers.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { INT_COLUMN_MAX } from '../../shared/vouchers/rules.js';
import type { Db } from '../db/database.js';
import type { VoucherRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { writeAudit } from './audit.js';
import { listCertificateTypes } from './certificate-types.js';
import { lockPeriods, renumberPeriod } from './numbering.js';
import { assertPeriodsOpen } from './periods.js';
import { findVoucherByNumber, toVouchers } from './repository.js';
import { ConcurrentChange, auditRenumbered, type VoucherScope } from './save-service.js';
import { runWrite } from './write-queue.js';
import { bookVouchers, postVouchers } from '../books/balances.js';

export type BatchAction = 'review' | 'unreview' | 'book' | 'unbook' | 'sign' | 'unsign' | 'delete';

export const StateMessages = {
  notReviewed: '凭证未审核,不能记账',
  bookedNoUnreview: '凭证已记账,不能取消审核',
  notFound: (ref: VoucherRef) => `凭证${ref.month}月${ref.pzNo}号不存在`,
} as const;

/** Reads the batch's refs ({ month, pzNo, certificateType }[], or its JSON text); refuses an empty one. */
export function readRefs(details: unknown): VoucherRef[] {
  let value = details;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      refuse('BadRequest', 'details不是有效的JSON');
    }
  }
  if (!Array.isArray(value) || value.length === 0) refuse('BusinessRule', VoucherMessages.selectAtLeastOne);
  return value.map((v) => {
    const r = (v ?? {}) as Record<string, unknown>;
    const ref = { month: Number(r.month), pzNo: Number(r.pzNo), certificateType: Number(r.certificateType) };
    if (![ref.month, ref.pzNo, ref.certificateType].every((n) => Number.isInteger(n) && Math.abs(n) <= INT_COLUMN_MAX)) {
      refuse('BadRequest', 'details中的month、pzNo、certificateType必须是整数');
    }
    return ref;
  });
}

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
 * Writes the action if the voucher is still as it was read (state flags and updated_at): on
 * PostgreSQL a concurrent writer's row lock is waited for and the condition re-checked after it
 * commits, so a voucher reviewed meanwhile is not deleted or changed behind the reviewer's back.
 */
async function apply(trx: Q, action: BatchAction, row: VoucherRow, scope: VoucherScope, now: number): Promise<void> {
  const update = (
    set: Partial<Pick<VoucherRow, 'is_review' | 'is_book' | 'is_cashier_signed' | 'reviewer' | 'bookkeeper' | 'cashier'>>,
  ) =>
    trx
      .updateTable('voucher')
      .set({ ...set, updated_at: Math.max(now, row.updated_at + 1) })
      .where('zt_id', '=', scope.ztId)
      .where('id', '=', row.id)
      .where('is_review', '=', row.is_review)
      .where('is_book', '=', row.is_book)
      .where('is_cashier_signed', '=', row.is_cashier_signed)
      .where('updated_at', '=', row.updated_at)
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
        .where('updated_at', '=', row.updated_at)
        .executeTakeFirst();
      changed = deleted.numDeletedRows;
      break;
    }
  }
  if (changed !== 1n) refuse('Conflict', ConcurrentChange);
  // Booking moves the voucher's lines into the booked sums of the balances; unbooking out.
  if (action === 'book') await bookVouchers(trx, scope.ztId, [row.id], 1);
  if (action === 'unbook') await bookVouchers(trx, scope.ztId, [row.id], -1);
}

/** The voucher as the action leaves it (what apply() writes), for the audit trail without reading it back. */
function afterAction(action: BatchAction, v: Voucher, row: VoucherRow, scope: VoucherScope): Voucher | null {
  switch (action) {
    case 'review':
      return { ...v, isReview: true, reviewer: scope.actor.name };
    case 'unreview':
      return { ...v, isReview: false, reviewer: '' };
    case 'book':
      return { ...v, isBook: true, bookkeeper: row.bookkeeper || scope.actor.name };
    case 'unbook':
      return { ...v, isBook: false };
    case 'sign':
      return { ...v, isCashierSigned: true, cashier: scope.actor.name };
    case 'unsign':
      return { ...v, isCashierSigned: false };
    case 'delete':
      return null;
  }
}

/** Applies the action to every named voucher of the year; returns how many changed. */
export async function batchChange(
  db: Db,
  scope: VoucherScope,
  year: number,
  refs: readonly VoucherRef[],
  action: BatchAction,
): Promise<number> {
  const now = Date.now();
  return runWrite(db, async (trx) => {
    const months = [...new Set(refs.map((r) => r.month))];
    await assertPeriodsOpen(
      trx,
      scope.ztId,
      months.map((month) => ({ year, month })),
    );
    // Deleting takes the numbering lock of each period, so a concurrent save cannot reuse a number mid-way.
    if (action === 'delete')
      await lockPeriods(
        trx,
        refs.map((r) => ({ ztId: scope.ztId, year, ...r })),
      );
    const rows: VoucherRow[] = [];
    for (const ref of refs) {
      const row = await findVoucherByNumber(trx, scope.ztId, { year, ...ref });
      if (!row) refuse('NotFound', StateMessages.notFound(ref));
      if (!rows.some((r) => r.id === row.id)) rows.push(row);
    }
    rows.sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const row of rows) check(action, row, scope);
    const changing = rows.filter((r) => changes(action, r));
    const before = await toVouchers(trx, scope.ztId, changing);
    for (const [i, row] of changing.entries()) {
      await apply(trx, action, row, scope, now);
      const prior = before[i] ?? null;
      const after = prior ? afterAction(action, prior, row, scope) : null;
      await writeAudit(trx, scope.ztId, row.id, action, scope.actor, prior, after, now);
    }
    return changing.length;
  });
}

/** reloadBreak: renumbers the period's vouchers of one category (or of every category) to close gaps. */
export async function reloadBreak(db: Db, scope: VoucherScope, request: ReloadBreakRequest): Promise<number> {
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
