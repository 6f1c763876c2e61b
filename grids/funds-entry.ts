/**
 * The funds-entry grid (经费录入, /funds-management/funds-entry): one row per receipt of a lower
 * unit's union funds in the voucher period: the paying unit (typed or pasted as its code or its
 * name), fundsAmount, the payment date (auxiliaryDateTime), the counterpart subject (bankCode)
 * and a summary; then the shares of the amount by the unit's ratios in force in the period, the
 * collection fee and what the bank receives, as HyperFormula formulas of the row; a totals row.
 *
 * What must stay true:
 * - The share formulas are the shared split (src/shared/funds/split.ts) written as formulas: each
 *   share is amount × its ratio ÷ the sum of the ratios, half-up to the fen; the last share with a
 *   ratio takes the remainder; the fee is amount × fee ratio, half-up; the bank gets the amount
 *   less the fee. funds-entry.test.ts checks the engine against splitReceipt for any amount and
 *   ratios. The server never trusts them: it splits again when it makes the voucher.
 * - The rules (fundsEntryIssues) run in the page as the user types and on the server before it
 *   writes, with the spec's messages; a row left blank is not a receipt.
 * - Pasted columns follow the field order: unit, amount, date (a tax office's list or a bank
 *   statement), then the counterpart subject and the summary.
 */
import type { ValidationIssue } from '../src/shared/envelope.js';
import { FundsEntryMessages } from '../src/shared/funds/entry-messages.js';
import { SHARE_KINDS, SHARE_LABELS, WHOLE_PPM, type RatioSet, type ShareKind } from '../src/shared/funds/ratios.js';
import {
  MONEY_CAP_FEN,
  type DerivedDef,
  type FieldDef,
  type GridDefinition,
  type GridRow,
  type TotalDef,
} from '../src/shared/grid/definition.js';

export type ShareField = `${ShareKind}Amount`;

export interface FundsEntryRow extends GridRow {
  readonly rowId: string;
  /** The saved receipt's id; null for a row not saved yet. */
  id: string | null;
  /** The voucher made from the receipt (its row is then read-only), and its 记-3. */
  voucherId: string | null;
  voucherText: string | null;
  /** The paying unit's code (its JFDW item). */
  unitCode: string | null;
  /** Fen. */
  fundsAmount: number | null;
  /** yyyy-MM-dd. */
  auxiliaryDateTime: string | null;
  bankCode: string | null;
  summary: string | null;
  retainedAmount: number | null;
  superiorOneAmount: number | null;
  superiorTwoAmount: number | null;
  lowerAmount: number | null;
  preparatoryAmount: number | null;
  smallBusinessAmount: number | null;
  collectionFeeAmount: number | null;
  netAmount: number | null;
}

export { FundsEntryMessages };

/** A unit as the grid knows it: its code and name, and its ratios in force in the period (null: none). */
export interface FundsEntryUnit {
  readonly code: string;
  readonly name: string;
  readonly ratios: RatioSet | null;
}

/** What the rules look up: the period, the units, the set's chart. */
export interface FundsEntryContext {
  readonly year: number;
  readonly month: number;
  readonly units: readonly FundsEntryUnit[];
  /** A subject of the chart of the year: whether it is a last-level, enabled subject; undefined when unknown. */
  readonly subject: (code: string) => { readonly lastLevel: boolean; readonly enable: boolean } | undefined;
}

export const SHARE_FIELD: Record<ShareKind, ShareField> = {
  retained: 'retainedAmount',
  superiorOne: 'superiorOneAmount',
  superiorTwo: 'superiorTwoAmount',
  lower: 'lowerAmount',
  preparatory: 'preparatoryAmount',
  smallBusiness: 'smallBusinessAmount',
};

/** What the user types into a row (the counterpart subject is carried into new rows, so it does not count). */
const TYPED_FIELDS = ['unitCode', 'fundsAmount', 'auxiliaryDateTime', 'summary'] as const;

const hasText = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/** A row holding nothing the user typed: padding, not a receipt. */
export function isBlankReceipt(row: FundsEntryRow): boolean {
  return TYPED_FIELDS.every((f) => {
    const v = row[f];
    return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
  });
}

const notGenerated = (row: FundsEntryRow): boolean => !row.voucherId;

/** The units by code, kept per units list (a rule or a formula asks for every row). */
const unitIndexes = new WeakMap<readonly FundsEntryUnit[], Map<string, FundsEntryUnit>>();

function unitOf(ctx: FundsEntryContext, code: string | null): FundsEntryUnit | undefined {
  if (code === null) return undefined;
  let index = unitIndexes.get(ctx.units);
  if (!index) {
    index = new Map(ctx.units.map((u) => [u.code, u]));
    unitIndexes.set(ctx.units, index);
  }
  return index.get(code);
}

const unitOptions = new WeakMap<readonly FundsEntryUnit[], readonly { value: string; label: string }[]>();

/** The unit column's choices: value the code, label the name (a pasted code or name finds the unit). */
function optionsOf(units: readonly FundsEntryUnit[]): readonly { value: string; label: string }[] {
  let options = unitOptions.get(units);
  if (!options) {
    options = units.map((u) => ({ value: u.code, label: u.name }));
    unitOptions.set(units, options);
  }
  return options;
}

// ---- the split as formulas (constants: the row's unit's ratios in ppm)

const ratioName = (k: ShareKind) => `${k}Ppm`;
const restName = (k: ShareKind) => `${k}RestPpm`;

/** The ratios of the row's unit as the formulas' constants (ppm; the sum of the shares; what comes after each share). */
export function ratioConstants(ratios: RatioSet | null): Record<string, number> {
  const out: Record<string, number> = { sharesPpm: 0, feePpm: ratios?.collectionFeePpm ?? 0 };
  let rest = SHARE_KINDS.reduce((sum, k) => sum + (ratios?.sharesPpm[k] ?? 0), 0);
  out['sharesPpm'] = rest;
  for (const k of SHARE_KINDS) {
    const ppm = ratios?.sharesPpm[k] ?? 0;
    rest -= ppm;
    out[ratioName(k)] = ppm;
    out[restName(k)] = rest;
  }
  return out;
}

function shareExpression(index: number): string {
  const k = SHARE_KINDS[index] as ShareKind;
  const before = SHARE_KINDS.slice(0, index)
    .map((b) => ` - ${SHARE_FIELD[b]}`)
    .join('');
  return `IF(${ratioName(k)}=0, 0, IF(${restName(k)}=0, fundsAmount${before}, ROUND_HALF_UP(fundsAmount*${ratioName(k)}/sharesPpm, 0)))`;
}

/**
 * The split as Excel formulas of the exported row (yuan cells), so an auditor recomputes every
 * share from the amount and the unit's ratios: amount in fen (ROUND(amount*100,0), exact) × ratio
 * ÷ the shares' ratio, rounded half away from zero (Excel's ROUND, our half-up) back to yuan; the
 * last share with a ratio is the amount less the others; the fee likewise; the bank the amount
 * less the fee. Integer arithmetic until the last division, so a half lands on .5 exactly.
 */
export function exportFormulas(
  constants: Readonly<Record<string, number>>,
  cell: (field: string) => string | null,
): Record<string, string> {
  const amount = cell('fundsAmount');
  const out: Record<string, string> = {};
  if (!amount || !constants['sharesPpm']) return out;
  const fenOf = `ROUND(${amount}*100,0)`;
  const before: string[] = [];
  for (const k of SHARE_KINDS) {
    const ppm = constants[ratioName(k)] ?? 0;
    const at = cell(SHARE_FIELD[k]);
    if (ppm === 0 || !at) continue;
    out[SHARE_FIELD[k]] =
      (constants[restName(k)] ?? 0) === 0
        ? `ROUND(${[amount, ...before].join('-')},2)`
        : `ROUND(${fenOf}*${ppm}/${constants['sharesPpm']},0)/100`;
    before.push(at);
  }
  const fee = cell('collectionFeeAmount');
  const feePpm = constants['feePpm'] ?? 0;
  if (fee && feePpm > 0) out['collectionFeeAmount'] = `ROUND(${fenOf}*${feePpm}/${WHOLE_PPM},0)/100`;
  if (cell('netAmount')) out['netAmount'] = fee && feePpm > 0 ? `ROUND(${amount}-${fee},2)` : amount;
  return out;
}

const money = (id: Extract<keyof FundsEntryRow, string>, header: string, width = 120): FieldDef<FundsEntryRow> => ({
  id,
  header,
  kind: 'money',
  editable: false,
  blankZero: true,
  width,
});

export interface FundsEntryGridOptions {
  /** The period, units and chart the rules and formulas read; read on every check. */
  context?: () => FundsEntryContext;
}

const SAMPLE_CONTEXT: FundsEntryContext = {
  year: 2026,
  month: 1,
  units: [{ code: '001', name: '示例单位', ratios: null }],
  subject: () => undefined,
};

/** The rules of the rows (the page as the user types, the server before it writes). */
export function fundsEntryIssues(rows: readonly FundsEntryRow[], ctx: FundsEntryContext): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const add = (row: FundsEntryRow, fieldId: string, message: string) => issues.push({ message, rowId: row.rowId, fieldId });
  for (const row of rows) {
    if (isBlankReceipt(row)) continue;
    if (!hasText(row.unitCode)) add(row, 'unitCode', FundsEntryMessages.unitRequired);
    else if (!unitOf(ctx, row.unitCode)) add(row, 'unitCode', FundsEntryMessages.unitUnknown);
    if (row.fundsAmount === null || row.fundsAmount === undefined) add(row, 'fundsAmount', FundsEntryMessages.amountRequired);
    else if (row.fundsAmount === 0) add(row, 'fundsAmount', FundsEntryMessages.amountZero);
    if (!hasText(row.auxiliaryDateTime)) add(row, 'auxiliaryDateTime', FundsEntryMessages.dateRequired);
    else if (row.auxiliaryDateTime >= `${ctx.year + 1}-01-01`)
      add(row, 'auxiliaryDateTime', FundsEntryMessages.dateTooLate(ctx.year));
    if (!hasText(row.bankCode)) add(row, 'bankCode', FundsEntryMessages.bankRequired);
    else {
      const subject = ctx.subject(row.bankCode);
      if (!subject) add(row, 'bankCode', FundsEntryMessages.bankUnknown);
      else if (!subject.lastLevel) add(row, 'bankCode', FundsEntryMessages.bankNotLast);
      else if (!subject.enable) add(row, 'bankCode', FundsEntryMessages.bankDisabled);
    }
  }
  return issues;
}

/** The funds-entry grid; the page makes one per period with its units and chart as the context. */
export function createFundsEntryGrid(options: FundsEntryGridOptions = {}): GridDefinition<FundsEntryRow> {
  const context = options.context ?? (() => SAMPLE_CONTEXT);
  const configured = (row: FundsEntryRow) => !!unitOf(context(), row.unitCode)?.ratios;
  const fields: FieldDef<FundsEntryRow>[] = [
    {
      id: 'unitCode',
      header: '缴款单位',
      kind: 'select',
      width: 200,
      pinned: true,
      editable: notGenerated,
      get options() {
        return optionsOf(context().units);
      },
    },
    { id: 'fundsAmount', header: '下级上缴经费', kind: 'money', capFen: MONEY_CAP_FEN, width: 140, editable: notGenerated },
    { id: 'auxiliaryDateTime', header: '缴款日期', kind: 'date', width: 110, editable: notGenerated },
    { id: 'bankCode', header: '对方科目', kind: 'subject', width: 110, editable: notGenerated },
    { id: 'summary', header: '摘要', kind: 'text', width: 160, editable: notGenerated },
    { id: 'voucherText', header: '凭证字号', kind: 'text', editable: false, width: 80 },
    ...SHARE_KINDS.map((k) => money(SHARE_FIELD[k], SHARE_LABELS[k])),
    money('collectionFeeAmount', SHARE_LABELS.collectionFee),
    money('netAmount', '银行实收', 130),
  ];
  const derived: DerivedDef<FundsEntryRow>[] = [
    ...SHARE_KINDS.map((k, i) => ({ field: SHARE_FIELD[k], expression: shareExpression(i), when: configured })),
    {
      field: 'collectionFeeAmount',
      expression: `ROUND_HALF_UP(fundsAmount*feePpm/${WHOLE_PPM}, 0)`,
      when: configured,
    },
    { field: 'netAmount', expression: 'fundsAmount - collectionFeeAmount', when: configured },
  ];
  const totalOf = (field: Extract<keyof FundsEntryRow, string>): TotalDef<FundsEntryRow> => ({
    id: `${field}Total`,
    label: '合计',
    expression: `SUM(${field})`,
    showUnder: field,
  });
  const definition = {
    id: 'funds-entry',
    title: '经费录入',
    fields,
    derived,
    rowConstants: (row: FundsEntryRow) => ratioConstants(unitOf(context(), row.unitCode)?.ratios ?? null),
    totals: [
      totalOf('fundsAmount'),
      ...SHARE_KINDS.map((k) => totalOf(SHARE_FIELD[k])),
      totalOf('collectionFeeAmount'),
      totalOf('netAmount'),
    ],
    gridValidators: [(rows: readonly FundsEntryRow[]) => fundsEntryIssues(rows, context())],
    commands: [
      'copyPreviousRow',
      'copy',
      'paste',
      'insertRowBefore',
      'insertRowAfter',
      'deleteRow',
      'undo',
      'redo',
      'clearCell',
      'editCell',
      'cancelEdit',
      'save',
      'showHelp',
      'exportExcel',
    ],
    allowAddRows: true,
    allowDeleteRows: true,
    minRows: 12,
    export: {
      sheetName: '经费录入',
      title: '经费录入',
      totalsAsFormulas: true,
      totalsInOneRow: true,
      rowFormulas: (row, cell) => {
        const r = row as FundsEntryRow;
        return r.fundsAmount === null || !configured(r)
          ? {}
          : exportFormulas(ratioConstants(unitOf(context(), r.unitCode)?.ratios ?? null), cell);
      },
    },
  } satisfies GridDefinition<FundsEntryRow>;
  return Object.freeze(definition);
}

/** The definition as the conformance test walks it (one sample unit without ratios). */
export const fundsEntryGrid = createFundsEntryGrid();

export function blankFundsEntryRow(rowId: string, bankCode: string | null = null): FundsEntryRow {
  return {
    rowId,
    id: null,
    voucherId: null,
    voucherText: null,
    unitCode: null,
    fundsAmount: null,
    auxiliaryDateTime: null,
    bankCode,
    summary: null,
    retainedAmount: null,
    superiorOneAmount: null,
    superiorTwoAmount: null,
    lowerAmount: null,
    preparatoryAmount: null,
    smallBusinessAmount: null,
    collectionFeeAmount: null,
    netAmount: null,
  };
}
