/**
 * The opening-balance grid (/accounting-management/initialization/subjectstart): one row per
 * subject in code order, each last-level subject with auxiliary accounting followed by its
 * auxiliary detail rows (parentCode = the subject's code, isAuxiliary true).
 *
 * What must stay true: amounts are entered only on last-level subjects without auxiliary
 * accounting and on auxiliary rows; every other amount is derived, the sum of its children, an
 * opening on the other side counting negative (a credit-side child under a debit-side parent),
 * cumulative debits and credits plainly added. The trial check is a warning, not a refusal: the
 * server asks for confirmation (spec confirmPrompt) rather than rejecting the save.
 */
import type { SubjectType } from '../src/shared/chart.js';
import type { BalanceDirection } from '../src/shared/constants.js';
import type { FieldDef, GridDefinition, GridRow, GridValidator, TotalDef } from '../src/shared/grid/definition.js';
import { rollUpDerivedSums } from '../formulas/tree-index.js';
import { isFirstLevel, trialCheckOfSums, trialMessages, type TrialCheck } from './opening-balance-trial.js';

export { trialFromTotals, trialMessages, type TrialCheck, type TrialSide } from './opening-balance-trial.js';

export interface OpeningBalanceRow extends GridRow {
  /** Stable: the code for a subject row, `code#auxiKey` for an auxiliary row (server convention). */
  readonly rowId: string;
  code: string;
  /** The subject's name, or for an auxiliary row the names of its items. */
  codeName: string;
  /** The parent subject's code; for an auxiliary row, its own subject's code. */
  parentCode: string | null;
  balanceDirection: BalanceDirection;
  type: SubjectType;
  lastLevel: boolean;
  /** Budget accounting (spec isGovernment). */
  isGovernment: boolean;
  /** An auxiliary detail row under a subject with auxiliary accounting. */
  isAuxiliary: boolean;
  auxiKey: string | null;
  /** The subject carries auxiliary accounting, so its amounts live in its auxiliary rows. */
  incloudAuxi?: boolean;
  /** Fen, in the subject's balance direction. */
  initAmount: number;
  cumuleDebitAmount: number;
  cumuleCreditAmount: number;
}

/** Amounts are entered here; elsewhere they are the sum of the row's children. */
export const amountsEditable = (row: OpeningBalanceRow): boolean =>
  row.isAuxiliary || (row.lastLevel && row.incloudAuxi !== true);

const financial = (r: OpeningBalanceRow) => isFirstLevel(r) && !r.isGovernment;
const budget = (r: OpeningBalanceRow) => isFirstLevel(r) && r.isGovernment;
const financialDebitRows = (r: OpeningBalanceRow) => financial(r) && r.balanceDirection === 1;
const financialCreditRows = (r: OpeningBalanceRow) => financial(r) && r.balanceDirection === 2;
const budgetDebitRows = (r: OpeningBalanceRow) => budget(r) && r.balanceDirection === 1;
const budgetCreditRows = (r: OpeningBalanceRow) => budget(r) && r.balanceDirection === 2;

const FIELDS: readonly FieldDef<OpeningBalanceRow>[] = [
  { id: 'code', header: '科目编码', kind: 'subject', editable: false, width: 120, pinned: true },
  { id: 'codeName', header: '科目名称', kind: 'text', editable: false, width: 240, pinned: true },
  { id: 'balanceDirection', header: '方向', kind: 'direction', editable: false, width: 60 },
  { id: 'initAmount', header: '期初余额', kind: 'money', editable: amountsEditable, width: 160 },
];

const CUMULATIVE_FIELDS: readonly FieldDef<OpeningBalanceRow>[] = [
  {
    id: 'cumuleDebitAmount',
    header: '借方',
    kind: 'money',
    editable: amountsEditable,
    width: 160,
    group: 'cumulative',
    export: { header: '本年累计借方' },
  },
  {
    id: 'cumuleCreditAmount',
    header: '贷方',
    kind: 'money',
    editable: amountsEditable,
    width: 160,
    group: 'cumulative',
    export: { header: '本年累计贷方' },
  },
];

const OPENING_TOTALS: readonly TotalDef<OpeningBalanceRow>[] = [
  { id: 'financialDebit', label: '财务会计期初借方合计', expression: 'SUM(initAmount)', rows: financialDebitRows },
  { id: 'financialCredit', label: '财务会计期初贷方合计', expression: 'SUM(initAmount)', rows: financialCreditRows },
  { id: 'financialDifference', label: '财务会计期初差额', expression: 'financialDebit - financialCredit' },
  { id: 'budgetDebit', label: '预算会计期初借方合计', expression: 'SUM(initAmount)', rows: budgetDebitRows },
  { id: 'budgetCredit', label: '预算会计期初贷方合计', expression: 'SUM(initAmount)', rows: budgetCreditRows },
  { id: 'budgetDifference', label: '预算会计期初差额', expression: 'budgetDebit - budgetCredit' },
];

const CUMULATIVE_TOTALS: readonly TotalDef<OpeningBalanceRow>[] = [
  {
    id: 'financialCumuleDebit',
    label: '财务会计本年累计借方合计',
    expression: 'SUM(cumuleDebitAmount)',
    rows: financial,
    showUnder: 'cumuleDebitAmount',
  },
  {
    id: 'financialCumuleCredit',
    label: '财务会计本年累计贷方合计',
    expression: 'SUM(cumuleCreditAmount)',
    rows: financial,
    showUnder: 'cumuleCreditAmount',
  },
  { id: 'budgetCumuleDebit', label: '预算会计本年累计借方合计', expression: 'SUM(cumuleDebitAmount)', rows: budget },
  { id: 'budgetCumuleCredit', label: '预算会计本年累计贷方合计', expression: 'SUM(cumuleCreditAmount)', rows: budget },
];

/** Auxiliary rows need their items (spec 辅助项不能为空!) and their subject in the grid. */
const auxiliaryRowsComplete: GridValidator<OpeningBalanceRow> = (rows) => {
  const subjects = new Set(rows.filter((r) => !r.isAuxiliary).map((r) => r.code));
  return rows.flatMap((r) => {
    if (!r.isAuxiliary) return [];
    if (r.auxiKey === null || r.auxiKey.trim() === '')
      return [{ message: '辅助项不能为空!', rowId: r.rowId, fieldId: 'codeName' }];
    if (r.parentCode === null || !subjects.has(r.parentCode))
      return [{ message: `辅助核算行没有对应的科目: ${r.code}`, rowId: r.rowId }];
    return [];
  });
};

function build(midYear: boolean): GridDefinition<OpeningBalanceRow> {
  const definition = {
    id: midYear ? 'opening-balance-mid-year' : 'opening-balance',
    title: '科目期初余额',
    fields: midYear ? [...FIELDS, ...CUMULATIVE_FIELDS] : FIELDS,
    groups: midYear ? [{ id: 'cumulative', header: '本年累计' }] : [],
    tree: { key: 'code', parentKey: 'parentCode', isLeaf: (r) => r.isAuxiliary },
    derived: [
      { field: 'initAmount', expression: 'SUM(CHILDREN(initAmount, balanceDirection))' },
      ...(midYear
        ? [
            { field: 'cumuleDebitAmount', expression: 'SUM(CHILDREN(cumuleDebitAmount))' } as const,
            { field: 'cumuleCreditAmount', expression: 'SUM(CHILDREN(cumuleCreditAmount))' } as const,
          ]
        : []),
    ],
    totals: midYear ? [...OPENING_TOTALS, ...CUMULATIVE_TOTALS] : OPENING_TOTALS,
    gridValidators: [auxiliaryRowsComplete],
    warnings: [(rows) => trialMessages(trialCheck(rows))],
    commands: ['copy', 'paste', 'clearCell', 'editCell', 'cancelEdit', 'undo', 'redo', 'save', 'exportExcel', 'showHelp'],
    allowAddRows: false,
    allowDeleteRows: false,
    export: { sheetName: '科目期初余额', title: '科目期初余额表', totalsAsFormulas: true },
  } satisfies GridDefinition<OpeningBalanceRow>;
  return Object.freeze(definition);
}

/** A ledger set that starts in January: openings only. */
export const openingBalanceGrid = build(false);
/** A ledger set that starts mid-year: openings and the year's cumulative debits and credits. */
export const openingBalanceGridMidYear = build(true);

export function openingBalanceGridFor(options: { midYear: boolean }): GridDefinition<OpeningBalanceRow> {
  return options.midYear ? openingBalanceGridMidYear : openingBalanceGrid;
}

/**
 * The trial check (期初试算平衡) of the page (live) and the server (on save): parents are summed
 * from their children first, so stale parent amounts never count.
 */
export function trialCheck(rows: readonly OpeningBalanceRow[]): TrialCheck {
  return trialCheckOfSums(rollUpDerivedSums(openingBalanceGridMidYear, rows));
}
