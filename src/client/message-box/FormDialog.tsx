/**
 * The frame of an editing dialog in the message boxes' look: the overlay, the title bar (with
 * room for a tag beside the title), the form's fields, and a footer with a note on the left and
 * the buttons on the right (the dialog's own, then 取消 and 保存, or 确定 where nothing is saved).
 * Enter in a field submits, as in any form; Enter in a list (select) moves to the next field and
 * from the last one submits; Escape cancels (a dialog that must be completed has neither 取消 nor
 * Escape); Ctrl+Enter submits from anywhere when asked for (dialogs whose fields use Enter
 * themselves). The dialog takes the focus when it opens and gives it back when it closes
 * (useDialogFocus).
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useDialogFocus } from './dialog-focus.js';

const NEXT_FIELDS = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

/**
 * Enter where the browser would not submit (a select, the form itself): the next field after a
 * select, else the submit. False where the key is not ours (a field that handles Enter itself).
 */
function enterOutsideTextField(event: KeyboardEvent<HTMLFormElement>): boolean {
  const target = event.target as HTMLElement;
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return false;
  if (target === event.currentTarget) return true;
  if (target.tagName !== 'SELECT') return false;
  const fields = [...event.currentTarget.querySelectorAll<HTMLElement>(NEXT_FIELDS)];
  const next = fields[fields.indexOf(target) + 1];
  if (!next) return true;
  event.preventDefault();
  next.focus();
  return false;
}

export function FormDialog({
  title,
  className,
  titleTag,
  note,
  buttons,
  busy = false,
  submitLabel = '保存',
  escapeCancels = true,
  ctrlEnterSubmits = false,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  /** Added to the `dialog` class, for the dialog's own size and layout. */
  className?: string;
  titleTag?: ReactNode;
  note?: ReactNode;
  /** Buttons before 取消 and 保存. */
  buttons?: ReactNode;
  /** 保存 is disabled while the dialog saves. */
  busy?: boolean;
  /** The submit button's text when it is not 保存 (确定 for a choice that saves nothing). */
  submitLabel?: string;
  /** False while a picker opened from the dialog has the Escape key. */
  escapeCancels?: boolean;
  ctrlEnterSubmits?: boolean;
  onSubmit: () => void | Promise<void>;
  /** Absent where the dialog must be completed: no 取消, and Escape does nothing. */
  onCancel?: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useDialogFocus(formRef);
  return (
    <div className="mb-overlay">
      <form
        ref={formRef}
        tabIndex={-1}
        className={className ? `dialog ${className}` : 'dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && escapeCancels && onCancel) {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          } else if (ctrlEnterSubmits && e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void onSubmit();
          } else if (e.key === 'Enter' && enterOutsideTextField(e)) {
            e.preventDefault();
            if (!busy) void onSubmit();
          }
        }}
      >
        <div className="mb-header">
          <span id={titleId} className="mb-title">
            {title}
          </span>
          {titleTag}
        </div>
        {children}
        <div className="mb-footer">
          <span className="muted">{note}</span>
          <div className="mb-buttons">
            {buttons}
            {onCancel && (
              <button type="button" className="btn" onClick={onCancel}>
                取消
              </button>
            )}
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {submitLabel}
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}
