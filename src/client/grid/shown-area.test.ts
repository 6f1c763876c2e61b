import { describe, expect, it } from 'vitest';
import { whollyShown, type CellBox } from './shown-area.js';

const area = { top: 500, bottom: 900, left: 0, right: 800 };
const cell = (over: Partial<CellBox>): CellBox => ({ rowTop: 600, rowHeight: 50, left: 100, width: 200, pinned: false, ...over });

describe('whollyShown', () => {
  it('is true for a cell inside the area, edges included', () => {
    expect(whollyShown(cell({}), area)).toBe(true);
    expect(whollyShown(cell({ rowTop: 500 }), area)).toBe(true);
    expect(whollyShown(cell({ rowTop: 850, left: 600 }), area)).toBe(true);
  });

  it('is false for a row partly or wholly above or below', () => {
    expect(whollyShown(cell({ rowTop: 499 }), area)).toBe(false);
    expect(whollyShown(cell({ rowTop: 851 }), area)).toBe(false);
    expect(whollyShown(cell({ rowTop: 5_000 }), area)).toBe(false);
  });

  it('is false for a column partly or wholly beside, unless pinned', () => {
    expect(whollyShown(cell({ left: 700 }), area)).toBe(false);
    expect(whollyShown(cell({ left: 700, pinned: true }), area)).toBe(true);
    expect(whollyShown(cell({ left: null }), area)).toBe(false);
  });

  it('is false when the area is unknown or the row not laid out', () => {
    expect(whollyShown(cell({}), null)).toBe(false);
    expect(whollyShown(cell({ rowTop: null }), area)).toBe(false);
    expect(whollyShown(cell({ rowHeight: null }), area)).toBe(false);
  });
});
