/**
 * The transition workbook opened as an auditor opens it: every formula recalculated by HyperFormula (no cached value
 * trusted), and the recalculated openings, splits and checks compared to the fen with computeWorksheet.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleHeading } from '../../../grids/workbook/sample-heading.js';
import { checkWorkbook, fenOf, readWorkbook, type CheckedSheet, type CheckedWorkbook } from '../test-support/workbook-check.js';
import {
  buildTransitionWorkbook,
  TRANSITION_OPENINGS_SHEET,
  TRANSITION_OPENINGS_TITLE,
  TRANSITION_WORKSHEET_SHEET,
  TRANSITION_WORKSHEET_TITLE,
  transitionFilters,
  transitionPeriod,
  yearEndSheetName,
  yearEndTitle,
} from './export.js';
import { adjustmentLine, viewOf, worksheetSampleArb, type WorksheetSample } from '../test-support/transition-samples.js';
import type { WorksheetView } from './export-worksheet-sheet.js';

const { unit, ledgerSet, exportedBy, exportedAt } = sampleHeading();
const party = { unit, ledgerSet, exportedBy, exportedAt };
const YEAR = 2022;

async function exported(view: WorksheetView, level: WorksheetSample['level'] = 'grassroots'): Promise<Uint8Array> {
  const workbook = buildTransitionWorkbook({ year: YEAR, level, withAdjustments: true, view, party });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** Recalculated openings of sheet 2, by code|item key, in fen. */
function openingsOf(sheet: CheckedSheet): Map<string, number> {
  const first = sheet.rowOf(1, '新科目编码') + 1;
  const out = new Map<string, number>();
  for (let r = first; sheet.text(r, 1) !== '合计'; r++)
    out.set(`${sheet.text(r, 1)}|${sheet.text(r, 3)}`, fenOf(sheet.value(r, 5)));
  return out;
}

/** The value right of a label (a check line), recalculated, in fen. */
function checkValue(sheet: CheckedSheet, label: string, col: number): number {
  const row = sheet.rowOf(1, label);
  expect(row, label).toBeGreaterThan(0);
  return fenOf(sheet.value(row, col));
}

function expectMatches(book: CheckedWorkbook, view: WorksheetView): void {
  const { result } = view;
  const openings = book.sheet(TRANSITION_OPENINGS_SHEET);
  expect(openingsOf(openings)).toEqual(new Map(result.openings.map((o) => [`${o.code}|${o.auxiKey}`, o.amount])));
  const total = openings.rowOf(1, '合计');
  expect([5, 6, 7].map((c) => fenOf(openings.value(total, c)))).toEqual([
    result.totals.new,
    result.totals.newDebit,
    result.totals.newCredit,
  ]);
  expect(checkValue(openings, '试算检查：借方合计−贷方合计（应为0）', 7)).toBe(result.totals.newDebit - result.totals.newCredit);
  expect(checkValue(openings, '检查：期初余额合计−底稿新制度金额合计（应为0）', 7)).toBe(0);

  const sheet = book.sheet(TRANSITION_WORKSHEET_SHEET);
  let row = sheet.rowOf(1, '序号') + 1;
  for (const r of result.rows) {
    if (r.oldCode !== null) expect(fenOf(sheet.value(row, 4)), r.oldCode).toBe(r.oldAmount);
    for (const p of r.parts) {
      expect(sheet.text(row, 8)).toBe(p.newCode);
      expect(fenOf(sheet.value(row, 11)), p.key).toBe(p.amount);
      row++;
    }
  }
  const sums = sheet.rowOf(1, '合计');
  expect([4, 5, 6, 11].map((c) => fenOf(sheet.value(sums, c)))).toEqual([
    result.totals.old,
    result.totals.increase,
    result.totals.decrease,
    result.totals.new,
  ]);
  expect(checkValue(sheet, '检查：原余额合计＋调增合计−调减合计−新制度金额合计（应为0）', 11)).toBe(0);

  const yearEnd = book.sheet(yearEndSheetName(YEAR));
  const trial = yearEnd.rowOf(1, '合计');
  expect([5, 6].map((c) => fenOf(yearEnd.value(trial, c)))).toEqual([result.totals.oldDebit, result.totals.oldCredit]);
}

describe('the transition workbook', () => {
  const sample: WorksheetSample = {
    level: 'grassroots',
    // 102 100,000.00 + 162 50,000.00 + 13101 300.00 = 301 50,000.00 + 331 100,300.00
    oldBalances: new Map([
      ['102', 10_000_000],
      ['13101', 30_000],
      ['162', 5_000_000],
      ['301', 5_000_000],
      ['331', 10_030_000],
    ]),
    splits: new Map([
      ['162-171', { amount: 800_000 }],
      ['301-30105', { amount: 800_000 }],
      ['331-32104', { amount: 2_000_000 }],
    ]),
    adjustments: [
      adjustmentLine(1, 1, '30104', 300_000, 0, '', '=1+1'),
      adjustmentLine(1, 2, '163', 0, 300_000, '', '补提折旧'),
      adjustmentLine(2, 1, '141', 12_345, 0, 'DEPT:01'),
      adjustmentLine(2, 2, '30101', 0, 12_345),
    ],
  };

  it('carries the heading block on every sheet and recalculates to the worksheet to the fen', async () => {
    const view = viewOf(sample);
    expect(view.result.problems).toEqual([]);
    const book = await checkWorkbook(await exported(view), {
      heading: {
        title: TRANSITION_WORKSHEET_TITLE,
        unit,
        ledgerSet,
        period: transitionPeriod(YEAR),
        filters: transitionFilters('grassroots', true),
        exportedBy,
        exportedAt,
      },
      titles: { [TRANSITION_OPENINGS_SHEET]: TRANSITION_OPENINGS_TITLE, [yearEndSheetName(YEAR)]: yearEndTitle(YEAR) },
      userTexts: ['=1+1'],
    });
    expect(book.sheets.map((s) => s.name)).toEqual([TRANSITION_WORKSHEET_SHEET, TRANSITION_OPENINGS_SHEET, '2021年末数']);
    expect(book.sheet().headTexts().join('\n')).toContain('会计期间：2021年末 → 2022年初');
    expectMatches(book, view);

    // Hand-worked: 162 splits 42,000 / 8,000; 30104 (credit) = 42,000 − 3,000 debited; 163 3,000 credited; 123.45 on
    // 141 for DEPT:01 against 30101 (credit: an increase).
    const openings = openingsOf(book.sheet(TRANSITION_OPENINGS_SHEET));
    expect(openings.get('162|')).toBe(4_200_000);
    expect(openings.get('171|')).toBe(800_000);
    expect(openings.get('30104|')).toBe(3_900_000);
    expect(openings.get('163|')).toBe(300_000);
    expect(openings.get('141|DEPT:01')).toBe(12_345);
    expect(openings.get('30101|')).toBe(12_345);
    expect(openings.get('32205|')).toBe(8_030_000);

    const sheet = book.sheet(TRANSITION_WORKSHEET_SHEET);
    const summary = sheet.rowOf(12, '=1+1');
    expect(sheet.worksheet.getCell(summary, 12).type).toBe(ExcelJS.ValueType.String);
    const row162 = sheet.rowOf(2, '162');
    expect(sheet.value(row162, 13)).toBe(0);
    expect(sheet.value(row162, 14)).toBe(true);
    // The remainder, the 金额 of an adjustment line and the openings are formulas, not figures.
    const formulaAt = new Set(sheet.formulas.map((f) => `${f.row}:${f.col}`));
    expect(formulaAt.has(`${row162}:11`)).toBe(true);
    expect(formulaAt.has(`${row162 + 1}:11`)).toBe(false);
    expect(formulaAt.has(`${sheet.rowOf(7, '调-1')}:11`)).toBe(true);
    const openingSheet = book.sheet(TRANSITION_OPENINGS_SHEET);
    const formula162 = openingSheet.formulas.find((f) => f.row === openingSheet.rowOf(1, '162') && f.col === 5);
    expect(formula162?.formula).toMatch(
      /^ROUND\(SUMIF\('新旧衔接底稿'!\$H\$\d+:\$H\$\d+,A\d+,'新旧衔接底稿'!\$K\$\d+:\$K\$\d+\),2\)$/,
    );
  });

  it('recalculates from a changed old balance as computeWorksheet does with it', async () => {
    const bytes = await exported(viewOf(sample));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const yearEnd = workbook.getWorksheet('2021年末数');
    let changed = 0;
    yearEnd?.eachRow((row) => {
      if (row.getCell(1).value === '162') {
        row.getCell(4).value = 60_000;
        changed++;
      }
    });
    expect(changed).toBe(1);
    const book = await readWorkbook(await workbook.xlsx.writeBuffer());
    const moved = viewOf({ ...sample, oldBalances: new Map([...sample.oldBalances, ['162', 6_000_000]]) });
    expect(moved.result.totals.oldDebit).not.toBe(moved.result.totals.oldCredit);
    expectMatches(book, moved);
    expect(openingsOf(book.sheet(TRANSITION_OPENINGS_SHEET)).get('162|')).toBe(5_200_000);
  });

  it('shows a split larger than its balance as FALSE and lists what computeWorksheet found', async () => {
    const view = viewOf({ ...sample, splits: new Map([...sample.splits, ['162-141', { amount: 4_500_000 }]]) });
    expect(view.result.problems.length).toBeGreaterThan(0);
    const book = await checkWorkbook(await exported(view));
    expectMatches(book, view);
    const sheet = book.sheet(TRANSITION_WORKSHEET_SHEET);
    expect(sheet.value(sheet.rowOf(2, '162'), 14)).toBe(false);
    for (const p of view.result.problems) expect(sheet.rowOf(1, `检查未通过：${p.message}`), p.message).toBeGreaterThan(0);
  });

  it('property: the recalculated openings and checks equal computeWorksheet for random balances, splits and adjustments', async () => {
    await fc.assert(
      fc.asyncProperty(worksheetSampleArb, async (s) => {
        const view = viewOf(s);
        expectMatches(await checkWorkbook(await exported(view, s.level)), view);
      }),
      { numRuns: 12 },
    );
  });
});
