/**
 * The editor's commands as one declared list (Excalidraw style): the shortcuts, the right-click
 * menu and the shortcut help panel are all read from GRID_COMMANDS, so a key cannot be bound in
 * one place and described differently in another. Every key string is unique across the list
 * (a conformance test checks it). Keys are written `Ctrl+Shift+Alt+Key`, with `Key` the
 * KeyboardEvent.key value (letters upper-case); Ctrl also matches the Mac's Cmd key.
 */
import type { CommandId, GridDefinition, GridRow } from './definition.js';

export interface GridCommand {
  readonly id: CommandId;
  readonly label: string;
  readonly keys: readonly string[];
  /** Shown in the right-click menu. */
  readonly menu: boolean;
  /** Acts on the row of the focused cell. */
  readonly needsRow?: boolean;
  /** Changes the rows, so it is unavailable in a read-only grid. */
  readonly edits?: boolean;
}

export const GRID_COMMANDS: readonly GridCommand[] = [
  { id: 'copyPreviousRow', label: '复制上一行', keys: ['Ctrl+D'], menu: true, needsRow: true, edits: true },
  { id: 'copy', label: '复制', keys: ['Ctrl+C'], menu: true },
  { id: 'paste', label: '粘贴', keys: ['Ctrl+V'], menu: true, edits: true },
  { id: 'insertRowBefore', label: '向上插入行', keys: ['Ctrl+Insert'], menu: true, needsRow: true, edits: true },
  { id: 'insertRowAfter', label: '向下插入行', keys: ['Alt+Insert'], menu: true, needsRow: true, edits: true },
  { id: 'splitRow', label: '拆分行', keys: ['Ctrl+Shift+S'], menu: true, needsRow: true, edits: true },
  { id: 'deleteRow', label: '删除行', keys: ['Ctrl+Delete'], menu: true, needsRow: true, edits: true },
  { id: 'undo', label: '撤销', keys: ['Ctrl+Z'], menu: true, edits: true },
  { id: 'redo', label: '重做', keys: ['Ctrl+Y', 'Ctrl+Shift+Z'], menu: true, edits: true },
  { id: 'clearCell', label: '清除', keys: ['Delete'], menu: true, edits: true },
  { id: 'editCell', label: '编辑', keys: ['F2'], menu: false, edits: true },
  { id: 'cancelEdit', label: '取消编辑', keys: ['Escape'], menu: false },
  { id: 'showHelp', label: '快捷键帮助', keys: ['F1', 'Ctrl+/'], menu: true },
  { id: 'save', label: '保存', keys: ['Ctrl+S'], menu: false, edits: true },
  { id: 'exportExcel', label: '导出Excel', keys: ['Ctrl+Shift+E'], menu: true },
  // Tree grids: a parent's children shown or hidden (on a row without that to do, the first child or the parent).
  { id: 'expandRow', label: '展开下级', keys: ['Alt+ArrowRight'], menu: true, needsRow: true },
  { id: 'collapseRow', label: '收起下级', keys: ['Alt+ArrowLeft'], menu: true, needsRow: true },
  // Document editors (vouchers): conventions bookkeepers know from 用友 and 金蝶. Keys such as
  // '..' are text typed alone into a cell (GridBehaviour.typed), listed here for the help panel.
  { id: 'saveAndNew', label: '保存并新增', keys: ['F12'], menu: false, edits: true },
  { id: 'newDocument', label: '新增凭证', keys: ['Ctrl+N', 'Alt+N'], menu: false },
  { id: 'previousDocument', label: '上一张凭证', keys: ['PageUp'], menu: false },
  { id: 'nextDocument', label: '下一张凭证', keys: ['PageDown'], menu: false },
  {
    id: 'pickSubject',
    label: '选择科目（科目栏可输入编码、名称或拼音首字母）',
    keys: ['F7'],
    menu: false,
    needsRow: true,
    edits: true,
  },
  // Issue 20 B8: a line crediting 402 with a funds unit's 经费单位 item becomes the remittance
  // lines of the unit's ratios (F8: free in the browsers and next to F7's picker).
  {
    id: 'proposeRemittance',
    label: '经费分配：贷记402且选有经费单位的行，按该单位经费比例拆成本级、上解、下拨各行',
    keys: ['F8'],
    menu: true,
    needsRow: true,
    edits: true,
  },
  { id: 'copySummaryAbove', label: '摘要栏输入：复制上一行摘要', keys: ['..'], menu: false, needsRow: true, edits: true },
  { id: 'copySummaryFirst', label: '摘要栏输入：复制第一行摘要', keys: ['//'], menu: false, needsRow: true, edits: true },
  { id: 'balanceAmount', label: '金额栏：填入使借贷平衡的金额', keys: ['='], menu: false, needsRow: true, edits: true },
  { id: 'swapDebitCredit', label: '金额栏：金额在借方与贷方之间移动', keys: ['Space'], menu: false, needsRow: true, edits: true },
  {
    id: 'nextLineCarrySummary',
    label: '完成一行后回车：到下一行并带出摘要',
    keys: ['Enter'],
    menu: false,
    needsRow: true,
    edits: true,
  },
];

const BY_ID = new Map(GRID_COMMANDS.map((c) => [c.id, c]));

export function commandById(id: CommandId): GridCommand {
  const command = BY_ID.get(id);
  if (!command) throw new Error(`unknown grid command ${id}`);
  return command;
}

/** Row operations that add rows need allowAddRows; deleting needs allowDeleteRows. */
const NEEDS_ADD: readonly CommandId[] = ['insertRowBefore', 'insertRowAfter', 'splitRow'];

/**
 * The commands a grid offers, in list order: those its definition names, less the row
 * operations it does not allow, less the editing ones when the grid is read-only.
 */
export function availableCommands(
  def: Pick<GridDefinition<GridRow>, 'commands' | 'allowAddRows' | 'allowDeleteRows'>,
  readOnly = false,
) {
  return GRID_COMMANDS.filter((c) => {
    if (!def.commands.includes(c.id)) return false;
    if (readOnly && c.edits) return false;
    if (NEEDS_ADD.includes(c.id) && !def.allowAddRows) return false;
    if (c.id === 'deleteRow' && !def.allowDeleteRows) return false;
    return true;
  });
}

/** The part of a keyboard event a shortcut looks at (no DOM types in shared code). */
export interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/** The shortcut string of an event, in the list's notation: 'Ctrl+Shift+Z', 'Delete', 'Ctrl+/'. */
export function shortcutOf(event: KeyLike): string {
  const parts: string[] = [];
  if (event.ctrlKey || event.metaKey) parts.push('Ctrl');
  if (event.shiftKey) parts.push('Shift');
  if (event.altKey) parts.push('Alt');
  const key = event.key === ' ' ? 'Space' : event.key.length === 1 ? event.key.toUpperCase() : event.key;
  parts.push(key);
  return parts.join('+');
}

/** The command among `commands` bound to the event's key, if any. */
export function commandForKey(commands: readonly GridCommand[], event: KeyLike): GridCommand | undefined {
  const shortcut = shortcutOf(event);
  return commands.find((c) => c.keys.includes(shortcut));
}

/** Keys shown to a user: 'Ctrl+Shift+Z' stays as written; several keys are joined with ' / '. */
export function keysLabel(command: GridCommand): string {
  return command.keys.join(' / ');
}
