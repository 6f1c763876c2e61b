/**
 * The editor's commands and keys: what each GridCommand does (row operations, clipboard, undo,
 * save, export, help) and the keydown handler that binds GRID_COMMANDS' keys plus Enter, Tab
 * and Shift+arrows. Runs in the capture phase, before AG Grid's own key handling.
 */
import type { CommandId, GridRow } from '../../shared/grid/definition.js';
import { commandForKey } from '../../shared/grid/commands.js';
import { blankRow, copyPreviousRow, deleteRow, insertRow, splitRow, type RowOpResult } from '../../shared/grid/row-ops.js';
import { messageBox } from '../message-box/message-box.js';
import { exportGrid } from './export-xlsx.js';
import type { GridController } from './grid-controller.js';
import { editingBehaviourKey, focusedBehaviour, hasBehaviour } from './behaviour-actions.js';
import type { MenuItem } from './GridContextMenu.js';
import { treeStep } from './tree-nav.js';

export const CANNOT_SAVE = '表格中有错误，请修正后再保存';

let rowSeq = 0;
export function newRowId(): string {
  rowSeq += 1;
  return `new-${Date.now().toString(36)}-${rowSeq}`;
}

export function alertWarning(message: string): void {
  messageBox.fireAndForget(messageBox.alert(message, { tone: 'warning' }));
}

export function newRow(ctrl: GridController): GridRow {
  const id = newRowId();
  return ctrl.hooks.createRow?.(id) ?? blankRow(ctrl.def.fields, id);
}

function applyRowOp(ctrl: GridController, result: RowOpResult<GridRow>, col: number): void {
  if (!result.ok) {
    alertWarning(result.message);
    return;
  }
  ctrl.sync(ctrl.model.replaceRows(result.rows));
  if (result.focusIndex >= 0) ctrl.focusCell({ row: result.focusIndex, col: Math.max(col, 0) });
}

export function menuItems(ctrl: GridController): MenuItem[] {
  const hasRow = ctrl.focused() !== null;
  return ctrl
    .commands()
    .filter((c) => c.menu)
    .map((command) => ({
      command,
      disabled:
        (command.needsRow === true && !hasRow) ||
        (command.id === 'undo' && !ctrl.model.canUndo) ||
        (command.id === 'redo' && !ctrl.model.canRedo),
    }));
}

/** Runs a command from a key, the menu or a button. */
export function runCommand(ctrl: GridController, id: CommandId): void {
  const api = ctrl.api;
  if (!api) return;
  const at = ctrl.focused();
  const row = at ? ctrl.model.rows[at.row] : undefined;
  if (hasBehaviour(ctrl, id)) {
    focusedBehaviour(ctrl, id);
    return;
  }
  switch (id) {
    case 'copyPreviousRow': {
      if (!at || !row) return;
      const fieldIds = ctrl.def.fields.filter((f) => ctrl.model.editable(row, f)).map((f) => f.id);
      applyRowOp(ctrl, copyPreviousRow(ctrl.model.rows, at.row, fieldIds), at.col);
      return;
    }
    case 'insertRowBefore':
    case 'insertRowAfter':
      applyRowOp(
        ctrl,
        insertRow(ctrl.model.rows, at?.row ?? 0, id === 'insertRowBefore' ? 'before' : 'after', newRow(ctrl)),
        at?.col ?? 0,
      );
      return;
    case 'splitRow':
      if (at) applyRowOp(ctrl, splitRow(ctrl.model.rows, at.row, ctrl.def.fields, newRowId()), at.col);
      return;
    case 'deleteRow':
      if (at) applyRowOp(ctrl, deleteRow(ctrl.model.rows, at.row), at.col);
      return;
    case 'copy': {
      const text = ctrl.copyText();
      if (text !== null) navigator.clipboard.writeText(text).catch(() => alertWarning('无法写入剪贴板，请使用 Ctrl+C 复制'));
      return;
    }
    case 'paste':
      navigator.clipboard
        .readText()
        .then((text) => ctrl.paste(text))
        .catch(() => alertWarning('无法读取剪贴板，请使用 Ctrl+V 粘贴'));
      return;
    case 'undo':
    case 'redo': {
      const update = id === 'undo' ? ctrl.model.undo() : ctrl.model.redo();
      ctrl.sync(update);
      if (update.kind === 'cells' && update.focus) ctrl.focusRowField(update.focus.rowId, update.focus.fieldId);
      return;
    }
    case 'clearCell':
      ctrl.clearRange();
      return;
    case 'editCell': {
      const colId = at ? ctrl.columns()[at.col] : undefined;
      if (at && colId) api.startEditingCell({ rowIndex: at.row, colKey: colId });
      return;
    }
    case 'cancelEdit':
      api.stopEditing(true);
      return;
    case 'showHelp':
      ctrl.hooks.showHelp(true);
      return;
    case 'save':
      ctrl.commitActiveEditor();
      if (!ctrl.model.canSave) {
        alertWarning(CANNOT_SAVE);
        const first = ctrl.model.errors()[0];
        if (first?.rowId && first.fieldId) ctrl.focusRowField(first.rowId, first.fieldId);
        return;
      }
      ctrl.hooks.onSave?.();
      return;
    case 'expandRow':
    case 'collapseRow': {
      const stateOf = ctrl.hooks.treeState;
      if (!at || !stateOf) return;
      const next = treeStep(ctrl.model.rows, at.row, ctrl.def.tree, stateOf, id === 'expandRow');
      if (next?.kind === 'toggle') ctrl.hooks.onToggleRow?.(next.rowId, next.expand);
      else if (next?.kind === 'focus') ctrl.focusCell({ row: next.index, col: at.col });
      return;
    }
    case 'exportExcel': {
      if (ctrl.hooks.onExport?.()) return;
      const info = ctrl.hooks.exportInfo?.() ?? { unit: '', period: '' };
      exportGrid(ctrl.def, ctrl.model.rows, info, ctrl.model.totals()).catch((error: unknown) =>
        alertWarning(`导出失败：${error instanceof Error ? error.message : String(error)}`),
      );
      return;
    }
    default: {
      const colId = at ? ctrl.columns()[at.col] : undefined;
      ctrl.hooks.onCommand?.(id, row && colId ? { rowId: row.rowId, fieldId: colId } : null);
      return;
    }
  }
}

export function handleKeyDown(ctrl: GridController, event: KeyboardEvent): void {
  const api = ctrl.api;
  const target = event.target as HTMLElement | null;
  if (!api || event.isComposing || !target?.closest('.ag-root-wrapper')) return;
  ctrl.keyPressed();
  const stop = () => {
    event.preventDefault();
    event.stopPropagation();
  };
  const command = commandForKey(ctrl.commands(), event);
  if (api.getEditingCells().length > 0) {
    if (ctrl.editorContext.keys?.hold(event)) {
      stop();
      return;
    }
    if (ctrl.editorContext.active?.handlesKey?.(event)) return;
    if (command && editingBehaviourKey(ctrl, command.id, event, stop)) return;
    if (event.key === 'Enter' && !event.ctrlKey && !event.altKey) {
      stop();
      ctrl.commitActiveEditor(() => ctrl.enter(event.shiftKey));
    } else if (event.key === 'Tab') {
      stop();
      ctrl.commitActiveEditor(() => (event.shiftKey ? api.tabToPreviousCell() : api.tabToNextCell()));
    } else if (command?.id === 'save') {
      stop();
      ctrl.run('save');
    }
    return;
  }
  if (!ctrl.focused()) return;
  if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
    stop();
    ctrl.openMenuAtFocus();
    return;
  }
  // Copy and paste go through the clipboard events; Escape is the grid's own.
  // A declared behaviour acts only in its own cells; elsewhere its key keeps its ordinary meaning.
  if (command && hasBehaviour(ctrl, command.id)) {
    if (focusedBehaviour(ctrl, command.id, stop)) return;
  } else if (command && command.id !== 'copy' && command.id !== 'paste' && command.id !== 'cancelEdit') {
    stop();
    ctrl.run(command.id);
    return;
  }
  if (event.key === 'Enter' && !event.ctrlKey && !event.altKey) {
    stop();
    ctrl.enter(event.shiftKey);
    return;
  }
  if (event.shiftKey && !event.ctrlKey && !event.altKey && event.key.startsWith('Arrow')) {
    stop();
    ctrl.extend(event.key);
  }
}
