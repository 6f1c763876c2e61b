/**
 * The adjustment-voucher editor's rows and the wire: a ZeroVoucher to the voucher grid's rows, the rows to a save
 * request, a standard adjustment template to rows (subjects and summaries, amounts left to key), and the picker's
 * chart: the set's chart of the first year plus the county chart's subjects the set lacks (the worksheet and the
 * server accept those; the finish adds them).
 */
import type { AdjustmentTemplate } from '../../../templates/transition/adjustment-templates.js';
import { blankVoucherRow, draftLine, padVoucherRows, type VoucherLineRow } from '../../../grids/voucher.js';
import type { SaveZeroVoucherRequest, ZeroVoucher } from '../../shared/api/schemas/transition-vouchers.js';
import type { SubjectItem } from '../../shared/api/subjects.js';
import type { SubjectTemplate } from '../../shared/chart.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { isBlankLine } from '../../shared/vouchers/rules.js';
import { rowsFromLines } from '../vouchers/voucher-rows.js';
import { savedAuxisOf } from '../vouchers/line-auxis.js';

/** Spec: the zero period's name in the head. */
export const ZERO_PERIOD_LABEL = '0期（衔接调账）';

export function rowsOfZeroVoucher(v: ZeroVoucher, newId: () => string): VoucherLineRow[] {
  return rowsFromLines(v.certiDetails, newId);
}

/** A template's lines as rows (no amounts), padded to the grid's minimum. */
export function rowsOfTemplate(template: AdjustmentTemplate, newId: () => string): VoucherLineRow[] {
  return padVoucherRows(
    template.lines.map((l) => ({ ...blankVoucherRow(newId()), summary: l.summary, subjectCode: l.subjectCode })),
    newId,
  );
}

export function zeroSaveRequest(
  rows: readonly VoucherLineRow[],
  numberOfDocument: number,
  saved: { id: string; revision: number } | null,
): SaveZeroVoucherRequest {
  return {
    ...(saved ? { id: saved.id, revision: saved.revision } : {}),
    numberOfDocument,
    certiDetails: rows
      .filter((r) => !isBlankLine(draftLine(r)))
      .map((r) => ({
        summary: (r.summary ?? '').trim(),
        subjectCode: (r.subjectCode ?? '').trim(),
        debitAmount: r.debitAmount ? fenToYuan(r.debitAmount) : null,
        creditAmount: r.creditAmount ? fenToYuan(r.creditAmount) : null,
        auxis: savedAuxisOf(r.auxis),
      })),
  };
}

function fullName(chart: readonly SubjectTemplate[], s: SubjectTemplate): string {
  const parent = s.parentCode ? chart.find((p) => p.code === s.parentCode) : undefined;
  return parent ? `${fullName(chart, parent)}-${s.name}` : s.name;
}

/** The set's subjects, and the county chart's that the set lacks (marked 县级科目, added at the finish). */
export function zeroVoucherSubjects(own: readonly SubjectItem[], county: readonly SubjectTemplate[]): SubjectItem[] {
  const codes = new Set(own.map((s) => s.code));
  const extra = county
    .filter((s) => !codes.has(s.code))
    .map((s): SubjectItem => {
      const children = county.filter((c) => c.code.startsWith(s.code) && c.code !== s.code).map((c) => c.code);
      return {
        id: s.code,
        code: s.code,
        codeName: s.name,
        codeAndFullName: `${s.code} ${fullName(county, s)}（县级科目）`,
        type: s.type,
        level: s.level,
        lastLevel: !county.some((c) => c.parentCode === s.code),
        balanceDirection: s.balanceDirection,
        initAmount: 0,
        balance: 0,
        cumuleDebitAmount: 0,
        cumuleCreditAmount: 0,
        parentCode: s.parentCode,
        childCode: null,
        childCodeArray: children,
        isStandard: true,
        incloudAuxi: false,
        auxiTypeList: [],
        isGovernment: false,
        enable: true,
        pinyin: '',
      };
    });
  return [...own, ...extra].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
