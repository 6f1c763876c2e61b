/**
 * The year-end figures of the transition (新旧衔接 › {year-1}年末数): the 2009 union chart as a tree, each
 * balance keyed at the last level in the subject's balance direction, parents the sums of their children, and a
 * live trial check (debit-direction total against credit-direction total).
 *
 * What must stay true: only last-level asset, liability and net-asset subjects take an amount (revenue and
 * expense subjects have no year-end balance: the books were closed); a parent is never keyed, its amount is
 * derived; saving sends every last-level amount (the server stores only those and sums parents itself).
 */
import type { OldSubject } from '../src/shared/api/schemas/transition.js';
import { answerFen } from '../src/shared/books/answer-amounts.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';
import { fenToYuanString, formatFen } from '../src/shared/money.js';

export interface TransitionFiguresRow extends GridRow {
  /** The 2009 code. */
  readonly rowId: string;
  code: string;
  name: string;
  parentCode: string | null;
  /** 1 资产 2 负债 3 净资产 4 收入 5 支出. */
  type: number;
  balanceDirection: 1 | 2;
  lastLevel: boolean;
  /** Fen, in the subject's balance direction. */
  amount: number;
}

/** Revenue and expense subjects have no year-end balance. */
export const hasYearEndBalance = (row: Pick<TransitionFiguresRow, 'type'>): boolean => row.type <= 3;

export const figureEditable = (row: TransitionFiguresRow): boolean => row.lastLevel && hasYearEndBalance(row);

const firstLevel = (r: TransitionFiguresRow) => r.parentCode === null && hasYearEndBalance(r);

const FIELDS: readonly FieldDef<TransitionFiguresRow>[] = [
  { id: 'code', header: '科目编码', kind: 'subject', editable: false, width: 120, pinned: true },
  { id: 'name', header: '科目名称', kind: 'text', editable: false, width: 260, pinned: true },
  { id: 'balanceDirection', header: '方向', kind: 'direction', editable: false, width: 60 },
  { id: 'amount', header: '年末余额', kind: 'money', editable: figureEditable, blankZero: true, width: 180 },
];

const TOTALS: readonly TotalDef<TransitionFiguresRow>[] = [
  {
    id: 'debitTotal',
    label: '借方合计',
    expression: 'SUM(amount)',
    rows: (r) => firstLevel(r) && r.balanceDirection === 1,
  },
  {
    id: 'creditTotal',
    label: '贷方合计',
    expression: 'SUM(amount)',
    rows: (r) => firstLevel(r) && r.balanceDirection === 2,
  },
  { id: 'difference', label: '差额', expression: 'debitTotal - creditTotal' },
];

export const transitionFiguresGrid = Object.freeze({
  id: 'transition-figures',
  title: '原制度科目年末数',
  fields: FIELDS,
  tree: { key: 'code', parentKey: 'parentCode' },
  derived: [{ field: 'amount', expression: 'SUM(CHILDREN(amount))' }],
  totals: TOTALS,
  commands: ['copy', 'paste', 'clearCell', 'editCell', 'cancelEdit', 'undo', 'redo', 'save', 'exportExcel', 'showHelp'],
  allowAddRows: false,
  allowDeleteRows: false,
  export: { sheetName: '原制度年末数', title: '原制度科目年末余额表', totalsAsFormulas: true },
} satisfies GridDefinition<TransitionFiguresRow>);

/** The grid's rows from codeJoin item1=1 (yuan on the wire, fen in the grid). */
export function figuresRows(subjects: readonly OldSubject[]): TransitionFiguresRow[] {
  return subjects.map((s) => ({
    rowId: s.code,
    code: s.code,
    name: s.name,
    parentCode: s.parentCode,
    type: s.type,
    balanceDirection: s.balanceDirection === 2 ? 2 : 1,
    lastLevel: s.lastLevel,
    amount: answerFen(s.amount),
  }));
}

/** The save request: every keyable last-level amount (the server treats a code left out as zero). */
export function saveFiguresBalances(rows: readonly TransitionFiguresRow[]): { code: string; amount: string }[] {
  return rows.filter(figureEditable).map((r) => ({ code: r.code, amount: fenToYuanString(r.amount) }));
}

export interface FiguresTrial {
  debit: number;
  credit: number;
  difference: number;
  balanced: boolean;
  /** 试算平衡, or 试算不平衡 with the difference. */
  text: string;
}

/** The trial check shown above the grid, from the engine's totals (fen). */
export function figuresTrial(totals: Readonly<Record<string, number>>): FiguresTrial {
  const debit = totals.debitTotal ?? 0;
  const credit = totals.creditTotal ?? 0;
  const difference = totals.difference ?? debit - credit;
  const balanced = difference === 0;
  const money = (fen: number) => formatFen(fen, { thousands: true });
  return {
    debit,
    credit,
    difference,
    balanced,
    text: balanced
      ? `试算平衡：借方合计${money(debit)}，贷方合计${money(credit)}`
      : `试算不平衡：借方合计${money(debit)}，贷方合计${money(credit)}，差额${money(difference)}`,
  };
}
