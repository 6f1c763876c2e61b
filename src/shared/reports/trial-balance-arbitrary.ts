/**
 * Test support: random balanced trial balances (fast-check) for the report property tests. Every
 * figure comes from random double entries, so debits equal credits in the openings, in the period
 * and in the year, as a real ledger's do.
 */
import fc from 'fast-check';
import type { SubjectBalance } from './types.js';

export interface Entry {
  readonly debit: string;
  readonly credit: string;
  readonly fen: number;
}

export interface TrialBalanceShape {
  /** Subjects that may carry an opening balance (assets, liabilities, net assets). */
  readonly balanceCodes: readonly string[];
  /** Subjects the year's entries may touch. */
  readonly movementCodes: readonly string[];
}

const entries = (codes: readonly string[], maxLength: number) =>
  fc.array(
    fc.record({
      debit: fc.constantFrom(...codes),
      credit: fc.constantFrom(...codes),
      fen: fc.integer({ min: 1, max: 1_000_000_000 }),
    }),
    { maxLength },
  );

/** Openings, entries before the report's months, and entries in them. */
export const ledgerArbitrary = (shape: TrialBalanceShape) =>
  fc.record({
    opening: entries(shape.balanceCodes, 12),
    before: entries(shape.movementCodes, 20),
    period: entries(shape.movementCodes, 20),
  });

export interface Ledger {
  readonly opening: readonly Entry[];
  readonly before: readonly Entry[];
  readonly period: readonly Entry[];
}

/** The trial balance of a ledger: one row per code touched, figures as SubjectBalance defines them. */
export function trialBalanceOf(ledger: Ledger): SubjectBalance[] {
  const rows = new Map<string, { -readonly [K in keyof SubjectBalance]: SubjectBalance[K] }>();
  const row = (code: string) => {
    let r = rows.get(code);
    if (!r) {
      r = { code, openingFen: 0, closingFen: 0, periodDebitFen: 0, periodCreditFen: 0, yearDebitFen: 0, yearCreditFen: 0 };
      rows.set(code, r);
    }
    return r;
  };
  for (const e of ledger.opening) {
    row(e.debit).openingFen += e.fen;
    row(e.credit).openingFen -= e.fen;
  }
  for (const [list, inPeriod] of [
    [ledger.before, false],
    [ledger.period, true],
  ] as const) {
    for (const e of list) {
      const d = row(e.debit);
      const c = row(e.credit);
      d.yearDebitFen += e.fen;
      c.yearCreditFen += e.fen;
      if (inPeriod) {
        d.periodDebitFen += e.fen;
        c.periodCreditFen += e.fen;
      }
    }
  }
  for (const r of rows.values()) r.closingFen = r.openingFen + r.yearDebitFen - r.yearCreditFen;
  return [...rows.values()].sort((a, b) => a.code.localeCompare(b.code));
}

/** The closing entries: every balance under `from` emptied into `into` (the period's last entries). */
export function closeInto(ledger: Ledger, from: readonly string[], into: string): Ledger {
  const closing: Entry[] = [];
  for (const b of trialBalanceOf(ledger)) {
    if (!from.some((p) => b.code.startsWith(p)) || b.closingFen === 0) continue;
    closing.push(
      b.closingFen > 0 ? { debit: into, credit: b.code, fen: b.closingFen } : { debit: b.code, credit: into, fen: -b.closingFen },
    );
  }
  return { ...ledger, period: [...ledger.period, ...closing] };
}
