import { describe, expect, it } from 'vitest';
import { findSubject, union2009, unionCounty2021, unionGrassroots2021 } from '../charts/index.js';
import { transitionRows, type TransitionLevel } from './union-2009-to-2021.js';

const LEVELS: TransitionLevel[] = ['grassroots', 'county'];
const isParent = (code: string) => union2009.subjects.some((s) => s.parentCode === code);

describe.each(LEVELS)('the %s transition mapping', (level) => {
  const rows = transitionRows(level);

  it('lists the 54 rows of the official table in order', () => {
    const numbers = new Set(
      rows.flatMap((r) => {
        const [from, to = from] = r.no.split('-').map(Number) as [number, number?];
        return Array.from({ length: to - from + 1 }, (_, i) => from + i);
      }),
    );
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 54 }, (_, i) => i + 1));
    const firsts = rows.map((r) => Number(r.no.split('-')[0]));
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
  });

  it('transfers every balance-sheet subject of the 2009 chart exactly once, from its last level', () => {
    const keyed = union2009.subjects.filter((s) => s.type <= 3 && !isParent(s.code)).map((s) => s.code);
    const withBalance = rows.filter((r) => !r.noBalance && r.oldCode !== null).map((r) => r.oldCode);
    expect([...withBalance].sort()).toEqual([...keyed].sort());
  });

  it('sends each part to a subject of the 2021 charts on the same side, with one remainder per row', () => {
    for (const row of rows) {
      expect(row.parts.filter((p) => p.remainder)).toHaveLength(1);
      const old = row.oldCode === null ? undefined : findSubject(union2009, row.oldCode);
      if (row.oldCode !== null) expect(old, row.oldCode).toBeDefined();
      for (const part of row.parts) {
        const target = findSubject(unionCounty2021, part.newCode) ?? findSubject(unionGrassroots2021, part.newCode);
        expect(target, part.newCode).toBeDefined();
        if (old && !row.noBalance) expect(target?.balanceDirection, `${row.oldCode}→${part.newCode}`).toBe(old.balanceDirection);
        if (!row.noBalance)
          expect(
            unionCounty2021.subjects.some((s) => s.parentCode === part.newCode),
            part.newCode,
          ).toBe(false);
      }
    }
    const keys = rows.flatMap((r) => r.parts.map((p) => p.key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

it('splits 结余 by level: 县级以上 adds 财政拨款结转 and 结余', () => {
  const codes = (level: TransitionLevel) =>
    transitionRows(level)
      .find((r) => r.oldCode === '331')
      ?.parts.map((p) => p.newCode);
  expect(codes('grassroots')).toEqual(['32205', '30101', '32104']);
  expect(codes('county')).toEqual(['32205', '30101', '33104', '33205', '32104']);
});
