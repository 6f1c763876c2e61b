import { useEffect, useRef, useState } from 'react';
import { MESSAGE_BOX } from '../../shared/constants.js';
import { useMessageBoxes, type Box } from './message-box.js';

function Countdown({ box }: { box: Box }) {
  const total = Math.ceil(MESSAGE_BOX.autoCloseMs / 1000);
  const [left, setLeft] = useState(total);
  const close = useMessageBoxes((s) => s.close);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = MESSAGE_BOX.autoCloseMs - (Date.now() - started);
      if (remaining <= 0) {
        clearInterval(timer);
        close(box.id, box.cancelValue === 'reject' ? 'confirm' : box.cancelValue);
      } else setLeft(Math.ceil(remaining / 1000));
    }, 200);
    return () => clearInterval(timer);
  }, [box.id, box.cancelValue, close]);
  return <span className="mb-countdown">{left} 秒后自动关闭</span>;
}

/**
 * Enter is the box's 确定 when it lands on the box itself or on the page (the focus left the
 * buttons, e.g. after a click on the text); a focused button answers Enter itself, and the key
 * that opened the box (still on its way from a field elsewhere) is not an answer.
 */
function enterIsOurs(target: EventTarget | null, box: HTMLElement | null): boolean {
  if (!(target instanceof HTMLElement) || target instanceof HTMLButtonElement) return false;
  return target === target.ownerDocument.body || (box?.contains(target) ?? false);
}

function MessageBoxView({ box, top }: { box: Box; top: boolean }) {
  const close = useMessageBoxes((s) => s.close);
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!top || box.closing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && box.closable) {
        event.preventDefault();
        close(box.id, box.cancelValue);
      } else if (event.key === 'Enter' && !event.isComposing && enterIsOurs(event.target, boxRef.current)) {
        const primary = box.buttons.find((b) => b.primary) ?? box.buttons[box.buttons.length - 1];
        if (!primary) return;
        event.preventDefault();
        event.stopPropagation();
        close(box.id, primary.value);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [top, box, close]);
  const titleId = `mb-title-${box.id}`;
  return (
    <div className={`mb-overlay${box.closing ? ' mb-closing' : ''}`}>
      <div
        ref={boxRef}
        className={`mb-box mb-${box.tone}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        style={{ width: MESSAGE_BOX.width, marginTop: MESSAGE_BOX.top }}
      >
        <div className="mb-header">
          <span id={titleId} className="mb-title">
            {box.title}
          </span>
          {box.closable && (
            <button type="button" className="mb-x" aria-label="关闭" onClick={() => close(box.id, box.cancelValue)}>
              ×
            </button>
          )}
        </div>
        {box.message && <div className="mb-message">{box.message}</div>}
        {box.items && (
          <ul className="mb-list">
            {box.items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        )}
        <div className="mb-footer">
          {box.autoClose && !box.closing ? <Countdown box={box} /> : <span />}
          <div className="mb-buttons">
            {box.buttons.map((button, index) => (
              <button
                key={button.value + String(index)}
                type="button"
                className={button.primary ? 'btn btn-primary' : 'btn'}
                autoFocus={top && button.primary}
                onClick={() => close(box.id, button.value)}
              >
                {button.label}
              </button>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Renders every open message box; mounted once at the root. */
export function MessageBoxHost() {
  const boxes = useMessageBoxes((s) => s.boxes);
  return (
    <>
      {boxes.map((box, index) => (
        <MessageBoxView key={box.id} box={box} top={index === boxes.length - 1} />
      ))}
    </>
  );
}
