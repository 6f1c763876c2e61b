/**
 * The asset voucher dialog's entry table (资产凭证分录, spec doc 1 §2 line 41): one row per entry line of the voucher
 * the dialog makes from assets (summary, subject, direction, amount, auxiliary items), filled with the template's
 * default entries (src/server/assets/default-entries.ts) and editable before saving.
 *
 * What must stay true: the save check is the shared assetEntryProblem (src/shared/assets/vouchers-messages.ts), the
 * same function the server runs, in the spec's order (摘要不能为空, 金额不能为空, 科目不能为空, the totals against this
 * accrual's amount, 借贷金额不平). While typing, the grid marks only a subject that is not last level.
 */
import type { ValidationIssue } from '../src/shared/envelope.js';
import { assetEntryProblem, type AssetEntryCheckLine } from '../src/shared/assets/vouchers-messages.js';
import { MONEY_CAP_FEN, type FieldDef, type GridDefinition, type GridRow } from '../src/shared/grid/definition.js';

export interface AssetEntryRow extends GridRow {
  readonly rowId: string;
  summary: string | null;
  subjectCode: string | null;
  /** 1 借, 2 贷. */
  balanceDirection: 1 | 2 | null;
  /** Fen. */
  moneyAmount: number | null;
  /** The line's auxiliary items as one key (`TYPE:info|TYPE:info`), as the voucher grid keeps them. */
  auxis: string | null;
}

const FIELDS: readonly FieldDef<AssetEntryRow>[] = [
  { id: 'summary', header: '摘要', kind: 'text', width: 220 },
  { id: 'subjectCode', header: '会计科目', kind: 'subject', width: 280 },
  {
    id: 'balanceDirection',
    header: '方向',
    kind: 'direction',
    width: 70,
    options: [
      { value: 1, label: '借' },
      { value: 2, label: '贷' },
    ],
  },
  { id: 'moneyAmount', header: '金额', kind: 'money', capFen: MONEY_CAP_FEN, width: 150 },
  { id: 'auxis', header: '辅助核算', kind: 'auxiliary', editable: false, width: 160 },
];

/** A row with nothing typed: padding, not a line. */
export function isBlankEntry(row: AssetEntryRow): boolean {
  return !row.summary?.trim() && !row.subjectCode && (row.moneyAmount === null || row.moneyAmount === 0);
}

export function checkLinesOf(rows: readonly AssetEntryRow[]): AssetEntryCheckLine[] {
  return rows
    .filter((r) => !isBlankEntry(r))
    .map((r) => ({
      summary: r.summary,
      amountFen: r.moneyAmount,
      balanceDirection: r.balanceDirection,
      subjectCode: r.subjectCode,
    }));
}

/** The dialog's save check over the table (null: may save). */
export function assetEntriesProblem(
  head: { certificateType: number | null; maker: string | null },
  rows: readonly AssetEntryRow[],
  accrualFen: number | null,
): string | null {
  return assetEntryProblem(head, checkLinesOf(rows), accrualFen);
}

export interface AssetEntryGridOptions {
  /** Whether a code is an enabled last-level subject of the set's chart (undefined: unknown, not marked). */
  lastLevel?: (code: string) => boolean | undefined;
}

export function createAssetEntryGrid(options: AssetEntryGridOptions = {}): GridDefinition<AssetEntryRow> {
  const lastLevel = options.lastLevel ?? (() => undefined);
  const liveIssues = (rows: readonly AssetEntryRow[]): ValidationIssue[] =>
    rows.flatMap((row) =>
      row.subjectCode && lastLevel(row.subjectCode) === false
        ? [{ rowId: row.rowId, fieldId: 'subjectCode', message: '请选择末级科目' }]
        : [],
    );
  return Object.freeze({
    id: 'asset-voucher-entries',
    title: '资产凭证分录',
    fields: FIELDS,
    totals: [
      {
        id: 'debitTotal',
        label: '借方合计',
        expression: 'SUM(moneyAmount)',
        rows: (r) => r.balanceDirection === 1,
        showUnder: 'moneyAmount',
      },
      { id: 'creditTotal', label: '贷方合计', expression: 'SUM(moneyAmount)', rows: (r) => r.balanceDirection === 2 },
    ],
    gridValidators: [liveIssues],
    commands: [
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
      'pickSubject',
      'showHelp',
    ],
    allowAddRows: true,
    allowDeleteRows: true,
    minRows: 4,
    export: { sheetName: '资产凭证分录', title: '资产凭证分录', totalsAsFormulas: true },
  } satisfies GridDefinition<AssetEntryRow>);
}

export const assetVoucherEntriesGrid = createAssetEntryGrid();
