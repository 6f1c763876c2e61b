import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ZtElectItem } from '../../shared/api/auth.js';
import { buildZtTree, defaultYear, filterZtTree, flattenZtTree, moveSelection, stepYear, ztMatches } from './zt-tree.js';

const item = (id: number, name: string, code: string, upperId: number | null): ZtElectItem => ({
  id,
  name,
  code,
  upperId,
  years: [2026, 2025],
  accountingSystem: 'union-grassroots',
  level: upperId ? 2 : 1,
});

const city = item(1, '示范市总工会', '001', null);
const factory = item(2, '示范市第一机械厂工会', '001001', 1);
const school = item(3, '示范市实验中学工会', '001002', 1);

describe('ledger-set tree', () => {
  it('links by upperId and treats a missing upper as a root', () => {
    expect(flattenZtTree(buildZtTree([school, factory, city])).map((n) => [n.item.id, n.depth])).toEqual([
      [1, 0],
      [2, 1],
      [3, 1],
    ]);
    expect(buildZtTree([factory, school]).map((n) => n.item.id)).toEqual([2, 3]);
  });

  it('filters by name or code and keeps ancestors', () => {
    const tree = buildZtTree([city, factory, school]);
    expect(flattenZtTree(filterZtTree(tree, '实验')).map((n) => n.item.id)).toEqual([1, 3]);
    expect(flattenZtTree(filterZtTree(tree, '001001')).map((n) => n.item.id)).toEqual([1, 2]);
    expect(filterZtTree(tree, '不存在')).toEqual([]);
    expect(filterZtTree(tree, '  ')).toHaveLength(1);
    expect(ztMatches(school, '实验')).toBe(true);
    expect(ztMatches(city, '实验')).toBe(false);
    expect(ztMatches(city, '')).toBe(false);
  });

  it('hides the children of a collapsed node', () => {
    expect(flattenZtTree(buildZtTree([city, factory, school]), new Set([1])).map((n) => n.item.id)).toEqual([1]);
  });

  it('defaults to the current year, else the newest', () => {
    expect(defaultYear([2026, 2025], new Date('2026-03-01'))).toBe(2026);
    expect(defaultYear([2024, 2025], new Date('2026-03-01'))).toBe(2025);
    expect(defaultYear([])).toBeNull();
  });

  it('moves the selection by arrow steps within bounds', () => {
    const visible = flattenZtTree(buildZtTree([city, factory, school]));
    expect(moveSelection(visible, null, 1)).toBe(1);
    expect(moveSelection(visible, 1, 1)).toBe(2);
    expect(moveSelection(visible, 3, 1)).toBe(3);
    expect(moveSelection(visible, 1, -1)).toBe(1);
    expect(moveSelection([], 1, 1)).toBeNull();
  });

  it('steps the year along the year list as it is shown (PageUp up, PageDown down), clamped at both ends', () => {
    expect(stepYear([2026, 2025, 2024], 2026, 1)).toBe(2025);
    expect(stepYear([2026, 2025, 2024], 2025, -1)).toBe(2026);
    expect(stepYear([2024, 2025], 2024, 1)).toBe(2025);
    expect(stepYear([2026, 2025], 2025, 1)).toBe(2025);
    expect(stepYear([2026, 2025], 2026, -1)).toBe(2026);
    expect(stepYear([2026, 2025], null, 1)).toBe(2026);
    expect(stepYear([], 2026, 1)).toBeNull();
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 2000, max: 2100 }), { minLength: 1, maxLength: 8 }),
        fc.nat(7),
        fc.integer({ min: -3, max: 3 }),
        (years, at, step) => {
          const from = years[at % years.length] ?? null;
          const next = stepYear(years, from, step);
          // Always an offered year, |step| places away unless an end stops it first.
          const moved = years.indexOf(next ?? -1) - years.indexOf(from ?? -1);
          const room = step > 0 ? years.length - 1 - years.indexOf(from ?? -1) : years.indexOf(from ?? -1);
          expect(moved).toBe(Math.sign(step) * Math.min(Math.abs(step), room) || 0);
        },
      ),
    );
  });
});
