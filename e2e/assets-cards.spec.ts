/**
 * 资产设置 and 资产卡片 in the browser (issue 23, cards UI lane): in a set of its own with assets initialised, the
 * settings page shows the category tree; a fixed-asset card is keyed in the dialog (mouse to open, keyboard to fill and
 * Enter to save), the server's below-threshold refusal is confirmed and the card saved, the card is reviewed (已审核),
 * and its voucher generated through the asset voucher dialog (the row then reads 已生成凭证).
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
const SET = '示范市资产卡片演示工会';
let categoryId = 0;

test.beforeAll(async () => {
  const ztId = await ensureSet({ name: SET, code: 'E2E-ASSET-CARDS', system: 'union-county', year: YEAR, users: ['kuaiji'] });
  const db = openSqlite(databaseFile());
  try {
    await openPlatform(db, ztId, 'assets');
    await ensureAssetSetup(db.kysely, { id: ztId, year: YEAR });
    await db.kysely.updateTable('asset_setting').set({ init_done: 1 }).where('zt_id', '=', ztId).execute();
    const leaf = await db.kysely
      .selectFrom('asset_category as c')
      .select(['c.id'])
      .where('c.zt_id', '=', ztId)
      .where('c.asset_class', '=', 1)
      .where('c.depreciates', '=', 1)
      .where('c.code', 'like', '02%')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('asset_category as d').select('d.id').where('d.zt_id', '=', ztId).whereRef('d.parent_id', '=', 'c.id'),
          ),
        ),
      )
      .orderBy('c.code')
      .executeTakeFirstOrThrow();
    categoryId = leaf.id;
  } finally {
    await db.close();
  }
});

test('资产设置 shows the category tree and the departments', async ({ page }) => {
  await signInTo(page, 'kuaiji', SET, YEAR);
  await page.goto('/fixed-assets/fixed-assets/settings');
  await expect(page.getByRole('gridcell', { name: '房屋及构筑物', exact: true })).toBeVisible();
  await expect(page.getByText('使用部门')).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/cardsui-settings.png` });
});

test('a card keyed, reviewed and its voucher generated', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `打印机${Date.now() % 100000}`;
  await signInTo(page, 'kuaiji', SET, YEAR);
  await page.goto('/fixed-assets/fixed-assets/cards');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('资产编号')).not.toHaveValue('');
  const cardNo = await dialog.getByLabel('资产编号').inputValue();
  await dialog.getByLabel('资产类别').selectOption(String(categoryId));
  await dialog.getByLabel('资产名称').focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab'); // 规格型号
  await page.keyboard.type('A4');
  await page.keyboard.press('Tab'); // 计量单位
  await page.keyboard.type('台');
  await page.keyboard.press('Tab'); // 数量
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1');
  await page.keyboard.press('Tab'); // 原值
  await page.keyboard.type('800');
  await dialog.getByLabel('预计使用月数').fill('72');
  await dialog.getByLabel('启用日期').fill('2026-03-10');
  await page.screenshot({ path: `${SCREENS_DIR}/cardsui-card-dialog.png` });
  await dialog.getByLabel('资产名称').press('Enter');
  // 800 元 is below the 通用设备 standard: the page asks, and resends on 确定.
  await expect(page.getByText(/单价低于1000元/)).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  const row = page.getByRole('row').filter({ hasText: cardNo });
  await expect(row).toContainText('未审核');
  await row.getByText(cardNo).click();
  await page.getByRole('button', { name: '审核', exact: true }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(row).toContainText('已审核');
  await row.getByText(cardNo).click();
  await page.getByRole('button', { name: '生成凭证' }).click();
  const voucher = page.getByRole('dialog');
  await expect(voucher.getByRole('button', { name: '保存凭证' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/cardsui-voucher-dialog.png` });
  await voucher.getByRole('button', { name: '保存凭证' }).click();
  await expect(page.getByText(/已生成凭证1张/).first()).toBeVisible();
  await expect(row).toContainText('已生成凭证');
  await page.screenshot({ path: `${SCREENS_DIR}/cardsui-cards.png` });
});
