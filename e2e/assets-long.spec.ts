/**
 * 长期待摊费用 in the browser (issue 23, long lane): in a county-level set of its own (the grassroots chart has no
 * 181) with assets opened, an item is keyed in the dialog, reviewed, its addition voucher generated through the asset
 * voucher dialog (pzAssetType 6), and January amortised (pzAssetType 5); the month's detail lists it.
 */
import { expect, test } from '@playwright/test';
import { openSqlite } from '../src/server/db/database.js';
import { ensureAssetSetup } from '../src/server/assets/context.js';
import { openPlatform } from '../src/server/test-support/ledger-fixtures.js';
import { databaseFile } from './support/database.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2026;
const SET = '示范市长期待摊演示工会';
const PATH = '/fixed-assets/fixed-assets/long-amortion';
const MATTER = `租入办公楼装修${Date.now() % 100000}`;

test.beforeAll(async () => {
  const ztId = await ensureSet({ name: SET, code: 'E2E-ASSET-LONG', system: 'union-county', year: YEAR, users: ['kuaiji'] });
  const db = openSqlite(databaseFile());
  try {
    await openPlatform(db, ztId, 'assets');
    await ensureAssetSetup(db.kysely, { id: ztId, year: YEAR });
    await db.kysely.updateTable('asset_setting').set({ init_done: 1 }).where('zt_id', '=', ztId).execute();
  } finally {
    await db.close();
  }
});

test('an item keyed, reviewed, its addition voucher generated and a month amortised', async ({ page }) => {
  await signInTo(page, 'kuaiji', SET, YEAR);
  await page.goto(PATH);
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('摊销事项').fill(MATTER);
  await dialog.getByLabel('支出金额').fill('12000');
  await dialog.getByLabel('支出日期').fill('2026-01-15');
  await dialog.getByLabel('摊销期限').fill('36');
  await page.screenshot({ path: `${SCREENS_DIR}/longui-dialog.png` });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(MATTER)).toBeVisible();
  await page.getByText(MATTER).first().click();
  await page.getByRole('button', { name: '审核', exact: true }).click();
  await expect(page.getByText('已审核').first()).toBeVisible();
  await page.getByText(MATTER).first().click();
  await page.getByRole('button', { name: '生成凭证' }).click();
  await page.screenshot({ path: `${SCREENS_DIR}/longui-addition-dialog.png` });
  await page.getByRole('dialog').getByRole('button', { name: '保存凭证' }).click();
  // The page closes the dialog once the voucher is made; the item's state names its voucher.
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('gridcell', { name: /已审核 记-\d+/ }).first()).toBeVisible();
  const january = page.getByRole('table', { name: '各月摊销' }).getByRole('row').nth(1);
  await expect(january).toContainText('未摊销');
  await page.getByRole('button', { name: '摊销1月' }).click();
  const amortise = page.getByRole('dialog');
  await amortise.getByRole('button', { name: '保存凭证' }).click();
  // The page closes the dialog once the voucher is made, and reloads its months.
  await expect(amortise).toBeHidden({ timeout: 15_000 });
  // The month's own state cell, not the 累计已摊销 column header.
  await expect(january).toContainText('已摊销');
  await expect(january).not.toContainText('未摊销');
  await page.screenshot({ path: `${SCREENS_DIR}/longui-amortised.png`, fullPage: true });
});
