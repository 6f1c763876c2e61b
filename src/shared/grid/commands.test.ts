import { describe, expect, it } from 'vitest';
import { availableCommands, commandForKey, GRID_COMMANDS, keysLabel, shortcutOf } from './commands.js';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('GRID_COMMANDS', () => {
  it('has one entry per command id, each with a Chinese label and at least one key', () => {
    const ids = GRID_COMMANDS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of GRID_COMMANDS) {
      expect(c.label).toMatch(/[\u4e00-\u9fff]/);
      expect(c.keys.length).toBeGreaterThan(0);
    }
  });

  it('binds every shortcut to one command only', () => {
    const keys = GRID_COMMANDS.flatMap((c) => c.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names the spec labels of the row operations', () => {
    const labels = GRID_COMMANDS.filter((c) => c.menu).map((c) => c.label);
    expect(labels).toEqual(
      expect.arrayContaining(['复制上一行', '复制', '粘贴', '向上插入行', '向下插入行', '拆分行', '删除行']),
    );
  });
});

describe('shortcuts', () => {
  it('writes events in the list notation', () => {
    expect(shortcutOf(key('z', { ctrlKey: true }))).toBe('Ctrl+Z');
    expect(shortcutOf(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('Ctrl+Shift+Z');
    expect(shortcutOf(key('z', { metaKey: true }))).toBe('Ctrl+Z');
    expect(shortcutOf(key('Insert', { altKey: true }))).toBe('Alt+Insert');
    expect(shortcutOf(key('Delete'))).toBe('Delete');
  });

  it('finds the command of a key', () => {
    expect(commandForKey(GRID_COMMANDS, key('y', { ctrlKey: true }))?.id).toBe('redo');
    expect(commandForKey(GRID_COMMANDS, key('Z', { ctrlKey: true, shiftKey: true }))?.id).toBe('redo');
    expect(commandForKey(GRID_COMMANDS, key('F1'))?.id).toBe('showHelp');
    expect(commandForKey(GRID_COMMANDS, key('/', { ctrlKey: true }))?.id).toBe('showHelp');
    expect(commandForKey(GRID_COMMANDS, key('a'))).toBeUndefined();
    expect(keysLabel(GRID_COMMANDS.find((c) => c.id === 'redo')!)).toBe('Ctrl+Y / Ctrl+Shift+Z');
  });
});

describe('availableCommands', () => {
  const all = GRID_COMMANDS.map((c) => c.id);
  it('keeps the definition order of the list and drops what the grid does not allow', () => {
    const ids = availableCommands({ commands: all, allowAddRows: false, allowDeleteRows: false }).map((c) => c.id);
    expect(ids).not.toContain('insertRowBefore');
    expect(ids).not.toContain('splitRow');
    expect(ids).not.toContain('deleteRow');
    expect(ids).toContain('copyPreviousRow');
  });

  it('offers only the non-editing commands in a read-only grid', () => {
    const ids = availableCommands({ commands: all, allowAddRows: true, allowDeleteRows: true }, true).map((c) => c.id);
    expect(ids).toEqual([
      'copy',
      'cancelEdit',
      'showHelp',
      'exportExcel',
      'expandRow',
      'collapseRow',
      'newDocument',
      'previousDocument',
      'nextDocument',
    ]);
  });

  it('offers nothing the definition does not name', () => {
    expect(availableCommands({ commands: ['copy'], allowAddRows: true, allowDeleteRows: true }).map((c) => c.id)).toEqual([
      'copy',
    ]);
  });
});

describe('shortcutOf', () => {
  it('names the space bar Space, as the voucher convention is listed', () => {
    expect(shortcutOf({ key: ' ', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false })).toBe('Space');
  });
});
