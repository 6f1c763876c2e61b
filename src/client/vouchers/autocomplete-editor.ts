/**
 * A cell editor with a live list under it (the voucher's subject and summary cells): the input
 * holds the typed text; the list is searched in the page's own data and painted in the same
 * keystroke (no network and no pause, so a touch typist's `yhck⏎` never outruns it); ArrowUp /
 * ArrowDown move the highlight, Enter (the grid's commit) takes the highlighted entry, a click
 * takes one.
 * The grid's own TextCellEditor (a vanilla AG Grid editor) with a list; the list hangs on
 * document.body so that the cell's clipping does not cut it.
 */
import type { ICellEditorComp, ICellEditorParams } from 'ag-grid-community';
import type { GridRow } from '../../shared/grid/definition.js';
import { TextCellEditor, type EditorContext } from '../grid/text-cell-editor.js';

export interface Suggestion {
  /** The text the cell takes when this entry is chosen. */
  value: string;
  label: string;
  /** Shown but not a good choice (a parent subject): the rules will say why. */
  muted?: boolean;
}

export interface AutocompleteSource {
  /** Suggestions for the typed text (may be empty text), from data the page holds: synchronous. */
  search: (text: string) => Suggestion[];
  /**
   * Called as the editor opens: the source may refresh its data in the background and call
   * `changed` once it has, so the open list is searched again.
   */
  prepare?: (changed: () => void) => void;
  /** Whether the first entry starts highlighted (Enter picks it). */
  highlightFirst: boolean;
  /** List only once something is typed. */
  needsText: boolean;
  /** The cell's text when editing starts without typing (e.g. the code of the current subject). */
  initialText?: (row: GridRow, fieldId: string, context: EditorContext) => string;
  /** Accessible name of the list. */
  listLabel: string;
}

let listSeq = 0;

export function autocompleteEditor(source: AutocompleteSource): new () => ICellEditorComp {
  return class AutocompleteEditor extends TextCellEditor {
    private readonly list = document.createElement('ul');
    private items: Suggestion[] = [];
    private highlighted = -1;
    /** The text the list shows entries for. */
    private shownFor: string | null = null;
    private params: ICellEditorParams<GridRow, unknown, EditorContext> | null = null;
    private readonly listId = `ufc-ac-${++listSeq}`;

    override init(params: ICellEditorParams<GridRow, unknown, EditorContext>): void {
      super.init(params);
      this.params = params;
      this.input.className = 'ufc-cell-input';
      this.input.setAttribute('role', 'combobox');
      this.input.setAttribute('aria-autocomplete', 'list');
      this.input.setAttribute('aria-controls', this.listId);
      this.input.setAttribute('aria-expanded', 'false');
      // Every change of the text searches at once, composition included (an IME's pinyin too).
      this.input.addEventListener('input', () => this.research());
      this.list.id = this.listId;
      this.list.className = 'ufc-ac-list';
      this.list.setAttribute('role', 'listbox');
      this.list.setAttribute('aria-label', source.listLabel);
      this.list.hidden = true;
      // A click picks without taking the focus from the input first.
      this.list.addEventListener('mousedown', (event) => {
        const li = (event.target as HTMLElement).closest('li');
        if (!li) return;
        event.preventDefault();
        this.highlighted = Number(li.dataset['index']);
        this.params?.stopEditing(false);
      });
      const active = this.context?.active;
      if (active?.input === this.input) {
        active.commitText = () => this.getValue();
        active.handlesKey = (event) => this.onKey(event);
      }
    }

    protected override initialText(row: GridRow, fieldId: string, context: EditorContext): string {
      return source.initialText?.(row, fieldId, context) ?? super.initialText(row, fieldId, context);
    }

    override afterGuiAttached(): void {
      super.afterGuiAttached();
      document.body.append(this.list);
      source.prepare?.(() => {
        if (this.input.isConnected) this.research();
      });
      if (this.startedByTyping || !source.needsText || this.input.value !== '') this.research();
    }

    /**
     * The highlighted entry's value, else the typed text. The list is searched again here when
     * the text changed without an input event (a value set by code), so Enter can never take an
     * entry of an older text.
     */
    override getValue(): string {
      if (this.input.value !== this.shownFor) this.research();
      const item = this.list.hidden ? undefined : this.items[this.highlighted];
      return item ? item.value : this.input.value;
    }

    override destroy(): void {
      this.list.remove();
      super.destroy();
    }

    private research(): void {
      const value = this.input.value;
      const text = value.trim();
      this.shownFor = value;
      this.show(source.needsText && text === '' ? [] : source.search(text));
    }

    private show(items: Suggestion[]): void {
      this.items = items;
      this.highlighted =
        source.highlightFirst && items.length > 0
          ? Math.max(
              0,
              items.findIndex((i) => !i.muted),
            )
          : -1;
      this.list.replaceChildren(
        ...items.map((item, index) => {
          const li = document.createElement('li');
          li.dataset['index'] = String(index);
          li.id = `${this.listId}-${index}`;
          li.setAttribute('role', 'option');
          li.textContent = item.label;
          if (item.muted) li.className = 'muted';
          return li;
        }),
      );
      this.list.hidden = items.length === 0;
      this.input.setAttribute('aria-expanded', String(!this.list.hidden));
      this.place();
      this.mark();
    }

    private place(): void {
      const box = this.input.getBoundingClientRect();
      this.list.style.left = `${Math.round(box.left + window.scrollX)}px`;
      this.list.style.top = `${Math.round(box.bottom + window.scrollY)}px`;
      this.list.style.minWidth = `${Math.round(Math.max(box.width, 260))}px`;
    }

    private mark(): void {
      this.list.querySelectorAll('li').forEach((li, index) => {
        const on = index === this.highlighted;
        li.setAttribute('aria-selected', String(on));
        if (on) li.scrollIntoView({ block: 'nearest' });
      });
      if (this.highlighted >= 0) this.input.setAttribute('aria-activedescendant', `${this.listId}-${this.highlighted}`);
      else this.input.removeAttribute('aria-activedescendant');
    }

    /** ArrowUp / ArrowDown move through the list while it shows. */
    private onKey(event: KeyboardEvent): boolean {
      if (this.list.hidden || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return false;
      event.preventDefault();
      event.stopPropagation();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const count = this.items.length;
      this.highlighted = this.highlighted < 0 ? (step > 0 ? 0 : count - 1) : (this.highlighted + step + count) % count;
      this.mark();
      return true;
    }
  };
}
