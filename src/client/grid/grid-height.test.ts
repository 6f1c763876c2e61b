import { describe, expect, it } from 'vitest';
import { gridBoxStyle, type GridHeightInput } from './grid-height.js';

const voucher: GridHeightInput = {
  rowCount: 12,
  rowHeight: 50,
  lineHeight: 34,
  headerRows: 1,
  pinnedRows: 1,
  fill: true,
  height: 480,
};

describe('the grid box height', () => {
  it('a filling grid asks for all its rows (the page shrinks it to what is left), with a one-line totals row', () => {
    expect(gridBoxStyle(voucher)).toEqual({ height: 34 + 12 * 50 + 34 + 4 });
  });

  it('a grid with maxHeight is as tall as its rows up to that, with room for a horizontal scrollbar', () => {
    expect(gridBoxStyle({ ...voucher, fill: false, maxHeight: 400 })).toEqual({ height: 400 });
    expect(gridBoxStyle({ ...voucher, fill: false, rowCount: 2, maxHeight: 400 })).toEqual({
      height: 34 + 3 * 50 + 34 + 4 + 16,
    });
  });

  it('otherwise the fixed height', () => {
    expect(gridBoxStyle({ ...voucher, fill: false, height: 'calc(100vh - 250px)' })).toEqual({ height: 'calc(100vh - 250px)' });
  });
});
