/**
 * 新旧衔接 in the browser, in a grassroots set of its own whose first year is 2022: the 2021 closing figures on the
 * 2009 chart keyed by keyboard with the live trial check, saved; the worksheet tab (blocked until then) with its
 * split rows keyed by keyboard, the remainder and the checks recomputed live, saved.
 */
import { expect, test } from '@playwright/test';
import { TransitionPage } from './pages/transition-page.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2022;
const SET = '示范市新旧衔接演示工会';

test.describe.serial('the transition worksheet', () => {
  test.beforeAll(async () => {
    await ensureSet({ name: SET, code: 'E2E-TRANSITION', system: 'union-grassroots', year: YEAR, users: ['kuaiji'] });
  });

  test('keys the 2021 closing figures by keyboard, checks the trial balance and saves', async ({ page }) => {
    await signInTo(page, 'kuaiji', SET, YEAR);
    const sheet = new TransitionPage(page);
    await sheet.goto();
    await expect(sheet.tab('2021年末数')).toHaveAttribute('aria-selected', 'true');
    await expect(sheet.state).toHaveText('未完成衔接');

    // The worksheet opens only once the figures are saved.
    await sheet.tab('新旧衔接底稿').click();
    await expect(page.getByRole('dialog').filter({ hasText: '请先录入2021年末数并保存科目' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(sheet.tab('2021年末数')).toHaveAttribute('aria-selected', 'true');

    // Revenue and expense subjects take no figure; parents are sums.
    await sheet.cell('101', 'amount').click();
    // 101, 102, (111, 11201, 11202, 121, 13101, 13102) 13103, (132, 135, 141, 151, 161) 162.
    await sheet.enterAmounts([
      '5000',
      '1200000',
      null,
      null,
      null,
      null,
      null,
      null,
      '8000',
      null,
      null,
      null,
      null,
      null,
      '350000',
    ]);
    await expect(sheet.cell('131', 'amount')).toHaveText('8,000.00');
    await expect(sheet.trial).toHaveText('试算不平衡：借方合计1,563,000.00，贷方合计0.00，差额1,563,000.00');
    await sheet.cell('301', 'amount').click();
    // 301, (302, 311, 32101, 32102, 32103, 322) 331.
    await sheet.enterAmounts(['350000', null, null, null, null, null, null, '1213000']);
    await expect(sheet.cell('321', 'amount')).toHaveText('');
    await expect(sheet.trial).toHaveText('试算平衡：借方合计1,563,000.00，贷方合计1,563,000.00');
    await page.screenshot({ path: `${SCREENS_DIR}/transition-figures.png` });

    await page.keyboard.press('Control+s');
    await expect(page.getByRole('dialog').filter({ hasText: '保存成功' })).toBeVisible();
    await page.reload();
    await expect(sheet.cell('102', 'amount')).toHaveText('1,200,000.00');
    await expect(sheet.trial).toHaveText('试算平衡：借方合计1,563,000.00，贷方合计1,563,000.00');
  });

  test('fills the split rows of the worksheet by keyboard and saves', async ({ page }) => {
    await signInTo(page, 'kuaiji', SET, YEAR);
    const sheet = new TransitionPage(page);
    await sheet.goto();
    await sheet.tab('新旧衔接底稿').click();
    await expect(sheet.tab('新旧衔接底稿')).toHaveAttribute('aria-selected', 'true');
    await expect(await sheet.shown('p:102-102', 'amount')).toHaveText('1,200,000.00');
    await expect(await sheet.shown('p:162-162', 'amount')).toHaveText('350,000.00');

    // 固定资产 162: 30,000 is intangible (→171), 20,000 below the new threshold (→141); 固定基金 301 alike.
    await (await sheet.shown('p:162-171', 'amount')).click();
    await sheet.enterAmounts(['30000']);
    await expect.poll(() => sheet.focusedRow()).toBe('p:162-141');
    await sheet.enterAmounts(['20000']);
    await expect(await sheet.shown('p:162-162', 'amount')).toHaveText('300,000.00');
    await (await sheet.shown('p:301-30105', 'amount')).click();
    await sheet.enterAmounts(['30000', '20000']);
    await expect(await sheet.shown('p:301-30104', 'amount')).toHaveText('300,000.00');
    // 结余 331: 300,000 of it is 结转 in nature (→32104); the rest to 32205.
    await (await sheet.shown('p:331-32104', 'amount')).click();
    await sheet.enterAmounts(['300000']);
    await expect(await sheet.shown('p:331-32205', 'amount')).toHaveText('913,000.00');
    await expect(sheet.checks).toContainText('原科目余额已全部转入新科目（3,126,000.00）');
    await expect(sheet.checks).toContainText('新制度借方合计1,563,000.00 = 贷方合计1,563,000.00');
    await expect(sheet.checks.locator('.bad')).toHaveCount(0);

    // Too much keyed: the remainder turns negative and the check says so, live.
    await (await sheet.shown('p:331-30101', 'amount')).click();
    await sheet.enterAmounts(['1000000']);
    await expect(await sheet.shown('p:331-32205', 'amount')).toHaveText('-87,000.00');
    await expect(sheet.checks).toContainText('拆分金额超过原科目余额87,000.00');
    await (await sheet.shown('p:331-30101', 'amount')).click();
    await page.keyboard.press('Delete');
    await expect(await sheet.shown('p:331-32205', 'amount')).toHaveText('913,000.00');
    await page.screenshot({ path: `${SCREENS_DIR}/transition-worksheet.png` });

    await page.keyboard.press('Control+s');
    await expect(page.getByRole('dialog').filter({ hasText: '保存成功' })).toBeVisible();
    await expect(sheet.problems).toHaveText('已保存的底稿通过检查，可以完成衔接');
    await page.reload();
    await sheet.tab('新旧衔接底稿').click();
    await expect(await sheet.shown('p:162-171', 'amount')).toHaveText('30,000.00');
    await expect(await sheet.shown('p:331-32205', 'amount')).toHaveText('913,000.00');
  });
});
