/**
 * 资产初始化 in the browser (issue 23, initui lane): in a set of its own (union, 2026) with the assets platform opened
 * and openings on 162 (100,000.00) and 163 (20,000.00), another asset page sends the user to 资产初始化; the check
 * shows the difference; finishing is refused with the server's message while the cards disagree; a card keyed in
 * the dialog with its accumulated depreciation makes the check agree, and 完成初始化 finishes (then 取消初始化 shows).
 */
import { expect, test } from '@playwright/test';
import { openSqlite } from '../src/server/db/database.js';
import { openPlatform } from '../src/server/test-support/ledger-fixtures.js';
import { databaseFile } from './support/database.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2026;
const SET = '示范市资产初始化演示工会';
const INIT = '/fixed-assets/fixed-assets/assets-init';

test.beforeAll(async () => {
  const ztId = await ensureSet({ name: SET, code: 'E2E-ASSET-INIT', system: 'union-county', year: YEAR, users: ['kuaiji'] });
  const db = openSqlite(databaseFile());
  try {
    await openPlatform(db, ztId, 'assets');
    // A rerun starts again from no cards and assets not initialised.
    await db.kysely.deleteFrom('asset_card').where('zt_id', '=', ztId).execute();
    await db.kysely.updateTable('asset_setting').set({ init_done: 0 }).where('zt_id', '=', ztId).execute();
    for (const [code, fen] of [
      ['162', 10_000_000],
      ['163', 2_000_000],
    ] as const) {
      await db.kysely
        .updateTable('subject')
        .set({ init_amount: fen })
        .where('zt_id', '=', ztId)
        .where('year', '=', YEAR)
        .where('code', '=', code)
        .execute();
    }
  } finally {
    await db.close();
  }
});

test('initialise the assets: redirect, key a card with its depreciation, the check agrees, finish', async ({ page }) => {
  await signInTo(page, 'kuaiji', SET, YEAR);
  await page.goto('/fixed-assets/fixed-assets/documents');
  await expect(page).toHaveURL(new RegExp(`${INIT}$`));
  await expect(page.getByTestId('init-state')).toHaveText('未完成初始化');
  const fixed = page.getByTestId('check-1');
  await expect(fixed).toContainText('100,000.00');
  await expect(fixed).toContainText('-100,000.00');
  await expect(fixed).toContainText('不一致');
  await page.screenshot({ path: `${SCREENS_DIR}/initui-redirected.png` });

  // Refused while the cards disagree: the server's message shows.
  await page.getByRole('button', { name: '完成初始化' }).click();
  await expect(page.getByText('资产与总账期初余额不一致，不能完成初始化').last()).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();

  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增初始化卡片' });
  await expect(dialog.getByLabel('资产编号')).not.toHaveValue('');
  await dialog.getByLabel('资产名称').fill('公务用车');
  const category = dialog.getByLabel('资产类别');
  // The class's tree: the headings are disabled, the first choosable leaf is taken.
  await category.selectOption((await category.locator('option:not([disabled])').nth(1).getAttribute('value')) ?? '');
  await dialog.getByLabel('原值').fill('100000');
  await dialog.getByLabel('累计折旧').fill('20000');
  await dialog.getByLabel('预计使用月数').fill('96');
  await dialog.getByLabel('启用日期').fill('2023-06-01');
  await page.screenshot({ path: `${SCREENS_DIR}/initui-card-dialog.png` });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('公务用车')).toBeVisible();
  await expect(fixed).toContainText('一致');
  await expect(fixed).not.toContainText('不一致');
  await expect(page.getByTestId('check-all')).toHaveText('资产与总账期初余额一致');
  await page.screenshot({ path: `${SCREENS_DIR}/initui-agrees.png` });

  await page.getByRole('button', { name: '完成初始化' }).click();
  await expect(page.getByText('资产初始化完成').last()).toBeVisible();
  await expect(page.getByTestId('init-state')).toHaveText('已完成初始化');
  await expect(page.getByRole('button', { name: '取消初始化' })).toBeVisible();
  await expect(page.getByRole('button', { name: '新增', exact: true })).toBeDisabled();
  await page.screenshot({ path: `${SCREENS_DIR}/initui-finished.png` });
});
