/**
 * The editor's state apart from React and AG Grid: the rows, the cells whose text failed to
 * parse (drafts), the validation issues, the undo history and the formula engine. The component
 * only turns keys and clicks into calls on this model and pushes what changed to the grid.
 *
 * What must stay true: a draft cell holds null as its value (the engine and the totals never see
 * text that did not parse), every value change reaches the engine, and canSave is false while a
 * draft or an issue exists.
 */
import type { ValidationIssue } from '../../shared/envelope.js';
import type { FieldDef, GridDefinition, GridRow } from '../../shared/grid/definition.js';
import { kindOf } from '../../shared/grid/kinds.js';
import {
  effectiveChanges,
  emptyHistory,
  invertChanges,
  record,
  redo,
  undo,
  type CellChange,
  type History,
} from '../../shared/grid/undo.js';
import { isEditable, validateRow } from '../../shared/grid/validate.js';

/** Above this many cells an edit (a paste) reloads the engine once instead of cell by cell. */
const BULK_CELLS = 64;

/** What the editor needs of the formula engine (formulas/engine.ts). */
export interface GridEngineLike {
  setCell(rowId: string, fieldId: string, value: unknown): unknown;
  setRows(rows: readonly GridRow[]): void;
  totals(): Record<string, number>;
  derivedValue(rowId: string, fieldId: string): number | null;
  isDerived(rowId: string, fieldId: string): boolean;
  destroy(): void;
}

export interface Draft {
  readonly text: string;
  readonly message: string;
}

/** A cell as undo sees it: its value, or the text that did not parse. */
export interface CellState {
  readonly value: unknown;
  readonly draft: Draft | null;
}

interface RowsSnapshot<R> {
  readonly rows: readonly R[];
  readonly drafts: ReadonlyMap<string, Draft>;
}

export type ModelEntry<R> =
  | { readonly kind: 'cells'; readonly changes: readonly CellChange<CellState>[] }
  | { readonly kind: 'rows'; readonly before: RowsSnapshot<R>; readonly after: RowsSnapshot<R> };

/** What an action changed, so the view refreshes just that. */
export type ModelUpdate =
  | { readonly kind: 'cells'; readonly rowIds: readonly string[]; readonly focus: { rowId: string; fieldId: string } | null }
  | { readonly kind: 'rows'; readonly focus: { rowId: string; fieldId: string } | null }
  | { readonly kind: 'none' };

export interface ErrorItem {
  readonly rowId: string | null;
  readonly fieldId: string | null;
  readonly message: string;
}

export const cellKey = (rowId: string, fieldId: string) => `${rowId}\u0000${fieldId}`;
const rowOfKey = (key: string) => key.slice(0, key.indexOf('\u0000'));

const sameState = (a: CellState, b: CellState) =>
  Object.is(a.value, b.value) && (a.draft?.text ?? null) === (b.draft?.text ?? null);

/**
 * Money and integer text as spreadsheets display it: '¥1,234.50' or '(12.00)'. Only what the
 * kind would refuse for a cosmetic reason is normalised; anything else goes to the parser as is.
 */
export function normaliseInput(field: Pick<FieldDef, 'kind'>, text: string): string {
  const trimmed = text.trim();
  if (field.kind !== 'money') return trimmed;
  const bracketed = /^\((.*)\)$/.exec(trimmed);
  const plain = (bracketed ? `-${bracketed[1] ?? ''}` : trimmed).replace(/^([-]?)[¥￥]/, '$1');
  return plain;
}

export class GridModel<R extends GridRow = GridRow> {
  rows: R[];
  private index = new Map<string, number>();
  readonly drafts = new Map<string, Draft>();
  /** Issues of each row (cells and row validators), and the first message of each cell. */
  private readonly rowIssues = new Map<string, ValidationIssue[]>();
  private readonly cellIssues = new Map<string, string>();
  private issueCount = 0;
  /** Grid validators' issues and the server's (4003), with their cells. */
  private gridIssues: ValidationIssue[] = [];
  private externalIssues: ValidationIssue[] = [];
  private readonly gridCellIssues = new Map<string, string>();
  private readonly rowsOfChangedGridIssues = new Set<string>();
  history: History<ModelEntry<R>> = emptyHistory();
  engine: GridEngineLike | null = null;
  readonly fieldsById: ReadonlyMap<string, FieldDef<R>>;
  private readonly derivedFields: ReadonlySet<string>;

  /** Whether every row has been validated (a large grid is validated after its first paint). */
  private validated = false;

  constructor(
    readonly def: GridDefinition<R>,
    rows: readonly R[],
    public readOnly = false,
    validateNow = true,
  ) {
    this.rows = rows.slice();
    this.fieldsById = new Map(def.fields.map((f) => [f.id, f]));
    this.derivedFields = new Set((def.derived ?? []).map((d) => d.field));
    this.reindex();
    if (validateNow) this.revalidate();
  }

  /** Every row has been validated (a large grid's are after its first paint). */
  get isValidated(): boolean {
    return this.validated;
  }

  /** Validates every row once, if that has not happened yet. */
  ensureValidated(): void {
    if (!this.validated) this.revalidate();
  }

  private reindex(): void {
    this.index = new Map(this.rows.map((r, i) => [r.rowId, i]));
    this.parentKeys = null;
    this.depths = null;
  }

  /** Replaces everything (new rows from the server): drafts and history go. */
  reset(rows: readonly R[]): void {
    this.rows = rows.slice();
    this.drafts.clear();
    this.history = emptyHistory();
    this.reindex();
    this.engine?.setRows(this.rows);
    this.revalidate();
  }

  setReadOnly(readOnly: boolean): void {
    this.readOnly = readOnly;
  }

  attachEngine(engine: GridEngineLike | null): void {
    this.engine = engine;
  }

  indexOf(rowId: string): number {
    return this.index.get(rowId) ?? -1;
  }

  row(rowId: string): R | undefined {
    const i = this.index.get(rowId);
    return i === undefined ? undefined : this.rows[i];
  }

  field(fieldId: string): FieldDef<R> | undefined {
    return this.fieldsById.get(fieldId);
  }

  /**
   * Whether the cell's value comes from a derived formula: the engine knows. Before it is
   * attached, the same rule as formulas/tree-index: a derived field of a row that has children
   * (rows whose parent key is its key; TreeDef.isLeaf rows never have any), narrowed by `when`.
   */
  isDerived(row: R, fieldId: string): boolean {
    // Asked for every cell drawn (editable, read-only mark): most fields have no rule.
    if (!this.derivedFields.has(fieldId)) return false;
    const rules = (this.def.derived ?? []).filter((d) => d.field === fieldId);
    if (this.engine) {
      try {
        return this.engine.isDerived(row.rowId, fieldId);
      } catch {
        return false;
      }
    }
    if (!this.hasChildren(row)) return false;
    return rules.some((d) => (d.when ? d.when(row) : true));
  }

  private parentKeys: Set<unknown> | null = null;
  private depths: Map<string, number> | null = null;

  /** Depth of a row in the definition's tree (0 for a root, or without a tree). */
  depth(row: R): number {
    const tree = this.def.tree;
    if (!tree) return 0;
    if (!this.depths) {
      const byKey = new Map<unknown, R>();
      for (const r of this.rows) if (!tree.isLeaf?.(r)) byKey.set(r[tree.key], r);
      const depths = new Map<string, number>();
      const of = (r: R, guard: number): number => {
        const known = depths.get(r.rowId);
        if (known !== undefined) return known;
        const parent = byKey.get(r[tree.parentKey]);
        const d = parent && parent !== r && guard < 32 ? of(parent, guard + 1) + 1 : 0;
        depths.set(r.rowId, d);
        return d;
      };
      for (const r of this.rows) of(r, 0);
      this.depths = depths;
    }
    return this.depths.get(row.rowId) ?? 0;
  }

  private hasChildren(row: R): boolean {
    const tree = this.def.tree;
    if (!tree) return true;
    if (tree.isLeaf?.(row)) return false;
    this.parentKeys ??= new Set(this.rows.map((r) => r[tree.parentKey]).filter((k) => k !== null && k !== undefined));
    return this.parentKeys.has(row[tree.key]);
  }

  editable(row: R, field: FieldDef<R>): boolean {
    return !this.readOnly && isEditable(field, row) && !this.isDerived(row, field.id);
  }

  /** The value to show: a derived cell's from the engine, else the row's. */
  value(row: R, fieldId: string): unknown {
    if (this.engine && this.isDerived(row, fieldId)) return this.engine.derivedValue(row.rowId, fieldId);
    return row[fieldId];
  }

  cell(rowId: string, fieldId: string): CellState {
    const row = this.row(rowId);
    return { value: row ? (row[fieldId] ?? null) : null, draft: this.drafts.get(cellKey(rowId, fieldId)) ?? null };
  }

  /** Text of a cell as the editor opens it: the draft, or the value without grouping. */
  editText(row: R, field: FieldDef<R>): string {
    const draft = this.drafts.get(cellKey(row.rowId, field.id));
    if (draft) return draft.text;
    const value = this.value(row, field.id);
    const text = kindOf(field.kind).format(value, field);
    return field.kind === 'money' ? text.replace(/,/g, '') : text;
  }

  /** Display and clipboard text of a cell. */
  displayText(row: R, field: FieldDef<R>): string {
    const draft = this.drafts.get(cellKey(row.rowId, field.id));
    if (draft) return draft.text;
    return kindOf(field.kind).format(this.value(row, field.id), field);
  }

  /** A user's text for a cell: its value, or a draft with the kind's message. */
  parse(field: FieldDef<R>, text: string): CellState {
    const result = kindOf(field.kind).parse(normaliseInput(field, text), field);
    return result.ok
      ? { value: result.value, draft: null }
      : { value: null, draft: { text: text.trim(), message: result.message } };
  }

  /** Sets cells (skipping rows that are gone), records one undo entry, revalidates. */
  setCells(changes: readonly { rowId: string; fieldId: string; next: CellState }[], recordUndo = true): ModelUpdate {
    const batch = effectiveChanges(
      changes
        .filter((c) => this.index.has(c.rowId))
        .map((c) => ({ rowId: c.rowId, fieldId: c.fieldId, before: this.cell(c.rowId, c.fieldId), after: c.next })),
      sameState,
    );
    if (batch.length === 0) return { kind: 'none' };
    this.applyCells(batch);
    if (recordUndo) this.history = record(this.history, { kind: 'cells', changes: batch });
    const first = batch[0];
    return {
      kind: 'cells',
      rowIds: [...new Set(batch.map((c) => c.rowId))],
      focus: first ? { rowId: first.rowId, fieldId: first.fieldId } : null,
    };
  }

  private applyCells(changes: readonly CellChange<CellState>[]): void {
    const touched = new Set<string>();
    // A large block (a pasted list) reaches the engine as one load: cell by cell, every change
    // that alters a row's formulas (a unit whose ratios its shares read) would rebuild it.
    const bulk = changes.length > BULK_CELLS;
    let changedValues = false;
    for (const change of changes) {
      const i = this.index.get(change.rowId);
      const row = i === undefined ? undefined : this.rows[i];
      if (i === undefined || !row) continue;
      const key = cellKey(change.rowId, change.fieldId);
      if (change.after.draft) this.drafts.set(key, change.after.draft);
      else this.drafts.delete(key);
      if (!Object.is(row[change.fieldId] ?? null, change.after.value)) {
        this.rows[i] = { ...row, [change.fieldId]: change.after.value };
        if (bulk) changedValues = true;
        else this.engine?.setCell(change.rowId, change.fieldId, change.after.value);
      }
      touched.add(change.rowId);
    }
    if (changedValues) this.engine?.setRows(this.rows);
    this.externalIssues = [];
    this.revalidateRows(touched);
  }

  private snapshot(): RowsSnapshot<R> {
    return { rows: this.rows.slice(), drafts: new Map(this.drafts) };
  }

  private restore(snapshot: RowsSnapshot<R>): void {
    this.rows = snapshot.rows.slice();
    this.drafts.clear();
    for (const [k, v] of snapshot.drafts) this.drafts.set(k, v);
    this.reindex();
    this.engine?.setRows(this.rows);
    this.revalidate();
  }

  /** Replaces the row list (row operations, a paste that adds rows) as one undoable action. */
  replaceRows(rows: readonly R[], focus: { rowId: string; fieldId: string } | null = null): ModelUpdate {
    const before = this.snapshot();
    const keep = new Set(rows.map((r) => r.rowId));
    this.rows = rows.slice();
    for (const key of [...this.drafts.keys()]) if (!keep.has(key.split('\u0000')[0] ?? '')) this.drafts.delete(key);
    this.reindex();
    this.engine?.setRows(this.rows);
    this.externalIssues = [];
    this.revalidate();
    this.history = record(this.history, { kind: 'rows', before, after: this.snapshot() });
    return { kind: 'rows', focus };
  }

  /** Several changes (rows added, then cells set) recorded as one undoable action. */
  transact(change: () => void): ModelUpdate {
    const before = this.snapshot();
    const history = this.history;
    change();
    this.history = record(history, { kind: 'rows', before, after: this.snapshot() });
    return { kind: 'rows', focus: null };
  }

  undo(): ModelUpdate {
    const step = undo(this.history);
    if (!step) return { kind: 'none' };
    this.history = step.history;
    return this.replay(step.entry, 'undo');
  }

  redo(): ModelUpdate {
    const step = redo(this.history);
    if (!step) return { kind: 'none' };
    this.history = step.history;
    return this.replay(step.entry, 'redo');
  }

  private replay(entry: ModelEntry<R>, direction: 'undo' | 'redo'): ModelUpdate {
    if (entry.kind === 'rows') {
      this.restore(direction === 'undo' ? entry.before : entry.after);
      return { kind: 'rows', focus: null };
    }
    const changes = direction === 'undo' ? invertChanges(entry.changes) : entry.changes;
    this.applyCells(changes);
    const last = changes[changes.length - 1];
    return {
      kind: 'cells',
      rowIds: [...new Set(changes.map((c) => c.rowId))],
      focus: last ? { rowId: last.rowId, fieldId: last.fieldId } : null,
    };
  }

  get canUndo(): boolean {
    return this.history.past.length > 0;
  }

  get canRedo(): boolean {
    return this.history.future.length > 0;
  }

  /** Recomputes every row's issues (a reset or a row operation). */
  revalidate(): void {
    this.validated = true;
    this.rowIssues.clear();
    this.cellIssues.clear();
    this.issueCount = 0;
    for (const row of this.rows) this.validateOne(row);
    this.validateGridLevel();
  }

  /** Recomputes the issues of the rows an edit touched (and the grid-level ones). */
  private revalidateRows(rowIds: Iterable<string>): void {
    for (const rowId of rowIds) {
      const previous = this.rowIssues.get(rowId);
      if (previous) {
        this.issueCount -= previous.length;
        this.rowIssues.delete(rowId);
        for (const field of this.def.fields) this.cellIssues.delete(cellKey(rowId, field.id));
      }
      const row = this.row(rowId);
      if (row) this.validateOne(row);
    }
    this.validateGridLevel();
  }

  private validateOne(row: R): void {
    const issues = validateRow(this.def, row).filter((i) => !(i.fieldId && this.drafts.has(cellKey(row.rowId, i.fieldId))));
    if (issues.length === 0) return;
    this.rowIssues.set(row.rowId, issues);
    this.issueCount += issues.length;
    for (const issue of issues) {
      const key = cellKey(String(issue.rowId ?? row.rowId), issue.fieldId ?? '');
      if (issue.fieldId && !this.cellIssues.has(key)) this.cellIssues.set(key, issue.message);
    }
  }

  private validateGridLevel(): void {
    const before = new Map(this.gridCellIssues);
    this.gridIssues = (this.def.gridValidators ?? []).flatMap((v) => v(this.rows));
    this.gridCellIssues.clear();
    for (const issue of [...this.gridIssues, ...this.externalIssues]) {
      if (issue.rowId === undefined || !issue.fieldId) continue;
      const key = cellKey(String(issue.rowId), issue.fieldId);
      if (!this.gridCellIssues.has(key)) this.gridCellIssues.set(key, issue.message);
    }
    for (const [key, message] of this.gridCellIssues)
      if (before.get(key) !== message) this.rowsOfChangedGridIssues.add(rowOfKey(key));
    for (const key of before.keys()) if (!this.gridCellIssues.has(key)) this.rowsOfChangedGridIssues.add(rowOfKey(key));
  }

  /** Rows whose grid-level marks changed since the last call (the only ones an edit must redraw besides its own). */
  takeRowsOfChangedGridIssues(): string[] {
    const rows = [...this.rowsOfChangedGridIssues];
    this.rowsOfChangedGridIssues.clear();
    return rows;
  }

  /** The message of a failing cell (its draft's, else its first issue's), or null. */
  cellError(rowId: string, fieldId: string): string | null {
    const key = cellKey(rowId, fieldId);
    return this.drafts.get(key)?.message ?? this.cellIssues.get(key) ?? this.gridCellIssues.get(key) ?? null;
  }

  /** Issues from the server (4003 data), shown until the next change. */
  setExternalIssues(issues: readonly ValidationIssue[]): void {
    this.externalIssues = issues.slice();
    this.validateGridLevel();
  }

  /** Every failing cell and row or grid issue, in row order. */
  errors(): ErrorItem[] {
    this.ensureValidated();
    const items: ErrorItem[] = [];
    for (const [key, draft] of this.drafts) {
      const [rowId = '', fieldId = ''] = key.split('\u0000');
      items.push({ rowId, fieldId, message: draft.message });
    }
    for (const issue of [...[...this.rowIssues.values()].flat(), ...this.gridIssues, ...this.externalIssues]) {
      items.push({
        rowId: issue.rowId === undefined ? null : String(issue.rowId),
        fieldId: issue.fieldId ?? null,
        message: issue.message,
      });
    }
    const order = (item: ErrorItem) => (item.rowId === null ? Number.MAX_SAFE_INTEGER : this.indexOf(item.rowId));
    return items.sort((a, b) => order(a) - order(b));
  }

  get canSave(): boolean {
    this.ensureValidated();
    return this.drafts.size === 0 && this.issueCount === 0 && this.gridIssues.length === 0 && this.externalIssues.length === 0;
  }

  totals(): Record<string, number> {
    return this.engine?.totals() ?? {};
  }
}
