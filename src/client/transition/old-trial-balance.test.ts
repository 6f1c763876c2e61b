import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { union2009 } from '../../../templates/charts/index.js';
import {
  checkImportFile,
  ImportMessages,
  MAX_IMPORT_BYTES,
  parseTrialBalance,
  readTrialBalance,
  sheetsOf,
  type OldChartSubject,
} from './old-trial-balance.js';

const parents = new Set<string | null>(union2009.subjects.map((s) => s.parentCode));
const CHART: OldChartSubject[] = union2009.subjects.map((s) => ({
  code: s.code,
  name: s.name,
  type: s.type,
  balanceDirection: s.balanceDirection,
  lastLevel: !parents.has(s.code),
}));

async function blobOf(workbook: ExcelJS.Workbook): Promise<Blob> {
  return new Blob([await workbook.xlsx.writeBuffer()]);
}

describe('reading the old trial balance', () => {
  it('reads 期末借方 / 期末贷方 under a heading block, in each subject direction, and lists what it did not take', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('科目余额表');
    ws.addRow(['科目余额表']);
    ws.addRow(['单位：某基层工会', '', '2021年12月']);
    ws.addRow(['科目编码', '科目名称', '期初借方', '期初贷方', '期末借方', '期末贷方']);
    ws.addRow(['101', '库存现金', 1, 0, 1_000.5, 0]);
    ws.addRow(['131', '应收上级经费', 0, 0, 5_000, 0]);
    ws.addRow(['13101', '应收上级补助', 0, 0, 3_000, 0]);
    ws.addRow(['13103', '应收建会筹备金', 0, 0, '2,000.00', 0]);
    ws.addRow(['201', '应付工资（离退休费）', 0, 0, 0, { formula: '100+20.25', result: 120.25 }]);
    ws.addRow(['331', '结余', 0, 0, 0, 10_000]);
    ws.addRow(['401', '会费收入', 0, 0, 0, 300]);
    ws.addRow(['999', '自设科目', 0, 0, 50, 0]);
    ws.addRow(['', '合计', 0, 0, 9_050.5, 10_420.25]);
    const result = await readTrialBalance(await blobOf(wb), CHART);
    if (typeof result === 'string') throw new Error(result);
    expect(Object.fromEntries(result.amounts)).toEqual({
      '101': 1_000_50,
      '13101': 3_000_00,
      '13103': 2_000_00,
      '201': 120_25,
      '331': 10_000_00,
    });
    expect(result.taken.map((t) => [t.row, t.code])).toEqual([
      [4, '101'],
      [6, '13101'],
      [7, '13103'],
      [8, '201'],
      [9, '331'],
    ]);
    expect(result.skipped).toEqual([
      { row: 10, code: '401', name: '会费收入', reason: ImportMessages.revenueExpense },
      { row: 11, code: '999', name: '自设科目', reason: ImportMessages.notOldSubject },
    ]);
  });

  it('reads 期末余额 with 方向, and 期末余额 over 借方 / 贷方 on a second header row', () => {
    const withDirection = [
      [['科目代码', '科目名称', '方向', '期末余额']],
      [['162', '固定资产', '借', 500]],
      [['301', '固定基金', '贷', 500]],
      [['13103', '应收建会筹备金', '平', 0]],
      [['135', '其他应收款', '贷', 20]],
      [['131', '应收上级经费', '借', 70]],
      [['102', '银行存款', '?', 1]],
    ].map(([r]) => r as (string | number)[]);
    const one = parseTrialBalance([withDirection], CHART);
    if (typeof one === 'string') throw new Error(one);
    expect(Object.fromEntries(one.amounts)).toEqual({ '162': 500_00, '301': 500_00, '135': -20_00 });
    expect(one.skipped.map((s) => [s.code, s.reason])).toEqual([
      ['131', ImportMessages.notLastLevel],
      ['102', ImportMessages.badDirection],
    ]);

    const twoRows = [
      ['科目编码', '科目名称', '期初余额', '期初余额', '期末余额', '期末余额'],
      ['', '', '借方', '贷方', '借方', '贷方'],
      ['102', '银行存款', 9, 0, 800, 0],
      ['322', '专用基金', 0, 9, 0, 800],
    ];
    const two = parseTrialBalance([twoRows], CHART);
    if (typeof two === 'string') throw new Error(two);
    expect(Object.fromEntries(two.amounts)).toEqual({ '102': 800_00, '322': 800_00 });
  });

  it('says so when no sheet has the header', () => {
    expect(
      parseTrialBalance(
        [
          [
            ['编码', '余额'],
            ['101', 1],
          ],
        ],
        CHART,
      ),
    ).toBe(ImportMessages.noHeader);
  });

  it('refuses a file over 5 MB or not a zip before reading it', async () => {
    expect(await checkImportFile(new Blob([new Uint8Array(MAX_IMPORT_BYTES + 1)]))).toBe(ImportMessages.tooLarge);
    expect(await checkImportFile(new Blob(['科目编码,期末借方\n101,1']))).toBe(ImportMessages.notXlsx);
    expect(await readTrialBalance(new Blob(['<html></html>']), CHART)).toBe(ImportMessages.notXlsx);
    expect(await readTrialBalance(new Blob([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0])]), CHART)).toBe(ImportMessages.unreadable);
  });

  it('turns a built workbook into plain cells (formulas by their cached result)', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('s').addRow(['a', { formula: '1+1', result: 2 }, null, 3]);
    const loaded = new ExcelJS.Workbook();
    await loaded.xlsx.load(await (await blobOf(wb)).arrayBuffer());
    expect(sheetsOf(loaded)[0]?.[0]).toEqual(['a', 2, null, 3]);
  });
});
