import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { CommandId } from '../../shared/grid/definition.js';
import { keysLabel, type GridCommand } from '../../shared/grid/commands.js';

export interface MenuItem {
  command: GridCommand;
  disabled: boolean;
}

/** The right-click menu: the grid's menu commands with their shortcuts; arrows, Enter and Esc. */
export function GridContextMenu({
  items,
  x,
  y,
  onRun,
  onClose,
}: {
  items: readonly MenuItem[];
  x: number;
  y: number;
  onRun: (id: CommandId) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])');
    first?.focus();
    const away = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('mousedown', away, true);
    return () => document.removeEventListener('mousedown', away, true);
  }, [onClose]);

  const move = (delta: number) => {
    const entries = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const next = entries[(at + delta + entries.length) % entries.length];
    next?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Home') move(-Number.MAX_SAFE_INTEGER);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
  };

  // Keep the menu inside the window.
  const left = Math.min(x, window.innerWidth - 220);
  const top = Math.min(y, window.innerHeight - items.length * 32 - 16);

  return createPortal(
    <ul ref={ref} className="grid-menu" role="menu" aria-label="表格操作" style={{ left, top }} onKeyDown={onKeyDown}>
      {items.map(({ command, disabled }) => (
        <li
          key={command.id}
          role="menuitem"
          tabIndex={-1}
          aria-disabled={disabled || undefined}
          aria-keyshortcuts={command.keys.join(' ')}
          onClick={() => !disabled && onRun(command.id)}
          onKeyDown={(event) => {
            if ((event.key === 'Enter' || event.key === ' ') && !disabled) {
              event.preventDefault();
              event.stopPropagation();
              onRun(command.id);
            }
          }}
        >
          <span className="grid-menu-label">{command.label}</span>
          <kbd>{keysLabel(command)}</kbd>
        </li>
      ))}
    </ul>,
    document.body,
  );
}
