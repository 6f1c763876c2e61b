/**
 * A cell editor with a live list under it (the voucher's subject and summary cells): the input
 * holds the typed text, the list is fetched after a short pause in typing, ArrowUp / ArrowDown
 * move the highlight, Enter (the grid's commit) takes the highlighted entry, a click takes one.
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
  /** Suggestions for the typed text (may be empty text). */
  search: (text: string) => Promise<Suggestion[]>;
  /** Pause after typing before the search, in ms. */
  debounceMs: number;
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
    /** Typed since the list was fetched: Enter takes the text, not an entry of an older search. */
    private stale = false;
    private timer: ReturnType<typeof setTimeout> | undefined;
    private query = 0;
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
      this.input.addEventListener('input', () => {
        this.stale = true;
        this.schedule();
      });
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
      if (this.startedByTyping || !source.needsText) this.schedule();
    }

    /** The highlighted entry's value, else the typed text. */
    override getValue(): string {
      const item = this.list.hidden || this.stale ? undefined : this.items[this.highlighted];
      return item ? item.value : this.input.value;
    }

    override destroy(): void {
      clearTimeout(this.timer);
      this.query += 1;
      this.list.remove();
      super.destroy();
    }

    private schedule(): void {
      clearTimeout(this.timer);
      const text = this.input.value.trim();
      if (source.needsText && text === '') {
        this.show([]);
        return;
      }
      this.timer = setTimeout(() => void this.fetch(text), source.debounceMs);
    }

    private async fetch(text: string): Promise<void> {
      const query = ++this.query;
      try {
        const items = await source.search(text);
        if (query === this.query) this.show(items);
      } catch {
        if (query === this.query) this.show([]);
      }
    }

    private show(items: Suggestion[]): void {
      this.items = items;
      this.stale = false;
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
