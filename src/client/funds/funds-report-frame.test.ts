import { describe, expect, it } from 'vitest';
import { rangeFromSearch } from './FundsReportFrame.js';

describe('the range a funds report takes from its address (the close check jumps there)', () => {
  it('reads beginTime and endTime of one year, in order', () => {
    expect(rangeFromSearch('?beginTime=2026-03&endTime=2026-05')).toEqual({ beginMonth: 3, endMonth: 5 });
    expect(rangeFromSearch('?beginTime=2026-12&endTime=2026-12')).toEqual({ beginMonth: 12, endMonth: 12 });
  });

  it('ignores a missing, malformed, reversed or two-year range', () => {
    for (const search of [
      '',
      '?beginTime=2026-03',
      '?beginTime=2026-13&endTime=2026-12',
      '?beginTime=2026-05&endTime=2026-03',
      '?beginTime=2025-01&endTime=2026-03',
      '?beginTime=2026-3&endTime=2026-04',
    ])
      expect(rangeFromSearch(search), search).toBeNull();
  });
});
