import { describe, expect, it } from 'vitest';
import { findSubject, unionCounty2021, unionGrassroots2021 } from '../charts/index.js';
import type { ChartTemplate } from '../../src/shared/chart.js';
import { adjustmentTemplates } from './adjustment-templates.js';

const isLastLevel = (chart: ChartTemplate, code: string) => !chart.subjects.some((s) => s.parentCode === code);

describe('the standard adjustments of the transition (财会〔2021〕16号 §三, §四)', () => {
  it('offers the seven entries of templates/reference/union-accounting.md §4.2 and §4.3', () => {
    expect(
      adjustmentTemplates.map((t) => [t.key, ...t.lines.map((l) => `${l.side === 1 ? 'Dr' : 'Cr'} ${l.subjectCode}`)]),
    ).toEqual([
      ['unrecorded-intangibles', 'Dr 171', 'Cr 30105'],
      ['unrecorded-fixed-assets', 'Dr 162', 'Cr 30104'],
      ['unrecorded-liabilities', 'Dr 32205', 'Cr 215'],
      ['catch-up-depreciation', 'Dr 30104', 'Cr 163'],
      ['catch-up-amortisation', 'Dr 30105', 'Cr 172'],
      ['custody-funds-written-off', 'Dr 221', 'Cr 102'],
      ['stock-below-threshold', 'Dr 30101', 'Cr 141'],
    ]);
  });

  it('names last-level subjects of the county chart, with one debit and one credit line, keys unique', () => {
    expect(new Set(adjustmentTemplates.map((t) => t.key)).size).toBe(adjustmentTemplates.length);
    for (const t of adjustmentTemplates) {
      expect(t.basis, t.key).toMatch(/财会〔2021〕16号/);
      expect(t.lines.map((l) => l.side).sort(), t.key).toEqual([1, 2]);
      for (const line of t.lines) {
        expect(findSubject(unionCounty2021, line.subjectCode), `${t.key} ${line.subjectCode}`).toBeDefined();
        expect(isLastLevel(unionCounty2021, line.subjectCode), `${t.key} ${line.subjectCode}`).toBe(true);
        expect(line.summary.trim()).not.toBe('');
      }
    }
  });

  it('never names a 基层 parent: a code the 基层 chart has is a detail there (the others come from the county chart)', () => {
    for (const line of adjustmentTemplates.flatMap((t) => t.lines)) {
      if (findSubject(unionGrassroots2021, line.subjectCode))
        expect(isLastLevel(unionGrassroots2021, line.subjectCode), line.subjectCode).toBe(true);
    }
  });
});
