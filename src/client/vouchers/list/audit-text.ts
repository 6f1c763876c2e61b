/**
 * The voucher's audit trail in words: what each entry did (新增, 修改, 审核, 整理断号...) and, for a
 * change, which header fields and which lines it changed (lines by their id, so a line keeps its
 * history through modifications), each from its old value to its new one.
 */
import type {
  VoucherAuditEntry,
  VoucherAuditField,
  VoucherFieldChange,
  VoucherLine,
  VoucherLineAuditField,
  VoucherLineChange,
} from '../../../shared/api/vouchers.js';
import { formatFen } from '../../../shared/money.js';
import { yuanToFen } from '../../../shared/vouchers/amounts.js';

export const AUDIT_ACTION_LABELS: Record<VoucherAuditEntry['action'], string> = {
  create: '新增',
  modify: '修改',
  review: '审核',
  unreview: '取消审核',
  book: '记账',
  unbook: '取消记账',
  sign: '出纳签字',
  unsign: '取消签字',
  delete: '删除',
  renumber: '整理断号',
};

const FIELD_LABELS: Record<VoucherAuditField, string> = {
  year: '年度',
  month: '月份',
  certificateType: '凭证类别',
  pzNo: '凭证号',
  pzDate: '日期',
  numberOfDocument: '附单据数',
  financialOfficer: '财务主管',
  bookkeeper: '记账',
  reviewer: '审核',
  preparedBy: '制单',
  cashier: '出纳',
  isReview: '审核状态',
  isBook: '记账状态',
  isCashierSigned: '出纳签字',
  debitTotal: '借方合计',
  creditTotal: '贷方合计',
};

const LINE_FIELD_LABELS: Record<VoucherLineAuditField, string> = {
  summary: '摘要',
  subjectCode: '科目',
  debitAmount: '借方',
  creditAmount: '贷方',
  auxis: '辅助核算',
};

function money(yuan: number | null): string {
  if (yuan === null) return '';
  const r = yuanToFen(yuan);
  return r.ok ? formatFen(r.fen, { thousands: true }) : String(yuan);
}

function fieldValue(field: VoucherAuditField, value: VoucherFieldChange['before']): string {
  if (typeof value === 'boolean') return value ? '是' : '否';
  if ((field === 'debitTotal' || field === 'creditTotal') && typeof value === 'number') return money(value);
  return value === null || value === '' ? '空' : String(value);
}

function lineValue(line: VoucherLine, field: VoucherLineAuditField): string {
  switch (field) {
    case 'summary':
      return line.summary || '空';
    case 'subjectCode':
      return line.codeAndFullName || line.subjectCode;
    case 'debitAmount':
    case 'creditAmount':
      return money(line[field]) || '空';
    case 'auxis':
      return line.auxis.map((a) => a.infoName || a.infoNo).join('/') || '空';
  }
}

/** One line in a sentence: summary, subject, the amount on its side, its items. */
export function lineText(line: VoucherLine): string {
  const amount = line.debitAmount !== null ? `借 ${money(line.debitAmount)}` : `贷 ${money(line.creditAmount)}`;
  const items = line.auxis.length > 0 ? ` [${lineValue(line, 'auxis')}]` : '';
  return `${line.summary} ${line.codeAndFullName || line.subjectCode} ${amount}${items}`;
}

export function fieldChangeText(change: VoucherFieldChange): string {
  return `${FIELD_LABELS[change.field]}：${fieldValue(change.field, change.before)} → ${fieldValue(change.field, change.after)}`;
}

export function lineChangeText(change: VoucherLineChange): string {
  const { before, after } = change;
  if (change.kind === 'added' && after) return `新增第${after.numberRow}行：${lineText(after)}`;
  if (change.kind === 'removed' && before) return `删除第${before.numberRow}行：${lineText(before)}`;
  if (!before || !after) return '';
  const parts = change.fields.map((f) => `${LINE_FIELD_LABELS[f]} ${lineValue(before, f)} → ${lineValue(after, f)}`);
  return `修改第${after.numberRow}行：${parts.join('；')}`;
}

/** What an entry changed, one text per field or line (a state change is said by its action alone). */
export function entryTexts(entry: VoucherAuditEntry): string[] {
  if (entry.action === 'create' && entry.after) return entry.after.certiDetails.map((l) => `第${l.numberRow}行：${lineText(l)}`);
  const stateFields = new Set<VoucherAuditField>(['isReview', 'isBook', 'isCashierSigned', 'reviewer']);
  const fields =
    entry.action === 'modify' || entry.action === 'renumber'
      ? entry.fieldChanges
      : entry.fieldChanges.filter((c) => !stateFields.has(c.field));
  return [...fields.map(fieldChangeText), ...entry.lineChanges.map(lineChangeText)];
}
