/**
 * The voucher's document commands (save, save and new, new, previous and next voucher) from the
 * header and footer fields too, with the keys the grid definition declares (GRID_COMMANDS), so a
 * key works the same wherever the focus is on the page. Inside the grid the editor handles them.
 */
import { useEffect, useRef } from 'react';
import { availableCommands, commandForKey } from '../../shared/grid/commands.js';
import type { CommandId, GridDefinition, GridRow } from '../../shared/grid/definition.js';

const PAGE_COMMANDS: readonly CommandId[] = ['save', 'saveAndNew', 'newDocument', 'previousDocument', 'nextDocument'];

export function useVoucherKeys<R extends GridRow>(
  definition: GridDefinition<R>,
  onCommand: (id: CommandId, at: null) => void,
  onSave: () => void,
  enabled: boolean,
): void {
  const latest = useRef({ onCommand, onSave, enabled });
  useEffect(() => {
    latest.current = { onCommand, onSave, enabled };
  });
  useEffect(() => {
    const commands = availableCommands(definition as unknown as GridDefinition).filter((c) => PAGE_COMMANDS.includes(c.id));
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (!latest.current.enabled || event.isComposing || target?.closest('.ag-root-wrapper, [role="dialog"]')) return;
      if (!target?.closest('.voucher-page') && target !== document.body) return;
      const command = commandForKey(commands, event);
      if (!command) return;
      event.preventDefault();
      event.stopPropagation();
      if (command.id === 'save') latest.current.onSave();
      else latest.current.onCommand(command.id, null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [definition]);
}
