/**
 * Declared behaviours of a grid: keyboard conventions that change rows (the voucher's `..` copies
 * the previous summary, `=` fills the balancing amount, Space moves an amount to the other side,
 * Enter on a finished line starts the next one). Each names a command of the catalogue, so its
 * key and label come from GRID_COMMANDS and the help panel lists it with the others; what it does
 * is a pure function of the rows, tested without a browser.
 *
 * A behaviour answers null where it does not apply (the key then keeps its ordinary meaning: `=`
 * typed in a summary is text), a refusal with a message, or the change: cells to set, or a new row
 * list, and the cell to focus afterwards. The editor records the change as one undo step.
 */
import type { CellValue, CommandId, GridRow } from './definition.js';

export interface BehaviourContext<R extends GridRow> {
  readonly rows: readonly R[];
  /** Index of the row the key was pressed (or the text typed) in. */
  readonly index: number;
  readonly fieldId: string;
  /** A new blank row, for behaviours that add one. */
  readonly newRow: () => R;
}

export interface BehaviourChange {
  readonly rowId: string;
  readonly fieldId: string;
  readonly value: CellValue;
}

export type BehaviourResult<R extends GridRow> =
  | {
      readonly ok: true;
      readonly changes?: readonly BehaviourChange[];
      /** A new row list (rows added); takes precedence over `changes`. */
      readonly rows?: readonly R[];
      readonly focus?: { readonly rowId: string; readonly fieldId: string };
    }
  | { readonly ok: false; readonly message: string }
  | null;

export interface GridBehaviour<R extends GridRow = GridRow> {
  /** The command (catalogue entry) whose keys run the behaviour. */
  readonly command: CommandId;
  /** The fields it acts in; elsewhere its key keeps its ordinary meaning. */
  readonly fields: readonly Extract<keyof R, string>[];
  /** Text that, typed alone into one of the fields and committed, runs it (`..`, `//`, `=`). */
  readonly typed?: string;
  /** Whether its key also acts while the cell is being edited (the edit is committed first). */
  readonly whileEditing?: boolean;
  readonly run: (ctx: BehaviourContext<R>) => BehaviourResult<R>;
}

/** The behaviour of `command` for a cell of `fieldId`, if the grid declares one. */
export function behaviourFor<R extends GridRow>(
  behaviours: readonly GridBehaviour<R>[] | undefined,
  command: CommandId,
  fieldId: string,
): GridBehaviour<R> | undefined {
  return behaviours?.find((b) => b.command === command && (b.fields as readonly string[]).includes(fieldId));
}

/** The behaviour that text typed into a cell of `fieldId` stands for, if any. */
export function typedBehaviour<R extends GridRow>(
  behaviours: readonly GridBehaviour<R>[] | undefined,
  fieldId: string,
  text: string,
): GridBehaviour<R> | undefined {
  const typed = text.trim();
  if (typed === '') return undefined;
  return behaviours?.find((b) => b.typed === typed && (b.fields as readonly string[]).includes(fieldId));
}
