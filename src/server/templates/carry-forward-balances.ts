/**
 * Balances a carry-forward reads: per last-level subject and auxiliary combination, the balance
 * at the end of a month (the year's opening plus the turnover of every voucher, booked or not, up
 * to that month) and the turnover of a span of months. Read from subject_balance (kept by
 * src/server/books/balances.ts) and the openings (subject.init_amount, auxi_opening).
 */
import type { Q } from '../subjects/subject-repository.js';
import type { CalcBalance, CalcSubject } from './carry-forward-calc.js';

export interface LedgerSubject extends CalcSubject {
  name: string;
  type: number;
  lastLevel: boolean;
  enable: boolean;
  balanceDirection: number;
}

export async function yearSubjects(q: Q, ztId: number, year: number): Promise<LedgerSubject[]> {
  const rows = await q
    .selectFrom('subject')
    .select(['code', 'name', 'parent_code', 'type', 'last_level', 'enable', 'balance_direction'])
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .orderBy('code')
    .execute();
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    parentCode: r.parent_code,
    type: r.type,
    lastLevel: r.last_level === 1,
    enable: r.enable === 1,
    balanceDirection: r.balance_direction,
  }));
}

/**
 * Balances at the end of `month`, with the turnover of months `turnoverFrom`..`month`. Only
 * last-level subjects, and only when `codes` (if given) contains them; combinations that are zero
 * in every figure are left out.
 */
export async function readBalances(
  q: Q,
  ztId: number,
  year: number,
  month: number,
  turnoverFrom: number,
  subjects: readonly LedgerSubject[],
  codes?: ReadonlySet<string>,
): Promise<CalcBalance[]> {
  const leaves = new Map(subjects.filter((s) => s.lastLevel && (!codes || codes.has(s.code))).map((s) => [s.code, s]));
  if (leaves.size === 0) return [];
  const [openings, auxiOpenings, turnover] = await Promise.all([
    q
      .selectFrom('subject')
      .select(['code', 'init_amount'])
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .where('last_level', '=', 1)
      .where('init_amount', '!=', 0)
      .execute(),
    q
      .selectFrom('auxi_opening')
      .select(['code', 'auxi_key', 'init_amount'])
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .where('init_amount', '!=', 0)
      .execute(),
    q
      .selectFrom('subject_balance')
      .select((eb) => [
        'subject_code',
        'auxi_key',
        'month',
        eb.fn.sum<number>('debit_all').as('debit'),
        eb.fn.sum<number>('credit_all').as('credit'),
      ])
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .where('month', '<=', month)
      .groupBy(['subject_code', 'auxi_key', 'month'])
      .execute(),
  ]);
  const byKey = new Map<string, CalcBalance>();
  const at = (subjectCode: string, auxiKey: string): CalcBalance | null => {
    if (!leaves.has(subjectCode)) return null;
    const key = `${subjectCode}\u0000${auxiKey}`;
    let b = byKey.get(key);
    if (!b) {
      b = { subjectCode, auxiKey, end: 0, debit: 0, credit: 0 };
      byKey.set(key, b);
    }
    return b;
  };
  // Openings are stored in the subject's own direction; the auxiliary rows split the subject's.
  const signed = (code: string, amount: number) => (leaves.get(code)?.balanceDirection === 2 ? -amount : amount);
  const splitTotal = new Map<string, number>();
  for (const o of auxiOpenings) {
    const b = at(o.code, o.auxi_key);
    if (!b) continue;
    b.end += signed(o.code, Number(o.init_amount));
    splitTotal.set(o.code, (splitTotal.get(o.code) ?? 0) + Number(o.init_amount));
  }
  for (const o of openings) {
    const rest = Number(o.init_amount) - (splitTotal.get(o.code) ?? 0);
    const b = rest !== 0 ? at(o.code, '') : null;
    if (b) b.end += signed(o.code, rest);
  }
  for (const t of turnover) {
    const b = at(t.subject_code, t.auxi_key);
    if (!b) continue;
    const debit = Number(t.debit);
    const credit = Number(t.credit);
    b.end += debit - credit;
    if (t.month >= turnoverFrom) {
      b.debit += debit;
      b.credit += credit;
    }
  }
  return [...byKey.values()].filter((b) => b.end !== 0 || b.debit !== 0 || b.credit !== 0);
}
