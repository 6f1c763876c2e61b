/**
 * Batch state changes of vouchers (review, book, cashier signature, delete) and renumbering.
 * A batch is all-or-nothing: every voucher is checked inside the transaction and one refusal
 * rolls the whole batch back. Each changed voucher gets an audit row.
 */
import type { ReloadBreakRequest, VoucherRef } from '../../shared/api/vouchers.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import type { Db } from '../db/database.js';
import type { VoucherRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { writeAudit } from './audit.js';
import { listCertificateTypes } from './certificate-types.js';
import { lockPeriods, renumberPeriod } from './numbering.js';
import { assertPeriodsOpen } from './periods.js';
import { findVoucherByNumber, toVouchers } from './repository.js';
import { auditRenumbered, type VoucherScope } from './save-service.js';
import { runWrite } from './write-queue.js';

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
    if (!Number.isInteger(ref.month) || !Number.isInteger(ref.pzNo) || !Number.isInteger(ref.certificateType)) {
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

async function apply(trx: Q, action: BatchAction, row: VoucherRow, scope: VoucherScope, now: number): Promise<void> {
  const where = trx.updateTable('voucher').where('zt_id', '=', scope.ztId).where('id', '=', row.id);
  switch (action) {
    case 'review':
      await where.set({ is_review: 1, reviewer: scope.actor.name, updated_at: now }).execute();
      return;
    case 'unreview':
      await where.set({ is_review: 0, reviewer: '', updated_at: now }).execute();
      return;
    case 'book':
      await where.set({ is_book: 1, bookkeeper: row.bookkeeper || scope.actor.name, updated_at: now }).execute();
      return;
    case 'unbook':
      await where.set({ is_book: 0, updated_at: now }).execute();
      return;
    case 'sign':
      await where.set({ is_cashier_signed: 1, cashier: scope.actor.name, updated_at: now }).execute();
      return;
    case 'unsign':
      await where.set({ is_cashier_signed: 0, updated_at: now }).execute();
      return;
    case 'delete':
      await trx.deleteFrom('voucher_line_auxi').where('zt_id', '=', scope.ztId).where('voucher_id', '=', row.id).execute();
      await trx.deleteFrom('voucher_line').where('zt_id', '=', scope.ztId).where('voucher_id', '=', row.id).execute();
      await trx.deleteFrom('voucher').where('zt_id', '=', scope.ztId).where('id', '=', row.id).execute();
      return;
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
      const after =
        action === 'delete'
          ? null
          : ((
              await toVouchers(trx, scope.ztId, [
                await trx
                  .selectFrom('voucher')
                  .selectAll()
                  .where('zt_id', '=', scope.ztId)
                  .where('id', '=', row.id)
                  .executeTakeFirstOrThrow(),
              ])
            )[0] ?? null);
      await writeAudit(trx, scope.ztId, row.id, action, scope.actor, before[i] ?? null, after, now);
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
