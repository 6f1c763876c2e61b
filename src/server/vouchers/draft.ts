/**
 * A save request read into the shared rules' VoucherDraft: amounts converted once from yuan
 * (amounts.ts), shapes checked. Issues of the conversion name the line (rowId: the line's 1-based
 * position in certiDetails, as a string) and the field, like the rules' own.
 */
import type { ValidationIssue } from '../../shared/envelope.js';
import type { SaveVoucherRequest, VoucherLineInput } from '../../shared/api/vouchers.js';
import { optionalYuanToFen } from '../../shared/vouchers/amounts.js';
import { VoucherRuleMessages, type VoucherDraft, type VoucherDraftLine } from '../../shared/vouchers/rules.js';
import { refuse } from '../http/app-error.js';

export interface ReadDraft {
  draft: VoucherDraft;
  issues: ValidationIssue[];
  /** Line ids sent by the client, by rowId. */
  lineIds: Map<string, string>;
}

function intOrNull(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function readDraft(body: Partial<SaveVoucherRequest>): ReadDraft {
  if (!Array.isArray(body.certiDetails)) refuse('BadRequest', '缺少参数certiDetails');
  const issues: ValidationIssue[] = [];
  const lineIds = new Map<string, string>();
  const lines: VoucherDraftLine[] = (body.certiDetails as unknown[]).map((raw, i) => {
    const input = (raw && typeof raw === 'object' ? raw : {}) as Partial<VoucherLineInput>;
    const rowId = String(i + 1);
    if (typeof input.id === 'string' && input.id) lineIds.set(rowId, input.id);
    const amount = (value: unknown, fieldId: 'debitAmount' | 'creditAmount'): number | null => {
      const r = optionalYuanToFen(value as string | number | null | undefined);
      if (r.ok) return r.fen;
      issues.push({ message: VoucherRuleMessages.amountInvalid(i + 1, r.message), rowId, fieldId });
      return null;
    };
    const auxis = Array.isArray(input.auxis)
      ? input.auxis
          .filter(
            (a): a is { typeNo: string; infoNo: string } => !!a && typeof a.typeNo === 'string' && typeof a.infoNo === 'string',
          )
          .map((a) => ({ typeNo: a.typeNo.trim(), infoNo: a.infoNo.trim() }))
      : [];
    return {
      rowId,
      summary: text(input.summary),
      subjectCode: text(input.subjectCode)?.trim() ?? null,
      debitFen: amount(input.debitAmount, 'debitAmount'),
      creditFen: amount(input.creditAmount, 'creditAmount'),
      auxis,
    };
  });
  const draft: VoucherDraft = {
    year: intOrNull(body.year),
    month: intOrNull(body.month),
    pzDate: text(body.pzDate)?.trim() ?? null,
    certificateType: intOrNull(body.certificateType),
    numberOfDocument:
      body.numberOfDocument === undefined || body.numberOfDocument === null ? null : (intOrNull(body.numberOfDocument) ?? -1),
    lines,
  };
  return { draft, issues, lineIds };
}
