/**
 * Print of the trial balance in the browser: 打印 opens the preview of the server's PDF (A4
 * landscape), drawn by pdfjs on a canvas; the canvas is looked at as an image (ink where the
 * title, the column headings and the page number are, blank paper in the margin); the detail
 * ledger's preview is A4 portrait. Works in FACTORY, January to March 2026, after a voucher of its
 * own through the API.
 */
import { expect, test } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import { lookAtCanvas } from './pages/attachments-print.js';
import { DetailLedgerPageModel, TrialBalancePageModel } from './pages/books-pages.js';
import { apiSession } from './support/api-session.js';
import { FACTORY } from './support/demo.js';
import { signInTo } from './support/flows.js';

const YEAR = 2026;

test('the trial balance prints: 打印 opens the preview of the PDF in A4 landscape', async ({ page, baseURL }) => {
  const accountant = await apiSession(baseURL ?? '', 'kuaiji', FACTORY, YEAR);
  const saved = await accountant.post(Paths.certificate, {
    year: YEAR,
    month: 2,
    pzDate: '2026-02-12',
    certificateType: 1,
    numberOfDocument: 0,
    certiDetails: [
      { summary: '打印测试收会费', subjectCode: '102', debitAmount: '1234.56', creditAmount: null },
      { summary: '打印测试收会费', subjectCode: '401', debitAmount: null, creditAmount: '1234.56' },
    ],
  });
  expect(saved.body.success, saved.body.errorMsg ?? '').toBe(true);

  await signInTo(page, 'kuaiji', FACTORY, YEAR);
  const trial = new TrialBalancePageModel(page);
  await trial.goto();
  await trial.period(1, 3);
  await expect(trial.row('102')).toBeVisible();

  await page.getByRole('button', { name: '打印', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '打印科目余额表' });
  await expect(dialog.getByText('A4 横向')).toBeVisible();
  const canvas = dialog.locator('canvas').first();
  await expect(canvas).toBeVisible();
  // Regions as fractions of the page: title, headings band, page number, left margin, blank paper
  // at the right end of the title line.
  const regions: [number, number, number, number][] = [
    [0.42, 0.055, 0.58, 0.09],
    [0.05, 0.125, 0.95, 0.18],
    [0.44, 0.925, 0.56, 0.95],
    [0.0, 0.2, 0.035, 0.8],
    [0.75, 0.055, 0.95, 0.09],
  ];
  await expect.poll(async () => (await lookAtCanvas(canvas, regions)).ink[0] ?? 0, { timeout: 15_000 }).toBeGreaterThan(0.02);
  const look = await lookAtCanvas(canvas, regions);
  expect(look.width).toBeGreaterThan(look.height);
  const [title, headings, pageNumber, margin, blank] = look.ink as [number, number, number, number, number];
  expect(title).toBeGreaterThan(0.02);
  expect(headings).toBeGreaterThan(0.02);
  expect(pageNumber).toBeGreaterThan(0.01);
  expect(margin).toBe(0);
  expect(blank).toBe(0);
  await page.screenshot({ path: test.info().outputPath('trial-balance-print.png') });

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('the detail ledger prints its range on A4 portrait', async ({ page }) => {
  await signInTo(page, 'kuaiji', FACTORY, YEAR);
  await page.goto('/accounting-management/books/detailaccount?code=102&beginTime=2026-01&endTime=2026-03');
  const ledger = new DetailLedgerPageModel(page);
  await expect(ledger.subject).toContainText('102 银行存款');
  await page.getByRole('button', { name: '打印', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '打印明细账' });
  await expect(dialog.getByText('A4 纵向')).toBeVisible();
  const canvas = dialog.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const title: [number, number, number, number] = [0.35, 0.035, 0.65, 0.065];
  await expect.poll(async () => (await lookAtCanvas(canvas, [title])).ink[0] ?? 0, { timeout: 15_000 }).toBeGreaterThan(0.02);
  const look = await lookAtCanvas(canvas, [title]);
  expect(look.height).toBeGreaterThan(look.width);
  await page.screenshot({ path: test.info().outputPath('detail-ledger-print.png') });
});

test('the general ledger prints on A4 landscape', async ({ page }) => {
  await signInTo(page, 'kuaiji', FACTORY, YEAR);
  await page.goto('/accounting-management/books/generalledger');
  await expect(page.getByRole('heading', { name: '总账' })).toBeVisible();
  const filters = page.getByRole('form', { name: '总账查询条件' });
  await filters.getByLabel('开始月份').selectOption('1');
  await filters.getByLabel('结束月份').selectOption('3');
  await filters.getByRole('button', { name: '查询' }).click();
  await page.getByRole('button', { name: '打印', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '打印总账' });
  await expect(dialog.getByText('A4 横向')).toBeVisible();
  const canvas = dialog.locator('canvas').first();
  await expect(canvas).toBeVisible();
  const title: [number, number, number, number] = [0.42, 0.055, 0.58, 0.09];
  await expect.poll(async () => (await lookAtCanvas(canvas, [title])).ink[0] ?? 0, { timeout: 15_000 }).toBeGreaterThan(0.02);
  const look = await lookAtCanvas(canvas, [title]);
  expect(look.width).toBeGreaterThan(look.height);
  await page.screenshot({ path: test.info().outputPath('general-ledger-print.png') });
});
