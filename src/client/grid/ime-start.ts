/**
 * An input method's text on a cell that is not being edited. A focused grid cell is a plain
 * element, so the browser gives an IME nowhere to put its text and drops what it commits (a
 * summary typed in Chinese straight onto a cell vanished). The focused cell therefore carries an
 * EditContext: the IME composes into it, the composition opens the cell's editor showing the
 * text as it grows, and the composed text becomes the editor's text when the IME commits it, the
 * caret at its end, ready for Enter. Text the IME commits without composing (punctuation, a
 * phrase picked at once) opens the editor with it too. Browsers without EditContext keep the
 * old behaviour (F2 first).
 */
import type { GridController } from './grid-controller.js';

/** The IME start the open editor is told about (see TextCellEditor). */
export interface ImeStart {
  text: string;
  /** The IME is still composing on the cell: the editor shows the text but leaves focus there. */
  composing: boolean;
  /** The editor's input, once it is open. */
  input: HTMLInputElement | null;
}

interface EditContextLike extends EventTarget {
  readonly text: string;
  updateText(start: number, end: number, text: string): void;
  updateSelection(start: number, end: number): void;
  updateControlBounds(bounds: DOMRect): void;
  updateSelectionBounds(bounds: DOMRect): void;
}

type WithEditContext = HTMLElement & { editContext: EditContextLike | null };

function createEditContext(): EditContextLike | null {
  const ctor = (globalThis as { EditContext?: new () => EditContextLike }).EditContext;
  return ctor ? new ctor() : null;
}

/**
 * An editor about to take the focus lets go of its cell's EditContext: Chromium leaves an input
 * without text when the focus moves into it from an element still holding one (whatever opened
 * the editor: a key, a double-click, a page's command).
 */
export function releaseCellEditContext(input: HTMLElement): void {
  const cell = input.closest<HTMLElement>('.ag-cell') as WithEditContext | null;
  if (cell?.editContext) cell.editContext = null;
}

/** Installs the IME start on a grid's wrapper element; returns the uninstall. */
export function installImeStart(wrapper: HTMLElement, ctrl: GridController): () => void {
  const ec = createEditContext();
  if (!ec) return () => undefined;
  let host: WithEditContext | null = null;

  const clear = () => {
    if (ec.text !== '') ec.updateText(0, ec.text.length, '');
    ec.updateSelection(0, 0);
  };
  const detach = () => {
    if (host) host.editContext = null;
    host = null;
  };
  const attach = (target: Element | null) => {
    detach();
    if (!target?.classList.contains('ag-cell')) return;
    clear();
    host = target as WithEditContext;
    host.editContext = ec;
    // The IME's candidate window opens at the cell.
    const box = host.getBoundingClientRect();
    ec.updateControlBounds(box);
    ec.updateSelectionBounds(box);
  };
  // The grid may redraw the cell it just focused (its first cell as the page loads): the
  // focused cell is checked again a frame and a moment later.
  let recheck: ReturnType<typeof setTimeout> | undefined;
  const ensure = () => {
    const focused = document.activeElement;
    if (!focused || !wrapper.contains(focused) || !focused.classList.contains('ag-cell')) return;
    if ((focused as WithEditContext).editContext !== ec) attach(focused);
  };
  const onFocusIn = (event: FocusEvent) => {
    attach(event.target as Element | null);
    requestAnimationFrame(ensure);
    clearTimeout(recheck);
    recheck = setTimeout(ensure, 300);
  };
  // A key that is not the IME's may open the editor and move the focus into it; Chromium then
  // leaves that input without text if the cell still held the EditContext as the key went down.
  // The cell takes it back once the key is up and the focus still on a cell.
  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.isComposing && event.key !== 'Process') detach();
  };
  const onKeyUp = () => {
    if (!host || document.activeElement !== host) ensure();
  };
  // Letting go inside a focus change leaves Chromium sending the next text to the EditContext
  // (a dialog's input lost its text to the grid): it is let go before a click or key moves the
  // focus, and an EditContext whose cell lost the focus keeps still (see onCompositionStart).
  const onPointerDown = () => detach();
  // A click on the cell that already had the focus gives it back.
  const onPointerUp = () => {
    clearTimeout(recheck);
    recheck = setTimeout(ensure, 0);
  };

  const editing = () => (ctrl.api?.getEditingCells().length ?? 0) > 0;
  /** Opens the focused cell's editor with the IME's text; false where the cell takes no text. */
  const open = (text: string, composing: boolean): boolean => {
    const api = ctrl.api;
    const at = ctrl.focused();
    const fieldId = at ? ctrl.columns()[at.col] : undefined;
    const row = at ? ctrl.model.rows[at.row] : undefined;
    const field = fieldId ? ctrl.model.field(fieldId) : undefined;
    if (!api || !at || !fieldId || !row || !field || !ctrl.model.editable(row, field)) return false;
    ctrl.editorContext.ime = { text, composing, input: null };
    api.startEditingCell({ rowIndex: at.row, colKey: fieldId });
    return true;
  };
  const pending = () => ctrl.editorContext.ime ?? null;

  const onHost = () => host !== null && document.activeElement === host;
  const onCompositionStart = () => {
    if (editing() || !onHost()) return;
    open('', true);
  };
  const onTextUpdate = () => {
    const ime = pending();
    if (ime?.composing) {
      ime.text = ec.text;
      if (ime.input) ime.input.value = ec.text;
      return;
    }
    // Text committed without a composition; whitespace is the grid's own key (Space).
    const text = ec.text;
    clear();
    if (!editing() && onHost() && text.trim() !== '') open(text, false);
  };
  const onCompositionEnd = () => {
    const ime = pending();
    const text = ec.text;
    clear();
    if (!ime?.composing) return;
    ime.composing = false;
    ime.text = text;
    const input = ime.input;
    if (!input) return;
    input.value = text;
    detach();
    input.focus();
    input.setSelectionRange(text.length, text.length);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    ctrl.editorContext.ime = null;
  };

  wrapper.addEventListener('focusin', onFocusIn);
  document.addEventListener('pointerdown', onPointerDown, true);
  document.addEventListener('pointerup', onPointerUp, true);
  wrapper.addEventListener('keydown', onKeyDown, true);
  wrapper.addEventListener('keyup', onKeyUp, true);
  ec.addEventListener('compositionstart', onCompositionStart);
  ec.addEventListener('textupdate', onTextUpdate);
  ec.addEventListener('compositionend', onCompositionEnd);
  // The grid may have focused its first cell before this was installed.
  ensure();
  return () => {
    clearTimeout(recheck);
    detach();
    wrapper.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('pointerdown', onPointerDown, true);
    document.removeEventListener('pointerup', onPointerUp, true);
    wrapper.removeEventListener('keydown', onKeyDown, true);
    wrapper.removeEventListener('keyup', onKeyUp, true);
    ec.removeEventListener('compositionstart', onCompositionStart);
    ec.removeEventListener('textupdate', onTextUpdate);
    ec.removeEventListener('compositionend', onCompositionEnd);
  };
}
