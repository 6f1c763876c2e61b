/**
 * The voucher grid (记账凭证, /accounting-management/voucher-management/voucherAdd): one row per
 * voucher line (summary, subject, auxiliary items, debit, credit), the debit and credit totals
 * with the amount in Chinese capitals in the total row, at least 6 rows of height 50 (spec), and
 * the keyboard conventions of 用友 and 金蝶 as declared behaviours (see behaviours below).
 *
 * What must stay true: the rules are the shared validateVoucher (src/shared/vouchers/rules.ts),
 * never a second copy. While the user types, the grid marks what is wrong in a cell (a subject
 * that is not last level, both sides filled, missing auxiliary items); what is merely not typed
 * yet (an empty subject, amount or summary) and the balance are checked when saving, by the same
 * function over the whole voucher.
 */
import { amountToChineseCapitals } from '../formulas/chinese-capitals.js';
import type { ValidationIssue } from '../src/shared/envelope.js';
import type { BehaviourContext, BehaviourResult, GridBehaviour } from '../src/shared/grid/behaviours.js';
import { MONEY_CAP_FEN, type FieldDef, type GridDefinition, type GridRow } from '../src/shared/grid/definition.js';
import { blankRow, NO_PREVIOUS_ROW } from '../src/shared/grid/row-ops.js';
import { parseAuxiKey } from '../src/shared/subjects/auxiliary-rules.js';
import {
  isBlankLine,
  validateVoucher,
  type VoucherDraft,
  type VoucherDraftLine,
  type VoucherRuleContext,
} from '../src/shared/vouchers/rules.js';

export interface VoucherLineRow extends GridRow {
  readonly rowId: string;
  /** The saved line's id (spec originalId): a saved line can be split; a new line has none. */
  originalId: string | null;
  /** A split part: the id of the saved line it was split from. */
  parentId: string | null;
  summary: string | null;
  subjectCode: string | null;
  /** The line's auxiliary items as one key (auxiKeyOf: `TYPE:info|TYPE:info`). */
  auxis: string | null;
  /** Fen. */
  debitAmount: number | null;
  creditAmount: number | null;
}

/** Spec: a voucher shows at least 6 lines, 50 px high. */
export const VOUCHER_MIN_ROWS = 6;
export const VOUCHER_ROW_HEIGHT = 50;

export const VoucherGridMessages = {
  noFirstSummary: '第一行没有摘要',
  balanced: '凭证借贷已平衡，无需补差',
} as const;

const FIELDS: readonly FieldDef<VoucherLineRow>[] = [
  { id: 'summary', header: '摘要', kind: 'text', width: 230 },
  { id: 'subjectCode', header: '会计科目', kind: 'subject', width: 300 },
  { id: 'auxis', header: '辅助核算', kind: 'auxiliary', editable: false, width: 170 },
  { id: 'debitAmount', header: '借方金额', kind: 'money', capFen: MONEY_CAP_FEN, width: 150 },
  { id: 'creditAmount', header: '贷方金额', kind: 'money', capFen: MONEY_CAP_FEN, width: 150 },
];

const hasAmount = (fen: number | null | undefined): fen is number => typeof fen === 'number' && fen !== 0;
const hasText = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/** A line with a subject and an amount: Enter on it starts the next line. */
export function isFinishedLine(row: VoucherLineRow): boolean {
  return hasText(row.subjectCode) && (hasAmount(row.debitAmount) || hasAmount(row.creditAmount));
}

/** The draft line the shared rules read. */
export function draftLine(row: VoucherLineRow): VoucherDraftLine {
  return {
    rowId: row.rowId,
    summary: row.summary,
    subjectCode: row.subjectCode,
    debitFen: row.debitAmount,
    creditFen: row.creditAmount,
    auxis: parseAuxiKey(row.auxis ?? ''),
  };
}

export function blankVoucherRow(rowId: string): VoucherLineRow {
  const row = blankRow<VoucherLineRow>(FIELDS, rowId);
  return { ...row, originalId: null, parentId: null };
}

/** The rows padded with blank lines up to the spec's minimum. */
export function padVoucherRows(rows: readonly VoucherLineRow[], newId: () => string): VoucherLineRow[] {
  const out = rows.slice();
  while (out.length < VOUCHER_MIN_ROWS) out.push(blankVoucherRow(newId()));
  return out;
}

// ---- the conventions (declared behaviours)

type Run = (ctx: BehaviourContext<VoucherLineRow>) => BehaviourResult<VoucherLineRow>;

type SummarySource = { readonly row: VoucherLineRow } | { readonly refusal: string };

const summaryFrom =
  (source: (ctx: BehaviourContext<VoucherLineRow>) => SummarySource): Run =>
  (ctx) => {
    const row = ctx.rows[ctx.index];
    if (!row) return null;
    const from = source(ctx);
    if ('refusal' in from) return { ok: false, message: from.refusal };
    return { ok: true, changes: [{ rowId: row.rowId, fieldId: 'summary', value: from.row.summary }] };
  };

/** `..`: the previous line's summary. */
const copySummaryAbove = summaryFrom((ctx) => {
  const previous = ctx.index > 0 ? ctx.rows[ctx.index - 1] : undefined;
  return previous ? { row: previous } : { refusal: NO_PREVIOUS_ROW };
});

/** `//`: the first line's summary. */
const copySummaryFirst = summaryFrom((ctx) => {
  const first = ctx.rows[0];
  return first && ctx.index > 0 && hasText(first.summary) ? { row: first } : { refusal: VoucherGridMessages.noFirstSummary };
});

/** Debit minus credit of every line but one. */
function differenceWithout(rows: readonly VoucherLineRow[], index: number): number {
  let difference = 0;
  rows.forEach((r, i) => {
    if (i === index) return;
    difference += (r.debitAmount ?? 0) - (r.creditAmount ?? 0);
  });
  return difference;
}

/** `=`: the amount that balances the voucher, on the side that balances it. */
const balanceAmount: Run = (ctx) => {
  const row = ctx.rows[ctx.index];
  if (!row) return null;
  const difference = differenceWithout(ctx.rows, ctx.index);
  if (difference === 0) return { ok: false, message: VoucherGridMessages.balanced };
  const side = difference > 0 ? 'creditAmount' : 'debitAmount';
  const other = side === 'creditAmount' ? 'debitAmount' : 'creditAmount';
  return {
    ok: true,
    changes: [
      { rowId: row.rowId, fieldId: side, value: Math.abs(difference) },
      { rowId: row.rowId, fieldId: other, value: null },
    ],
    focus: { rowId: row.rowId, fieldId: side },
  };
};

/** Space: the line's amount moves to the other side. */
const swapDebitCredit: Run = (ctx) => {
  const row = ctx.rows[ctx.index];
  if (!row) return null;
  const debit = hasAmount(row.debitAmount);
  const credit = hasAmount(row.creditAmount);
  if (debit === credit) return null;
  const to = debit ? 'creditAmount' : 'debitAmount';
  return {
    ok: true,
    changes: [
      { rowId: row.rowId, fieldId: 'debitAmount', value: debit ? null : row.creditAmount },
      { rowId: row.rowId, fieldId: 'creditAmount', value: debit ? row.debitAmount : null },
    ],
    focus: { rowId: row.rowId, fieldId: to },
  };
};

/** Enter on a finished line: the next line (added at the end), its summary carried when empty. */
const nextLineCarrySummary: Run = (ctx) => {
  const row = ctx.rows[ctx.index];
  if (!row || !isFinishedLine(row)) return null;
  const existing = ctx.rows[ctx.index + 1];
  const next = existing ?? ctx.newRow();
  const carried = hasText(next.summary) ? next : { ...next, summary: row.summary };
  if (existing && carried === existing) return { ok: true, focus: { rowId: next.rowId, fieldId: 'summary' } };
  const rows = ctx.rows.slice();
  if (existing) rows[ctx.index + 1] = carried;
  else rows.push(carried);
  return { ok: true, rows, focus: { rowId: next.rowId, fieldId: 'summary' } };
};

const BEHAVIOURS: readonly GridBehaviour<VoucherLineRow>[] = [
  { command: 'copySummaryAbove', fields: ['summary'], typed: '..', run: copySummaryAbove },
  { command: 'copySummaryFirst', fields: ['summary'], typed: '//', run: copySummaryFirst },
  { command: 'balanceAmount', fields: ['debitAmount', 'creditAmount'], typed: '=', run: balanceAmount },
  { command: 'swapDebitCredit', fields: ['debitAmount', 'creditAmount'], whileEditing: true, run: swapDebitCredit },
  {
    command: 'nextLineCarrySummary',
    fields: ['debitAmount', 'creditAmount'],
    whileEditing: true,
    run: nextLineCarrySummary,
  },
];

/**
 * The rows as saved: a last line holding nothing but the summary that Enter carried from the line
 * above (the user pressed Enter on a finished line and then saved) is not a line of the voucher.
 */
export function withoutCarriedTail(rows: readonly VoucherLineRow[]): VoucherLineRow[] {
  const out = rows.slice();
  const filled = out.map((r, i) => ({ r, i })).filter(({ r }) => !isBlankLine(draftLine(r)));
  const last = filled[filled.length - 1];
  const before = filled[filled.length - 2];
  if (!last || !before) return out;
  const onlySummary =
    !hasText(last.r.subjectCode) && !hasAmount(last.r.debitAmount) && !hasAmount(last.r.creditAmount) && !hasText(last.r.auxis);
  if (onlySummary && last.r.summary === before.r.summary) out[last.i] = { ...last.r, summary: null };
  return out;
}

// ---- rules

/** What is merely not typed yet: checked when saving, not marked while typing. */
const NOT_YET_TYPED = /^第\d+行(科目|金额|摘要)不能为空!$/;

/** A voucher's header as the rules read it (the grid holds only the lines). */
export type VoucherHeader = Omit<VoucherDraft, 'lines'>;

export function voucherDraft(header: VoucherHeader, rows: readonly VoucherLineRow[]): VoucherDraft {
  return { ...header, lines: rows.map(draftLine) };
}

/** Every rule of the voucher (the save check): the shared validateVoucher. */
export function voucherIssues(
  header: VoucherHeader,
  rows: readonly VoucherLineRow[],
  ctx: VoucherRuleContext,
): ValidationIssue[] {
  return validateVoucher(voucherDraft(header, rows), ctx);
}

/** The cell marks shown while typing: the shared rules' line issues, less what is not typed yet. */
export function liveLineIssues(rows: readonly VoucherLineRow[], ctx: VoucherRuleContext): ValidationIssue[] {
  const header: VoucherHeader = {
    year: 2022,
    month: 1,
    pzDate: '2022-01-01',
    certificateType: 1,
    numberOfDocument: 0,
  };
  return voucherIssues(header, rows, { ...ctx, twoTable: false }).filter(
    (issue) => issue.rowId !== undefined && !NOT_YET_TYPED.test(issue.message),
  );
}

const NO_SUBJECTS: VoucherRuleContext = { subject: () => undefined, twoTable: false };

export interface VoucherGridOptions {
  id?: string;
  title?: string;
  /** The subjects the rules look up (the page's chart); read on every check. */
  context?: () => VoucherRuleContext;
}

/** The voucher grid; the page makes one per editor with its chart as the rules' context. */
export function createVoucherGrid(options: VoucherGridOptions = {}): GridDefinition<VoucherLineRow> {
  const context = options.context ?? (() => NO_SUBJECTS);
  const definition = {
    id: options.id ?? 'voucher',
    title: options.title ?? '记账凭证',
    fields: FIELDS,
    totals: [
      { id: 'debitTotal', label: '借方合计', expression: 'SUM(debitAmount)', showUnder: 'debitAmount' },
      { id: 'creditTotal', label: '贷方合计', expression: 'SUM(creditAmount)', showUnder: 'creditAmount' },
    ],
    totalLabel: (totals) => {
      const debit = totals['debitTotal'] ?? 0;
      return debit === 0 ? '合计' : `合计：${amountToChineseCapitals(debit)}`;
    },
    gridValidators: [(rows) => liveLineIssues(rows, context())],
    behaviours: BEHAVIOURS,
    commands: [
      'copyPreviousRow',
      'copy',
      'paste',
      'insertRowBefore',
      'insertRowAfter',
      'splitRow',
      'deleteRow',
      'undo',
      'redo',
      'clearCell',
      'editCell',
      'cancelEdit',
      'save',
      'saveAndNew',
      'newDocument',
      'previousDocument',
      'nextDocument',
      'pickSubject',
      'proposeRemittance',
      'copySummaryAbove',
      'copySummaryFirst',
      'balanceAmount',
      'swapDebitCredit',
      'nextLineCarrySummary',
      'showHelp',
      'exportExcel',
    ],
    allowAddRows: true,
    allowDeleteRows: true,
    rowHeight: VOUCHER_ROW_HEIGHT,
    minRows: VOUCHER_MIN_ROWS,
    export: { sheetName: '记账凭证', title: '记账凭证', totalsAsFormulas: true },
  } satisfies GridDefinition<VoucherLineRow>;
  return Object.freeze(definition);
}

/** The definition as the conformance test walks it (no chart: every subject unknown). */
export const voucherGrid = createVoucherGrid();
