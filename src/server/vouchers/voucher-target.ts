/**
 * How a call that changes a voucher names it: by id, with the revision its user saw. Numbers are
 * not identities (整理断号 and moving a voucher give it another number, and its old number to
 * another voucher), so they only ever confirm: the spec's fields (oldDate, oldPzNo and
 * oldCertificateType of a modification, month, pzNo and certificateType of batch details) are
 * accepted and must name the same voucher as the id.
 *
 * What must stay true: a change lands only on the voucher its user saw, as they saw it. The check
 * here is made on the row read inside the write's transaction, and the write itself is
 * conditional on the same revision (UPDATE ... WHERE revision = seen), so a change committed by
 * someone else in between, on either database, refuses the call with 4012 and nothing is written.
 */
import type { SaveVoucherRequest, VoucherRef } from '../../shared/api/vouchers.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import type { VoucherRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';

/** The number a client showed for the voucher (spec fields). */
export interface ShownNumber {
  year: number;
  month: number;
  certificateType: number;
  pzNo: number;
}

export interface VoucherTarget {
  id: string;
  /** The revision the user saw. */
  revision: number;
  /** The number the user saw, when the client sent it. */
  shown?: ShownNumber;
}

type SaveNaming = Pick<SaveVoucherRequest, 'id' | 'revision' | 'oldDate' | 'oldPzNo' | 'oldCertificateType'>;

/** Whether a save request modifies a voucher (names one) rather than creating one. */
export function isModification(body: SaveNaming): boolean {
  return (
    body.id !== undefined ||
    body.revision !== undefined ||
    body.oldDate !== undefined ||
    body.oldPzNo !== undefined ||
    body.oldCertificateType !== undefined
  );
}

/**
 * The voucher a modification names: id and revision required, the old* fields optional but whole
 * (their forms are the schema's: src/shared/api/schemas/vouchers.ts).
 */
export function readSaveTarget(body: SaveNaming): VoucherTarget {
  const { id, revision } = body;
  if (id === undefined || revision === undefined) refuse('BadRequest', VoucherMessages.targetMissing);
  if (body.oldDate === undefined && body.oldPzNo === undefined && body.oldCertificateType === undefined) return { id, revision };
  const date = body.oldDate === undefined ? null : /^(\d{4})-(\d{2})-\d{2}$/.exec(body.oldDate);
  const { oldPzNo: pzNo, oldCertificateType: certificateType } = body;
  if (!date || pzNo === undefined || certificateType === undefined)
    refuse('BadRequest', '修改凭证需要oldDate、oldPzNo和oldCertificateType');
  return { id, revision, shown: { year: Number(date[1]), month: Number(date[2]), certificateType, pzNo } };
}

/** The batch's vouchers (validated by the schema): each an id and revision, with the spec's number optionally but whole. */
export function readTargets(details: readonly VoucherRef[], year: number): VoucherTarget[] {
  if (details.length === 0) refuse('BusinessRule', VoucherMessages.selectAtLeastOne);
  return details.map((r): VoucherTarget => {
    const target = { id: r.id, revision: r.revision };
    const { month, pzNo, certificateType } = r;
    if (month === undefined && pzNo === undefined && certificateType === undefined) return target;
    if (month === undefined || pzNo === undefined || certificateType === undefined) {
      refuse('BadRequest', 'details中的month、pzNo、certificateType须同时给出');
    }
    return { ...target, shown: { year, month, certificateType, pzNo } };
  });
}

/** How the user knew the voucher: the number they saw, else its number now. */
export function labelOf(target: VoucherTarget, row: VoucherRow): string {
  const n = target.shown ?? { month: row.month, pzNo: row.pz_no };
  return `${n.month}月${n.pzNo}号`;
}

/** Refuses (4012) a voucher changed since its user saw it: another revision, or another number than the one shown. */
export function assertAsSeen(row: VoucherRow, target: VoucherTarget, named = false): void {
  const shown = target.shown;
  const moved =
    shown !== undefined &&
    (shown.year !== row.year ||
      shown.month !== row.month ||
      shown.certificateType !== row.certificate_type ||
      shown.pzNo !== row.pz_no);
  if (row.revision !== target.revision || moved) {
    refuse('Conflict', named ? VoucherMessages.changedByOthersNamed(labelOf(target, row)) : VoucherMessages.changedByOthers);
  }
}
