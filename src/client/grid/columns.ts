/**
 * AG Grid columns from a grid definition: header groups, widths, pinning, values (drafts, derived
 * cells from the engine), formatting by kind, editability by field rule, and the classes that
 * mark failing cells, read-only cells and the selected range.
 */
import type {
  CellClassParams,
  ColDef,
  ColGroupDef,
  ICellRendererComp,
  ICellRendererParams,
  ValueFormatterParams,
  ValueGetterParams,
} from 'ag-grid-community';
import type { FieldDef, GridDefinition, GridRow } from '../../shared/grid/definition.js';
import { kindOf } from '../../shared/grid/kinds.js';
import { cellKey, type Draft, type GridModel } from './grid-model.js';
import { contains, type Rect } from './range.js';
import { noteCellRenderer, type CellExtras } from './cell-extras.js';
import type { ColumnSize } from './column-sizes.js';
import { TextCellEditor } from './text-cell-editor.js';
import { withMoneyLines } from './money-lines.js';
import type { TreeState } from './tree-nav.js';

export const TOTAL_ROW_ID = '__total__';

export interface ColumnEnv {
  model: GridModel;
  /** The selected range, by row index and displayed column index. */
  rect: () => Rect | null;
  colIndex: (fieldId: string) => number;
  /** A tree grid whose page collapses rows: the indented column shows a toggle. */
  tree?: {
    state: (row: GridRow) => TreeState;
    onToggle: (rowId: string, expand: boolean) => void;
  };
  /** The page's display text, note lines and cell editors (cell-extras.ts). */
  cells?: CellExtras;
  /** Widths from the content (column-sizes.ts); the definition's widths otherwise. */
  sizes?: ReadonlyMap<string, ColumnSize>;
}

/**
 * A failing cell's content: its text with the message as title (the tooltip). Only failing cells
 * get it (cellRendererSelector), so the others keep the grid's plain text rendering.
 */
class ErrorCellRenderer implements ICellRendererComp<GridRow> {
  private readonly el = document.createElement('span');

  init(params: ICellRendererParams<GridRow, unknown, { model: GridModel }>): void {
    const data = params.data;
    const message = data ? params.context.model.cellError(data.rowId, params.column?.getColId() ?? '') : null;
    this.el.className = 'ufc-cell-error-text';
    this.el.textContent = params.valueFormatted ?? '';
    this.el.title = message ?? '';
  }

  getGui(): HTMLElement {
    return this.el;
  }

  refresh(): boolean {
    return false;
  }
}

const isDraft = (value: unknown): value is Draft =>
  typeof value === 'object' && value !== null && 'message' in value && 'text' in value;

function numeric(field: FieldDef): boolean {
  return field.kind === 'money' || field.kind === 'integer';
}

const INDENT_PX = 16;

/** The indented cell of a collapsible tree grid: a toggle (or its space), then the text. */
function treeCell(params: ICellRendererParams<GridRow>, env: ColumnEnv): HTMLElement {
  const el = document.createElement('span');
  el.className = 'ufc-tree-cell';
  const data = params.data;
  const state = data && !params.node.rowPinned ? (env.tree?.state(data) ?? null) : null;
  const toggle = document.createElement(state ? 'button' : 'span');
  toggle.className = 'ufc-tree-toggle';
  if (state && data && toggle instanceof HTMLButtonElement) {
    toggle.type = 'button';
    toggle.tabIndex = -1;
    toggle.textContent = state === 'collapsed' ? '▸' : '▾';
    toggle.setAttribute('aria-label', state === 'collapsed' ? '展开' : '收起');
    toggle.setAttribute('aria-expanded', String(state === 'expanded'));
    toggle.addEventListener('click', (event) => {
      event.stopPropagation();
      env.tree?.onToggle(data.rowId, state === 'collapsed');
    });
  }
  const text = document.createElement('span');
  text.textContent = params.valueFormatted ?? '';
  const message = data ? env.model.cellError(data.rowId, params.column?.getColId() ?? '') : null;
  if (message) {
    text.className = 'ufc-cell-error-text';
    text.title = message;
  }
  el.append(toggle, text);
  return el;
}

/** A vanilla renderer class bound to the columns' env (AG Grid React would take a function for a React component). */
function treeCellRenderer(env: ColumnEnv): new () => ICellRendererComp<GridRow> {
  return class TreeCellRenderer implements ICellRendererComp<GridRow> {
    private el: HTMLElement = document.createElement('span');

    init(params: ICellRendererParams<GridRow>): void {
      this.el = treeCell(params, env);
    }

    getGui(): HTMLElement {
      return this.el;
    }

    refresh(): boolean {
      return false;
    }
  };
}

export function columnFor(field: FieldDef, env: ColumnEnv, fill = false, indent = false): ColDef<GridRow> {
  const kind = kindOf(field.kind);
  const inRange = (p: CellClassParams<GridRow>) => {
    const rect = env.rect();
    const row = p.node.rowIndex;
    return !!rect && p.node.rowPinned == null && row !== null && contains(rect, row, env.colIndex(field.id));
  };
  const editable = (data: GridRow | undefined, pinned: boolean) => !!data && !pinned && env.model.editable(data, field);
  const noteRenderer = env.cells?.note ? noteCellRenderer(env.cells, env.model) : null;
  const size = env.sizes?.get(field.id);
  return {
    colId: field.id,
    headerName: field.header,
    width: size?.width ?? field.width ?? 120,
    minWidth: size?.minWidth ?? (fill ? (field.width ?? 120) : 48),
    flex: size ? size.flex : fill ? 1 : undefined,
    pinned: field.pinned ? 'left' : null,
    lockPinned: true,
    sortable: false,
    suppressMovable: true,
    cellDataType: false,
    headerClass: numeric(field) ? 'ufc-header-num' : undefined,
    valueGetter: (p: ValueGetterParams<GridRow>) => {
      const data = p.data;
      if (!data) return null;
      if (p.node?.rowPinned) return data[field.id] ?? null;
      return env.model.drafts.get(cellKey(data.rowId, field.id)) ?? env.model.value(data, field.id) ?? null;
    },
    valueFormatter: (p: ValueFormatterParams<GridRow>) => {
      const value: unknown = p.value;
      if (isDraft(value)) return value.text;
      if (p.node?.rowPinned && typeof value === 'string') return value;
      const shown = p.data && !p.node?.rowPinned ? env.cells?.text?.(p.data, field.id) : undefined;
      return shown ?? kind.format(value, field);
    },
    editable: (p) => editable(p.data, p.node.rowPinned != null),
    cellEditor: env.cells?.editors?.[field.id] ?? TextCellEditor,
    cellRenderer: indent && env.tree ? treeCellRenderer(env) : undefined,
    cellRendererSelector:
      indent && env.tree
        ? undefined
        : (p) =>
            p.data && !p.node.rowPinned && noteRenderer && env.cells?.note?.(p.data, field.id)
              ? { component: noteRenderer }
              : p.data && !p.node.rowPinned && env.model.cellError(p.data.rowId, field.id) !== null
                ? { component: ErrorCellRenderer }
                : undefined,
    cellClass: numeric(field) ? 'ufc-num' : undefined,
    // A tree grid indents its first text column by the row's depth.
    cellStyle: indent
      ? (p) => (p.data && !p.node.rowPinned ? { paddingLeft: `${8 + INDENT_PX * env.model.depth(p.data)}px` } : null)
      : undefined,
    cellClassRules: {
      'ufc-cell-error': (p) => !!p.data && p.node.rowPinned == null && env.model.cellError(p.data.rowId, field.id) !== null,
      'ufc-cell-readonly': (p) => !editable(p.data, p.node.rowPinned != null),
      'ufc-cell-in-range': inRange,
    },
  };
}

/** Columns in field order; consecutive fields of one group sit under its header. */
export function columnsFor(def: GridDefinition, env: ColumnEnv): (ColDef<GridRow> | ColGroupDef<GridRow>)[] {
  const groups = new Map((def.groups ?? []).map((g) => [g.id, g]));
  const out: (ColDef<GridRow> | ColGroupDef<GridRow>)[] = [];
  let openId: string | null = null;
  let openGroup: ColGroupDef<GridRow> | null = null;
  // The last column takes the width left over, so a narrow grid does not end in a blank band.
  const last = def.fields[def.fields.length - 1];
  const indented = def.tree ? def.fields.find((f) => f.kind === 'text') : undefined;
  for (const field of def.fields) {
    const plain = columnFor(field, env, field === last && !field.pinned, field === indented);
    const column = env.cells?.moneyLines?.includes(field.id) ? withMoneyLines(plain) : plain;
    const group = field.group ? groups.get(field.group) : undefined;
    if (!group) {
      openId = null;
      out.push(column);
      continue;
    }
    if (openId !== group.id || !openGroup) {
      openId = group.id;
      openGroup = { groupId: group.id, headerName: group.header, children: [], marryChildren: true };
      out.push(openGroup);
    }
    openGroup.children.push(column);
  }
  return out;
}

/** The pinned total row: '合计' under the first field, each total under its field. */
export function totalRow(def: GridDefinition, totals: Record<string, number>): GridRow {
  const row: Record<string, unknown> = { rowId: TOTAL_ROW_ID };
  const first = def.fields[0];
  if (first) row[first.id] = def.totalLabel?.(totals) ?? '合计';
  for (const total of def.totals ?? []) {
    if (total.showUnder && totals[total.id] !== undefined) row[total.showUnder] = totals[total.id];
  }
  return row as GridRow;
}
