/**
 * The voucher audit trail: every create, modify, review, unreview, book, unbook, sign, unsign,
 * delete and renumber writes one row in the transaction of the change (who, when, the voucher
 * before and after as JSON), so a change and its record commit or roll back together. The reader
 * answers with each entry what it changed: header fields, and lines matched by their ids (which a
 * modification keeps), added, changed or removed, before and after.
 */
import type { Voucher, VoucherAuditEntry } from '../../shared/api/vouchers.js';
import { fieldChanges, lineChanges } from '../../shared/vouchers/audit-diff.js';
import { insertRows } from '../db/fixed-query.js';
import type { Q } from '../subjects/subject-repository.js';
import type { Insertable } from 'kysely';
import type { VoucherAuditTable } from '../db/schema.js';

export type AuditAction = VoucherAuditEntry['action'];

export interface Actor {
  id: number;
  name: string;
}

type AuditRow = Insertable<VoucherAuditTable>;

/** The row recording one change (seq: the voucher's next). */
export function auditRow(
  ztId: number,
  voucherId: string,
  seq: number,
  action: AuditAction,
  actor: Actor,
  before: Voucher | null,
  after: Voucher | null,
  at: number,
): AuditRow {
  return {
    zt_id: ztId,
    voucher_id: voucherId,
    seq,
    action,
    user_id: actor.id,
    user_name: actor.name,
    at,
    before_json: before ? JSON.stringify(before) : null,
    after_json: after ? JSON.stringify(after) : null,
  };
}

/** Rows built by auditRow, in one statement (the vouchers a batch of saves created). */
export async function writeAuditRows(trx: Q, rows: readonly AuditRow[]): Promise<void> {
  await insertRows(trx, 'voucher_audit', rows);
}

export async function writeAudit(
  trx: Q,
  ztId: number,
  voucherId: string,
  action: AuditAction,
  actor: Actor,
  before: Voucher | null,
  after: Voucher | null,
  at = Date.now(),
  /** Known when the voucher was just created (1); otherwise read. */
  knownSeq?: number,
): Promise<void> {
  // The voucher row was written first in this transaction, so writers of one voucher queue there.
  const last =
    knownSeq !== undefined
      ? { seq: knownSeq - 1 }
      : await trx
          .selectFrom('voucher_audit')
          .select((eb) => eb.fn.max<number | null>('seq').as('seq'))
          .where('zt_id', '=', ztId)
          .where('voucher_id', '=', voucherId)
          .executeTakeFirst();
  await writeAuditRows(trx, [auditRow(ztId, voucherId, Number(last?.seq ?? 0) + 1, action, actor, before, after, at)]);
}

export async function readAudit(q: Q, ztId: number, voucherId: string): Promise<VoucherAuditEntry[]> {
  const rows = await q
    .selectFrom('voucher_audit')
    .selectAll()
    .where('zt_id', '=', ztId)
    .where('voucher_id', '=', voucherId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => {
    const before = r.before_json ? (JSON.parse(r.before_json) as Voucher) : null;
    const after = r.after_json ? (JSON.parse(r.after_json) as Voucher) : null;
    return {
      action: r.action as AuditAction,
      userName: r.user_name,
      at: r.at,
      before,
      after,
      fieldChanges: fieldChanges(before, after),
      lineChanges: lineChanges(before, after),
    };
  });
}
