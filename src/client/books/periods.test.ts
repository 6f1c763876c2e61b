import { describe, expect, it } from 'vitest';
import { detailAccountHref, monthOfText, periodLabel, yearMonth } from './periods.js';

describe('report periods', () => {
  it('writes and reads yyyy-MM of the session year only', () => {
    expect(yearMonth(2026, 3)).toBe('2026-03');
    expect(monthOfText('2026-11', 2026)).toBe(11);
    expect(monthOfText('2025-11', 2026)).toBeNull();
    expect(monthOfText('2026-13', 2026)).toBeNull();
    expect(monthOfText(null, 2026)).toBeNull();
  });

  it('labels a month or a range', () => {
    expect(periodLabel(2026, { beginMonth: 2, endMonth: 2 })).toBe('2026年2月');
    expect(periodLabel(2026, { beginMonth: 1, endMonth: 3 })).toBe('2026年1月至3月');
  });

  it('links to the detail ledger of a subject for the range', () => {
    expect(detailAccountHref('101', 2026, { beginMonth: 1, endMonth: 3 }, true)).toBe(
      '/accounting-management/books/detailaccount?code=101&beginTime=2026-01&endTime=2026-03&book=true',
    );
  });
});
