/**
 * The transition worksheet (转账工作底稿) computed from its inputs: the year-end balances on the 2009 chart, the
 * user's split parts, and the lines of the adjustment vouchers. Both sides use it: the server to answer codeJoin and
 * to write the new openings on finish, the client for its live checks. Amounts are integer fen, each in its
 * subject's balance direction (an old subject and its new target share the direction, templates/transition).
 */
import type { TransitionRow } from './mapping.js';
import { TransitionMessages } from './messages.js';

export interface SubjectFacts {
  name: string;
  /** 1 debit, 2 credit. */
  balanceDirection: 1 | 2;
  /** Has no child subject (on the new side: in the set's chart of the first year). */
  lastLevel: boolean;
}

/** A keyed split part as saved: its amount, and the target when the user chose a detail of the default one. */
export interface SplitInput {
  amount: number;
  newCode?: string;
}

export interface AdjustmentLine {
  voucherId: string;
  /** The number shown, e.g. 调-1. */
  voucherNo: string;
  lineNo: number;
  summary: string;
  subjectCode: string;
  auxiKey: string;
  debit: number;
  credit: number;
}

export interface WorksheetInput {
  rows: readonly TransitionRow[];
  /** Year-end balance per last-level 2009 code. */
  oldBalances: ReadonlyMap<string, number>;
  splits: ReadonlyMap<string, SplitInput>;
  adjustments: readonly AdjustmentLine[];
  oldSubject: (code: string) => SubjectFacts | undefined;
  newSubject: (code: string) => SubjectFacts | undefined;
}

export interface WorksheetPart {
  key: string;
  newCode: string;
  basis: string;
  remainder: boolean;
  amount: number;
}

export interface WorksheetRowResult {
  no: string;
  oldCode: string | null;
  rule: string;
  noBalance: boolean;
  oldAmount: number;
  parts: WorksheetPart[];
}

export interface WorksheetAdjustment extends AdjustmentLine {
  /** In the subject's direction: what the line adds to it, or takes away. */
  increase: number;
  decrease: number;
}

export interface Opening {
  code: string;
  auxiKey: string;
  amount: number;
}

export interface WorksheetProblem {
  /** The row's part key, the old code, or the adjustment's voucher id; '' for the sheet. */
  at: string;
  message: string;
}

export interface WorksheetResult {
  rows: WorksheetRowResult[];
  adjustments: WorksheetAdjustment[];
  /** Per (new code, item key), in the subject's direction; zero sums left out. */
  openings: Opening[];
  totals: {
    old: number;
    increase: number;
    decrease: number;
    new: number;
    oldDebit: number;
    oldCredit: number;
    newDebit: number;
    newCredit: number;
  };
  problems: WorksheetProblem[];
}

/** Debit-side sign of an amount kept in a subject's direction. */
const signed = (amount: number, direction: 1 | 2): number => (direction === 1 ? amount : -amount);

export function computeWorksheet(input: WorksheetInput): WorksheetResult {
  const problems: WorksheetProblem[] = [];
  const openings = new Map<string, Opening>();
  const addOpening = (code: string, auxiKey: string, amount: number): void => {
    const key = `${code}|${auxiKey}`;
    const was = openings.get(key);
    if (was) was.amount += amount;
    else openings.set(key, { code, auxiKey, amount });
  };
  const totals = { old: 0, increase: 0, decrease: 0, new: 0, oldDebit: 0, oldCredit: 0, newDebit: 0, newCredit: 0 };
  const addNew = (amount: number): void => {
    totals.new += amount;
  };

  const mapped = new Set<string>();
  const rows = input.rows.map((row): WorksheetRowResult => {
    const oldAmount = row.oldCode === null || row.noBalance ? 0 : (input.oldBalances.get(row.oldCode) ?? 0);
    if (row.oldCode !== null) mapped.add(row.oldCode);
    let keyed = 0;
    const parts: WorksheetPart[] = row.parts.map((p) => {
      const split = row.noBalance || p.remainder ? undefined : input.splits.get(p.key);
      const amount = split?.amount ?? 0;
      keyed += amount;
      return {
        key: p.key,
        newCode: input.splits.get(p.key)?.newCode ?? p.newCode,
        basis: p.basis,
        remainder: p.remainder,
        amount,
      };
    });
    const rest = oldAmount - keyed;
    for (const part of parts) if (part.remainder) part.amount = rest;
    if (row.oldCode !== null && (oldAmount >= 0 ? rest < 0 : rest > 0)) {
      problems.push({ at: row.oldCode, message: TransitionMessages.splitTooLarge(row.oldCode) });
    }
    for (const part of parts) {
      if (part.amount === 0) continue;
      const target = input.newSubject(part.newCode);
      if (!target) problems.push({ at: part.key, message: TransitionMessages.unknownNewSubject(part.newCode) });
      else if (!target.lastLevel) problems.push({ at: part.key, message: TransitionMessages.notLastLevel(part.newCode) });
      addOpening(part.newCode, '', part.amount);
      addNew(part.amount);
    }
    totals.old += oldAmount;
    return { no: row.no, oldCode: row.oldCode, rule: row.rule, noBalance: row.noBalance, oldAmount, parts };
  });

  for (const [code, amount] of input.oldBalances) {
    if (amount === 0) continue;
    const facts = input.oldSubject(code);
    if (facts) {
      const s = signed(amount, facts.balanceDirection);
      if (s >= 0) totals.oldDebit += s;
      else totals.oldCredit -= s;
    }
    if (!mapped.has(code)) problems.push({ at: code, message: TransitionMessages.unmappedOld(code) });
    else if (input.rows.some((r) => r.oldCode === code && r.noBalance))
      problems.push({ at: code, message: TransitionMessages.noYearEndBalance(code) });
  }

  const adjustments = input.adjustments.map((line): WorksheetAdjustment => {
    const facts = input.newSubject(line.subjectCode);
    const direction = facts?.balanceDirection ?? 1;
    const increase = direction === 1 ? line.debit : line.credit;
    const decrease = direction === 1 ? line.credit : line.debit;
    if (!facts) problems.push({ at: line.voucherId, message: TransitionMessages.unknownNewSubject(line.subjectCode) });
    totals.increase += increase;
    totals.decrease += decrease;
    addOpening(line.subjectCode, line.auxiKey, increase - decrease);
    addNew(increase - decrease);
    return { ...line, increase, decrease };
  });

  // The new side's trial: each opening (net per subject and items) on the side its sign puts it.
  for (const o of openings.values()) {
    const s = signed(o.amount, input.newSubject(o.code)?.balanceDirection ?? 1);
    if (s >= 0) totals.newDebit += s;
    else totals.newCredit -= s;
  }
  if (totals.oldDebit !== totals.oldCredit) {
    problems.push({ at: '', message: TransitionMessages.oldUnbalanced(totals.oldDebit, totals.oldCredit) });
  }
  if (totals.newDebit !== totals.newCredit) {
    problems.push({ at: '', message: TransitionMessages.newUnbalanced(totals.newDebit, totals.newCredit) });
  }
  return {
    rows,
    adjustments,
    openings: [...openings.values()]
      .filter((o) => o.amount !== 0)
      .sort((a, b) => (a.code + a.auxiKey).localeCompare(b.code + b.auxiKey)),
    totals,
    problems,
  };
}
