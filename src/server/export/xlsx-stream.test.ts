import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { openingBalanceGrid } from '../../../grids/index.js';
import { openingRowsOf } from '../../../grids/test-rows.js';
import { unionGrassroots2021 } from '../../../templates/charts/index.js';
import { buildWorkbook } from '../../../grids/workbook/workbook.js';
import { sampleHeading } from '../../../grids/workbook/sample-heading.js';
import { streamWorkbook } from './xlsx-stream.js';

async function streamed(run: (stream: PassThrough) => Promise<void>): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  await run(stream);
  await ended;
  return Buffer.concat(chunks);
}

async function read(buffer: Buffer | ArrayBuffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as ArrayBuffer);
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

describe('streamWorkbook', () => {
  it('sets the workbook’s properties from the heading, the company too (exceljs’s writer leaves it out)', async () => {
    const heading = sampleHeading({ title: '科目期初余额表', unit: '示范市第一机械厂工会' });
    const bytes = await streamed((s) => streamWorkbook(s, openingBalanceGrid, [], heading));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(wb).toMatchObject({ title: '科目期初余额表', company: '示范市第一机械厂工会', creator: '张会计' });
    expect(wb.subject).toContain('2024年01月');
    expect(wb.created.getTime()).toBe(heading.exportedAt.getTime());
  });

  it('writes the same layout, values, formats, formulas and escaping as the in-memory workbook', async () => {
    const rows = openingRowsOf(unionGrassroots2021, { '101': 12_345, '163': 5_00, '32104': 11_845 }).map((r) =>
      r.code === '102' ? { ...r, codeName: '=1+1' } : r,
    );
    const meta = sampleHeading({ title: '科目期初余额表', unit: '示例工会', period: '2024年01月' });
    const stream = await read(await streamed((s) => streamWorkbook(s, openingBalanceGrid, rows, meta)));
    const memory = await read(await buildWorkbook(openingBalanceGrid, rows, meta).xlsx.writeBuffer());

    expect(stream.rowCount).toBe(memory.rowCount);
    for (let r = 1; r <= memory.rowCount; r++) {
      for (let c = 1; c <= 4; c++) {
        const a = stream.getRow(r).getCell(c);
        const b = memory.getRow(r).getCell(c);
        expect(a.value, `R${r}C${c}`).toEqual(b.value);
        expect(a.numFmt, `R${r}C${c}`).toEqual(b.numFmt);
      }
    }
    expect(stream.model.merges).toEqual(expect.arrayContaining(['A1:D1', 'A3:D3']));
    expect(stream.views[0]).toMatchObject({ state: 'frozen', ySplit: 5, xSplit: 2 });
    expect(stream.pageSetup).toMatchObject({ printTitlesRow: '1:5', fitToWidth: 1 });
    expect(stream.headerFooter.oddFooter).toBe(memory.headerFooter.oddFooter);
    const evil = stream.getRow(6 + rows.findIndex((r) => r.code === '102')).getCell(2);
    expect(evil.type).toBe(ExcelJS.ValueType.String);
    expect(evil.value).toBe('=1+1');
    const debitTotal = stream.getRow(6 + rows.length).getCell(4).value as ExcelJS.CellFormulaValue;
    expect(debitTotal.result).toBe(123.45);
    expect(debitTotal.formula).toMatch(/^SUM\(D6:D8,/);
  });
});
