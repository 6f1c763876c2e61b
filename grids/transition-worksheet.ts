/**
 * The transition worksheet (新旧衔接底稿, 转账工作底稿 of 财会〔2021〕16号): the spec's three column groups — the old
 * budget ledger (序号, 原科目编码, 原科目名称, 年末余额), the adjustments (调增, 调减, 调账凭证号) and the new system
 * (新科目编码, 新科目名称, 金额) — plus the basis of each split (拆分依据).
 *
 * Rows: per mapping row, a single-part row on one line; a split row as its old line followed by its parts. A keyed
 * part's amount is typed; the remainder part is a formula, the old balance less the keyed parts (the remainder line
 * is the tree parent of its keyed siblings, so `SUM(CHILDREN(amount))` is theirs). The adjustment lines of the zero
 * period's vouchers follow, one per voucher line. The totals are the worksheet's checks: every old balance
 * transferred exactly once, old + 调增 − 调减 = new, and the new side balancing. The server's computation
 * (src/shared/transition/worksheet.ts) stays the authority on finish; these recompute live as the user types.
 */
import type { CodeJoinResponse } from '../src/shared/api/schemas/transition.js';
import { answerFen } from '../src/shared/books/answer-amounts.js';
import type { FieldDef, GridDefinition, GridRow, TotalDef } from '../src/shared/grid/definition.js';
import { fenToYuanString, formatFen } from '../src/shared/money.js';
import type { TransitionRow } from '../src/shared/transition/mapping.js';

export type WorksheetLine = 'single' | 'old' | 'remainder' | 'split' | 'adjustment';

export interface TransitionWorksheetRow extends GridRow {
  readonly rowId: string;
  line: WorksheetLine;
  /** 序号 of the official table (on every line of a mapping row); the voucher's line for an adjustment. */
  no: string;
  oldCode: string;
  oldName: string;
  /** Fen; on the old line (or the single line), null elsewhere. */
  oldAmount: number | null;
  increase: number | null;
  decrease: number | null;
  voucherNo: string;
  newCode: string;
  newName: string;
  /** Fen, in the subject's balance direction; an adjustment line's is its increase less its decrease. */
  amount: number | null;
  basis: string;
  // Not columns:
  /** A keyed part: the 序号 of its row (its remainder line is its tree parent). */
  splitOf: string | null;
  /** The remainder line: its row's old balance (a row constant of its formula). */
  splitOld: number;
  /** The split part's key ('' for old and adjustment lines). */
  partKey: string;
  /** The mapping's target: a part may go to a detail of it instead. */
  defaultCode: string;
  /** Balance direction of the new subject (an old subject and its target share it). */
  newDirection: 1 | 2;
  /** Revenue and expense rows: nothing to transfer. */
  noBalance: boolean;
}

const isPart = (r: TransitionWorksheetRow) => r.line === 'single' || r.line === 'remainder' || r.line === 'split';
const isNewSide = (r: TransitionWorksheetRow) => isPart(r) || r.line === 'adjustment';

/** A split part's amount is keyed; the remainder and whole transfers are computed. */
export const splitEditable = (row: TransitionWorksheetRow): boolean => row.line === 'split' && !row.noBalance;
/** A part's target may be changed to a detail of the mapping's (the server refuses any other code). */
export const targetEditable = (row: TransitionWorksheetRow): boolean => isPart(row) && !row.noBalance;

export const worksheetMessages = {
  notDetail: (code: string, parent: string) => `科目${code}不是${parent}的下级科目`,
  unknown: (code: string) => `新制度科目${code}不存在`,
} as const;

/** Whether `code` is the mapping's target or a detail under it (same code prefix, longer). */
export const isTargetOrDetail = (code: string, defaultCode: string): boolean =>
  code === defaultCode || (code.startsWith(defaultCode) && code.length > defaultCode.length);

export interface WorksheetGridContext {
  /** The name of a subject of the set's chart, or undefined when the set has no such subject. */
  subjectName?: (code: string) => string | undefined;
  /**
   * Whether the set's chart has details under a code. A target is keyed only then (it must become one of them),
   * so Enter runs down the amount column elsewhere.
   */
  hasDetails?: (code: string) => boolean;
}

const GROUP_OLD = 'old';
const GROUP_ADJUST = 'adjust';
const GROUP_NEW = 'new';

function fields(context: WorksheetGridContext): FieldDef<TransitionWorksheetRow>[] {
  return [
    { id: 'no', header: '序号', kind: 'text', editable: false, width: 70, group: GROUP_OLD },
    { id: 'oldCode', header: '原科目编码', kind: 'text', editable: false, width: 100, group: GROUP_OLD },
    { id: 'oldName', header: '原科目名称', kind: 'text', editable: false, width: 170, group: GROUP_OLD },
    { id: 'oldAmount', header: '年末余额', kind: 'money', editable: false, width: 140, group: GROUP_OLD },
    { id: 'increase', header: '调增', kind: 'money', editable: false, blankZero: true, width: 120, group: GROUP_ADJUST },
    { id: 'decrease', header: '调减', kind: 'money', editable: false, blankZero: true, width: 120, group: GROUP_ADJUST },
    { id: 'voucherNo', header: '调账凭证号', kind: 'text', editable: false, width: 100, group: GROUP_ADJUST },
    {
      id: 'newCode',
      header: '新科目编码',
      kind: 'subject',
      editable: (row) => targetEditable(row) && (context.hasDetails?.(row.defaultCode) ?? false),
      width: 110,
      group: GROUP_NEW,
      validate: (value, row) => {
        if (!isPart(row) || typeof value !== 'string' || value === '') return null;
        if (!isTargetOrDetail(value, row.defaultCode)) return worksheetMessages.notDetail(value, row.defaultCode);
        if (context.subjectName && value !== row.defaultCode && context.subjectName(value) === undefined)
          return worksheetMessages.unknown(value);
        return null;
      },
    },
    { id: 'newName', header: '新科目名称', kind: 'text', editable: false, width: 170, group: GROUP_NEW },
    { id: 'amount', header: '金额', kind: 'money', editable: splitEditable, width: 150, group: GROUP_NEW },
    { id: 'basis', header: '拆分依据', kind: 'text', editable: false, width: 200 },
  ];
}

const TOTALS: readonly TotalDef<TransitionWorksheetRow>[] = [
  { id: 'oldTotal', label: '原余额合计', expression: 'SUM(oldAmount)', showUnder: 'oldAmount' },
  { id: 'increaseTotal', label: '调增合计', expression: 'SUM(increase)', showUnder: 'increase' },
  { id: 'decreaseTotal', label: '调减合计', expression: 'SUM(decrease)', showUnder: 'decrease' },
  { id: 'newTotal', label: '新制度金额合计', expression: 'SUM(amount)', rows: isNewSide, showUnder: 'amount' },
  { id: 'transferred', label: '转入新科目合计', expression: 'SUM(amount)', rows: isPart },
  /** Zero when every old balance is transferred exactly once. */
  { id: 'untransferred', label: '未转入（或重复转入）金额', expression: 'oldTotal - transferred' },
  /** A remainder below zero: the keyed parts exceed a (positive) old balance. */
  {
    id: 'smallestRemainder',
    label: '拆分后余额最小值',
    expression: 'MIN(amount)',
    rows: (r) => r.line === 'remainder' && r.splitOld >= 0,
  },
  /** Zero when 原余额 + 调增 − 调减 = 新制度金额. */
  { id: 'adjustGap', label: '原余额+调增-调减-新制度金额', expression: 'oldTotal + increaseTotal - decreaseTotal - newTotal' },
  { id: 'newDebit', label: '新制度借方合计', expression: 'SUM(amount)', rows: (r) => isNewSide(r) && r.newDirection === 1 },
  { id: 'newCredit', label: '新制度贷方合计', expression: 'SUM(amount)', rows: (r) => isNewSide(r) && r.newDirection === 2 },
  { id: 'newDifference', label: '新制度借贷差额', expression: 'newDebit - newCredit' },
];

export function createTransitionWorksheetGrid(context: WorksheetGridContext = {}): GridDefinition<TransitionWorksheetRow> {
  return Object.freeze({
    id: 'transition-worksheet',
    title: '新旧衔接底稿',
    fields: fields(context),
    groups: [
      { id: GROUP_OLD, header: '原预算会计账' },
      { id: GROUP_ADJUST, header: '调整' },
      { id: GROUP_NEW, header: '新制度' },
    ],
    // Only the remainder line of a split row has children: its keyed siblings.
    tree: { key: 'no', parentKey: 'splitOf', isLeaf: (r) => r.line !== 'remainder' },
    derived: [{ field: 'amount', expression: 'splitOld - SUM(CHILDREN(amount))' }],
    rowConstants: (row) => ({ splitOld: Number(row.splitOld ?? 0) }),
    totals: TOTALS,
    commands: ['copy', 'paste', 'clearCell', 'editCell', 'cancelEdit', 'undo', 'redo', 'save', 'showHelp'],
    allowAddRows: false,
    allowDeleteRows: false,
    export: { sheetName: '新旧衔接底稿', title: '新旧衔接底稿', totalsAsFormulas: true },
    strongRow: (row) => row.line === 'old',
  } satisfies GridDefinition<TransitionWorksheetRow>);
}

export const transitionWorksheetGrid = createTransitionWorksheetGrid();

export interface WorksheetRowsOptions {
  /** The mapping rows of the set's level (templates/transition): the default target of each part. */
  mapping: readonly TransitionRow[];
  /** Balance direction of an old (2009) subject. */
  oldDirection: (code: string) => 1 | 2 | undefined;
  /** Balance direction of a new subject (the set's chart or the county chart). */
  newDirection: (code: string) => 1 | 2 | undefined;
}

/** The grid's rows from codeJoin item1=2 (yuan on the wire, fen in the grid). */
export function worksheetRows(answer: CodeJoinResponse, options: WorksheetRowsOptions): TransitionWorksheetRow[] {
  const defaults = new Map(options.mapping.flatMap((r) => r.parts.map((p) => [p.key, p.newCode] as const)));
  const out: TransitionWorksheetRow[] = [];
  const blank = {
    oldCode: '',
    oldName: '',
    oldAmount: null,
    increase: null,
    decrease: null,
    voucherNo: '',
    basis: '',
    splitOf: null,
    splitOld: 0,
    partKey: '',
    defaultCode: '',
    noBalance: false,
  };
  for (const row of answer.rows) {
    const oldAmount = answerFen(row.oldAmount);
    const oldDirection = (row.oldCode === null ? undefined : options.oldDirection(row.oldCode)) ?? 1;
    const part = (p: CodeJoinResponse['rows'][number]['parts'][number]) => ({
      newCode: p.newCode,
      newName: p.newName,
      amount: answerFen(p.amount),
      basis: p.basis,
      partKey: p.key,
      defaultCode: defaults.get(p.key) ?? p.newCode,
      newDirection: options.newDirection(p.newCode) ?? oldDirection,
      noBalance: row.noBalance,
    });
    const old = { no: row.no, oldCode: row.oldCode ?? '', oldName: row.oldName, oldAmount };
    const [only] = row.parts;
    if (row.parts.length === 1 && only) {
      out.push({ ...blank, ...old, ...part(only), rowId: `p:${only.key}`, line: 'single' });
      continue;
    }
    out.push({
      ...blank,
      ...old,
      rowId: `o:${row.no}:${row.oldCode ?? ''}`,
      line: 'old',
      newCode: '',
      newName: '',
      amount: null,
      newDirection: oldDirection,
      noBalance: row.noBalance,
    });
    for (const p of row.parts) {
      out.push({
        ...blank,
        ...part(p),
        rowId: `p:${p.key}`,
        no: row.no,
        line: p.remainder ? 'remainder' : 'split',
        splitOf: p.remainder ? null : row.no,
        splitOld: p.remainder ? oldAmount : 0,
      });
    }
  }
  for (const a of answer.adjustments) {
    const increase = answerFen(a.increase);
    const decrease = answerFen(a.decrease);
    out.push({
      ...blank,
      rowId: `a:${a.voucherId}:${a.lineNo}`,
      line: 'adjustment',
      no: '调整',
      oldName: a.summary,
      increase,
      decrease,
      voucherNo: a.voucherNo,
      newCode: a.subjectCode,
      newName: a.auxiKey === '' ? a.subjectName : `${a.subjectName}（${a.auxiKey}）`,
      amount: increase - decrease,
      newDirection: options.newDirection(a.subjectCode) ?? 1,
    });
  }
  return out;
}

/** The save request: every keyed part's amount, and each part whose target was changed to a detail. */
export function saveSplitsBody(rows: readonly TransitionWorksheetRow[]): { key: string; amount: string; newCode?: string }[] {
  return rows
    .filter((r) => isPart(r) && !r.noBalance && (r.line === 'split' || r.newCode !== r.defaultCode))
    .map((r) => ({
      key: r.partKey,
      amount: fenToYuanString(r.line === 'split' ? (r.amount ?? 0) : 0),
      ...(r.newCode !== r.defaultCode && r.newCode !== '' ? { newCode: r.newCode } : {}),
    }));
}

export interface WorksheetCheck {
  id: 'transferred' | 'split' | 'adjusted' | 'balanced';
  ok: boolean;
  text: string;
}

/** The worksheet's checks from the engine's totals (fen), as shown under the grid. */
export function worksheetChecks(totals: Readonly<Record<string, number>>): WorksheetCheck[] {
  const t = (id: string) => totals[id] ?? 0;
  const money = (fen: number) => formatFen(fen, { thousands: true });
  const untransferred = t('untransferred');
  const smallest = t('smallestRemainder');
  const gap = t('adjustGap');
  const difference = t('newDifference');
  return [
    {
      id: 'transferred',
      ok: untransferred === 0,
      text:
        untransferred === 0
          ? `原科目余额已全部转入新科目（${money(t('transferred'))}）`
          : `原科目余额与转入新科目的金额相差${money(untransferred)}`,
    },
    {
      id: 'split',
      ok: smallest >= 0,
      text: smallest >= 0 ? '拆分金额均未超过原科目余额' : `拆分金额超过原科目余额${money(-smallest)}`,
    },
    {
      id: 'adjusted',
      ok: gap === 0,
      text: `原余额${money(t('oldTotal'))} + 调增${money(t('increaseTotal'))} − 调减${money(t('decreaseTotal'))} ${
        gap === 0 ? '=' : '≠'
      } 新制度金额${money(t('newTotal'))}`,
    },
    {
      id: 'balanced',
      ok: difference === 0,
      text: `新制度借方合计${money(t('newDebit'))}${difference === 0 ? ' = ' : ' ≠ '}贷方合计${money(t('newCredit'))}${
        difference === 0 ? '' : `，差额${money(difference)}`
      }`,
    },
  ];
}
