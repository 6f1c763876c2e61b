/**
 * The lines of a carry-forward voucher, from templates and balances, apart from the database.
 *
 * What must stay true:
 * - Each balance (a last-level subject and one auxiliary combination) is carried by at most one
 *   row key: of the rows that match it (the row's subject is the balance's subject or an ancestor,
 *   and each of the row's items is the balance's item of that type or an ancestor of it), the one
 *   naming the deepest subject wins, then the one naming more items, then the earliest (templates
 *   in their order, rows in theirs). Rows with that same subject and items apply once per amount
 *   type, so a debit-turnover and a credit-turnover row can share a subject, and two templates
 *   that name the same subject never carry it twice.
 * - Every carried amount appears twice, on opposite sides: on the carry-out subject (with the
 *   balance's items) and on the carry-in subject (with the row's items), so the voucher balances.
 * - Amounts are integer fen; a zero amount writes no line; a negative one changes side.
 */
import type { AuxiChoice } from '../../shared/subjects/auxiliary-rules.js';
import { auxiKeyOf, parseAuxiKey } from '../../shared/subjects/auxiliary-rules.js';

export interface CalcSubject {
  code: string;
  parentCode: string | null;
}

/** One balance: signed debit-minus-credit in fen. */
export interface CalcBalance {
  subjectCode: string;
  auxiKey: string;
  /** Balance at the end of the period. */
  end: number;
  /** Turnover of the period the amount types 4 and 5 read. */
  debit: number;
  credit: number;
}

export interface CalcRow {
  subjectCode: string;
  auxis: readonly AuxiChoice[];
  carryOverAmountType: number;
  intoSubjectCode: string;
  intoAuxis: readonly AuxiChoice[];
}

export interface CalcTemplate {
  id: string;
  summary: string;
  rows: readonly CalcRow[];
}

export interface CalcLine {
  summary: string;
  subjectCode: string;
  auxis: AuxiChoice[];
  debitFen: number;
  creditFen: number;
}

export interface CalcContext {
  subjects: readonly CalcSubject[];
  /** The parent item's code of an auxiliary item, or null at the top. */
  itemParent: (typeNo: string, infoNo: string) => string | null;
}

/** Amount to move off the carry-out subject: positive means credit it (it had a debit balance). */
export function carriedAmount(type: number, b: Pick<CalcBalance, 'end' | 'debit' | 'credit'>): number {
  switch (type) {
    case 1:
      return b.end;
    case 2:
      return b.end > 0 ? b.end : 0;
    case 3:
      return b.end < 0 ? b.end : 0;
    case 4:
      return b.debit;
    case 5:
      return -b.credit;
    default:
      return 0;
  }
}

interface Candidate {
  template: number;
  row: CalcRow;
  depth: number;
  key: string;
}

function depthOf(byCode: ReadonlyMap<string, CalcSubject>, code: string): number {
  let depth = 0;
  for (let at = byCode.get(code); at?.parentCode; at = byCode.get(at.parentCode)) depth += 1;
  return depth;
}

function isUnder(byCode: ReadonlyMap<string, CalcSubject>, code: string, ancestor: string): boolean {
  for (let at = byCode.get(code); at; at = at.parentCode ? byCode.get(at.parentCode) : undefined)
    if (at.code === ancestor) return true;
  return false;
}

function itemMatches(ctx: CalcContext, choices: readonly AuxiChoice[], filter: AuxiChoice): boolean {
  const chosen = choices.find((c) => c.typeNo === filter.typeNo);
  for (let at: string | null = chosen?.infoNo ?? null, guard = 0; at !== null && guard < 64; guard += 1) {
    if (at === filter.infoNo) return true;
    at = ctx.itemParent(filter.typeNo, at);
  }
  return false;
}

const rowKey = (row: CalcRow) => `${row.subjectCode}#${auxiKeyOf(row.auxis)}`;

/** The voucher lines per template (in the templates' order), each template's lines balanced. */
export function carryForwardLines(
  templates: readonly CalcTemplate[],
  balances: readonly CalcBalance[],
  ctx: CalcContext,
): { templateId: string; lines: CalcLine[] }[] {
  const byCode = new Map(ctx.subjects.map((s) => [s.code, s]));
  const pooled = templates.flatMap((t, template) =>
    t.rows.map((row) => ({ template, row, depth: depthOf(byCode, row.subjectCode), key: rowKey(row) })),
  );
  const out = templates.map(() => ({
    carriedOut: [] as (CalcLine & { into: string })[],
    into: new Map<string, CalcLine>(),
  }));

  const sorted = [...balances].sort((a, b) =>
    a.subjectCode === b.subjectCode ? (a.auxiKey < b.auxiKey ? -1 : 1) : a.subjectCode < b.subjectCode ? -1 : 1,
  );
  for (const balance of sorted) {
    const choices = parseAuxiKey(balance.auxiKey);
    const matching: Candidate[] = pooled.filter(
      (c) => isUnder(byCode, balance.subjectCode, c.row.subjectCode) && c.row.auxis.every((f) => itemMatches(ctx, choices, f)),
    );
    const best = matching.reduce<Candidate | null>(
      (b, c) => (!b || c.depth > b.depth || (c.depth === b.depth && c.row.auxis.length > b.row.auxis.length) ? c : b),
      null,
    );
    if (!best) continue;
    const applied = new Set<number>();
    for (const c of matching) {
      if (c.key !== best.key || applied.has(c.row.carryOverAmountType)) continue;
      applied.add(c.row.carryOverAmountType);
      const amount = carriedAmount(c.row.carryOverAmountType, balance);
      if (amount === 0) continue;
      const target = out[c.template];
      const summary = templates[c.template]?.summary ?? '';
      if (!target) continue;
      const fen = Math.abs(amount);
      // amount > 0: the carry-out subject is credited, the carry-in subject debited.
      target.carriedOut.push({
        into: c.row.intoSubjectCode,
        summary,
        subjectCode: balance.subjectCode,
        auxis: choices,
        debitFen: amount < 0 ? fen : 0,
        creditFen: amount > 0 ? fen : 0,
      });
      const side = amount > 0 ? 'd' : 'c';
      const intoKey = `${side}#${c.row.intoSubjectCode}#${auxiKeyOf(c.row.intoAuxis)}`;
      const into = target.into.get(intoKey) ?? {
        summary,
        subjectCode: c.row.intoSubjectCode,
        auxis: [...c.row.intoAuxis],
        debitFen: 0,
        creditFen: 0,
      };
      if (side === 'd') into.debitFen += fen;
      else into.creditFen += fen;
      target.into.set(intoKey, into);
    }
  }

  return templates.map((t, i) => {
    const { carriedOut, into } = out[i] ?? { carriedOut: [], into: new Map<string, CalcLine>() };
    const intoLines = [...into.values()];
    // Per carry-in subject, two entries: 借 revenue / 贷 本年收支结转, then 借 本年收支结转 / 贷 expense.
    const lines: CalcLine[] = [];
    for (const code of new Set(carriedOut.map((l) => l.into))) {
      const outs = carriedOut.filter((l) => l.into === code).map(({ into: _into, ...line }) => line);
      const ins = intoLines.filter((l) => l.subjectCode === code);
      lines.push(
        ...outs.filter((l) => l.debitFen > 0),
        ...ins.filter((l) => l.creditFen > 0),
        ...ins.filter((l) => l.debitFen > 0),
        ...outs.filter((l) => l.creditFen > 0),
      );
    }
    return { templateId: t.id, lines };
  });
}
