/**
 * Runs a grid definition's declared behaviours (src/shared/grid/behaviours.ts) in the editor:
 * from their keys (focused or, where declared, while editing), from text typed into a cell, and
 * from the page's commands. A behaviour's change is one undo step; its refusal is a message box.
 */
import { behaviourFor, type BehaviourResult, type GridBehaviour } from '../../shared/grid/behaviours.js';
import type { CommandId, GridRow } from '../../shared/grid/definition.js';
import { alertWarning, newRow } from './grid-actions.js';
import type { GridController } from './grid-controller.js';

/** Commands a page carries out (GridEditor onCommand); while editing, the edit is committed first. */
const DOCUMENT_COMMANDS: readonly CommandId[] = [
  'saveAndNew',
  'newDocument',
  'previousDocument',
  'nextDocument',
  'pickSubject',
  'proposeRemittance',
];

export function hasBehaviour(ctrl: GridController, id: CommandId): boolean {
  return ctrl.def.behaviours?.some((b) => b.command === id) ?? false;
}

/**
 * Runs `behaviour` at a cell. False when it does not apply there (the caller goes on as without
 * it); true when it acted or refused (with its message).
 */
export function runBehaviour(
  ctrl: GridController,
  behaviour: GridBehaviour<GridRow>,
  at: { rowId: string; fieldId: string },
): boolean {
  const index = ctrl.model.indexOf(at.rowId);
  if (index < 0 || ctrl.model.readOnly) return false;
  const result = behaviour.run({ rows: ctrl.model.rows, index, fieldId: at.fieldId, newRow: () => newRow(ctrl) });
  if (result === null) return false;
  if (!result.ok) {
    alertWarning(result.message);
    return true;
  }
  if (result.rows) ctrl.sync(ctrl.model.replaceRows(result.rows));
  else if (result.changes?.length)
    ctrl.sync(
      ctrl.model.setCells(
        result.changes.map((c) => ({ rowId: c.rowId, fieldId: c.fieldId, next: { value: c.value, draft: null } })),
      ),
    );
  if (result.focus) ctrl.focusRowField(result.focus.rowId, result.focus.fieldId);
  return true;
}

function focusedCell(ctrl: GridController): { rowId: string; fieldId: string } | null {
  const pos = ctrl.focused();
  const row = pos ? ctrl.model.rows[pos.row] : undefined;
  const fieldId = pos ? ctrl.columns()[pos.col] : undefined;
  return row && fieldId ? { rowId: row.rowId, fieldId } : null;
}

/** The behaviour of command `id` at the focused cell; `stop` is called when it acts. */
export function focusedBehaviour(ctrl: GridController, id: CommandId, stop?: () => void): boolean {
  const at = focusedCell(ctrl);
  const behaviour = at ? behaviourFor(ctrl.def.behaviours, id, at.fieldId) : undefined;
  if (!at || !behaviour) return false;
  // Checked on a dry run first, so that a key that does not apply keeps its ordinary meaning.
  const index = ctrl.model.indexOf(at.rowId);
  const dry = behaviour.run({ rows: ctrl.model.rows, index, fieldId: at.fieldId, newRow: () => ({ rowId: '' }) });
  if (dry === null || ctrl.model.readOnly) return false;
  stop?.();
  return runBehaviour(ctrl, behaviour, at);
}

/**
 * What `behaviour` would do once the open editor's text is committed, run on the rows with that
 * value (a dry run: nothing changes). Undefined when the text does not parse.
 */
function dryRunAfterEdit(
  ctrl: GridController,
  behaviour: GridBehaviour<GridRow>,
  active: { rowId: string; fieldId: string; text: string },
): BehaviourResult<GridRow> | undefined {
  const index = ctrl.model.indexOf(active.rowId);
  const row = ctrl.model.rows[index];
  const field = ctrl.model.field(active.fieldId);
  if (!row || !field) return undefined;
  const next = ctrl.model.parse(field, active.text);
  if (next.draft) return undefined;
  const rows = ctrl.model.rows.slice();
  rows[index] = { ...row, [active.fieldId]: next.value };
  return behaviour.run({ rows, index, fieldId: active.fieldId, newRow: () => ({ rowId: '' }) });
}

/**
 * A key while a cell is being edited: a behaviour declared `whileEditing` for the cell commits
 * the edit and acts (Enter on a finished voucher line; where it does not apply, Enter moves on as
 * usual); a page command commits the edit and runs. Where the behaviour only moves the focus, the
 * focus moves before the value's DOM changes, as the editor's own Enter does (cheaper).
 */
export function editingBehaviourKey(ctrl: GridController, id: CommandId, event: KeyboardEvent, stop: () => void): boolean {
  const active = ctrl.editorContext.active;
  if (!active) return false;
  if (DOCUMENT_COMMANDS.includes(id)) {
    stop();
    ctrl.commitActiveEditor();
    ctrl.run(id);
    return true;
  }
  const behaviour = behaviourFor(ctrl.def.behaviours, id, active.fieldId);
  if (!behaviour?.whileEditing) return false;
  stop();
  const at = { rowId: active.rowId, fieldId: active.fieldId };
  const dry = dryRunAfterEdit(ctrl, behaviour, { ...at, text: active.commitText?.() ?? active.input.value });
  const enter = () => {
    if (event.key === 'Enter') ctrl.enter(event.shiftKey);
  };
  if (dry === null || dry === undefined) {
    ctrl.commitActiveEditor(enter);
    return true;
  }
  const focus = dry.ok ? dry.focus : undefined;
  if (dry.ok && !dry.rows && !dry.changes?.length && focus) {
    ctrl.commitActiveEditor(() => ctrl.focusRowField(focus.rowId, focus.fieldId));
    return true;
  }
  ctrl.commitActiveEditor();
  if (!runBehaviour(ctrl, behaviour, at)) enter();
  return true;
}
