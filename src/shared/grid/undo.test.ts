import { describe, expect, it } from 'vitest';
import { effectiveChanges, emptyHistory, invertChanges, record, redo, undo, type CellChange } from './undo.js';

describe('undo history', () => {
  it('undoes and redoes entries in order', () => {
    let h = emptyHistory<string>();
    h = record(h, 'a');
    h = record(h, 'b');
    const u1 = undo(h);
    expect(u1?.entry).toBe('b');
    const u2 = undo(u1!.history);
    expect(u2?.entry).toBe('a');
    expect(undo(u2!.history)).toBeNull();
    const r1 = redo(u2!.history);
    expect(r1?.entry).toBe('a');
    expect(redo(r1!.history)?.entry).toBe('b');
  });

  it('forgets the redo branch when a new action is recorded', () => {
    const h = record(emptyHistory<string>(), 'a');
    const after = record(undo(h)!.history, 'c');
    expect(redo(after)).toBeNull();
    expect(after.past).toEqual(['c']);
  });

  it('keeps at most the limit, dropping the oldest', () => {
    let h = emptyHistory<number>();
    for (let i = 0; i < 5; i++) h = record(h, i, 3);
    expect(h.past).toEqual([2, 3, 4]);
  });
});

describe('cell changes', () => {
  const changes: CellChange<number | null>[] = [
    { rowId: 'r1', fieldId: 'x', before: null, after: 1 },
    { rowId: 'r1', fieldId: 'x', before: 1, after: 2 },
    { rowId: 'r2', fieldId: 'y', before: 3, after: 3 },
  ];
  it('inverts a batch in reverse order', () => {
    expect(invertChanges(changes.slice(0, 2))).toEqual([
      { rowId: 'r1', fieldId: 'x', before: 2, after: 1 },
      { rowId: 'r1', fieldId: 'x', before: 1, after: null },
    ]);
  });
  it('drops changes that change nothing', () => {
    expect(effectiveChanges(changes, (a, b) => a === b)).toHaveLength(2);
  });
});
