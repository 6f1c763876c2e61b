/**
 * Built-in carry-forward templates against the charts they are for: every subject exists, carry-in
 * subjects are last level, every revenue and expense subject is carried at month end by a row
 * without auxiliary items (so nothing is left behind), and the year end empties every detail of
 * 321/322 (and 331/332) except 累计结转 / 累计结余.
 */
import { describe, expect, it } from 'vitest';
import type { ChartTemplate } from '../../src/shared/chart.js';
import { BUILT_IN_AUXI_ITEMS } from '../../src/shared/subjects/auxiliary-rules.js';
import { findSubject, unionCounty2021, unionGrassroots2021 } from '../charts/index.js';
import { builtInCarryForwardFor } from './index.js';

const isLeaf = (chart: ChartTemplate, code: string) => !chart.subjects.some((s) => s.parentCode === code);
const under = (chart: ChartTemplate, code: string, row: string): boolean => {
  for (let at = findSubject(chart, code); at; at = at.parentCode ? findSubject(chart, at.parentCode) : undefined)
    if (at.code === row) return true;
  return false;
};

describe('built-in carry-forward templates', () => {
  for (const chart of [unionGrassroots2021, unionCounty2021]) {
    const list = builtInCarryForwardFor(chart.id).map((t) => t.template);

    it(`name only subjects of ${chart.id}, carrying into last-level net-asset details`, () => {
      expect(list.length).toBeGreaterThanOrEqual(3);
      for (const t of list) {
        for (const row of t.rows) {
          expect(findSubject(chart, row.subjectCode), `${t.name} ${row.subjectCode}`).toBeDefined();
          const into = findSubject(chart, row.intoSubjectCode);
          expect(into, `${t.name} ${row.intoSubjectCode}`).toBeDefined();
          expect(into?.type).toBe(3);
          expect(isLeaf(chart, row.intoSubjectCode)).toBe(true);
          for (const a of row.auxis ?? [])
            expect(BUILT_IN_AUXI_ITEMS.some((i) => i.typeNo === a.typeNo && i.infoNo === a.infoNo)).toBe(true);
        }
      }
    });

    it(`carry every revenue and expense subject of ${chart.id} at month end`, () => {
      const plain = list.filter((t) => t.isMonth).flatMap((t) => t.rows.filter((r) => !r.auxis?.length));
      for (const s of chart.subjects.filter((x) => (x.type === 4 || x.type === 5) && isLeaf(chart, x.code))) {
        const rows = plain.filter((r) => under(chart, s.code, r.subjectCode));
        expect(rows.length, `${s.code} ${s.name}`).toBe(1);
        expect(['32103', '32203', '33103']).toContain(rows[0]?.intoSubjectCode);
      }
    });

    it(`roll every 本年收支结转 detail into 累计 at the year end of ${chart.id}`, () => {
      const year = list.filter((t) => !t.isMonth);
      expect(year).toHaveLength(1);
      const rows = year[0]?.rows ?? [];
      const funds = chart.subjects.filter((s) => ['321', '322', '331', '332'].includes(s.parentCode ?? ''));
      for (const s of funds) {
        const cumulative = s.name === '累计结转' || s.name === '累计结余';
        const row = rows.find((r) => r.subjectCode === s.code);
        if (cumulative) expect(row, s.code).toBeUndefined();
        else
          expect(row?.intoSubjectCode, s.code).toBe(
            `${s.parentCode ?? ''}${s.parentCode === '321' || s.parentCode === '331' ? '04' : '05'}`,
          );
      }
    });
  }

  it('take 专项 revenue to 321 and 财政拨款 revenue to 331 (县级以上)', () => {
    const county = builtInCarryForwardFor('union-2021-county').flatMap((t) => t.template.rows);
    expect(county.find((r) => r.subjectCode === '40302')?.intoSubjectCode).toBe('32103');
    expect(county.find((r) => r.subjectCode === '40401')?.intoSubjectCode).toBe('33103');
    expect(county.find((r) => r.subjectCode === '521')?.intoSubjectCode).toBe('32203');
    expect(builtInCarryForwardFor('government-2017')).toEqual([]);
  });

  it('have unique ids', () => {
    const ids = [...builtInCarryForwardFor('union-2021-grassroots'), ...builtInCarryForwardFor('union-2021-county')].map(
      (t) => t.id,
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
