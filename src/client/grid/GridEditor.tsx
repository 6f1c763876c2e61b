/**
 * The one grid editor: renders any GridDefinition on AG Grid Community with the keyboard of a
 * spreadsheet (see ShortcutHelp and src/shared/grid/commands.ts), kind-aware parsing and
 * formatting, validation marks, a HyperFormula total row and Excel export. One formula engine
 * per mounted editor, destroyed on unmount.
 */
import {
  CellApiModule,
  CellStyleModule,
  RowStyleModule,
  ClientSideRowModelApiModule,
  ColumnAutoSizeModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  CustomEditorModule,
  EventApiModule,
  LocaleModule,
  ModuleRegistry,
  PinnedRowModule,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  ScrollApiModule,
  themeQuartz,
  ValidationModule,
  type GetRowIdParams,
  type RowClassParams,
  type RowDoubleClickedEvent,
  type SelectionChangedEvent,
  type GridApi,
  type GridReadyEvent,
  type ProcessRowParams,
  type RowHeightParams,
} from 'ag-grid-community';
import { cspNonce } from '../shell/csp-nonce.js';
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import type { ValidationIssue } from '../../shared/envelope.js';
import {
  PAGING_THRESHOLD,
  type CellValue,
  type CommandId,
  type GridDefinition,
  type GridRow,
} from '../../shared/grid/definition.js';
import type { CellExtras } from './cell-extras.js';
import { columnsFor } from './columns.js';
import { loadHyperFormulaFactory, plainEngineFactory, type EngineFactory } from './engine-factory.js';
import type { ExportInfo } from './export-xlsx.js';
import { GridContextMenu } from './GridContextMenu.js';
import { GridController, type ControllerHooks } from './grid-controller.js';
import { GridErrorList } from './GridErrorList.js';
import { gridBoxStyle } from './grid-height.js';
import { GridModel, type ErrorItem, type GridEngineLike } from './grid-model.js';
import { installImeStart } from './ime-start.js';
import { gridScrollbarWidth } from './scrollbar-width.js';
import { ShortcutHelp } from './ShortcutHelp.js';
import { VanillaAgGrid } from './VanillaAgGrid.js';
import type { TreeState } from './tree-nav.js';
import { useColumnSizes } from './use-column-sizes.js';
import './grid.css';

// Only the modules the editor uses (AllCommunityModule would add filters, CSV, pagination... to
// the first load); ValidationModule names a missing one during development.
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  ClientSideRowModelApiModule,
  CustomEditorModule,
  CellStyleModule,
  RowStyleModule,
  ColumnAutoSizeModule,
  PinnedRowModule,
  ColumnApiModule,
  RowApiModule,
  RowSelectionModule,
  ScrollApiModule,
  RenderApiModule,
  EventApiModule,
  CellApiModule,
  LocaleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

const ROW_HEIGHT = 34;

const theme = themeQuartz.withParams({
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontSize: 13,
  headerFontWeight: 600,
  rowHeight: ROW_HEIGHT,
  headerHeight: ROW_HEIGHT,
  spacing: 5,
  borderRadius: 2,
  wrapperBorderRadius: 4,
  accentColor: '#2563c9',
  headerBackgroundColor: '#f2f5f9',
  cellHorizontalPadding: 8,
});

const SELECTION = { mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false } as const;

const FIT_WIDTH = { type: 'fitGridWidth' } as const;

const SELECTION_COLUMN = { pinned: 'left', width: 44, suppressHeaderMenuButton: true } as const;

const LOCALE = { noRowsToShow: '暂无数据', loadingOoo: '加载中…' };

export interface GridEditorHandle {
  focus(): void;
  /** Focuses a cell by row id and field id. */
  focusCell(rowId: string, fieldId: string): void;
  /** The row of the focused cell (or of the last focused one). */
  focusedRowId(): string | null;
  canSave(): boolean;
  rows(): GridRow[];
  /** Marks cells with the server's messages (a 4003 answer) until they change. */
  setIssues(issues: readonly ValidationIssue[]): void;
  exportExcel(): void;
  /** Runs a command of the definition (a page's button for a key). */
  run(id: CommandId): void;
  /** Redraws every cell (the page's display text or notes changed). */
  refresh(): void;
  /** Sets cells as one undo step (a value chosen in a page's dialog). */
  setCells(changes: readonly { rowId: string; fieldId: string; value: CellValue }[]): void;
}

export interface GridEditorProps<R extends GridRow> {
  definition: GridDefinition<R>;
  /** The rows to show; a new array (other than one this editor reported) replaces everything. */
  rows: readonly R[];
  onChange?: (rows: R[]) => void;
  onValidityChange?: (canSave: boolean, errors: readonly ErrorItem[]) => void;
  onTotals?: (totals: Record<string, number>) => void;
  onSave?: () => void;
  /** Replaces the built-in export of the grid's rows (button, menu and Ctrl+Shift+E). */
  onExport?: () => void;
  readOnly?: boolean;
  exportInfo?: ExportInfo;
  /** A new empty row (inserts, Enter past the last row, paste past the end). */
  createRow?: (rowId: string) => R;
  /** Fixed height; or with maxHeight, as tall as the rows need up to that. */
  height?: number | string;
  maxHeight?: number;
  /**
   * As tall as the rows need, down to what the page leaves (the page is a flex column of the
   * main area's height: see .page-fill): the header and totals row stay on screen.
   */
  fill?: boolean;
  engineFactory?: (def: GridDefinition<R>, rows: readonly R[]) => GridEngineLike;
  /** Focus the first editable cell once the grid is ready. */
  autoFocus?: boolean;
  /** Accessible name of the grid. */
  label?: string;
  /** Toolbar buttons (export, help) above the grid. */
  toolbar?: boolean;
  /** The toolbar's export button (a page may place its own). */
  toolbarExport?: boolean;
  handle?: Ref<GridEditorHandle>;
  /**
   * Rows can be selected (a leading checkbox column with select-all; Space toggles the focused
   * row): a list page's batch actions act on them.
   */
  selectable?: boolean;
  onSelectionChange?: (rowIds: string[]) => void;
  /** Double-click on a row (a list opens the item). */
  onRowOpen?: (rowId: string) => void;
  /** Columns shrink or grow to the grid's width (a narrow grid such as one half of a two-table voucher). */
  fitWidth?: boolean;
  /** The row of the focused cell, as the user moves (the page's selected row). */
  onFocusedRowChange?: (rowId: string) => void;
  /**
   * A tree grid (definition.tree) whose page passes only the rows under expanded parents: each
   * row's state (null: no children), shown as a toggle in the indented column and changed with
   * the expandRow / collapseRow commands. New rows from outside keep the focused cell's row.
   */
  treeState?: (row: R) => TreeState;
  onToggleRow?: (rowId: string, expand: boolean) => void;
  /** Commands of the definition that the page carries out (new, previous, next, pickers...). */
  onCommand?: (id: CommandId, at: { rowId: string; fieldId: string } | null) => void;
  /** Display text, note lines and cell editors the page adds (read once, at mount). */
  cells?: CellExtras;
}

export function GridEditor<R extends GridRow>(props: GridEditorProps<R>) {
  const { definition, rows, readOnly = false, height = 480, label, toolbar = true, toolbarExport = true } = props;
  const def = definition as unknown as GridDefinition;
  const [errors, setErrors] = useState<ErrorItem[]>([]);
  const [rowCount, setRowCount] = useState(rows.length);
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const propsRef = useRef(props);
  const wrapperRef = useRef<HTMLDivElement>(null);

  const emitted = useRef<readonly GridRow[]>(rows);
  // The controller reports through the latest props. Its hooks are there before the grid makes
  // its first rows (AG Grid creates them as the grid is made, and asks for each row's tree state).
  const [hooks] = useState((): ControllerHooks => ({
    showMenu: setMenu,
    showHelp: setHelpOpen,
    setErrors,
    setRowCount,
    onFocusedRow: (rowId) => propsRef.current.onFocusedRowChange?.(rowId),
    treeState: (row) => propsRef.current.treeState?.(row as R) ?? null,
    onToggleRow: (rowId, expand) => propsRef.current.onToggleRow?.(rowId, expand),
    onCommand: (id, at) => propsRef.current.onCommand?.(id, at),
    onChange: (next) => {
      emitted.current = next;
      propsRef.current.onChange?.(next as R[]);
    },
    onValidity: (canSave, list) => propsRef.current.onValidityChange?.(canSave, list),
    onTotals: (totals) => propsRef.current.onTotals?.(totals),
    onSave: () => propsRef.current.onSave?.(),
    createRow: (id) => propsRef.current.createRow?.(id),
    exportInfo: () => propsRef.current.exportInfo,
    onExport: () => {
      const onExport = propsRef.current.onExport;
      onExport?.();
      return onExport !== undefined;
    },
  }));
  // A grid whose totals are plain sums gets its engine here, so its first frame shows them.
  const [{ controller, firstEngine }] = useState(() => {
    const created = new GridController(new GridModel<GridRow>(def, rows, readOnly, rows.length <= PAGING_THRESHOLD));
    created.hooks = hooks;
    const plain = props.engineFactory ? null : plainEngineFactory(def);
    const engine = plain ? plain(def, created.model.rows) : null;
    created.model.attachEngine(engine);
    return { controller: created, firstEngine: engine };
  });
  const [initialRowData] = useState(() => controller.rowData());
  const [initialTotalRows] = useState(() => controller.initialTotalRows());
  const [cells] = useState(() => props.cells);
  const [scrollbarWidth] = useState(gridScrollbarWidth);
  // The rows the column widths are measured on: those given from outside, not each edit.
  const [sizedRows, setSizedRows] = useState(rows);

  useEffect(() => {
    propsRef.current = props;
  });

  // Connected once the editor is mounted (connect also reports the first errors).
  useEffect(() => {
    controller.connect(hooks);
  }, [controller, hooks]);

  // One engine per mounted grid. Totals that are plain sums need no HyperFormula and are there
  // in the first frame (engine-factory.ts). HyperFormula is its own chunk: a small grid loads it
  // at once; a large grid shows its rows first, and loads and builds the engine once that frame is
  // painted. A large grid validates every row after its first frame either way.
  useEffect(() => {
    let engine: GridEngineLike | null = null;
    let closed = false;
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const large = controller.model.rows.length > PAGING_THRESHOLD;
    const start = (factory: EngineFactory, validate: boolean) => {
      if (closed) return;
      engine = factory(controller.model.def, controller.model.rows);
      controller.model.attachEngine(engine);
      if (validate) controller.model.ensureValidated();
      controller.refreshAll();
    };
    const afterFirstFrame = (work: () => void) => {
      frame = requestAnimationFrame(() => (timer = setTimeout(work, 0)));
    };
    const given = propsRef.current.engineFactory as EngineFactory | undefined;
    const plain = given ? null : plainEngineFactory(controller.model.def);
    const run = () =>
      (given ? Promise.resolve(given) : loadHyperFormulaFactory())
        .then((factory) => start(factory, true))
        .catch((error: unknown) => console.error('表格计算引擎加载失败', error));
    if (plain) {
      // The engine made with the controller, on the first mount (unmounting detaches and
      // destroys it, so a remount makes a new one).
      if (firstEngine && controller.model.engine === firstEngine) engine = firstEngine;
      else start(plain, !large);
      if (large)
        afterFirstFrame(() => {
          if (closed) return;
          controller.model.ensureValidated();
          controller.refreshAll();
        });
    } else if (!large) void run();
    else afterFirstFrame(() => void run());
    return () => {
      closed = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      controller.model.attachEngine(null);
      engine?.destroy();
    };
  }, [controller, firstEngine]);

  // Rows from outside replace the grid's.
  useEffect(() => {
    if (rows === emitted.current) return;
    emitted.current = rows;
    const tree = propsRef.current.treeState !== undefined;
    const at = tree && wrapperRef.current?.contains(document.activeElement) ? controller.focused() : null;
    const keep = at ? { rowId: controller.model.rows[at.row]?.rowId, fieldId: controller.columns()[at.col] } : null;
    controller.reset(rows);
    setSizedRows(rows);
    // New rows from outside are a new list: nothing of it is selected yet.
    if (propsRef.current.selectable) controller.api?.deselectAll();
    if (!tree) return;
    // A row's toggle and aria-expanded show its state, which is not in its values.
    controller.api?.redrawRows();
    if (keep?.rowId && keep.fieldId && controller.model.indexOf(keep.rowId) >= 0)
      controller.focusRowField(keep.rowId, keep.fieldId);
  }, [rows, controller]);

  useEffect(() => {
    if (controller.model.readOnly === readOnly) return;
    controller.api?.stopEditing(true);
    controller.model.setReadOnly(readOnly);
    controller.refreshAll();
  }, [readOnly, controller]);

  // Our keys before AG Grid's (capture phase), and the clipboard events. In the commit that makes
  // the grid, as its api is (onCreated): at full typing speed a key or an IME's text reaches a
  // new grid's cell before the effects after the paint run.
  useLayoutEffect(() => {
    const el = wrapperRef.current;
    if (!el) return;
    // First: its keydown lets go of the cell's EditContext before a key opens an editor.
    const uninstallIme = installImeStart(el, controller);
    el.addEventListener('keydown', controller.onKeyDown, true);
    el.addEventListener('mousedown', controller.onMouseDown, true);
    el.addEventListener('copy', controller.onCopy);
    el.addEventListener('paste', controller.onPaste);
    return () => {
      uninstallIme();
      el.removeEventListener('keydown', controller.onKeyDown, true);
      el.removeEventListener('mousedown', controller.onMouseDown, true);
      el.removeEventListener('copy', controller.onCopy);
      el.removeEventListener('paste', controller.onPaste);
    };
  }, [controller]);

  useImperativeHandle(
    props.handle,
    () => ({
      focus: () => controller.focusFirst(),
      focusCell: (rowId, fieldId) => controller.focusRowField(rowId, fieldId),
      focusedRowId: () => {
        const pos = controller.focused() ?? controller.range?.focus ?? null;
        return pos ? (controller.model.rows[pos.row]?.rowId ?? null) : null;
      },
      canSave: () => controller.model.canSave,
      rows: () => controller.model.rows.slice(),
      setIssues: (issues) => {
        controller.model.setExternalIssues(issues);
        controller.refreshAll();
      },
      exportExcel: () => controller.run('exportExcel'),
      run: (id) => controller.run(id),
      refresh: () => controller.refreshAll(),
      setCells: (changes) =>
        controller.sync(
          controller.model.setCells(
            changes.map((c) => ({ rowId: c.rowId, fieldId: c.fieldId, next: { value: c.value, draft: null } })),
          ),
        ),
    }),
    [controller],
  );

  const collapsible = props.treeState !== undefined;
  const sizes = useColumnSizes(def, sizedRows, readOnly, controller.model, cells, collapsible);
  const columnDefs = useMemo(
    () =>
      columnsFor(def, {
        model: controller.model,
        rect: controller.rect,
        colIndex: controller.colIndex,
        tree: collapsible
          ? {
              state: (row) => controller.hooks.treeState?.(row) ?? null,
              onToggle: (rowId, expand) => controller.hooks.onToggleRow?.(rowId, expand),
            }
          : undefined,
        cells,
        sizes,
      }),
    [def, controller, collapsible, cells, sizes],
  );

  // A tree grid's rows carry their level and, for parents, whether they are expanded (treegrid).
  const processRowPostCreate = useMemo(
    () =>
      collapsible
        ? (p: ProcessRowParams<GridRow>) => {
            const data = p.node.data;
            if (!data || p.node.rowPinned) return;
            p.eRow.setAttribute('aria-level', String(controller.model.depth(data) + 1));
            const state = controller.hooks.treeState?.(data) ?? null;
            if (state) p.eRow.setAttribute('aria-expanded', String(state === 'expanded'));
            else p.eRow.removeAttribute('aria-expanded');
          }
        : undefined,
    [collapsible, controller],
  );
  const onSelectionChanged = useCallback((event: SelectionChangedEvent<GridRow>) => {
    propsRef.current.onSelectionChange?.(event.api.getSelectedRows().map((r) => r.rowId));
  }, []);
  const onRowDoubleClicked = useCallback((event: RowDoubleClickedEvent<GridRow>) => {
    if (event.data && !event.rowPinned) propsRef.current.onRowOpen?.(event.data.rowId);
  }, []);
  const getRowId = useCallback((p: GetRowIdParams<GridRow>) => p.data.rowId, []);
  // The totals row is one line high in a grid of tall rows (the voucher's 50 px lines).
  const tallRows = def.rowHeight !== undefined && def.rowHeight !== ROW_HEIGHT;
  const getRowHeight = useMemo(
    () => (tallRows ? (p: RowHeightParams<GridRow>) => (p.node.rowPinned ? ROW_HEIGHT : undefined) : undefined),
    [tallRows],
  );
  const strongRow = def.strongRow;
  const getRowClass = useCallback(
    (p: RowClassParams<GridRow>) => (p.data && !p.node.rowPinned && strongRow?.(p.data) ? 'ufc-row-strong' : undefined),
    [strongRow],
  );
  const onCreated = useCallback((api: GridApi<GridRow>) => controller.attach(api), [controller]);
  const onGridReady = useCallback(
    (event: GridReadyEvent<GridRow>) => {
      controller.attach(event.api);
      if (propsRef.current.autoFocus) controller.focusFirst();
    },
    [controller],
  );
  const closeMenu = useCallback(() => {
    setMenu(null);
    controller.refocus();
  }, [controller]);
  const closeHelp = useCallback(() => {
    setHelpOpen(false);
    controller.refocus();
  }, [controller]);

  const describe = (item: ErrorItem) => {
    const index = item.rowId === null ? -1 : controller.model.indexOf(item.rowId);
    const field = item.fieldId ? controller.model.field(item.fieldId) : undefined;
    const where = [index >= 0 ? `第${index + 1}行` : '', field?.header ?? ''].filter(Boolean).join(' ');
    return where ? `${where}：${item.message}` : item.message;
  };

  const rowHeight = def.rowHeight ?? ROW_HEIGHT;
  const headerRows = def.fields.some((f) => f.group) ? 2 : 1;
  const pinnedRows = (def.totals ?? []).some((t) => t.showUnder) ? 1 : 0;
  const boxStyle = gridBoxStyle({
    rowCount,
    rowHeight,
    lineHeight: ROW_HEIGHT,
    headerRows,
    pinnedRows,
    fill: props.fill ?? false,
    height,
    maxHeight: props.maxHeight,
  });
  const commands = controller.commands();
  const canExport = toolbarExport && commands.some((c) => c.id === 'exportExcel');

  return (
    <div className={props.fill ? 'ufc-grid ufc-grid-fill' : 'ufc-grid'} ref={wrapperRef}>
      {toolbar && (
        <div className="ufc-grid-toolbar" role="toolbar" aria-label={`${label ?? def.title}工具栏`}>
          <span className="muted">共 {rowCount} 行</span>
          <span className="ufc-grid-toolbar-spacer" />
          {canExport && (
            <button type="button" className="btn" onClick={() => controller.run('exportExcel')}>
              导出Excel
            </button>
          )}
          <button type="button" className="btn" onClick={() => setHelpOpen(true)} aria-keyshortcuts="F1">
            快捷键
          </button>
        </div>
      )}
      <div className="ufc-grid-box" style={boxStyle} role="group" aria-label={label ?? def.title}>
        <VanillaAgGrid<GridRow>
          theme={theme}
          styleNonce={cspNonce()}
          columnDefs={columnDefs}
          rowData={initialRowData}
          pinnedBottomRowData={initialTotalRows}
          getRowId={getRowId}
          rowHeight={def.rowHeight}
          getRowHeight={getRowHeight}
          getRowClass={getRowClass}
          context={controller.editorContext}
          readOnlyEdit
          // Tab goes from cell to cell and out of the grid, never onto a column header (sorting and
          // the select-all box stay with the mouse; Space selects rows).
          suppressHeaderFocus
          stopEditingWhenCellsLoseFocus
          preventDefaultOnContextMenu
          suppressDragLeaveHidesColumns
          animateRows={false}
          localeText={LOCALE}
          rowBuffer={10}
          scrollbarWidth={scrollbarWidth}
          onCreated={onCreated}
          onGridReady={onGridReady}
          processRowPostCreate={processRowPostCreate}
          rowSelection={props.selectable ? SELECTION : undefined}
          selectionColumnDef={props.selectable ? SELECTION_COLUMN : undefined}
          onSelectionChanged={props.selectable ? onSelectionChanged : undefined}
          onRowDoubleClicked={onRowDoubleClicked}
          autoSizeStrategy={props.fitWidth ? FIT_WIDTH : undefined}
          onCellEditRequest={controller.onCellEditRequest}
          onCellFocused={controller.onCellFocused}
          onCellContextMenu={controller.onCellContextMenu}
          onBodyScroll={controller.onBodyScroll}
          onGridSizeChanged={controller.onGridSizeChanged}
          onDisplayedColumnsChanged={() => controller.onColumnsChanged()}
        />
      </div>
      <GridErrorList
        errors={errors}
        describe={describe}
        onGo={(item) => item.rowId && controller.focusRowField(item.rowId, item.fieldId ?? def.fields[0]?.id ?? '')}
      />
      {menu && (
        <GridContextMenu
          items={controller.menuItems()}
          x={menu.x}
          y={menu.y}
          onClose={closeMenu}
          onRun={(id) => {
            setMenu(null);
            controller.refocus();
            controller.run(id);
          }}
        />
      )}
      {helpOpen && <ShortcutHelp commands={commands} onClose={closeHelp} />}
    </div>
  );
}
