/**
 * What one change of a voucher changed, from the voucher before and after it (the audit trail
 * keeps both): the header fields that differ, and the lines matched by their id (a modification
 * keeps the ids of the lines it changes), each added, changed or removed. A line only moved to
 * another position is not a change of the line.
 */
import {
  VOUCHER_AUDIT_FIELDS,
  VOUCHER_LINE_AUDIT_FIELDS,
  type Voucher,
  type VoucherFieldChange,
  type VoucherLine,
  type VoucherLineAuditField,
  type VoucherLineChange,
} from '../api/vouchers.js';

function auxisText(line: VoucherLine): string {
  return line.auxis.map((a) => `${a.typeNo}:${a.infoNo}`).join(',');
}

function lineValue(line: VoucherLine, field: VoucherLineAuditField): string | number | null {
  if (field === 'auxis') return auxisText(line);
  if (field === 'subjectCode') return line.subjectCode || line.code;
  return line[field];
}

export function fieldChanges(before: Voucher | null, after: Voucher | null): VoucherFieldChange[] {
  if (!before || !after) return [];
  return VOUCHER_AUDIT_FIELDS.filter((f) => before[f] !== after[f]).map((field) => ({
    field,
    before: before[field],
    after: after[field],
  }));
}

export function lineChanges(before: Voucher | null, after: Voucher | null): VoucherLineChange[] {
  const old = before?.certiDetails ?? [];
  const now = after?.certiDetails ?? [];
  const oldById = new Map(old.map((l) => [l.id, l]));
  const nowIds = new Set(now.map((l) => l.id));
  const changes: VoucherLineChange[] = [];
  for (const line of now) {
    const was = oldById.get(line.id);
    if (!was) {
      changes.push({ kind: 'added', id: line.id, fields: [...VOUCHER_LINE_AUDIT_FIELDS], before: null, after: line });
      continue;
    }
    const fields = VOUCHER_LINE_AUDIT_FIELDS.filter((f) => lineValue(was, f) !== lineValue(line, f));
    if (fields.length > 0) changes.push({ kind: 'changed', id: line.id, fields, before: was, after: line });
  }
  for (const line of old) {
    if (!nowIds.has(line.id))
      changes.push({ kind: 'removed', id: line.id, fields: [...VOUCHER_LINE_AUDIT_FIELDS], before: line, after: null });
  }
  return changes;
}
