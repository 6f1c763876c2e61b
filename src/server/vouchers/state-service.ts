/**
 * Batch state changes of vouchers (review, book, cashier signature, delete) and renumbering.
 * A batch names its vouchers by id and the revision each user saw (voucher-target.ts). What the
 * user could not have known refuses the whole batch: a voucher changed, renumbered, moved or
 * deleted since, or a closed period rolls everything back, so the user refreshes and decides again
 * on what is there now. What the list showed them is judged per voucher: review, book and sign
 * (and their undoing) skip a voucher already in that state or one a rule keeps out (one's own
 * voucher, booking an unreviewed one, unreviewing a booked one), change the rest and answer how
 * many changed and why each other one was skipped; a batch that a rule keeps from changing
 * anything is refused with those words. A delete stays all-or-nothing: nobody half-deletes a
 * selection. Each changed voucher gets an audit row and a revision one higher, which the answer
 * reports.
 */
import type { BatchSkip, Voucher, VoucherVersion } from '../../shared/api/vouchers.js';
import { ALREADY_DONE, batchSummary, voucherLabel } from '../../shared/vouchers/batch-summary.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import type { Db } from '../db/database.js';
import type { VoucherRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { writeAudit } from './audit.js';
import { listCertificateTypes } from './certificate-types.js';
import { lockPeriods, renumberPeriod } from './numbering.js';
import { assertPeriodsOpen } from './periods.js';
import { findVoucherRows, readLineRows, refuseMissingVoucher, toVouchers } from './repository.js';
import { auditRenumbered, type VoucherScope } from './save-service.js';
import { assertAsSeen, type VoucherTarget } from './voucher-target.js';
import { runWrite } from './write-queue.js';
import { bookVouchers, postVouchers } from '../books/balances.js';
import { postBudgetSpent } from '../budget/spent-posting.js';

export type BatchAction = 'review' | 'unreview' | 'book' | 'unbook' | 'sign' | 'unsign' | 'delete';

export const StateMessages = {
  notReviewed: '凭证未审核,不能记账',
  bookedNoUnreview: '凭证已记账,不能取消审核',
} as const;

/** The rule that keeps the action off the voucher, if one does. */
function ruleAgainst(action: BatchAction, row: VoucherRow, scope: VoucherScope): string | null {
  switch (action) {
    case 'review':
      return row.prepared_by === scope.actor.name || row.created_by === scope.actor.id ? VoucherMessages.reviewOwn : null;
    case 'unreview':
      return row.is_book ? StateMessages.bookedNoUnreview : null;
    case 'book':
      return row.is_review ? null : StateMessages.notReviewed;
    case 'delete':
      if (row.is_book) return VoucherMessages.bookedLocked;
      return row.is_review ? VoucherMessages.reviewedLocked : null;
    default:
      return null;
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
      if (!row.carry_over)
        await postBudgetSpent(trx, scope.ztId, [{ ...(await readLineRows(trx, scope.ztId, [row.id])), sign: -1 }]);
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
  /** The vouchers left alone and why, in the order of their numbers. */
  skipped: BatchSkip[];
  /** What the user is told: 审核 12 张，跳过 3 张：记-0005 已审核；… */
  message: string;
}

/** Why the action leaves the voucher alone (already so, or a rule), or null when it changes it. */
function skipReason(action: BatchAction, row: VoucherRow, scope: VoucherScope): { reason: string; rule: boolean } | null {
  if (!changes(action, row)) return { reason: ALREADY_DONE[action], rule: false };
  const rule = ruleAgainst(action, row, scope);
  return rule === null ? null : { reason: rule, rule: true };
}

const byNumber = (a: VoucherRow, b: VoucherRow) =>
  a.month - b.month || a.certificate_type - b.certificate_type || a.pz_no - b.pz_no;

/** Applies the action to every voucher named, each as its user saw it, skipping (and naming) those it cannot change. */
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
    if (action === 'delete') {
      await lockPeriods(
        trx,
        rows.map((r) => ({ ztId: scope.ztId, year: r.year, month: r.month, certificateType: r.certificate_type })),
      );
      for (const row of rows) {
        const rule = ruleAgainst(action, row, scope);
        if (rule !== null) refuse('BusinessRule', rule);
      }
    }
    const entries = new Map((await listCertificateTypes(trx, scope.ztId)).map((t) => [t.value, t.entry]));
    const withMonth = new Set(rows.map((r) => `${r.year}-${r.month}`)).size > 1;
    const skips = rows
      .map((row) => ({ row, skip: skipReason(action, row, scope) }))
      .filter((s): s is { row: VoucherRow; skip: { reason: string; rule: boolean } } => s.skip !== null)
      .sort((a, b) => byNumber(a.row, b.row));
    const skipped: BatchSkip[] = skips.map(({ row, skip }) => ({
      id: row.id,
      month: row.month,
      certificateType: row.certificate_type,
      pzNo: row.pz_no,
      label: voucherLabel({ month: row.month, entry: entries.get(row.certificate_type) ?? '', pzNo: row.pz_no }, withMonth),
      reason: skip.reason,
    }));
    const skippedIds = new Set(skipped.map((s) => s.id));
    const changing = rows.filter((r) => !skippedIds.has(r.id));
    const message = batchSummary(action, changing.length, skipped);
    // Nothing to do because a rule forbids it is a refusal, in the rule's own words when one voucher was named.
    const firstRule = skips.find((s) => s.skip.rule);
    if (changing.length === 0 && firstRule) refuse('BusinessRule', rows.length === 1 ? firstRule.skip.reason : message);
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
      skipped,
      message,
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
