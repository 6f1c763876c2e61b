/**
 * A save request (its shapes checked by the schema) read into the shared rules' VoucherDraft:
 * amounts converted once from yuan (amounts.ts, the converter the schema checked them with).
 * Issues of the conversion (a caller inside the server is not checked by the schema) name the
 * line (rowId: the line's 1-based position in certiDetails, as a string) and the field, like the
 * rules' own.
 */
import type { ValidationIssue } from '../../shared/envelope.js';
import type { SaveVoucherRequest, VoucherLineInput } from '../../shared/api/vouchers.js';
import { optionalYuanToFen } from '../../shared/vouchers/amounts.js';
import { VoucherRuleMessages, type VoucherDraft, type VoucherDraftLine } from '../../shared/vouchers/rules.js';

export interface ReadDraft {
  draft: VoucherDraft;
  issues: ValidationIssue[];
  /** Line ids sent by the client, by rowId. */
  lineIds: Map<string, string>;
}

/** The request's lines and header as the rules read them (the shapes are the schema's). */
export function readDraft(body: SaveVoucherRequest): ReadDraft {
  const issues: ValidationIssue[] = [];
  const lineIds = new Map<string, string>();
  const lines: VoucherDraftLine[] = body.certiDetails.map((input: VoucherLineInput, i) => {
    const rowId = String(i + 1);
    if (input.id) lineIds.set(rowId, input.id);
    const amount = (value: VoucherLineInput['debitAmount'], fieldId: 'debitAmount' | 'creditAmount'): number | null => {
      const r = optionalYuanToFen(value);
      if (r.ok) return r.fen;
      issues.push({ message: VoucherRuleMessages.amountInvalid(i + 1, r.message), rowId, fieldId });
      return null;
    };
    return {
      rowId,
      summary: input.summary,
      subjectCode: input.subjectCode.trim(),
      debitFen: amount(input.debitAmount, 'debitAmount'),
      creditFen: amount(input.creditAmount, 'creditAmount'),
      auxis: (input.auxis ?? []).map((a) => ({
        typeNo: a.typeNo.trim(),
        infoNo: a.infoNo.trim(),
        targetId: a.targetID?.trim() || null,
      })),
    };
  });
  const draft: VoucherDraft = {
    year: body.year,
    month: body.month,
    pzDate: body.pzDate.trim(),
    certificateType: body.certificateType,
    numberOfDocument: body.numberOfDocument,
    lines,
  };
  return { draft, issues, lineIds };
}
