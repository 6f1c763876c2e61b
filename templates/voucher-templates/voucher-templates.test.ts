/**
 * Built-in templates against the charts they serve: every subject exists and is last level in
 * both 2021 union charts, and each template balances by side (a debit line for every credit).
 */
import { describe, expect, it } from 'vitest';
import { findSubject, unionCounty2021, unionGrassroots2021 } from '../charts/index.js';
import { TEMPLATE_TYPES } from '../../src/shared/templates/template-rules.js';
import { builtInTemplatesFor } from './index.js';

describe('built-in voucher templates', () => {
  for (const chart of [unionGrassroots2021, unionCounty2021]) {
    it(`use last-level subjects of ${chart.id}`, () => {
      const list = builtInTemplatesFor(chart.id);
      expect(list.length).toBeGreaterThan(4);
      for (const { template } of list) {
        for (const line of template.lines) {
          const subject = findSubject(chart, line.subjectCode);
          expect(subject, `${template.name} ${line.subjectCode}`).toBeDefined();
          expect(
            chart.subjects.some((s) => s.parentCode === line.subjectCode),
            `${line.subjectCode} is last level`,
          ).toBe(false);
        }
      }
    });
  }

  it('offer a 基层 union every template and a 县级以上 union those its chart can post', () => {
    expect(builtInTemplatesFor('union-2021-grassroots').map((t) => t.template.key)).toContain('dues');
    expect(builtInTemplatesFor('union-2021-county').map((t) => t.template.key)).not.toContain('dues');
    expect(builtInTemplatesFor('union-2021-county').map((t) => t.template.key)).toContain('upper-subsidy');
  });

  it('have unique ids, a known type, and both sides', () => {
    const list = builtInTemplatesFor('union-2021-grassroots');
    expect(new Set(list.map((t) => t.id)).size).toBe(list.length);
    for (const { template } of list) {
      expect(TEMPLATE_TYPES.some((t) => t.value === template.template)).toBe(true);
      expect(template.lines.some((l) => l.side === 1) && template.lines.some((l) => l.side === 2)).toBe(true);
    }
  });
});
