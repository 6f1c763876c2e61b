import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generalLedgerFilters, queryPeriod, subjectFilters, trialBalanceFilters } from './filters.js';
import { exportTimeText, filtersText, periodText, workbookFileName, workbookProperties } from './heading.js';
import { sampleHeading } from './sample-heading.js';

describe('the heading', () => {
  it('writes a period as one month or a range of months, two digits each', () => {
    expect(periodText(2026, 3, 3)).toBe('2026年03月');
    expect(periodText(2026, 1, 3)).toBe('2026年01-03月');
    expect(periodText(2026, 10, 12)).toBe('2026年10-12月');
    expect(queryPeriod({ beginTime: '2026-02', endTime: '2026-03' })).toBe('2026年02-03月');
  });

  it('names the file by title, ledger set and period, with nothing a file system refuses', () => {
    expect(workbookFileName('科目余额表', '示范市第一机械厂工会', '2026年01-03月')).toBe(
      '科目余额表_示范市第一机械厂工会_2026年01-03月.xlsx',
    );
    expect(workbookFileName('总账', 'a/b:c*?"<>|\\', '')).toBe('总账_a_b_c_______.xlsx');
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (a, b, c) => {
        const name = workbookFileName(a, b, c);
        expect(name).toMatch(/\.xlsx$/);
        expect([...name].some((ch) => '\\/:*?"<>|'.includes(ch) || ch.charCodeAt(0) < 0x20)).toBe(false);
      }),
    );
  });

  it('writes the export time in China’s time zone, wherever the server runs', () => {
    expect(exportTimeText(new Date(Date.UTC(2026, 0, 31, 16, 5)))).toBe('2026-02-01 00:05');
  });

  it('names every filter, or 无', () => {
    expect(filtersText([])).toBe('无');
    expect(
      filtersText([
        { label: '只含已记账', value: '是' },
        { label: '科目级次', value: '1-3' },
      ]),
    ).toBe('只含已记账：是；科目级次：1-3');
  });

  it('sets title, subject, company, author and dates as the workbook’s properties', () => {
    const heading = sampleHeading({ title: '总账' });
    expect(workbookProperties(heading)).toMatchObject({
      title: '总账',
      subject: '示例工会账套 2024年01月 总账',
      company: '示例工会',
      creator: '张会计',
      created: heading.exportedAt,
    });
  });
});

describe('the filters of the books’ exports', () => {
  it('name what the query asked, in screen order, booleans always', () => {
    expect(
      trialBalanceFilters({ beginCode: '101', codeOrName: '现金', book: true, onlyFirst: false, amountIsZero: true }).map(
        (f) => `${f.label}：${f.value}`,
      ),
    ).toEqual(['科目：101 至 最大', '编码或名称：现金', '只含已记账凭证：是', '只显示一级科目：否', '显示金额为零的科目：是']);
    expect(generalLedgerFilters({ book: false }).map((f) => f.value)).toEqual(['全部一级科目', '否', '否']);
    expect(subjectFilters('  ')).toEqual([]);
    expect(subjectFilters('现金')).toEqual([{ label: '查找', value: '现金' }]);
  });
});
