/**
 * The funds reports in the browser (issue 20 §4 and B8), in a county federation's set made for
 * the spec: a lower unit with its ratios (60% this level, 30% the superior, 10% lower unions) and
 * its 经费单位 item on 402/211/21202; one receipt whose voucher was keyed through the API and one
 * not generated yet. The register shows both with the voucher number and opens the voucher on a
 * double-click; in the voucher editor a 402 line of the unit becomes the remittance lines with F8.
 */
import { expect, test } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import type { Voucher } from '../src/shared/api/vouchers.js';
import { openSqlite } from '../src/server/db/database.js';
import {
  insertFundsRatio,
  insertFundsReceipt,
  insertFundsUnit,
  insertUnitItems,
  openFundsPlatform,
} from '../src/server/test-support/funds-fixture.js';
import { line, request } from '../src/server/vouchers/voucher-test-kit.js';
import { VOUCHER_ADD_PATH } from '../src/shared/financial-state.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { apiSession } from './support/api-session.js';
import { databaseFile } from './support/database.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2026;
const SET = '示范市经费台账演示总工会';
const UNIT = { code: '7001', name: '七厂工会' };
const REGISTER_PATH = '/funds-management/funds-register';

test.beforeAll(async ({ baseURL }) => {
  const ztId = await ensureSet({ name: SET, code: 'E2E-FUNDS-REG', system: 'union-county', year: YEAR, users: ['kuaiji'] });
  const db = openSqlite(databaseFile());
  try {
    // A run that comes again finds its unit and receipts.
    const seeded = await db.kysely.selectFrom('funds_unit').select('id').where('zt_id', '=', ztId).executeTakeFirst();
    if (seeded) return;
    await openFundsPlatform(db, ztId);
    const unitId = await insertFundsUnit(db, ztId, UNIT);
    await insertFundsRatio(db, ztId, unitId, { fromYear: YEAR, retained: 60, superiorOne: 30, lower: 10 });
    await insertUnitItems(db, ztId, { years: [YEAR], units: [UNIT], subjects: ['402', '211', '21202'] });
    const kuaiji = await apiSession(baseURL ?? '', 'kuaiji', SET, YEAR);
    const unit = [{ typeNo: 'JFDW', infoNo: UNIT.code }];
    const saved = await kuaiji.post<Voucher>(
      Paths.certificate,
      request({
        month: 2,
        pzDate: '2026-02-10',
        certiDetails: [
          line('102', 1000, null, '收七厂二月经费'),
          { ...line('402', null, 600, '收七厂二月经费'), auxis: unit },
          { ...line('211', null, 300, '收七厂二月经费'), auxis: unit },
          { ...line('21202', null, 100, '收七厂二月经费'), auxis: unit },
        ],
      }),
    );
    if (!saved.body.success) throw new Error(saved.body.errorMsg ?? 'voucher not saved');
    const userId = (
      await db.kysely.selectFrom('app_user').select('id').where('login_name', '=', 'kuaiji').executeTakeFirstOrThrow()
    ).id;
    const receipt = { year: YEAR, bankCode: '102', unitId };
    await insertFundsReceipt(db, ztId, userId, {
      ...receipt,
      month: 2,
      rowNo: 1,
      amount: 100_000,
      paidOn: '2026-02-08',
      summary: '收七厂二月经费',
      voucherId: saved.body.data.id,
      shares: { retained: 60_000, superiorOne: 30_000, lower: 10_000 },
    });
    await insertFundsReceipt(db, ztId, userId, { ...receipt, month: 3, rowNo: 1, amount: 50_000, paidOn: '2026-03-05' });
  } finally {
    await db.close();
  }
});

test('the register lists the receipts with their shares and voucher numbers, and opens the voucher', async ({ page }) => {
  const home = await signInTo(page, 'kuaiji', SET, YEAR);
  // Reached from the menu under 经费核算; then with the range in the address (the close check's jump).
  await home.menu.getByText('经费核算', { exact: true }).click();
  await home.openMenu('经费上解台账');
  await expect(page.getByRole('heading', { name: '经费上解台账' })).toBeVisible();
  await expect(page).toHaveURL(REGISTER_PATH);
  await page.goto(`${REGISTER_PATH}?beginTime=2026-01&endTime=2026-03`);
  await expect(page.getByRole('heading', { name: '经费上解台账' })).toBeVisible();
  const grid = page.locator('.ufc-grid');
  await expect(page.getByText('共 2 行')).toBeVisible();
  const cell = (index: number, field: string) =>
    grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${index}"] [col-id="${field}"]`).first();
  await expect(cell(0, 'unitName')).toHaveText(UNIT.name);
  await expect(cell(0, 'voucherNo')).toHaveText(/^记-\d{4}$/);
  await expect(cell(0, 'amount')).toHaveText('1,000.00');
  await expect(cell(0, 'retained')).toHaveText('600.00');
  await expect(cell(0, 'superiorOne')).toHaveText('300.00');
  await expect(cell(0, 'lower')).toHaveText('100.00');
  // Not generated yet: the split of the ratios in force.
  await expect(cell(1, 'voucherNo')).toHaveText('未生成');
  await expect(cell(1, 'retained')).toHaveText('300.00');
  await expect(page.getByRole('button', { name: '导出' })).toBeEnabled();
  await page.screenshot({ path: `${SCREENS_DIR}/funds-register.png`, fullPage: true });

  const voucherNo = (await cell(0, 'voucherNo').textContent()) ?? '';
  await cell(0, 'unitName').dblclick();
  await expect(page).toHaveURL(new RegExp(`${VOUCHER_ADD_PATH}\\?id=`));
  const editor = new VoucherEditorPage(page);
  await expect(editor.title).toBeVisible();
  await expect(editor.number).toHaveValue(String(Number(voucherNo.slice(2))));
  await expect(editor.cell(1, 'subjectCode')).toContainText('402');
  await expect(editor.cell(2, 'subjectCode')).toContainText('211');
});

test('in the voucher editor, F8 on a 402 line of a funds unit proposes the remittance lines from its ratios', async ({
  page,
}) => {
  await signInTo(page, 'kuaiji', SET, YEAR);
  const editor = new VoucherEditorPage(page);
  await editor.goto();
  await editor.cell(0, 'summary').click();
  await editor.typeText('收七厂三月经费');
  await editor.cell(0, 'subjectCode').click();
  await editor.chooseSubject('102', '102 银行存款');
  await editor.cell(0, 'debitAmount').click();
  await editor.typeText('500');
  await editor.cell(1, 'summary').click();
  await editor.typeText('收七厂三月经费');
  await editor.cell(1, 'subjectCode').click();
  await editor.chooseSubject('402', '402 拨缴经费收入');
  const picker = page.getByRole('dialog', { name: '辅助核算' });
  await expect(picker).toBeVisible();
  await expect(picker.locator('option', { hasText: UNIT.name })).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Control+Enter');
  await expect(picker).toHaveCount(0);
  // The status line says what F8 does once the line has its unit.
  await expect(editor.status).toContainText('F8');
  await editor.cell(1, 'creditAmount').click();
  await editor.typeText('500');
  await editor.cell(1, 'creditAmount').click();

  // The right-click menu names it with its key (discoverable); the key itself accepts it.
  const menu = await editor.contextMenu(1, 'creditAmount');
  await expect(menu.getByRole('menuitem', { name: /^经费分配/ })).toContainText('F8');
  await page.keyboard.press('Escape');
  await editor.cell(1, 'creditAmount').click();
  await page.keyboard.press('F8');

  await expect(editor.status).toContainText(`已按${UNIT.name}的经费比例拆分为3行`);
  await expect(editor.cell(1, 'subjectCode')).toContainText('402');
  await expect(editor.cell(1, 'creditAmount')).toContainText('300.00');
  await expect(editor.cell(2, 'subjectCode')).toContainText('211');
  await expect(editor.cell(2, 'creditAmount')).toContainText('150.00');
  await expect(editor.cell(2, 'auxis')).toHaveText(UNIT.name);
  await expect(editor.cell(3, 'subjectCode')).toContainText('21202');
  await expect(editor.cell(3, 'creditAmount')).toContainText('50.00');
  await page.screenshot({ path: `${SCREENS_DIR}/funds-proposal.png`, fullPage: true });

  await editor.saveButton.click();
  await expect(editor.status).toContainText('已保存');
});

test('the close check lists the payables left at the month end and jumps to them per unit', async ({ page, baseURL }) => {
  const kuaiji = await apiSession(baseURL ?? '', 'kuaiji', SET, YEAR);
  const unit = [{ typeNo: 'JFDW', infoNo: UNIT.code }];
  const saved = await kuaiji.post<Voucher>(
    Paths.certificate,
    request({
      month: 1,
      pzDate: '2026-01-20',
      certiDetails: [line('102', 80, null, '收七厂一月经费'), { ...line('211', null, 80, '收七厂一月经费'), auxis: unit }],
    }),
  );
  expect(saved.body.errorMsg).toBeNull();

  await signInTo(page, 'kuaiji', SET, YEAR);
  await page.goto('/accounting-management/monthly/close');
  await expect(page.getByLabel('结账月份')).toHaveValue('1');
  const row = page.getByRole('table', { name: '规范性检查' }).getByRole('row', { name: '工会经费划转检查' });
  await expect(row).toContainText('提示');
  await expect(row).toContainText(`211 应付上级经费·${UNIT.name}`);
  await page.screenshot({ path: `${SCREENS_DIR}/funds-close-check.png`, fullPage: true });

  await row.getByRole('button', { name: '查看经费往来' }).click();
  await expect(page).toHaveURL('/funds-management/funds-payables?beginTime=2026-01&endTime=2026-01');
  await expect(page.getByRole('heading', { name: '上下级经费往来' })).toBeVisible();
  const grid = page.locator('.ufc-grid');
  await expect(grid.getByText(UNIT.name, { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/funds-payables.png`, fullPage: true });
});
