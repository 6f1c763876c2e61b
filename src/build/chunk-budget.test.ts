import { describe, expect, it } from 'vitest';
import { CHUNK_BUDGET_BYTES, overBudget } from './chunk-budget.js';

const AG_GRID = '/repo/node_modules/ag-grid-community/dist/package/main.esm.mjs';
const EXCELJS = '/repo/node_modules/exceljs/dist/exceljs.min.js';

describe('chunk budget', () => {
  it('passes chunks within the budget', () => {
    expect(
      overBudget([
        { fileName: 'a.js', bytes: CHUNK_BUDGET_BYTES, modules: [{ id: '/repo/src/a.ts', bytes: CHUNK_BUDGET_BYTES }] },
      ]),
    ).toEqual([]);
  });

  it('names a chunk over the budget that is one prebuilt dependency as unsplittable', () => {
    const chunks = [
      {
        fileName: 'ag-grid.js',
        bytes: 820_000,
        modules: [
          { id: AG_GRID, bytes: 819_000 },
          { id: '/repo/x.js', bytes: 1000 },
        ],
      },
      { fileName: 'exceljs.js', bytes: 930_000, modules: [{ id: EXCELJS, bytes: 930_000 }] },
    ];
    expect(overBudget(chunks)).toEqual([
      { fileName: 'ag-grid.js', bytes: 820_000, unsplittable: AG_GRID },
      { fileName: 'exceljs.js', bytes: 930_000, unsplittable: EXCELJS },
    ]);
  });

  it('holds our own code, and a prebuilt dependency with much else in its chunk, to the budget', () => {
    const chunks = [
      { fileName: 'index.js', bytes: 600_000, modules: [{ id: '/repo/src/client/main.tsx', bytes: 600_000 }] },
      {
        fileName: 'mixed.js',
        bytes: 1_000_000,
        modules: [
          { id: AG_GRID, bytes: 800_000 },
          { id: '/repo/src/client/grid/GridEditor.tsx', bytes: 200_000 },
        ],
      },
      { fileName: 'hf.js', bytes: 700_000, modules: [{ id: '/repo/node_modules/hyperformula/es/index.mjs', bytes: 700_000 }] },
    ];
    expect(overBudget(chunks).map((o) => [o.fileName, o.unsplittable])).toEqual([
      ['index.js', null],
      ['mixed.js', null],
      ['hf.js', null],
    ]);
  });
});
