/**
 * 导出 in the voucher editor: the accountant opens a booked demo voucher with auxiliary items and
 * exports it; the downloaded workbook is read back with exceljs, recalculated with HyperFormula,
 * and compared with the same voucher through the API (an administrator's session, so the
 * browser's session is not disturbed): the paper voucher's heading, the subjects' full names, the
 * auxiliary items by name, live totals equal to the voucher's, the total in capitals and the
 * signatures. In 凭证管理, 导出凭证 writes the ticked vouchers into one workbook, a sheet each.
 */
import ExcelJS from 'exceljs';
import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { amountToChineseCapitals } from '../formulas/chinese-capitals.js';
import { Paths } from '../src/shared/api/paths.js';
import type { Voucher } from '../src/shared/api/vouchers.js';
import type { Paged } from '../src/shared/envelope.js';
import { VOUCHER_ADD_PATH } from '../src/shared/financial-state.js';
import { recalculated } from './support/workbook-recalc.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { VoucherListPage } from './pages/voucher-list-page.js';
import { apiSession } from './support/api-session.js';
import { FACTORY, SCHOOL } from './support/demo.js';
import { signInTo } from './support/flows.js';

const YEAR = 2026;

test('the voucher editor exports the voucher as the 记账凭证 workbook', async ({ page, baseURL }) => {
  const api = await apiSession(baseURL ?? '', 'admin', FACTORY, YEAR);
  const listed = await api.get<Paged<Voucher>>(Paths.certificate, { year: YEAR, beginMonth: 1, endMonth: 3, pageSize: 200 });
  const voucher = listed.body.data.currentPageItems.find((v) => v.isBook && v.certiDetails.some((l) => l.auxis.length > 0));
  if (!voucher) throw new Error('the demo has no booked voucher with auxiliary items');
  const types = await api.get<{ typeNo: string; typeName: string }[]>(Paths.auxiType);
  const typeName = new Map(types.body.data.map((t) => [t.typeNo, t.typeName]));

  await signInTo(page, 'kuaiji', FACTORY, YEAR);
  const editor = new VoucherEditorPage(page);
  await page.goto(`${VOUCHER_ADD_PATH}?id=${encodeURIComponent(voucher.id)}`);
  await expect(editor.title).toBeVisible();
  await expect(editor.number).toHaveValue(String(voucher.pzNo));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('toolbar', { name: '凭证操作' }).getByRole('button', { name: '导出', exact: true }).click(),
  ]);
  const month = String(voucher.month).padStart(2, '0');
  const no = String(voucher.pzNo).padStart(4, '0');
  expect(download.suggestedFilename()).toBe(`记账凭证_${FACTORY}_${YEAR}年${month}月_${voucher.entry}${no}.xlsx`);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await fs.readFile(await download.path())).buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  expect(sheet.name).toBe(`${month}月${voucher.entry}-${no}`);
  const values = recalculated(workbook).get(sheet.name) ?? [];
  const texts: string[] = [];
  sheet.eachRow((row) => row.eachCell((cell) => void (typeof cell.value === 'string' && texts.push(cell.value))));
  expect(texts).toEqual(
    expect.arrayContaining([
      '记账凭证',
      `编制单位：${FACTORY}`,
      `会计期间：${YEAR}年${month}月`,
      `凭证号：${voucher.entry}字第 ${no} 号`,
      `审核：${voucher.reviewer}`,
      `记账：${voucher.bookkeeper}`,
      `出纳：${voucher.cashier}`,
      `制单：${voucher.preparedBy}`,
    ]),
  );
  expect((sheet.getCell('D3').value as Date).toISOString().slice(0, 10)).toBe(voucher.pzDate);
  expect(sheet.getCell('E3').value).toBe(voucher.numberOfDocument);

  let header = 1;
  while (sheet.getCell(header, 1).value !== '摘要') header++;
  voucher.certiDetails.forEach((l, i) => {
    const r = header + 1 + i;
    expect(sheet.getCell(r, 1).value).toBe(l.summary);
    expect(sheet.getCell(r, 2).value).toBe(l.codeAndFullName);
    expect(sheet.getCell(r, 3).value).toBe(l.auxis.map((a) => `${typeName.get(a.typeNo) ?? ''}：${a.infoName}`).join('；'));
    expect([values[r - 1]?.[3] ?? null, values[r - 1]?.[4] ?? null]).toEqual([l.debitAmount, l.creditAmount]);
  });
  const total = header + 1 + voucher.certiDetails.length;
  expect(sheet.getCell(total, 1).value).toBe('合计');
  expect(sheet.getCell(total, 4).formula).toBeTruthy();
  expect(values[total - 1]?.slice(3, 5)).toEqual([voucher.debitTotal, voucher.creditTotal]);
  expect(sheet.getCell(total, 2).value).toBe(`人民币（大写）：${amountToChineseCapitals(Math.round(voucher.debitTotal * 100))}`);
});

test('the voucher list exports the ticked vouchers into one workbook, a sheet each', async ({ page, baseURL }) => {
  // The list opens on the set's working month, its first month not closed (nothing is closed in
  // SCHOOL); SCHOOL keeps FACTORY's months to the voucher-entry specs.
  const month = 1;
  const mm = String(month).padStart(2, '0');
  const tag = `导出测试${Date.now() % 100000}`;
  const api = await apiSession(baseURL ?? '', 'admin', SCHOOL, YEAR);
  const saved: Voucher[] = [];
  for (const [summary, yuan] of [
    [`${tag}购买办公用品`, '356.40'],
    [`${tag}收到会费`, '1280'],
  ] as const) {
    const answer = await api.post<Voucher>(Paths.certificate, {
      year: YEAR,
      month,
      pzDate: `${YEAR}-${mm}-12`,
      certificateType: 1,
      numberOfDocument: 2,
      certiDetails: [
        { summary, subjectCode: '101', debitAmount: yuan, creditAmount: null },
        { summary, subjectCode: '102', debitAmount: null, creditAmount: yuan },
      ],
    });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    saved.push(answer.body.data);
  }
  const no = (v: Voucher) => `${v.entry}-${String(v.pzNo).padStart(4, '0')}`;

  await signInTo(page, 'kuaiji', SCHOOL, YEAR);
  const list = new VoucherListPage(page);
  await list.goto();
  await list.searchSummary(tag);
  await expect(list.rows()).toHaveCount(2);
  for (const v of saved) await list.tick(no(v));
  await expect(list.selection).toHaveText(/已选 2 张/);
  const [download] = await Promise.all([page.waitForEvent('download'), list.button('导出凭证').click()]);
  expect(download.suggestedFilename()).toBe(`记账凭证_${SCHOOL}_${YEAR}年${mm}月.xlsx`);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await fs.readFile(await download.path())).buffer);
  expect(workbook.worksheets.map((s) => s.name).sort()).toEqual(saved.map((v) => `${mm}月${no(v)}`).sort());
  const values = recalculated(workbook);
  for (const v of saved) {
    const sheet = workbook.getWorksheet(`${mm}月${no(v)}`);
    if (!sheet) throw new Error(`no sheet for ${no(v)}`);
    let header = 1;
    while (sheet.getCell(header, 1).value !== '摘要') header++;
    expect(sheet.getCell(header + 1, 1).value).toBe(v.certiDetails[0]?.summary);
    const total = header + 1 + v.certiDetails.length;
    expect(values.get(sheet.name)?.[total - 1]?.slice(3, 5)).toEqual([v.debitTotal, v.creditTotal]);
  }
});
