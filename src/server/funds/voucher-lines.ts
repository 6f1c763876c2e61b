/**
 * The lines of a union-fund voucher (the rule of issue 20 §3, the same for generation, the
 * editor's proposal and the register), as pure functions of the receipts, their ratios and the
 * subjects their shares go to:
 * - Dr the counterpart (bank) subject: the amount less the collection fee;
 * - Dr the collection-fee subject: the fee, when there is one;
 * - Cr each share with an amount on its subject; a line on a subject that keeps the 经费单位
 *   auxiliary type (the 211 / 212 leaves the units page links, jfdw.ts) carries the paying unit's
 *   JFDW item. A payable leaf that had amounts before the units were configured is not linked,
 *   and its lines go without the unit (the units page says so when it saves).
 * Every amount is the shared split (src/shared/funds/split.ts), so the voucher balances exactly:
 * debits = net + fee = amount = the shares' sum = credits.
 *
 * A batch voucher adds the lines of its receipts up by side, subject and item (one bank line,
 * one 402 line, a 211 / 212 line per unit).
 */
import { SHARE_KINDS, type RatioSet, type ShareKind } from '../../shared/funds/ratios.js';
import { splitReceipt, type Split } from '../../shared/funds/split.js';
import { FUNDS_UNIT_AUXI_TYPE } from './ratio-lookup.js';

export type SubjectKind = ShareKind | 'collectionFee';

/** A receipt as the voucher reads it: amount in fen, the unit's ratios and each share's subject. */
export interface VoucherReceipt {
  readonly unitCode: string;
  readonly unitName: string;
  readonly amountFen: number;
  readonly bankCode: string;
  readonly summary: string;
  readonly ratios: RatioSet;
  /** The subject of each share (and of the fee), resolved (shareSubjects). */
  readonly subjects: Readonly<Record<SubjectKind, string | null>>;
}

export interface PlannedLine {
  readonly summary: string;
  readonly subjectCode: string;
  readonly debitFen: number;
  readonly creditFen: number;
  /** The JFDW item (the unit's code), or null. */
  readonly unitItem: string | null;
}

/** Subjects whose lines carry the paying unit: the payables up and down, and any linked to JFDW. */
export interface UnitItemRule {
  readonly linkedToUnits: (code: string) => boolean;
}

function carriesUnit(code: string, rule: UnitItemRule): boolean {
  return rule.linkedToUnits(code);
}

/** The lines of one receipt, and its split. */
export function receiptLines(receipt: VoucherReceipt, rule: UnitItemRule): { lines: PlannedLine[]; split: Split } {
  const split = splitReceipt(receipt.amountFen, receipt.ratios);
  const lines: PlannedLine[] = [];
  const summary = receipt.summary;
  lines.push({ summary, subjectCode: receipt.bankCode, debitFen: split.net, creditFen: 0, unitItem: null });
  const feeSubject = receipt.subjects.collectionFee;
  if (split.collectionFee !== 0) {
    if (!feeSubject) throw new Error('collection fee subject unresolved');
    lines.push({ summary, subjectCode: feeSubject, debitFen: split.collectionFee, creditFen: 0, unitItem: null });
  }
  for (const kind of SHARE_KINDS) {
    const amount = split.shares[kind];
    if (amount === 0) continue;
    const code = receipt.subjects[kind];
    if (!code) throw new Error(`subject of ${kind} unresolved`);
    lines.push({
      summary,
      subjectCode: code,
      debitFen: 0,
      creditFen: amount,
      unitItem: carriesUnit(code, rule) ? receipt.unitCode : null,
    });
  }
  return { lines, split };
}

/** The lines of a batch voucher: every receipt's lines, added up by side, subject and unit item. */
export function batchLines(receipts: readonly VoucherReceipt[], rule: UnitItemRule, summary: string): PlannedLine[] {
  const merged = new Map<string, PlannedLine>();
  for (const receipt of receipts) {
    for (const line of receiptLines(receipt, rule).lines) {
      const side = line.debitFen !== 0 ? 'D' : 'C';
      const key = `${side}\u0000${line.subjectCode}\u0000${line.unitItem ?? ''}`;
      const before = merged.get(key);
      merged.set(
        key,
        before
          ? { ...before, debitFen: before.debitFen + line.debitFen, creditFen: before.creditFen + line.creditFen }
          : { ...line, summary },
      );
    }
  }
  // A negative receipt (a reversal) may cancel another out: a line of 0 is no line.
  return [...merged.values()].filter((l) => l.debitFen !== 0 || l.creditFen !== 0);
}

export const UNIT_AUXI_TYPE_NO = FUNDS_UNIT_AUXI_TYPE.typeNo;
