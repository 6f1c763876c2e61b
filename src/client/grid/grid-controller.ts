/**
 * Turns keys, clicks and clipboard events on the grid into model calls, and pushes what changed
 * back to AG Grid (transactions, the pinned total row, cell refreshes). One per mounted editor.
 * AG Grid Community leaves range selection, clipboard and the context menu to us: the range and
 * focus are here, copy/paste/clear in range-ops.ts, commands and keys in grid-actions.ts.
 */
import type { CellContextMenuEvent, CellEditRequestEvent, CellFocusedEvent, GridApi } from 'ag-grid-community';
import { availableCommands, type GridCommand } from '../../shared/grid/commands.js';
import type { CommandId, GridDefinition, GridRow } from '../../shared/grid/definition.js';
import { typedBehaviour } from '../../shared/grid/behaviours.js';
import { runBehaviour } from './behaviour-actions.js';
import { TOTAL_ROW_ID, totalRow } from './columns.js';
import type { ExportInfo } from './export-xlsx.js';
import { handleKeyDown, menuItems, newRow, runCommand } from './grid-actions.js';
import { KeyQueue } from './key-queue.js';
import type { MenuItem } from './GridContextMenu.js';
import type { ErrorItem, GridModel, ModelUpdate } from './grid-model.js';
import { initialLoaded, loadedAfterResize, loadedFor, nextLoaded } from './paging.js';
import { clearRange, copyText, paste } from './range-ops.js';
import { contains, extendTo, isSingle, rectOf, single, step, type CellPos, type CellRange, type Rect } from './range.js';
import { whollyShown, type ShownArea } from './shown-area.js';
import type { EditorContext } from './text-cell-editor.js';

export interface ControllerHooks {
  onChange?: (rows: GridRow[]) => void;
  onValidity?: (canSave: boolean, errors: ErrorItem[]) => void;
  onTotals?: (totals: Record<string, number>) => void;
  onSave?: () => void;
  createRow?: (rowId: string) => GridRow | undefined;
  exportInfo?: () => ExportInfo | undefined;
  /** Replaces the default export (the page exports more than the grid shows). */
  onExport?: () => boolean;
  showMenu: (at: { x: number; y: number } | null) => void;
  showHelp: (open: boolean) => void;
  setErrors: (errors: ErrorItem[]) => void;
  setRowCount: (count: number) => void;
  /** The row of the focused cell, as it changes. */
  onFocusedRow?: (rowId: string) => void;
  /** A tree grid whose page hides collapsed children: a row's state (null: no children). */
  treeState?: (row: GridRow) => 'expanded' | 'collapsed' | null;
  onToggleRow?: (rowId: string, expand: boolean) => void;
  /** Commands the page carries out (new, previous and next document, pickers...). */
  onCommand?: (id: CommandId, at: { rowId: string; fieldId: string } | null) => void;
}

export class GridController {
  api: GridApi<GridRow> | null = null;
  range: CellRange | null = null;
  loaded: number;
  private total: number;
  private shiftAnchor: CellPos | null = null;
  private keepRangeOnFocus = false;
  /** The focused cell the range was last set or confirmed for. */
  private rangeAt: CellPos | null = null;
  /** The cell focusCell is about to focus: its focus event keeps the range set with it. */
  private expectedFocus: CellPos | null = null;
  private columnIds: string[] | null = null;
  /** The body's part on screen when last read; null when a change may have moved it. */
  private shown: ShownArea | null = null;
  private lastErrorKey = '';
  readonly editorContext: EditorContext;

  hooks: ControllerHooks = {
    showMenu: () => undefined,
    showHelp: () => undefined,
    setErrors: () => undefined,
    setRowCount: () => undefined,
  };

  constructor(readonly model: GridModel) {
    this.loaded = initialLoaded(model.rows.length);
    this.total = model.rows.length;
    this.editorContext = { model, active: null, keys: new KeyQueue(() => this.editorOpening()) };
  }

  /** The component's callbacks (set once it is mounted). */
  connect(hooks: ControllerHooks): void {
    this.hooks = hooks;
    this.lastErrorKey = '\u0002';
    this.emitFirstErrors();
  }

  private get derivedColumns(): string[] {
    return [...new Set((this.def.derived ?? []).map((d) => d.field))];
  }

  get def(): GridDefinition {
    return this.model.def;
  }

  commands(): GridCommand[] {
    return availableCommands(this.def, this.model.readOnly);
  }

  rowData(): GridRow[] {
    return this.model.rows.slice(0, this.loaded);
  }

  /** The grid's api, as soon as the grid is made (and again at its gridReady, which changes nothing). */
  attach(api: GridApi<GridRow>): void {
    if (this.api === api) return;
    this.api = api;
    this.pushTotals();
    this.emitFirstErrors();
  }

  /**
   * The errors as the grid opens. A large grid is validated after its first paint (which then
   * reports them), so its first frame does not wait for every row's checks.
   */
  private emitFirstErrors(): void {
    if (this.model.isValidated) this.emitErrors();
  }

  /** The total row the grid is created with (the engine's figures when it has one). */
  initialTotalRows(): GridRow[] | undefined {
    const shown = (this.def.totals ?? []).some((t) => t.showUnder);
    return shown ? [totalRow(this.def, this.model.totals())] : undefined;
  }

  columns(): string[] {
    this.columnIds ??= this.api?.getAllDisplayedColumns().map((c) => c.getColId()) ?? this.def.fields.map((f) => f.id);
    return this.columnIds;
  }

  onColumnsChanged(): void {
    this.columnIds = null;
  }

  colIndex = (fieldId: string): number => this.columns().indexOf(fieldId);

  rect = (): Rect | null => (this.range && !isSingle(this.range) ? rectOf(this.range) : null);

  // ---- pushing model changes to the grid

  /** New rows from outside (a reload): everything is replaced. */
  reset(rows: readonly GridRow[]): void {
    this.model.reset(rows);
    this.loaded = initialLoaded(rows.length);
    this.total = rows.length;
    this.range = null;
    this.shown = null;
    this.api?.setGridOption('rowData', this.rowData());
    this.pushTotals();
    this.api?.refreshCells();
    this.emitErrors();
    this.hooks.setRowCount(rows.length);
  }

  sync(update: ModelUpdate): void {
    if (update.kind === 'none') return;
    const api = this.api;
    if (api) {
      if (update.kind === 'cells') {
        const rows: GridRow[] = [];
        for (const id of update.rowIds) {
          const i = this.model.indexOf(id);
          const row = this.model.rows[i];
          if (i >= 0 && i < this.loaded && row) rows.push(row);
        }
        if (rows.length > 0) api.applyTransaction({ update: rows });
      } else {
        // Fewer rows may pull the scroll position up.
        this.shown = null;
        this.loaded = loadedAfterResize(this.loaded, this.total, this.model.rows.length);
        api.setGridOption('rowData', this.rowData());
        this.hooks.setRowCount(this.model.rows.length);
      }
      this.total = this.model.rows.length;
      this.pushTotals();
      // Rows the transaction did not touch: derived cells (parents), and the rows whose grid-level
      // error marks changed (redrawing every rendered row costs most of an edit in a long voucher).
      // Touched rows were redrawn by the transaction.
      const marked = this.model.takeRowsOfChangedGridIssues();
      if (update.kind === 'cells') {
        if (this.derivedColumns.length > 0) api.refreshCells({ columns: this.derivedColumns });
        const rowNodes = marked.flatMap((id) => api.getRowNode(id) ?? []);
        if (rowNodes.length > 0) api.refreshCells({ rowNodes });
      } else {
        api.refreshCells();
      }
    }
    this.hooks.onChange?.(this.model.rows.slice());
    this.emitErrors();
  }

  pushTotals(): void {
    const totals = this.model.totals();
    const shown = (this.def.totals ?? []).some((t) => t.showUnder);
    const row = shown ? totalRow(this.def, totals) : null;
    // New pinned-row data makes the grid redraw every rendered row; the total row's own data
    // refreshes that row alone (most of an edit's cost in a long voucher otherwise).
    const pinned = row && this.api?.getPinnedBottomRowCount() === 1 ? this.api.getPinnedBottomRow(0) : undefined;
    if (row && pinned?.id === TOTAL_ROW_ID) {
      if (!sameRow(pinned.data as GridRow | undefined, row)) pinned.setData(row);
    } else this.api?.setGridOption('pinnedBottomRowData', row ? [row] : []);
    this.hooks.onTotals?.(totals);
  }

  refreshAll(): void {
    this.api?.refreshCells({ force: true });
    this.pushTotals();
    this.emitErrors();
  }

  emitErrors(): void {
    const errors = this.model.errors();
    const key = errors.map((e) => `${e.rowId ?? ''}\u0000${e.fieldId ?? ''}\u0000${e.message}`).join('\u0001');
    if (key === this.lastErrorKey) return;
    this.lastErrorKey = key;
    this.hooks.setErrors(errors);
    this.hooks.onValidity?.(this.model.canSave, errors);
  }

  // ---- editing

  commitText(rowId: string, fieldId: string, text: string): void {
    const field = this.model.field(fieldId);
    const row = this.model.row(rowId);
    if (!field || !row || !this.model.editable(row, field)) return;
    // Text that stands for a declared behaviour ('..', '=') runs it instead of becoming the value.
    const typed = typedBehaviour(this.def.behaviours, fieldId, text);
    if (typed && runBehaviour(this, typed, { rowId, fieldId })) return;
    if (text === this.model.editText(row, field)) return;
    this.sync(this.model.setCells([{ rowId, fieldId, next: this.model.parse(field, text) }]));
  }

  /**
   * Commits the open editor ourselves (Enter, Tab, Ctrl+S). `move` runs between closing the
   * editor and applying the value: moving the browser focus forces a style recalculation, which
   * is cheap before the value's DOM changes and costly after them.
   */
  commitActiveEditor(move?: () => void): boolean {
    const active = this.editorContext.active;
    if (!active || !this.api) return false;
    const text = active.commitText?.() ?? active.input.value;
    this.api.stopEditing(true);
    move?.();
    this.commitText(active.rowId, active.fieldId, text);
    return true;
  }

  onCellEditRequest = (event: CellEditRequestEvent<GridRow>): void => {
    if (!event.data || event.rowPinned) return;
    const value: unknown = event.newValue;
    this.commitText(event.data.rowId, event.column.getColId(), typeof value === 'string' ? value : '');
  };

  // ---- focus, navigation and the range

  focused(): CellPos | null {
    const cell = this.api?.getFocusedCell();
    if (!cell || cell.rowPinned || cell.rowIndex < 0) return null;
    return { row: cell.rowIndex, col: this.colIndex(cell.column.getColId()) };
  }

  ensureLoaded(index: number): void {
    const wanted = loadedFor(index, this.loaded, this.model.rows.length);
    if (wanted > this.loaded) this.loadTo(wanted);
  }

  private loadTo(count: number): void {
    const add = this.model.rows.slice(this.loaded, count);
    this.loaded = count;
    this.api?.applyTransaction({ add });
  }

  onBodyScroll = (): void => {
    const api = this.api;
    if (!api) return;
    this.readShown(api);
    const next = nextLoaded(api.getLastDisplayedRowIndex(), this.loaded, this.model.rows.length);
    if (next > this.loaded) this.loadTo(next);
  };

  focusCell(pos: CellPos, range: CellRange = single(pos)): void {
    const api = this.api;
    const colId = this.columns()[pos.col];
    if (!api || colId === undefined) return;
    this.ensureLoaded(pos.row);
    const previous = this.rect();
    this.range = range;
    this.rangeAt = pos;
    this.expectedFocus = pos;
    if (!this.onScreen(pos.row, colId)) {
      api.ensureIndexVisible(pos.row);
      api.ensureColumnVisible(colId);
      this.readShown(api);
    }
    api.setFocusedCell(pos.row, colId);
    if (previous || this.rect()) api.refreshCells();
  }

  private onScreen(index: number, colId: string): boolean {
    const api = this.api;
    const node = this.shown ? api?.getDisplayedRowAtIndex(index) : undefined;
    const column = this.shown ? api?.getColumn(colId) : undefined;
    if (!node || !column) return false;
    const box = {
      rowTop: node.rowTop,
      rowHeight: node.rowHeight ?? null,
      left: column.getLeft(),
      width: column.getActualWidth(),
      pinned: column.getPinned() !== null,
    };
    return whollyShown(box, this.shown);
  }

  private readShown(api: GridApi<GridRow>): void {
    const across = api.getHorizontalPixelRange();
    this.shown = { ...api.getVerticalPixelRange(), left: across.left, right: across.right };
  }

  /** The grid's size changed: what was visible is read again. */
  onGridSizeChanged = (): void => {
    this.shown = null;
  };

  focusRowField(rowId: string, fieldId: string): void {
    const row = this.model.indexOf(rowId);
    const col = this.colIndex(fieldId);
    if (row >= 0) this.focusCell({ row, col: Math.max(col, 0) });
  }

  /** The focused cell, else the first editable one, else the first cell. */
  focusFirst(): void {
    this.focusCell(this.focused() ?? this.nextEditable({ row: 0, col: -1 }, 1) ?? { row: 0, col: 0 });
  }

  /** Focus back on the grid (after the menu or a dialog). */
  refocus(): void {
    const pos = this.focused() ?? (this.range ? this.range.focus : null);
    if (pos) this.focusCell(pos, this.range ?? single(pos));
  }

  onCellFocused = (event: CellFocusedEvent<GridRow>): void => {
    if (event.rowIndex === null || event.rowPinned || !event.column || typeof event.column === 'string') return;
    const pos: CellPos = { row: event.rowIndex, col: this.colIndex(event.column.getColId()) };
    const focusedRow = this.model.rows[pos.row];
    if (focusedRow) this.hooks.onFocusedRow?.(focusedRow.rowId);
    const previous = this.rect();
    const expected = this.expectedFocus;
    this.expectedFocus = null;
    if (expected && expected.row === pos.row && expected.col === pos.col) {
      if (previous || this.rect()) this.api?.refreshCells();
      return;
    }
    if (this.shiftAnchor) {
      this.range = { anchor: this.shiftAnchor, focus: pos };
      this.shiftAnchor = null;
    } else if (this.keepRangeOnFocus && previous && contains(previous, pos.row, pos.col)) {
      this.keepRangeOnFocus = false;
      this.rangeAt = pos;
      return;
    } else if (!this.range || this.range.focus.row !== pos.row || this.range.focus.col !== pos.col) {
      this.range = single(pos);
    }
    if (previous || this.rect()) this.api?.refreshCells();
  };

  onMouseDown = (event: MouseEvent): void => {
    this.expectedFocus = null;
    this.shiftAnchor = event.shiftKey && event.button === 0 && this.range ? this.range.anchor : null;
    this.keepRangeOnFocus = event.button === 2;
  };

  nextEditable(from: CellPos, direction: 1 | -1): CellPos | null {
    const cols = this.columns();
    const rows = this.model.rows;
    let { row, col } = from;
    for (let guard = 0; guard <= rows.length * cols.length + cols.length; guard++) {
      col += direction;
      if (col >= cols.length) {
        col = 0;
        row += 1;
      } else if (col < 0) {
        col = cols.length - 1;
        row -= 1;
      }
      if (row < 0 || row >= rows.length) return null;
      const data = rows[row];
      const field = this.model.field(cols[col] ?? '');
      if (data && field && this.model.editable(data, field)) return { row, col };
    }
    return null;
  }

  /** Enter: the next editable cell, on to the next row; past the last row a new row where allowed. */
  enter(backwards: boolean): void {
    const at = this.focused();
    if (!at) return;
    const next = this.nextEditable(at, backwards ? -1 : 1);
    if (next) {
      this.focusCell(next);
      return;
    }
    if (backwards || !this.def.allowAddRows || this.model.readOnly) return;
    this.sync(this.model.replaceRows([...this.model.rows, newRow(this)]));
    const first = this.nextEditable({ row: this.model.rows.length - 1, col: -1 }, 1);
    if (first) this.focusCell(first);
  }

  extend(key: string): void {
    const at = this.focused();
    if (!at) return;
    const base = this.currentRange() ?? single(at);
    const focus = step(base.focus, key, this.model.rows.length, this.columns().length);
    this.focusCell(focus, extendTo(base, focus));
  }

  /**
   * The range to act on. AG Grid reports focus changes after the fact, so the range is trusted
   * only while the focused cell is its anchor or focus (or inside it after a right-click);
   * otherwise the focused cell alone.
   */
  currentRange(): CellRange | null {
    const at = this.focused();
    if (!at) return null;
    const range = this.range;
    if (!range) return single(at);
    const same = (p: CellPos) => p.row === at.row && p.col === at.col;
    if (same(range.focus) || same(range.anchor) || (this.rangeAt && same(this.rangeAt))) return range;
    if (this.keepRangeOnFocus && contains(rectOf(range), at.row, at.col)) return range;
    return single(at);
  }

  selectedRect(): Rect | null {
    const range = this.currentRange();
    return range ? rectOf(range) : null;
  }

  // ---- clipboard and clearing

  onCopy = (event: ClipboardEvent): void => {
    if (this.api?.getEditingCells().length || !this.focused()) return;
    const text = this.copyText();
    if (text === null || !event.clipboardData) return;
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
  };

  onPaste = (event: ClipboardEvent): void => {
    if (this.api?.getEditingCells().length || !this.focused()) return;
    const text = event.clipboardData?.getData('text/plain') ?? '';
    event.preventDefault();
    this.paste(text);
  };

  // ---- commands

  openMenuAtFocus(): void {
    const cell = this.api ? document.querySelector<HTMLElement>('.ufc-grid .ag-cell-focus') : null;
    const box = cell?.getBoundingClientRect();
    this.hooks.showMenu({ x: box ? box.left + 8 : 200, y: box ? box.bottom : 200 });
  }

  onCellContextMenu = (event: CellContextMenuEvent<GridRow>): void => {
    if (event.rowPinned) return;
    const mouse = event.event as MouseEvent | null | undefined;
    this.hooks.showMenu({ x: mouse?.clientX ?? 200, y: mouse?.clientY ?? 200 });
  };

  // ---- the keyboard

  /** A key reached the grid: a focus change it causes is the user's, not ours. */
  /** Editing has started but the editor's input does not have the focus yet (see KeyQueue). */
  editorOpening(): boolean {
    // While an IME composes on the cell the input is left without the focus on purpose; text it
    // committed without composing opens the editor like a typed key, and the keys after it wait.
    if (!this.api || this.api.getEditingCells().length === 0 || this.editorContext.ime?.composing) return false;
    const input = this.editorContext.active?.input;
    return !input || document.activeElement !== input;
  }

  keyPressed(): void {
    this.expectedFocus = null;
  }

  onKeyDown = (event: KeyboardEvent): void => handleKeyDown(this, event);

  run(id: CommandId): void {
    runCommand(this, id);
  }

  menuItems(): MenuItem[] {
    return menuItems(this);
  }

  copyText(): string | null {
    return copyText(this);
  }

  paste(text: string): void {
    paste(this, text);
  }

  clearRange(): void {
    clearRange(this);
  }
}

function sameRow(a: GridRow | undefined, b: GridRow): boolean {
  if (!a) return false;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]);
}
