/**
 * The frame of a dialog that shows rather than edits (previews, print) in the message boxes' look:
 * the overlay, the title bar (a tag beside the title, the dialog's tools, 关闭 ×) and the body.
 * The dialog takes the focus when it opens, so its keys work before anything is clicked, and gives
 * it back to where it came from when it closes (useDialogFocus); Escape closes (or only from the dialog itself, when asked); other keys go to onKeyDown (a preview's
 * page stepping).
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useDialogFocus } from './dialog-focus.js';

export function ViewDialog({
  title,
  className,
  titleTag,
  tools,
  escapeFromWithin = true,
  onKeyDown,
  onClose,
  children,
}: {
  title: string;
  /** Added to the `dialog` class, for the dialog's own size and layout. */
  className: string;
  titleTag?: ReactNode;
  /** Buttons beside 关闭, on the right of the title bar. */
  tools?: ReactNode;
  /**
   * False where Escape closes only while the dialog itself has the focus, not while something
   * inside it does (a file input, or a nested preview that has its own Escape).
   */
  escapeFromWithin?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogFocus(dialogRef, 'dialog');
  const close = (
    <button type="button" className="mb-x" aria-label="关闭" onClick={onClose}>
      ×
    </button>
  );
  return (
    <div className="mb-overlay">
      <div
        ref={dialogRef}
        tabIndex={-1}
        className={`dialog ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && (escapeFromWithin || e.target === e.currentTarget)) {
            e.stopPropagation();
            onClose();
          } else onKeyDown?.(e);
        }}
      >
        <div className="mb-header">
          <span id={titleId} className="mb-title">
            {title}
          </span>
          {titleTag}
          {tools ? (
            <span>
              {tools}
              {close}
            </span>
          ) : (
            close
          )}
        </div>
        {children}
      </div>
    </div>
  );
}
