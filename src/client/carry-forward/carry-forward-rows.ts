/**
 * The template dialog's rows apart from React: a row per carry-out subject, the last row kept
 * (默认项无法删除), the first row's carry-in subject offered to the others (是否同样设置其他行),
 * and the save request and order list built from what the user typed.
 */
import type { CarryForwardTemplate, SaveCarryForwardRequest, TemplateSortRequest } from '../../shared/api/templates.js';
import { orderValue, rowRemovalProblem } from '../../shared/templates/carry-forward-rules.js';

export interface NamedAuxi {
  typeNo: string;
  infoNo: string;
  infoName: string;
}

export interface CarryRowDraft {
  key: number;
  subjectCode: string;
  auxis: NamedAuxi[];
  carryOverAmountType: number | null;
  intoSubjectCode: string;
  intoAuxis: NamedAuxi[];
}

export interface CarryDraft {
  id?: string;
  name: string;
  isMonth: boolean;
  summary: string;
  memo: string;
  carryOverAmountType: number | null;
  rows: CarryRowDraft[];
}

let nextKey = 1;
export const newRow = (amountType: number | null): CarryRowDraft => ({
  key: nextKey++,
  subjectCode: '',
  auxis: [],
  carryOverAmountType: amountType,
  intoSubjectCode: '',
  intoAuxis: [],
});

export function draftOf(template: CarryForwardTemplate | null, isMonth: boolean): CarryDraft {
  if (!template) return { name: '', isMonth, summary: '', memo: '', carryOverAmountType: 1, rows: [newRow(1)] };
  return {
    id: template.id,
    name: template.name,
    isMonth: template.isMonth,
    summary: template.summary,
    memo: template.memo,
    carryOverAmountType: template.carryOverAmountType,
    rows: template.details.map((d) => ({
      key: nextKey++,
      subjectCode: d.subjectCode,
      auxis: d.auxis.map((a) => ({ ...a })),
      carryOverAmountType: d.carryOverAmountType,
      intoSubjectCode: d.intoSubjectCode,
      intoAuxis: d.intoAuxis.map((a) => ({ ...a })),
    })),
  };
}

/** The rows without row `index`, or the reason it stays. */
export function removeRow(rows: readonly CarryRowDraft[], index: number): { rows: CarryRowDraft[] } | { problem: string } {
  const problem = rowRemovalProblem(rows.length);
  return problem ? { problem } : { rows: rows.filter((_, i) => i !== index) };
}

/** A new row after `index`, starting with the template's amount type. */
export function insertRow(rows: readonly CarryRowDraft[], index: number, amountType: number | null): CarryRowDraft[] {
  return [...rows.slice(0, index + 1), newRow(amountType), ...rows.slice(index + 1)];
}

/** Spec: setting the first row's carry-in subject asks whether the other rows take it too. */
export function asksForOthers(rows: readonly CarryRowDraft[], index: number, code: string): boolean {
  return index === 0 && code !== '' && rows.slice(1).some((r) => r.intoSubjectCode !== code);
}

export function setInto(
  rows: readonly CarryRowDraft[],
  index: number,
  code: string,
  intoAuxis: NamedAuxi[],
  others: boolean,
): CarryRowDraft[] {
  return rows.map((r, i) =>
    i === index || others ? { ...r, intoSubjectCode: code, intoAuxis: intoAuxis.map((a) => ({ ...a })) } : r,
  );
}

export function requestOf(draft: CarryDraft): SaveCarryForwardRequest {
  return {
    ...(draft.id ? { id: draft.id } : {}),
    template: 4,
    name: draft.name.trim(),
    isMonth: draft.isMonth,
    summary: draft.summary.trim(),
    memo: draft.memo.trim(),
    carryOverAmountType: draft.carryOverAmountType,
    details: draft.rows.map((r) => ({
      subjectCode: r.subjectCode.trim() || null,
      auxis: r.auxis.map(({ typeNo, infoNo }) => ({ typeNo, infoNo })),
      carryOverAmountType: r.carryOverAmountType,
      intoSubjectCode: r.intoSubjectCode.trim() || null,
      intoAuxis: r.intoAuxis.map(({ typeNo, infoNo }) => ({ typeNo, infoNo })),
    })),
  };
}

/** Saving the order sends every template of the page; a non-numeric order becomes 0 (spec). */
export function orderRequest(
  templates: readonly CarryForwardTemplate[],
  typed: ReadonlyMap<string, string>,
): TemplateSortRequest {
  return {
    tempInfo: templates.map((t) => ({ id: t.id, templateSort: orderValue(typed.get(t.id) ?? String(t.templateSort)) })),
  };
}

export const auxiText = (auxis: readonly NamedAuxi[]) => auxis.map((a) => a.infoName || a.infoNo).join('、');
