/**
 * Column widths from the content, so a grid fits the screen (1280×720 and up) with its key
 * columns in view: every column is at least as wide as its header and its widest cell (the totals
 * included), and the amount and text columns share the grid's spare width in proportion to their
 * content (short columns such as 方向 and 行次 keep their own width). When the
 * content is wider than the grid, long text columns (摘要, 科目) give way first, down to a
 * readable width with an ellipsis; what still does not fit scrolls sideways under the pinned
 * code/name columns.
 *
 * Cheap at 10,000 rows: one pass over the values picks each column's widest candidate by an
 * estimate (a Chinese character counts double), and only those few strings are measured.
 */
import type { FieldDef, FieldKind, GridDefinition, GridRow } from '../../shared/grid/definition.js';
import { kindOf } from '../../shared/grid/kinds.js';

export interface ColumnSize {
  /** The content's width: the column's starting width. */
  readonly width: number;
  /** The narrowest the column may be squeezed to. */
  readonly minWidth: number;
  /** Its share of spare width (absent: a fixed column, e.g. a pinned one). */
  readonly flex?: number;
}

/** Width in pixels of a text in the grid's (bold) font. */
export type MeasureText = (text: string) => number;

export interface SizingInput {
  readonly measure: MeasureText;
  /** The grid is read-only (no room kept for typing). */
  readonly readOnly: boolean;
  /** The page's display text of a cell, when it shows something other than the value. */
  readonly text?: (row: GridRow, fieldId: string) => string | undefined;
  /** Extra left padding of a cell (a tree grid's indent), in pixels. */
  readonly indent?: (row: GridRow, fieldId: string) => number;
}

/** Cell padding (8 + 8) and borders. */
export const CELL_PAD = 20;
/** Header padding and the resize handle. */
export const HEADER_PAD = 28;
/** A long text column shrinks no further than this (it shows an ellipsis and its tooltip). */
export const TEXT_MIN = 150;
/** A long text column claims spare width as if it were no wider than this. */
export const TEXT_SHARE_CAP = 360;
/** A pinned column is never wider than this. */
export const PINNED_MAX = 260;

const TEXT_LIKE: ReadonlySet<FieldKind> = new Set(['text', 'subject', 'auxiliary']);

/** Estimated width in character cells: a CJK or full-width character counts two. */
export function estimatedCells(text: string): number {
  let cells = 0;
  for (let i = 0; i < text.length; i++) cells += text.charCodeAt(i) >= 0x2e80 ? 2 : 1;
  return cells;
}

function editableField(field: FieldDef, readOnly: boolean): boolean {
  return !readOnly && field.editable !== false;
}

/** The widest strings a column shows: cell texts, the total under it, the largest amount it may take. */
function candidates(def: GridDefinition, field: FieldDef, rows: readonly GridRow[], input: SizingInput): string[] {
  const kind = kindOf(field.kind);
  if (field.kind === 'money' || field.kind === 'integer') {
    let max = 0;
    let min = 0;
    for (const row of rows) {
      const v = row[field.id];
      if (typeof v !== 'number') continue;
      if (v > max) max = v;
      if (v < min) min = v;
    }
    // A total is at most the sum of its rows' amounts of one sign.
    for (const total of def.totals ?? []) {
      if (total.showUnder !== field.id) continue;
      let plus = 0;
      let minus = 0;
      for (const row of rows) {
        const v = row[field.id];
        if (typeof v !== 'number' || (total.rows && !total.rows(row))) continue;
        if (v > 0) plus += v;
        else minus += v;
      }
      max = Math.max(max, plus);
      min = Math.min(min, minus);
    }
    const out = [kind.format(max, field), kind.format(min, field)];
    if (field.kind === 'money' && editableField(field, input.readOnly) && field.capFen !== undefined)
      out.push(kind.format(field.capFen, field));
    return out;
  }
  if (field.kind === 'select') return (field.options ?? []).map((o) => o.label);
  if (field.kind === 'direction') return ['借', '贷'];
  if (field.kind === 'check') return ['是', '否'];
  // Text-like cells: the widest by estimate, with its indent.
  let best = '';
  let bestScore = -1;
  for (const row of textSample(rows)) {
    const shown = input.text?.(row, field.id) ?? kind.format(row[field.id], field);
    const score = estimatedCells(shown) + (input.indent?.(row, field.id) ?? 0) / 7;
    if (score > bestScore) {
      best = shown;
      bestScore = score;
    }
  }
  return [best];
}

/** Rows whose texts are read for the widths: all of them up to this many. */
export const TEXT_SAMPLE_ROWS = 2000;

/**
 * The rows a text column's width is taken from: every row of a grid up to TEXT_SAMPLE_ROWS,
 * else the first half of that and the rest spread evenly over the others. Formatting every text
 * of a 10,000-row list cost a fifth of its first frame; a longer text further down shows its
 * ellipsis and tooltip. Amounts are read in full (no formatting, and a total must fit).
 */
export function textSample(rows: readonly GridRow[], limit = TEXT_SAMPLE_ROWS): readonly GridRow[] {
  if (rows.length <= limit) return rows;
  const head = Math.floor(limit / 2);
  const out = rows.slice(0, head);
  const rest = rows.length - head;
  const spread = limit - head;
  for (let i = 0; i < spread; i++) {
    const row = rows[head + Math.floor((i * rest) / spread)];
    if (row) out.push(row);
  }
  return out;
}

function maxIndent(rows: readonly GridRow[], field: FieldDef, input: SizingInput): number {
  if (!input.indent) return 0;
  let max = 0;
  for (const row of textSample(rows)) max = Math.max(max, input.indent(row, field.id));
  return max;
}

/** Widths of every column of the definition for these rows. */
export function columnSizes(def: GridDefinition, rows: readonly GridRow[], input: SizingInput): Map<string, ColumnSize> {
  const sizes = new Map<string, ColumnSize>();
  for (const field of def.fields) {
    const header = input.measure(field.header) + HEADER_PAD;
    const cells = Math.max(0, ...candidates(def, field, rows, input).map((t) => input.measure(t))) + CELL_PAD;
    let content = Math.ceil(Math.max(header, cells + maxIndent(rows, field, input)));
    // An editable column keeps the room its definition asks for (the user types into it).
    if (editableField(field, input.readOnly)) content = Math.max(content, field.width ?? 0);
    if (field.pinned) {
      const width = Math.min(content, PINNED_MAX);
      sizes.set(field.id, { width, minWidth: width });
    } else if (TEXT_LIKE.has(field.kind)) {
      const minWidth = Math.min(content, Math.max(TEXT_MIN, Math.ceil(header)));
      sizes.set(field.id, { width: content, minWidth, flex: Math.min(content, TEXT_SHARE_CAP) });
    } else if (field.kind === 'money') {
      sizes.set(field.id, { width: content, minWidth: content, flex: content });
    } else {
      // 方向, 行次, dates, 是/否: their width is their content's, whatever room there is.
      sizes.set(field.id, { width: content, minWidth: content });
    }
  }
  widenForGroups(def, input.measure, sizes);
  return sizes;
}

/** A group's header (期末余额, 本年累计发生额) fits over its columns. */
function widenForGroups(def: GridDefinition, measure: MeasureText, sizes: Map<string, ColumnSize>): void {
  for (const group of def.groups ?? []) {
    const members = def.fields.filter((f) => f.group === group.id);
    const sum = members.reduce((n, f) => n + (sizes.get(f.id)?.minWidth ?? 0), 0);
    const need = Math.ceil(measure(group.header) + HEADER_PAD);
    if (members.length === 0 || sum >= need) continue;
    const extra = Math.ceil((need - sum) / members.length);
    for (const f of members) {
      const s = sizes.get(f.id);
      if (s) sizes.set(f.id, { ...s, width: s.width + extra, minWidth: s.minWidth + extra });
    }
  }
}

let canvas: CanvasRenderingContext2D | null = null;

/** Measures in the grid's font (13px, bold as headers and totals are: a little room to spare). */
export function canvasMeasure(font = fontOfPage()): MeasureText {
  canvas ??= document.createElement('canvas').getContext('2d');
  const ctx = canvas;
  if (!ctx) return (text) => estimatedCells(text) * 7.5;
  ctx.font = font;
  return (text) => ctx.measureText(text).width;
}

function fontOfPage(): string {
  return `600 13px ${getComputedStyle(document.body).fontFamily}`;
}
