/**
 * The app under its Content-Security-Policy: the page answer carries the policy and the other
 * defences, and the screens that make styles, images, workers and frames at run time (the login
 * captcha, the voucher editor's grid, a report page with its emphasis styles, the print preview
 * drawn by pdfjs-dist in its worker) work without a single violation. The voucher editor is
 * kept as a screenshot (test-results/screens/voucher-editor-csp.png).
 */
import { expect, test } from '@playwright/test';
import { VOUCHER_ADD_PATH } from '../src/shared/financial-state.js';
import { Paths } from '../src/shared/api/paths.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { PrintDialogModel } from './pages/attachments-print.js';
import { ReportPageModel } from './pages/reports-pages.js';
import { apiSession } from './support/api-session.js';
import { watchViolations } from './support/csp-violations.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2026;
const SET = '示范市安全策略检查工会';

test.beforeAll(async () => {
  await ensureSet({ name: SET, code: 'E2E-CSP', system: 'union-grassroots', year: YEAR, users: ['kuaiji'] });
});

test('the app page carries the policy and the browser-side defences', async ({ page }) => {
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toContain('unsafe-inline');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  // The nonce the page hands the client is the one its policy names.
  const nonce = await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce);
  expect(csp).toContain(`'nonce-${nonce}'`);
});

test('the screens work under the policy: captcha, voucher editor, report, print preview', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page.context());
  await signInTo(page, 'kuaiji', SET, YEAR);

  const editor = new VoucherEditorPage(page);
  await page.goto(VOUCHER_ADD_PATH);
  await editor.expectLoaded();
  // The grid's theme is in force (its <style> elements carry the nonce): a themed header, not bare HTML.
  const header = page.locator('.voucher-paper .ag-header').first();
  await expect(header).toBeVisible();
  expect(await header.evaluate((el) => getComputedStyle(el).display)).not.toBe('inline');
  expect(await page.evaluate(() => document.querySelectorAll('style:not([nonce])').length)).toBe(0);
  await page.screenshot({ path: `${SCREENS_DIR}/voucher-editor-csp.png` });

  const report = new ReportPageModel(page, '资产负债表');
  await report.goto();
  await report.period(1, 1);
  await expect(report.grid.locator('.ag-row').first()).toBeVisible();

  // A voucher to print (the set is this spec's own), saved through the API as the browser would.
  const month = 1; // the set's working month, where the list opens
  // An administrator's session: a second kuaiji session would end the page's (single-session mode).
  const api = await apiSession(baseURL ?? '', 'admin', SET, YEAR);
  const saved = await api.post(Paths.certificate, {
    year: YEAR,
    month,
    pzDate: `${YEAR}-${String(month).padStart(2, '0')}-05`,
    certificateType: 1,
    numberOfDocument: 0,
    certiDetails: [
      { summary: '安全策略检查', subjectCode: '101', debitAmount: '10', creditAmount: null },
      { summary: '安全策略检查', subjectCode: '401', debitAmount: null, creditAmount: '10' },
    ],
  });
  expect(saved.body.success).toBe(true);
  await page.goto('/accounting-management/voucher-management/voucherList');
  await page.getByRole('gridcell', { name: '安全策略检查' }).first().click();
  await page.getByRole('button', { name: '打印', exact: true }).click();
  await new PrintDialogModel(page).expectRendered(1);

  expect(await violations(page)).toEqual([]);
});
