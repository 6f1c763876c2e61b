import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openingBalanceGridMidYear, subjectGrid, type OpeningBalanceRow, type SubjectGridRow } from '../index.js';
import { openingRowsOf } from '../test-rows.js';
import { unionGrassroots2021 } from '../../templates/charts/index.js';
import { buildWorkbook } from './workbook.js';
import { sampleHeading } from './sample-heading.js';
import type { FieldDef } from '../../src/shared/grid/definition.js';

const meta = sampleHeading({ title: '科目期初余额表', unit: '示例工会', period: '2024年01月' });

async function roundTrip(workbook: ExcelJS.Workbook): Promise<ExcelJS.Worksheet> {
  const buffer = await workbook.xlsx.writeBuffer();
  const back = new ExcelJS.Workbook();
  await back.xlsx.load(buffer);
  const sheet = back.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

function openingRows(): OpeningBalanceRow[] {
  const rows = openingRowsOf(unionGrassroots2021, { '101': 12_345, '102': 100_000_00, '163': 5_000_00, '32104': 95_123_45 });
  return rows.map((r) => (r.code === '101' ? { ...r, cumuleDebitAmount: 1_00, cumuleCreditAmount: 1_00 } : r));
}

/** Row number of the data row of `code` (column A). */
function rowOf(sheet: ExcelJS.Worksheet, code: string): ExcelJS.Row {
  for (let r = 1; r <= sheet.rowCount; r++) if (sheet.getRow(r).getCell(1).value === code) return sheet.getRow(r);
  throw new Error(code);
}

describe('buildWorkbook', () => {
  it('writes the title, the heading block, group and field headers, frozen and merged, with widths', async () => {
    const heading = { ...meta, filters: [{ label: '只含已记账', value: '是' }] };
    const sheet = await roundTrip(buildWorkbook(openingBalanceGridMidYear, openingRows(), heading));
    expect(sheet.name).toBe('科目期初余额');
    expect(sheet.getCell('A1').value).toBe('科目期初余额表');
    expect(sheet.getCell('A1').font.bold).toBe(true);
    // Six columns, four items: 编制单位 A, 账套 B-C, 会计期间 D, 金额单位 E-F.
    expect(sheet.getCell('A2').value).toBe('编制单位：示例工会');
    expect(sheet.getCell('B2').value).toBe('账套：示例工会账套');
    expect(sheet.getCell('D2').value).toBe('会计期间：2024年01月');
    expect(sheet.getCell('E2').value).toBe('金额单位：元');
    expect(sheet.getCell('E2').alignment.horizontal).toBe('right');
    expect(sheet.getCell('A3').value).toBe('筛选条件：只含已记账：是');
    expect(sheet.getCell('A4').value).toBe('导出人：张会计');
    expect(sheet.getCell('D4').value).toBe('导出时间：2024-01-31 10:30');
    expect([sheet.getCell('A5').value, sheet.getCell('D5').value, sheet.getCell('E5').value]).toEqual([
      '科目编码',
      '期初余额',
      '本年累计',
    ]);
    expect([sheet.getCell('E6').value, sheet.getCell('F6').value]).toEqual(['本年累计借方', '本年累计贷方']);
    expect(sheet.model.merges).toEqual(
      expect.arrayContaining(['A1:F1', 'B2:C2', 'E2:F2', 'A3:F3', 'A4:C4', 'D4:F4', 'A5:A6', 'E5:F5']),
    );
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 6, xSplit: 2 });
    expect(sheet.getColumn(2).width).toBe(34);
  });

  it('sets the print setup: the heading on every page, page x of y, one page wide, landscape when wide', async () => {
    const wide = await roundTrip(buildWorkbook(openingBalanceGridMidYear, openingRows(), meta));
    expect(wide.pageSetup).toMatchObject({
      printTitlesRow: '1:6',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      orientation: 'landscape',
    });
    expect(wide.headerFooter.oddFooter).toBe('&C第 &P 页，共 &N 页');
    const narrowGrid = { ...subjectGrid, fields: subjectGrid.fields.slice(0, 2) };
    const narrow = await roundTrip(buildWorkbook(narrowGrid, [], sampleHeading({ title: '会计科目' })));
    expect(narrow.pageSetup).toMatchObject({ printTitlesRow: '1:5', orientation: 'portrait', fitToWidth: 1 });
  });

  it('titles the sheet with the heading’s title (a detail ledger names its subject)', async () => {
    const sheet = await roundTrip(
      buildWorkbook(openingBalanceGridMidYear, openingRows(), { ...meta, title: '科目期初余额表（年中建账）' }),
    );
    expect(sheet.getCell('A1').value).toBe('科目期初余额表（年中建账）');
  });

  it('sets the workbook’s properties from the heading', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await buildWorkbook(openingBalanceGridMidYear, openingRows(), meta).xlsx.writeBuffer());
    expect(workbook.title).toBe('科目期初余额表');
    expect(workbook.subject).toBe('示例工会账套 2024年01月 科目期初余额表');
    expect(workbook.company).toBe('示例工会');
    expect(workbook.creator).toBe('张会计');
    expect(workbook.created.getTime()).toBe(meta.exportedAt.getTime());
  });

  it('leaves 金额单位 out of a sheet without amounts, and widens columns to their Chinese content', async () => {
    const row: SubjectGridRow = {
      rowId: '1',
      code: '101',
      codeName: '一个名字很长很长很长很长很长很长很长很长的科目',
      parentCode: null,
      type: 1,
      balanceDirection: 1,
      lastLevel: true,
      isGovernment: false,
      enable: true,
      isStandard: false,
    };
    const sheet = await roundTrip(buildWorkbook(subjectGrid, [row], sampleHeading({ title: '会计科目' })));
    const head = [2, 3, 4].flatMap((r) => (sheet.getRow(r).values as unknown[]).filter((v) => typeof v === 'string'));
    expect(head.some((t) => String(t).includes('金额单位'))).toBe(false);
    expect(sheet.getCell('A3').value).toBe('筛选条件：无');
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(2 * row.codeName.length);
  });

  it('writes dates as real dates in yyyy-mm-dd', async () => {
    const { voucherListGrid } = await import('../voucher-list.js');
    const field = voucherListGrid.fields.find((f) => f.kind === 'date');
    if (!field) throw new Error('no date field');
    const sheet = await roundTrip(buildWorkbook(voucherListGrid, [{ rowId: '1', [field.id]: '2024-03-05' }], meta));
    const fields: readonly FieldDef[] = voucherListGrid.fields;
    const col = fields.filter((f) => !f.export?.hidden).indexOf(field) + 1;
    const cell = sheet.getRow(6).getCell(col);
    expect(cell.value).toEqual(new Date(Date.UTC(2024, 2, 5)));
    expect(cell.numFmt).toBe('yyyy-mm-dd');
  });

  it('writes money as yuan numbers with #,##0.00 and other kinds as text', async () => {
    const sheet = await roundTrip(buildWorkbook(openingBalanceGridMidYear, openingRows(), meta));
    const cash = rowOf(sheet, '101');
    expect(cash.getCell(2).value).toBe('库存现金');
    expect(cash.getCell(3).value).toBe('借');
    expect(cash.getCell(4).value).toBe(123.45);
    expect(cash.getCell(4).numFmt).toBe('#,##0.00');
    expect(cash.getCell(5).value).toBe(1);
    expect(cash.getCell(1).numFmt).toBe('@');
    expect(rowOf(sheet, '321').getCell(4).value).toBe(95_123.45);
    expect(rowOf(sheet, '163').getCell(3).value).toBe('贷');
  });

  it('writes totals as live formulas over the kept rows, with cached values', async () => {
    const rows = openingRows().map((r) => (r.code === '102' ? { ...r, initAmount: r.initAmount + 1_00 } : r));
    const sheet = await roundTrip(buildWorkbook(openingBalanceGridMidYear, rows, meta));
    const first = 7 + rows.length;
    const debit = sheet.getRow(first);
    expect(debit.getCell(1).value).toBe('财务会计期初借方合计');
    const formula = debit.getCell(4).value as ExcelJS.CellFormulaValue;
    expect(formula.result).toBe(100_124.45);
    const cashRow = rowOf(sheet, '101').number;
    expect(formula.formula).toContain(`D${cashRow}`);
    expect(formula.formula).toMatch(/^SUM\(/);
    const difference = sheet.getRow(first + 2).getCell(4).value as ExcelJS.CellFormulaValue;
    expect(difference).toMatchObject({ formula: `D${first} - D${first + 1}`, result: 1 });
    expect(sheet.getRow(first + 2).getCell(4).numFmt).toBe('#,##0.00');
  });

  it('uses the totals it is given (the engine’s) as cached values', async () => {
    const sheet = await roundTrip(buildWorkbook(openingBalanceGridMidYear, openingRows(), meta, { financialDebit: 42 }));
    expect((sheet.getRow(7 + openingRows().length).getCell(4).value as ExcelJS.CellFormulaValue).result).toBe(0.42);
  });

  it('never lets a text cell become a formula (formula injection)', async () => {
    const evil = ['=HYPERLINK("http://x","y")', '+1+2', '-1+2', '@SUM(A1)', '\t=1', '\r=1', "'quoted"];
    const rows: SubjectGridRow[] = evil.map((name, i) => ({
      rowId: String(i),
      code: `10${i}`,
      codeName: name,
      parentCode: null,
      type: 1,
      balanceDirection: 1,
      lastLevel: true,
      isGovernment: false,
      enable: true,
      isStandard: false,
    }));
    const sheet = await roundTrip(
      buildWorkbook(
        subjectGrid,
        rows,
        sampleHeading({ unit: '=cmd|calc', period: '+1', filters: [{ label: '名称', value: '=1+1' }] }),
      ),
    );
    expect(sheet.getCell('A2').value).toBe('编制单位：=cmd|calc');
    expect(sheet.getCell('A3').value).toBe('筛选条件：名称：=1+1');
    evil.forEach((name, i) => {
      const cell = rowOf(sheet, `10${i}`).getCell(2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(name.replace(/\r/g, '\n')); // XML reads a CR back as LF
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
    });
  });

  it('sets the rows the definition names strong in bold, keeping each column’s number format', async () => {
    const def = { ...openingBalanceGridMidYear, strongRow: (r: OpeningBalanceRow) => r.code === '102' };
    const sheet = await roundTrip(buildWorkbook(def, openingRows(), meta));
    const strong = rowOf(sheet, '102');
    const plain = rowOf(sheet, '101');
    expect(strong.getCell(1).font?.bold).toBe(true);
    expect(strong.getCell(4).font?.bold).toBe(true);
    expect(strong.getCell(4).numFmt).toBe(plain.getCell(4).numFmt);
    expect(plain.getCell(1).font?.bold).toBeFalsy();
  });

  it('writes totals as values when the definition does not ask for formulas', async () => {
    const def = { ...openingBalanceGridMidYear, export: { ...openingBalanceGridMidYear.export, totalsAsFormulas: false } };
    const rows = openingRows();
    const sheet = await roundTrip(buildWorkbook(def, rows, meta));
    expect(sheet.getRow(7 + rows.length).getCell(4).value).toBe(100_123.45);
  });
});

describe('a report with its totals on one row', () => {
  it('writes one 合计 row whose cells are formulas over the first-level rows', async () => {
    const { trialBalanceGrid } = await import('../trial-balance.js');
    const row = (code: string, parentCode: string | null, openingDebit: number, periodCredit: number) => ({
      rowId: code,
      code,
      codeName: code,
      parentCode,
      isGovernment: false,
      openingDebit,
      openingCredit: 0,
      periodDebit: 0,
      periodCredit,
      yearDebit: 0,
      yearCredit: periodCredit,
      closingDebit: openingDebit - periodCredit,
      closingCredit: 0,
    });
    const rows = [row('101', null, 200_000, 47_050), row('501', null, 0, 0), row('50101', '501', 0, 0)];
    const sheet = await roundTrip(buildWorkbook(trialBalanceGrid, rows, meta));
    const totals: ExcelJS.Row[] = [];
    sheet.eachRow((r) => {
      if (r.getCell(1).value === '合计') totals.push(r);
    });
    expect(totals).toHaveLength(1);
    const total = totals[0] as ExcelJS.Row;
    const opening = total.getCell(3).value as { formula: string; result: number };
    expect(opening.result).toBe(2000);
    expect(opening.formula).toMatch(/^SUM\(|C\d+/);
    // The child row 50101 is not added again.
    expect(opening.formula).not.toContain(`C${rowOf(sheet, '50101').number}`);
    const formulas = [3, 4, 5, 6, 7, 8, 9, 10].map((c) => (total.getCell(c).value as { formula?: string } | null)?.formula);
    expect(formulas.every((f) => typeof f === 'string' && f.length > 0)).toBe(true);
  });
});

describe('a grid whose zeros show blank', () => {
  it('keeps each zero a number and hides it by the column format, totals too', async () => {
    const { trialBalanceGrid } = await import('../trial-balance.js');
    const { withBlankZeros } = await import('../../src/shared/grid/blank-zeros.js');
    const row = {
      rowId: '101',
      code: '101',
      codeName: '库存现金',
      parentCode: null,
      isGovernment: false,
      openingDebit: 12_300,
      openingCredit: 0,
      periodDebit: 0,
      periodCredit: 0,
      yearDebit: 0,
      yearCredit: 0,
      closingDebit: 12_300,
      closingCredit: 0,
    };
    const sheet = await roundTrip(buildWorkbook(withBlankZeros(trialBalanceGrid), [row], meta));
    const cash = rowOf(sheet, '101');
    expect(cash.getCell(3).value).toBe(123);
    expect(cash.getCell(4).value).toBe(0);
    expect(cash.getCell(4).numFmt).toBe('#,##0.00;-#,##0.00;;@');
    expect(cash.getCell(3).numFmt).toBe('#,##0.00;-#,##0.00;;@');
    const plain = await roundTrip(buildWorkbook(trialBalanceGrid, [row], meta));
    expect(rowOf(plain, '101').getCell(4).numFmt).toBe('#,##0.00');
  });
});
