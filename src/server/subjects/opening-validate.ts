/**
 * Checks of the opening-balance rows a client (or an imported workbook) sends, before anything is
 * applied: every bad row is reported with its row label, row id and field. Rows of parent subjects
 * are dropped (parents are recomputed). Amount cells go through the grid's money kind (the check
 * the editor runs); what only the server knows is checked here: the subject exists and is
 * last-level, the auxiliary items fit its types, no row twice, cumulative amounts only mid-year.
 * The resulting state then passes the grid definition's validators (opening-service.ts).
 */
import type { OpeningDetail } from '../../shared/api/subjects.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { MONEY_CAP_FEN } from '../../shared/money.js';
import { kindOf } from '../../shared/grid/kinds.js';
import { auxiKeyOf, checkAuxiChoice, isValidKeyPart, type AuxiChoice } from '../../shared/subjects/auxiliary-rules.js';
import { SubjectMessages } from '../../shared/subjects/subject-code.js';
import type { Amounts, OpeningContext } from './opening-state.js';

export interface LabelledDetail {
  /** Shown before each message: 第N行. */
  label: string;
  detail: unknown;
}

/** An amount sent for a subject with auxiliary accounting: checked against the sum of its auxiliary rows once they are applied. */
export interface DerivedClaim {
  code: string;
  amounts: Amounts;
  label: string;
  rowId: string;
}

export const AUXI_SUBJECT_AMOUNT = (code: string): string => `科目${code}设有辅助核算，请按辅助项录入期初余额`;

export interface ParsedDetail {
  code: string;
  /** null for a subject row. */
  auxiKey: string | null;
  amounts: Amounts;
}

const AMOUNT_FIELDS = [
  ['initAmount', 'init', '期初余额'],
  ['cumuleDebitAmount', 'cumDebit', '本年累计借方'],
  ['cumuleCreditAmount', 'cumCredit', '本年累计贷方'],
] as const;

/** The grid's money cell check (integer fen within the cap), as the editor runs it. */
function amountIssue(value: unknown, header: string): string | null {
  if (value === undefined || value === null) return null;
  return kindOf('money').check(value, { header, capFen: MONEY_CAP_FEN });
}

function choicesOf(value: unknown): AuxiChoice[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const out: AuxiChoice[] = [];
  for (const item of value as unknown[]) {
    if (!item || typeof item !== 'object') return null;
    const { typeNo, infoNo } = item as { typeNo?: unknown; infoNo?: unknown };
    if (typeof typeNo !== 'string' || (infoNo !== undefined && infoNo !== null && typeof infoNo !== 'string')) return null;
    out.push({ typeNo: typeNo.trim(), infoNo: typeof infoNo === 'string' ? infoNo.trim() : '' });
  }
  return out;
}

export function validateOpeningDetails(
  list: readonly LabelledDetail[],
  ctx: OpeningContext,
): { issues: ValidationIssue[]; rows: ParsedDetail[]; claims: DerivedClaim[] } {
  const issues: ValidationIssue[] = [];
  const claims: DerivedClaim[] = [];
  const rows: ParsedDetail[] = [];
  const seen = new Map<string, string>();
  for (const { label, detail } of list) {
    const d = (detail && typeof detail === 'object' ? detail : {}) as Partial<Record<keyof OpeningDetail, unknown>>;
    const code = typeof d.code === 'string' ? d.code.trim() : typeof d.code === 'number' ? String(d.code) : '';
    const rowId = typeof d.rowId === 'string' && d.rowId ? d.rowId : code;
    const issue = (message: string, fieldId: string): void => {
      issues.push({ message: `${label}：${message}`, rowId, fieldId });
    };
    if (!code) {
      issue(SubjectMessages.chooseSubject, 'code');
      continue;
    }
    const subject = ctx.byCode.get(code);
    if (!subject) {
      issue(`科目${code}不存在`, 'code');
      continue;
    }
    const choices = choicesOf(d.auxis);
    if (choices === null) {
      issue('辅助项格式不正确', 'auxis');
      continue;
    }
    let bad = false;
    const amounts: Amounts = { init: 0, cumDebit: 0, cumCredit: 0 };
    for (const [field, key, header] of AMOUNT_FIELDS) {
      const problem = amountIssue(d[field], header);
      if (problem) {
        issue(problem, field);
        bad = true;
      } else amounts[key] = typeof d[field] === 'number' ? d[field] : 0;
    }
    if (bad) continue;
    if (!subject.last_level) {
      if (choices.length > 0) issue(SubjectMessages.chooseLastLevel, 'code');
      continue; // a parent's amounts are recomputed, whatever was sent
    }
    if (!ctx.isMidYear && (amounts.cumDebit !== 0 || amounts.cumCredit !== 0)) {
      issue('年初建账的账套不能录入累计发生额', amounts.cumDebit !== 0 ? 'cumuleDebitAmount' : 'cumuleCreditAmount');
      continue;
    }
    const types = ctx.types.get(code) ?? [];
    let auxiKey: string | null = null;
    if (types.length === 0) {
      if (choices.length > 0) {
        issue(`科目${code}未设置辅助核算`, 'auxis');
        continue;
      }
    } else if (choices.length === 0) {
      // The subject row is the sum of its auxiliary rows: a figure sent for it must be that sum.
      if (amounts.init !== 0 || amounts.cumDebit !== 0 || amounts.cumCredit !== 0) claims.push({ code, amounts, label, rowId });
      continue;
    } else {
      const typeItems = types.map((t) => ctx.typeItems.get(t.typeNo) ?? { ...t, items: new Map() });
      const messages = checkAuxiChoice(typeItems, choices);
      if (messages.length > 0) {
        for (const m of messages) issue(m, 'auxis');
        continue;
      }
      if (!choices.every((c) => isValidKeyPart(c.typeNo) && isValidKeyPart(c.infoNo))) {
        issue('辅助项格式不正确', 'auxis');
        continue;
      }
      auxiKey = auxiKeyOf(choices);
    }
    const identity = `${code}#${auxiKey ?? ''}`;
    const first = seen.get(identity);
    if (first) {
      issue(`与${first}重复`, 'code');
      continue;
    }
    seen.set(identity, label);
    rows.push({ code, auxiKey, amounts });
  }
  return { issues, rows, claims };
}
