import { describe, expect, it } from 'vitest';
import { buildQuery, defaultFilter, filterFromSearch, LIST_PAGE_SIZE } from './list-filter.js';

describe('voucher list filter', () => {
  it('defaults to the month being worked on, every status, 200-row pages', () => {
    const built = buildQuery(defaultFilter(3), 2026, 1);
    expect(built).toEqual({
      ok: true,
      query: { year: 2026, beginMonth: 3, endMonth: 3, status: 'all', pageIndex: 1, pageSize: LIST_PAGE_SIZE },
    });
  });

  it('passes every filled filter, trimmed, amounts as exact yuan strings', () => {
    const built = buildQuery(
      {
        ...defaultFilter(1),
        endMonth: 6,
        certificateType: 1,
        beginPzNo: ' 2 ',
        endPzNo: '9',
        subjectCode: ' 1002 ',
        summary: ' 报销 ',
        minAmount: '1,000.5',
        maxAmount: '20000',
        status: 'reviewed',
      },
      2026,
      2,
    );
    expect(built).toEqual({
      ok: true,
      query: {
        year: 2026,
        beginMonth: 1,
        endMonth: 6,
        certificateType: 1,
        beginPzNo: 2,
        endPzNo: 9,
        subjectCode: '1002',
        summary: '报销',
        minAmount: '1000.50',
        maxAmount: '20000.00',
        status: 'reviewed',
        pageIndex: 2,
        pageSize: LIST_PAGE_SIZE,
      },
    });
  });

  it('refuses a typo instead of widening the search', () => {
    expect(buildQuery({ ...defaultFilter(1), beginPzNo: '1a' }, 2026, 1)).toEqual({
      ok: false,
      message: '起始凭证号只能输入数字',
    });
    expect(buildQuery({ ...defaultFilter(1), minAmount: '1.234' }, 2026, 1)).toMatchObject({ ok: false });
    expect(buildQuery({ ...defaultFilter(5), endMonth: 4 }, 2026, 1)).toEqual({ ok: false, message: '起始月份不能晚于结束月份' });
    expect(buildQuery({ ...defaultFilter(1), beginPzNo: '9', endPzNo: '2' }, 2026, 1)).toMatchObject({ ok: false });
    expect(buildQuery({ ...defaultFilter(1), minAmount: '10', maxAmount: '2' }, 2026, 1)).toEqual({
      ok: false,
      message: '最小金额不能大于最大金额',
    });
  });
});

describe('filterFromSearch', () => {
  it('takes the months and status of a link', () => {
    const f = filterFromSearch(new URLSearchParams('beginMonth=2&endMonth=4&status=unreviewed'), 9);
    expect([f.beginMonth, f.endMonth, f.status]).toEqual([2, 4, 'unreviewed']);
  });
  it('falls back to the month being worked on and every status', () => {
    const f = filterFromSearch(new URLSearchParams('beginMonth=13&status=__proto__'), 9);
    expect([f.beginMonth, f.endMonth, f.status]).toEqual([9, 9, 'all']);
  });
});
