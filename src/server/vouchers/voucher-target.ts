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
import type { SaveVoucherRequest } from '../../shared/api/vouchers.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { INT_COLUMN_MAX } from '../../shared/vouchers/rules.js';
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

const ID_PATTERN = /^[\w-]{1,40}$/;

function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= INT_COLUMN_MAX;
}

/** An integer sent as a number or as its digits (query strings, the spec's loose payloads). */
function intOf(value: unknown): number | null {
  if (isInt(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,10}$/.test(value.trim())) {
    const n = Number(value.trim());
    return isInt(n) ? n : null;
  }
  return null;
}

function idAndRevision(id: unknown, revision: unknown): { id: string; revision: number } {
  const rev = intOf(revision);
  if (typeof id !== 'string' || id === '' || rev === null || rev < 1) refuse('BadRequest', VoucherMessages.targetMissing);
  if (!ID_PATTERN.test(id)) refuse('BadRequest', '凭证id无效');
  return { id, revision: rev };
}

/** Whether a save request modifies a voucher (names one) rather than creating one. */
export function isModification(body: Partial<SaveVoucherRequest>): boolean {
  return (
    body.id !== undefined ||
    body.revision !== undefined ||
    body.oldDate !== undefined ||
    body.oldPzNo !== undefined ||
    body.oldCertificateType !== undefined
  );
}

/** The voucher a modification names: id and revision required, the old* fields optional but whole. */
export function readSaveTarget(body: Partial<SaveVoucherRequest>): VoucherTarget {
  const target = idAndRevision(body.id, body.revision);
  if (body.oldDate === undefined && body.oldPzNo === undefined && body.oldCertificateType === undefined) return target;
  const date = typeof body.oldDate === 'string' ? /^(\d{4})-(\d{2})-\d{2}$/.exec(body.oldDate.trim()) : null;
  const pzNo = intOf(body.oldPzNo);
  const certificateType = intOf(body.oldCertificateType);
  if (!date || pzNo === null || certificateType === null)
    refuse('BadRequest', '修改凭证需要oldDate、oldPzNo和oldCertificateType');
  return { ...target, shown: { year: Number(date[1]), month: Number(date[2]), certificateType, pzNo } };
}

/** The batch's details (an array or its JSON text): each an id and revision, with the spec's number optionally. */
export function readTargets(details: unknown, year: number): VoucherTarget[] {
  let value = details;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      refuse('BadRequest', 'details不是有效的JSON');
    }
  }
  if (!Array.isArray(value) || value.length === 0) refuse('BusinessRule', VoucherMessages.selectAtLeastOne);
  return value.map((v): VoucherTarget => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) refuse('BadRequest', VoucherMessages.targetMissing);
    const r = v as Record<string, unknown>;
    const target = idAndRevision(r.id, r.revision);
    if (r.month === undefined && r.pzNo === undefined && r.certificateType === undefined) return target;
    const month = intOf(r.month);
    const pzNo = intOf(r.pzNo);
    const certificateType = intOf(r.certificateType);
    if (month === null || pzNo === null || certificateType === null) {
      refuse('BadRequest', 'details中的month、pzNo、certificateType必须是整数');
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
