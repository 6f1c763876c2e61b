import { describe, expect, it } from 'vitest';
import { initialLoaded, loadedAfterResize, loadedFor, nextLoaded } from './paging.js';
import { contains, extendTo, pasteTargets, rectOf, single, step } from './range.js';

describe('paging (50-row threshold, 200-row pages)', () => {
  it('loads everything up to 50 rows and one page beyond', () => {
    expect(initialLoaded(50)).toBe(50);
    expect(initialLoaded(51)).toBe(51);
    expect(initialLoaded(10_000)).toBe(200);
  });

  it('loads the next page near the end of what is loaded', () => {
    expect(nextLoaded(150, 200, 10_000)).toBe(200);
    expect(nextLoaded(185, 200, 10_000)).toBe(400);
    expect(nextLoaded(9_990, 9_900, 10_000)).toBe(10_000);
    expect(nextLoaded(199, 10_000, 10_000)).toBe(10_000);
  });

  it('loads the page a row falls in', () => {
    expect(loadedFor(10, 200, 10_000)).toBe(200);
    expect(loadedFor(450, 200, 10_000)).toBe(600);
    expect(loadedFor(9_999, 200, 10_000)).toBe(10_000);
  });

  it('keeps loaded rows loaded when rows come and go', () => {
    expect(loadedAfterResize(200, 10_000, 10_001)).toBe(201);
    expect(loadedAfterResize(200, 10_000, 9_999)).toBe(199);
    expect(loadedAfterResize(30, 30, 31)).toBe(31);
  });
});

describe('range', () => {
  it('extends from the anchor and normalises to a rectangle', () => {
    const r = extendTo(single({ row: 5, col: 3 }), { row: 2, col: 1 });
    expect(rectOf(r)).toEqual({ top: 2, bottom: 5, left: 1, right: 3 });
    expect(contains(rectOf(r), 3, 2)).toBe(true);
    expect(contains(rectOf(r), 6, 2)).toBe(false);
  });

  it('steps inside the grid', () => {
    expect(step({ row: 0, col: 0 }, 'ArrowUp', 10, 4)).toEqual({ row: 0, col: 0 });
    expect(step({ row: 9, col: 3 }, 'ArrowRight', 10, 4)).toEqual({ row: 9, col: 3 });
    expect(step({ row: 1, col: 1 }, 'ArrowDown', 10, 4)).toEqual({ row: 2, col: 1 });
  });

  it('pastes a block from the top-left corner, and one cell into the whole range', () => {
    const range = extendTo(single({ row: 4, col: 2 }), { row: 2, col: 3 });
    expect(pasteTargets(range, 3, 2)).toEqual({ top: 2, left: 2, bottom: 4, right: 3 });
    expect(pasteTargets(range, 1, 1)).toEqual({ top: 2, left: 2, bottom: 4, right: 3 });
    expect(pasteTargets(single({ row: 0, col: 0 }), 1, 1)).toEqual({ top: 0, left: 0, bottom: 0, right: 0 });
  });
});
