/**
 * Voucher templates and the editor's lines: a template's lines as the editor's tables (a
 * two-table voucher sends budget subjects to the budget table), and the editor's lines as a
 * template's (amounts as exact yuan strings; blank lines dropped).
 */
import type { TemplateLineInput, VoucherTemplate } from '../../shared/api/templates.js';
import { fenToYuanString } from '../../shared/money.js';
import { auxiKeyOf, parseAuxiKey } from '../../shared/subjects/auxiliary-rules.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import { padVoucherRows, type VoucherLineRow } from '../../../grids/voucher.js';

const fen = (yuan: number | null): number | null => {
  if (yuan === null) return null;
  const r = yuanToFen(yuan);
  return r.ok && r.fen !== 0 ? r.fen : null;
};

export function tablesFromTemplate(
  template: VoucherTemplate,
  twoTable: boolean,
  isBudget: (code: string) => boolean,
  newId: () => string,
): VoucherLineRow[][] {
  const rows = template.details.map((d): VoucherLineRow => ({
    rowId: newId(),
    originalId: null,
    parentId: null,
    summary: d.summary || null,
    subjectCode: d.subjectCode,
    auxis: d.auxis.length > 0 ? auxiKeyOf(d.auxis) : null,
    debitAmount: fen(d.debitAmount),
    creditAmount: fen(d.creditAmount),
  }));
  if (!twoTable) return [padVoucherRows(rows, newId)];
  const budget = (r: VoucherLineRow) => r.subjectCode !== null && isBudget(r.subjectCode);
  return [
    padVoucherRows(
      rows.filter((r) => !budget(r)),
      newId,
    ),
    padVoucherRows(rows.filter(budget), newId),
  ];
}

const blank = (r: VoucherLineRow) => !r.summary?.trim() && !r.subjectCode && !r.debitAmount && !r.creditAmount;

export function templateLinesOf(rows: readonly VoucherLineRow[]): TemplateLineInput[] {
  return rows
    .filter((r) => !blank(r))
    .map((r) => ({
      summary: r.summary?.trim() ?? '',
      subjectCode: r.subjectCode,
      debitAmount: r.debitAmount ? fenToYuanString(r.debitAmount) : null,
      creditAmount: r.creditAmount ? fenToYuanString(r.creditAmount) : null,
      auxis: parseAuxiKey(r.auxis ?? ''),
    }));
}

/** Whether the tables hold anything a template would overwrite. */
export function hasContent(tables: readonly (readonly VoucherLineRow[])[]): boolean {
  return tables.some((t) => t.some((r) => !blank(r)));
}
