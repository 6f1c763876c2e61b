/**
 * 上下级经费核算 in the browser, with the keyboard. A county federation (a 县级以上 set: the funding
 * organisation variant) configures its two lower unions from the ledger-set tree: the type's
 * default upper-remittance ratio fills in, the ratios are typed, the upper-level ratio (sjrate)
 * adds up as they are typed, a sum over 100% with the retention is refused in the dialog, and the
 * table shows both with their ratios; the set's default subject of the lower share is picked. Then a lower union (the funds accounting dialog) keys a
 * unit by hand: the subject button of a share is enabled only once its ratio is typed, emptying
 * the ratio clears the subject, and the sum rule's message shows until the shares add up.
 */
import { expect, test } from '@playwright/test';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureFundsCounty } from './support/funds-sets.js';
import { FundsAccountingPage, type OrgRatios } from './pages/funds-accounting-page.js';

test.use({ viewport: { width: 1440, height: 900 } });

test('a county federation configures two lower unions’ ratios with the keyboard', async ({ page }) => {
  test.setTimeout(120_000);
  const { county, lowers } = await ensureFundsCounty('经费E2E', '97');
  await signInTo(page, 'kuaiji', county.name, 2026);
  const funds = new FundsAccountingPage(page);
  await funds.goto();
  await expect(page.getByRole('heading', { name: '经费单位（县级以上）' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '上级比例', exact: true })).toBeVisible();
  await expect(page.getByLabel('支出类型大类').first()).toBeVisible();

  const ratios: OrgRatios[] = [
    { bjRata: '12', bjsjRate: '5', hbRate: '2', jianhui: '0.5', small: '0.5', lc: '60', fee: '2', sum: '20' },
    { bjRata: '10', bjsjRate: '6', hbRate: '3', jianhui: '1', small: '0', lc: '60', fee: '2', sum: '20' },
  ];
  for (const [i, lower] of lowers.entries()) {
    const r = ratios[i];
    if (!r) throw new Error('no ratios');
    await funds.startOrg(lower);
    await funds.typeOrgRatios(i === 0 ? { ...r, lc: '90' } : r);
    if (i === 0) {
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: '新增经费单位' });
      await expect(dialog.getByRole('alert').filter({ hasText: '上级比例20%与留成比例90%之和不能超过100%' })).toBeVisible();
      await page.screenshot({ path: `${SCREENS_DIR}/funds-accounting-org-dialog.png` });
      await funds.type('留成比例', r.lc);
    }
    await funds.saveOrg(lower.name, r);
  }
  await expect(page.getByRole('row').filter({ hasText: lowers[0]?.name ?? '' })).toContainText('上解');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS_DIR}/funds-accounting-county.png` });

  // The set's default subject for the lower share, picked by code.
  await page.getByRole('button', { name: '默认科目' }).focus();
  await page.keyboard.press('Enter');
  const setting = page.getByRole('dialog', { name: '经费默认科目' });
  const lowerDefault = setting.getByRole('button', { name: '应付下级默认科目', exact: true });
  await lowerDefault.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: '选择科目' })).toBeVisible();
  await page.keyboard.type('21202');
  await page.keyboard.press('Enter');
  await expect(lowerDefault).toHaveText('21202');
  await setting.getByRole('button', { name: '保存' }).focus();
  await page.keyboard.press('Enter');
  await expect(setting).toHaveCount(0);

  // The lower union keeps a unit of its own, keyed by hand, in the funds accounting dialog.
  const lower = lowers[0];
  if (!lower) throw new Error('no lower union');
  await page.goto('/selecting');
  await signInTo(page, 'kuaiji', lower.name, 2026);
  await funds.goto();
  await expect(page.getByRole('heading', { name: '上下级经费核算' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '下级上解比例' })).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '新增经费核算' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('手工录入单位（不在本系统的单位）').focus();
  await page.keyboard.press('Space');
  const code = `9${Date.now() % 100000}`;
  await funds.type('单位名称', '车间分会');
  await funds.type('单位编码', code);
  const superiorSubject = dialog.getByRole('button', { name: '应付上级一比例科目', exact: true });
  await expect(superiorSubject).toBeDisabled();
  await funds.type('下级上解比例', '40');
  await funds.type('本级留成比例', '30');
  await funds.type('应付上级一比例', '10');
  await expect(superiorSubject).toBeEnabled();
  await superiorSubject.focus();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('dialog', { name: '选择科目' });
  await expect(picker).toBeVisible();
  await page.keyboard.type('211');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(superiorSubject).toHaveText(/211/);
  await page.screenshot({ path: `${SCREENS_DIR}/funds-accounting-lower-dialog.png` });
  // Emptying the ratio clears its subject and disables the button again.
  await funds.type('应付上级一比例', '');
  await expect(superiorSubject).toBeDisabled();
  await expect(superiorSubject).toHaveText('选择科目');
  await page.keyboard.press('Enter');
  await expect(
    dialog.getByRole('alert').filter({ hasText: '本级、上级与下级比例之和必须等于下级上解比例40%，当前为30%' }),
  ).toBeVisible();
  await funds.type('应付上级一比例', '10');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: '车间分会' });
  await expect(row).toContainText('手工');
  await expect(row).toContainText('40%');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS_DIR}/funds-accounting-lower.png` });
});
