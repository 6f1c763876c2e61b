/**
 * The one cell editor: a plain input holding the cell's text. It returns text, never a parsed
 * value; the editor component parses it with the field's kind (so a failure can keep the text as
 * a draft). A vanilla AG Grid component, so opening it costs no React render.
 */
import type { ICellEditorComp, ICellEditorParams } from 'ag-grid-community';
import type { GridRow } from '../../shared/grid/definition.js';
import type { GridModel } from './grid-model.js';
import { releaseCellEditContext, type ImeStart } from './ime-start.js';
import type { KeyQueue } from './key-queue.js';

export interface EditorContext {
  model: GridModel;
  /** The open editor, so Enter and Tab can commit it themselves. */
  active: {
    rowId: string;
    fieldId: string;
    input: HTMLInputElement;
    /** The text to commit when it is not the input's (an autocomplete's highlighted choice). */
    commitText?: () => string;
    /** Keys the open editor handles itself (a list's arrows and Enter), before the grid's. */
    handlesKey?: (event: KeyboardEvent) => boolean;
  } | null;
  /** An input method's text opened the editor (see ime-start.ts). */
  ime?: ImeStart | null;
  /** Keys typed while the editor opens, replayed once it has the focus. */
  keys?: KeyQueue;
}

export class TextCellEditor implements ICellEditorComp {
  protected readonly input = document.createElement('input');
  protected startedByTyping = false;
  protected context: EditorContext | null = null;

  init(params: ICellEditorParams<GridRow, unknown, EditorContext>): void {
    const context = params.context;
    this.context = context;
    const fieldId = params.column.getColId();
    const field = context.model.field(fieldId);
    const row = params.data;
    const key = params.eventKey;
    const ime = context.ime ?? null;
    if (ime) ime.input = this.input;
    this.startedByTyping = ime !== null || (typeof key === 'string' && key.length === 1);
    this.input.value = ime
      ? ime.text
      : this.startedByTyping
        ? (key ?? '')
        : key === 'Backspace' || key === 'Delete'
          ? ''
          : field && row
            ? this.initialText(row, fieldId, context)
            : '';
    this.input.className = `ufc-cell-input${field?.kind === 'money' || field?.kind === 'integer' ? ' ufc-num' : ''}`;
    this.input.setAttribute('aria-label', field?.header ?? fieldId);
    this.input.autocomplete = 'off';
    this.input.spellcheck = false;
    if (row) context.active = { rowId: row.rowId, fieldId, input: this.input };
    // The held keys go once the input really has the focus (the grid may give it after
    // afterGuiAttached, when the input was not yet in the page).
    const keys = context.keys;
    if (keys) this.input.addEventListener('focus', () => queueMicrotask(() => keys.replay()));
  }

  /** The cell's text when editing starts without typing. */
  protected initialText(row: GridRow, fieldId: string, context: EditorContext): string {
    const field = context.model.field(fieldId);
    return field ? context.model.editText(row, field) : '';
  }

  getGui(): HTMLElement {
    return this.input;
  }

  afterGuiAttached(): void {
    const ime = this.context?.ime;
    if (ime?.input === this.input) {
      // The IME still composes on the cell: moving the focus would cut its text; it ends there.
      if (ime.composing) return;
      if (this.context) this.context.ime = null;
    }
    releaseCellEditContext(this.input);
    this.input.focus();
    if (this.startedByTyping) {
      const end = this.input.value.length;
      this.input.setSelectionRange(end, end);
    } else {
      this.input.select();
    }
    // After a subclass's own afterGuiAttached (its list) and before any further event.
    const keys = this.context?.keys;
    if (keys) queueMicrotask(() => keys.replay());
  }

  getValue(): string {
    return this.input.value;
  }

  destroy(): void {
    if (this.context?.active?.input === this.input) this.context.active = null;
    if (this.context?.ime?.input === this.input) this.context.ime = null;
  }
}
