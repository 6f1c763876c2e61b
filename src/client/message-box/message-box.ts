/**
 * The imperative message-box API (spec: message boxes; constants MESSAGE_BOX). Boxes live in a
 * store rendered by one host component. A box resolves with the value of the button pressed;
 * cancel (and closing a confirm) rejects with 'reject', as the spec says.
 */
import { create } from 'zustand';
import { MESSAGE_BOX } from '../../shared/constants.js';

export interface BoxButton {
  label: string;
  value: string;
  primary?: boolean;
}

export interface BoxOptions {
  title?: string;
  message: string;
  /** A scrolling list under the message (4003 answers). */
  items?: string[];
  buttons?: BoxButton[];
  /** Close by itself after MESSAGE_BOX.autoCloseMs, with a visible countdown. */
  autoClose?: boolean;
  /** Value a cancel button or the × resolves to; 'reject' rejects the promise. */
  cancelValue?: string;
  /** Hide the × (blocking boxes). */
  closable?: boolean;
  tone?: 'info' | 'warning' | 'error' | 'success';
}

export interface Box extends Required<Omit<BoxOptions, 'items'>> {
  id: number;
  items: string[] | null;
  closing: boolean;
  settle: (value: string) => void;
  /** Where the keyboard focus was when the box opened; it goes back there on close. */
  restoreFocus: Element | null;
}

interface BoxState {
  boxes: Box[];
  open: (box: Box) => void;
  close: (id: number, value: string) => void;
  closeAll: () => void;
}

export const REJECT = 'reject';

export const useMessageBoxes = create<BoxState>()((set, get) => ({
  boxes: [],
  open: (box) => set({ boxes: [...get().boxes, box] }),
  close: (id, value) => {
    const box = get().boxes.find((b) => b.id === id);
    if (!box || box.closing) return;
    box.settle(value);
    if (typeof HTMLElement !== 'undefined' && box.restoreFocus instanceof HTMLElement && box.restoreFocus.isConnected) {
      box.restoreFocus.focus();
    }
    // Listeners (whenMessageBoxesClosed) run after the focus went back, so they may move it on.
    set({ boxes: get().boxes.map((b) => (b.id === id ? { ...b, closing: true } : b)) });
    setTimeout(() => set({ boxes: get().boxes.filter((b) => b.id !== id) }), MESSAGE_BOX.closeDelayMs);
  },
  closeAll: () => {
    for (const box of get().boxes) get().close(box.id, box.cancelValue);
  },
}));

let nextId = 1;

function show(options: BoxOptions): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const box: Box = {
      id: nextId++,
      title: options.title ?? '提示',
      message: options.message,
      items: options.items ?? null,
      buttons: options.buttons ?? [{ label: '确定', value: 'confirm', primary: true }],
      autoClose: options.autoClose ?? false,
      cancelValue: options.cancelValue ?? 'confirm',
      closable: options.closable ?? true,
      tone: options.tone ?? 'info',
      closing: false,
      restoreFocus: typeof document !== 'undefined' ? document.activeElement : null,
      settle: (value) => (value === REJECT ? reject(new Error(REJECT)) : resolve(value)),
    };
    useMessageBoxes.getState().open(box);
  });
}

/** Swallow the 'reject' of a box whose answer nobody waits for. */
function fireAndForget(promise: Promise<unknown>): void {
  promise.catch(() => undefined);
}

export const messageBox = {
  /** A message with 确定; closes itself after the countdown unless autoClose is false. */
  alert(message: string, options: Omit<BoxOptions, 'message'> = {}): Promise<string> {
    return show({ autoClose: true, ...options, message });
  },
  /** 确定 resolves, 取消 rejects with 'reject'. */
  confirm(message: string, options: Omit<BoxOptions, 'message' | 'buttons'> = {}): Promise<string> {
    return show({
      tone: 'warning',
      ...options,
      message,
      cancelValue: REJECT,
      buttons: [
        { label: '取消', value: REJECT },
        { label: '确定', value: 'confirm', primary: true },
      ],
    });
  },
  /** A dialog titled `title` listing `items` in a scrolling area. */
  list(title: string, items: string[]): Promise<string> {
    return show({ title, message: '', items, tone: 'error' });
  },
  /** A dialog with the caller's buttons; resolves with the pressed button's value. */
  choose(options: BoxOptions): Promise<string> {
    return show(options);
  },
  fireAndForget,
};

/** Run `fn` once no message box is open (at once when none is). */
export function whenMessageBoxesClosed(fn: () => void): void {
  const idle = () => useMessageBoxes.getState().boxes.every((b) => b.closing);
  if (idle()) {
    fn();
    return;
  }
  const unsubscribe = useMessageBoxes.subscribe(() => {
    if (!idle()) return;
    unsubscribe();
    fn();
  });
}

export function isReject(error: unknown): boolean {
  return error instanceof Error && error.message === REJECT;
}
