/**
 * What a page may add to the cells of the editor without changing the definition: display text
 * in place of the kind's (a voucher line's subject shows code and full name, looked up by the
 * page), a second smaller line (the subject's balance), and cell editors in place of the plain
 * input (an autocomplete). Values, parsing and validation stay the kind's.
 */
import type { ICellEditorComp, ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import type { GridRow } from '../../shared/grid/definition.js';
import type { GridModel } from './grid-model.js';

export interface CellExtras {
  /** Display text of a cell; undefined keeps the kind's formatting. */
  text?: (row: GridRow, fieldId: string) => string | undefined;
  /** A second, smaller line under the cell's text; undefined for none. */
  note?: (row: GridRow, fieldId: string) => string | undefined;
  /** The note's tone when it warns (a budget overrun); undefined: the plain muted note. */
  noteTone?: (row: GridRow, fieldId: string) => 'warning' | 'error' | undefined;
  /** Cell editors by field id, in place of the plain text input. */
  editors?: Readonly<Record<string, new () => ICellEditorComp>>;
  /** Money fields drawn with 金额线 (digit header and ruled digit columns, money-lines.ts). */
  moneyLines?: readonly string[];
}

/** A cell with its text and a note line under it (and the error message as its title). */
export function noteCellRenderer(extras: CellExtras, model: GridModel): new () => ICellRendererComp<GridRow> {
  return class NoteCellRenderer implements ICellRendererComp<GridRow> {
    private readonly el = document.createElement('span');

    init(params: ICellRendererParams<GridRow>): void {
      this.render(params);
    }

    private render(params: ICellRendererParams<GridRow>): void {
      const data = params.data;
      const fieldId = params.column?.getColId() ?? '';
      const message = data ? model.cellError(data.rowId, fieldId) : null;
      this.el.className = 'ufc-cell-with-note';
      this.el.replaceChildren();
      const text = document.createElement('span');
      text.className = message ? 'ufc-cell-main ufc-cell-error-text' : 'ufc-cell-main';
      text.textContent = params.valueFormatted ?? '';
      text.title = message ?? params.valueFormatted ?? '';
      this.el.append(text);
      const note = data ? extras.note?.(data, fieldId) : undefined;
      if (data && note) {
        const small = document.createElement('span');
        const tone = extras.noteTone?.(data, fieldId);
        small.className = tone ? `ufc-cell-note ufc-cell-note-${tone}` : 'ufc-cell-note';
        small.textContent = note;
        this.el.append(small);
      }
    }

    getGui(): HTMLElement {
      return this.el;
    }

    refresh(params: ICellRendererParams<GridRow>): boolean {
      this.render(params);
      return true;
    }
  };
}
