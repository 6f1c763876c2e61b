/**
 * The declarative grid-definition format. A definition is data plus small pure functions: it
 * imports neither React nor AG Grid, so the server runs its validators before writing and tests
 * walk it. The editor (src/client/grid) renders any definition; formulas/ compiles its totals and
 * derived cells to HyperFormula; the export mapping drives the Excel workbook.
 *
 * Values in rows: money is integer fen, integer is a number, date is 'yyyy-MM-dd', direction is
 * 1 | 2, check is boolean, text/subject/select/auxiliary are strings (a subject cell holds the
 * subject code; an auxiliary cell holds its serialised choice). Empty is null.
 */
import type { ValidationIssue } from '../envelope.js';
import type { GridBehaviour } from './behaviours.js';

export const FIELD_KINDS = ['text', 'money', 'integer', 'date', 'subject', 'auxiliary', 'select', 'direction', 'check'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export type CellValue = string | number | boolean | null;

/** A grid row: field values by field id, plus the stable row id. */
export type GridRow = { readonly rowId: string } & Record<string, unknown>;

export type RowRule<R> = boolean | ((row: R) => boolean);

/** Spec amount caps, in fen: 999999999.99 (simple editor) and 99999999999.99 (others). */
export const MONEY_CAP_SIMPLE_FEN = 99_999_999_999;
export const MONEY_CAP_FEN = 9_999_999_999_999;

export interface FieldDef<R extends GridRow = GridRow> {
  /** Stable id: the API field name from the spec. */
  readonly id: Extract<keyof R, string>;
  readonly header: string;
  readonly kind: FieldKind;
  readonly required?: RowRule<R>;
  readonly editable?: RowRule<R>;
  /** Column width in pixels. */
  readonly width?: number;
  /** Id of a column group (debit/credit, opening/period/ending). */
  readonly group?: string;
  /** Kept visible at the left while scrolling sideways. */
  readonly pinned?: boolean;
  /** money: the largest absolute amount, in fen (defaults to MONEY_CAP_FEN). */
  readonly capFen?: number;
  /** money: a zero shows blank, on screen, in copies and in Excel (where it stays a number). */
  readonly blankZero?: boolean;
  /** select and direction: the allowed values with their labels. */
  readonly options?: readonly { readonly value: string | number; readonly label: string }[];
  /** Extra cell-level rule beyond the kind's parsing: a Chinese message or null. */
  readonly validate?: (value: unknown, row: R) => string | null;
  /** Export mapping for this column. */
  readonly export?: { readonly header?: string; readonly width?: number; readonly hidden?: boolean };
}

export interface ColumnGroupDef {
  readonly id: string;
  readonly header: string;
}

/**
 * A named formula over field ids, never A1 addresses, compiled by formulas/. Totals aggregate a
 * column over the rows the `rows` filter keeps (for example only first-level subjects, so that
 * parent and child amounts are not counted twice); expressions use HyperFormula function names
 * with field ids as column references, e.g. `SUM(initAmount)`.
 */
export interface TotalDef<R extends GridRow = GridRow> {
  readonly id: string;
  readonly label: string;
  readonly expression: string;
  /** Which rows the column references cover; all rows when absent. */
  readonly rows?: (row: R) => boolean;
  /** Field under which the total shows in the total row, if any. */
  readonly showUnder?: Extract<keyof R, string>;
}

/**
 * A derived (read-only) cell: `field` of every row for which `when` holds is computed, e.g. a
 * parent subject's opening balance as `SUM(CHILDREN(initAmount))` — the sum of that field over
 * the row's children (rows whose `parentKey` equals this row's `key`). In a tree grid only rows
 * that have children are derived (a leaf has nothing to sum); in a grid without a tree every
 * row is (a share of the row's amount); `when` narrows that further. A bare field id in the
 * expression is the same row's cell, or one of the row's constants (GridDefinition.rowConstants).
 * formulas/tree-index.ts answers which cells are derived; the editor treats them as read-only
 * whatever `editable` says.
 */
export interface DerivedDef<R extends GridRow = GridRow> {
  readonly field: Extract<keyof R, string>;
  readonly expression: string;
  readonly when?: (row: R) => boolean;
}

/** Tree structure of a grid whose rows have parents (subjects, auxiliary items). */
export interface TreeDef<R extends GridRow = GridRow> {
  readonly key: Extract<keyof R, string>;
  readonly parentKey: Extract<keyof R, string>;
  /**
   * Rows that never have children even if another row's parentKey equals their key (auxiliary
   * detail rows carry their subject's code as key and parentKey).
   */
  readonly isLeaf?: (row: R) => boolean;
}

export type RowValidator<R extends GridRow = GridRow> = (row: R) => ValidationIssue[];
export type GridValidator<R extends GridRow = GridRow> = (rows: readonly R[]) => ValidationIssue[];

/** Ids of the editor's commands (src/shared/grid/commands.ts declares keys, labels and menu). */
export type CommandId =
  | 'copyPreviousRow'
  | 'copy'
  | 'paste'
  | 'insertRowBefore'
  | 'insertRowAfter'
  | 'splitRow'
  | 'deleteRow'
  | 'undo'
  | 'redo'
  | 'clearCell'
  | 'editCell'
  | 'cancelEdit'
  | 'showHelp'
  | 'save'
  | 'exportExcel'
  | 'expandRow'
  | 'collapseRow'
  // Document editors (the voucher): the page carries these out, or a declared behaviour does.
  | 'saveAndNew'
  | 'newDocument'
  | 'previousDocument'
  | 'nextDocument'
  | 'pickSubject'
  | 'proposeRemittance'
  | 'copySummaryAbove'
  | 'copySummaryFirst'
  | 'balanceAmount'
  | 'swapDebitCredit'
  | 'nextLineCarrySummary';

export interface ExportDef {
  readonly sheetName: string;
  readonly title: string;
  /** Totals written as live Excel formulas (with cached values) rather than plain numbers. */
  readonly totalsAsFormulas: boolean;
  /**
   * All totals on one 合计 row, each under its column (a report whose totals each sit under a
   * different column); otherwise one labelled row per total.
   */
  readonly totalsInOneRow?: boolean;
  /**
   * Cells of a data row written as live Excel formulas (with the row's value cached), so an
   * auditor can recompute them: Excel text without '=' by field id, given the address of a field's
   * cell in the same row (money cells are yuan). A field it leaves out is written as its value.
   */
  rowFormulas?(this: void, row: GridRow, cell: (fieldId: string) => string | null): Readonly<Record<string, string>>;
}

export interface GridDefinition<R extends GridRow = GridRow> {
  readonly id: string;
  readonly title: string;
  readonly fields: readonly FieldDef<R>[];
  readonly groups?: readonly ColumnGroupDef[];
  readonly tree?: TreeDef<R>;
  readonly rowValidators?: readonly RowValidator<R>[];
  readonly gridValidators?: readonly GridValidator<R>[];
  /**
   * Grid-level checks shown to the user that do not block saving: the server asks for
   * confirmation instead (the opening-balance trial check, spec confirmPrompt). validateGrid does
   * not run them; gridWarnings does.
   */
  readonly warnings?: readonly GridValidator<R>[];
  readonly totals?: readonly TotalDef<R>[];
  readonly derived?: readonly DerivedDef<R>[];
  /** Commands this grid offers (menu, shortcuts and help panel come from this list). */
  readonly commands: readonly CommandId[];
  /** Whether Enter past the last row, insert and paste may create rows. */
  readonly allowAddRows: boolean;
  /** Whether rows may be deleted. */
  readonly allowDeleteRows: boolean;
  readonly export: ExportDef;
  /**
   * Keyboard conventions of a document grid (the voucher's `..`, `=`, Space...): each names a
   * command of the catalogue (its keys and label, so the help panel lists it) and carries out a
   * pure change of the rows. See behaviours.ts.
   */
  readonly behaviours?: readonly GridBehaviour<R>[];
  /** Row height in pixels (spec: 50 in vouchers); the editor's default otherwise. */
  readonly rowHeight?: number;
  /** The fewest rows the grid shows: blank rows pad it (spec: a voucher has at least 6). */
  readonly minRows?: number;
  /**
   * Numbers a row's derived formulas read that are not cells of the grid (the ratios of the row's
   * unit): compiled into the row's formulas as literals, so a change of them rebuilds the row's
   * formulas (a row's signature includes them). Names must not be field ids.
   */
  rowConstants?(this: void, row: R): Readonly<Record<string, number>>;
  /** Text of the total row's first cell (e.g. the amount in Chinese capitals); '合计' otherwise. */
  readonly totalLabel?: (totals: Readonly<Record<string, number>>) => string;
  /**
   * Rows set in bold on the page and in the export (a book's section headings and totals). A
   * method, so a definition of particular rows still serves where any grid is accepted.
   */
  strongRow?(this: void, row: R): boolean;
}

/** Spec: once a grid passes 50 rows it loads in 200-row pages. */
export const PAGING_THRESHOLD = 50;
export const PAGE_ROWS = 200;
