import { useEffect, useRef } from 'react';
import { useDialogFocus } from '../message-box/dialog-focus.js';
import { keysLabel, type GridCommand } from '../../shared/grid/commands.js';

/** Keys the grid itself handles (not commands): shown above the command list. */
const NAVIGATION: readonly { keys: string; label: string }[] = [
  { keys: '方向键', label: '移动到相邻单元格' },
  { keys: 'Tab / Shift+Tab', label: '下一个 / 上一个单元格' },
  { keys: 'Enter', label: '确认并移到下一个可编辑单元格（行末到下一行）' },
  { keys: 'Shift+方向键 / Shift+单击', label: '扩展选择区域' },
  { keys: '直接输入', label: '开始编辑并替换内容' },
];

/** The shortcut help panel, read from the same command list as the keys and the menu. */
export function ShortcutHelp({ commands, onClose }: { commands: readonly GridCommand[]; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogFocus(dialogRef, 'dialog');
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <div className="mb-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        tabIndex={-1}
        className="dialog grid-help"
        role="dialog"
        aria-modal="true"
        aria-label="快捷键帮助"
        onKeyDown={(event) => {
          if (event.key === 'Escape' || event.key === 'F1') {
            event.preventDefault();
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="mb-header">
          <span className="mb-title">快捷键帮助</span>
          <button type="button" className="mb-x" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="grid-help-table-wrap">
          <table className="grid-help-table">
            <tbody>
              {NAVIGATION.map((n) => (
                <tr key={n.keys}>
                  <td>
                    <kbd>{n.keys}</kbd>
                  </td>
                  <td>{n.label}</td>
                </tr>
              ))}
              {commands.map((c) => (
                <tr key={c.id}>
                  <td>
                    <kbd>{keysLabel(c)}</kbd>
                  </td>
                  <td>{c.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mb-footer">
          <div className="mb-buttons">
            <button ref={closeRef} type="button" className="btn btn-primary" onClick={onClose}>
              知道了
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
