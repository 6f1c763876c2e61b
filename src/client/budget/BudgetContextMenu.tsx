/** The right-click menu of the budget setup tree and table: its actions with their keys; arrows, Enter and Esc. */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';

export interface MenuAction {
  id: string;
  label: string;
  keys: string;
  run: () => void;
}

export function BudgetContextMenu({
  actions,
  x,
  y,
  onClose,
}: {
  actions: readonly MenuAction[];
  x: number;
  y: number;
  onClose: () => void;
}) {
  const ref = useRef<HTMLUListElement>(null);

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const away = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('mousedown', away, true);
    return () => document.removeEventListener('mousedown', away, true);
  }, [onClose]);

  const move = (delta: number) => {
    const entries = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    entries[(at + delta + entries.length) % entries.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
  };

  const left = Math.min(x, window.innerWidth - 200);
  const top = Math.min(y, window.innerHeight - actions.length * 32 - 16);

  return createPortal(
    <ul ref={ref} className="budget-menu" role="menu" aria-label="预算操作" style={{ left, top }} onKeyDown={onKeyDown}>
      {actions.map((action) => (
        <li
          key={action.id}
          role="menuitem"
          tabIndex={-1}
          aria-keyshortcuts={action.keys}
          onClick={() => {
            onClose();
            action.run();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            event.stopPropagation();
            onClose();
            action.run();
          }}
        >
          <span>{action.label}</span>
          <kbd>{action.keys}</kbd>
        </li>
      ))}
    </ul>,
    document.body,
  );
}
