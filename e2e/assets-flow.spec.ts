/**
 * The main flow of issue 23 in the browser (initui lane), in a set of its own (union, 2026, assets platform, openings
 * 162 100,000.00 / 163 20,000.00): initialise the assets on 资产初始化 (one card keyed with its accumulated
 * depreciation, the check agrees, finish); add a card on 资产卡片 (activated 2026-01-15), review it, generate its
 * voucher in the asset voucher dialog; go to 期末结账 for January before running the depreciation: the 固定资产 row
 * fails with its link 折旧摊销, which leads to the depreciation page.
 *
 * There 计提 runs January (当月增加当月计提: both cards), 生成凭证 makes its voucher in the dialog, and back on 期末结账
 * the 固定资产 row passes: the failing row was fixed from the close page.
 */
import { expect, test, type Page } from '@playwright/test';
import { openSqlite } from '../src/server/db/database.js';
import { openPlatform } from '../src/server/test-support/ledger-fixtures.js';
import { databaseFile } from './support/database.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2026;
const SET = '示范市资产主流程演示工会';
const INIT = '/fixed-assets/fixed-assets/assets-init';
const CARDS = '/fixed-assets/fixed-assets/cards';
const CLOSE = '/accounting-management/monthly/close';
const DEPRECIATION = '/fixed-assets/fixed-assets/depreciation';

test.beforeAll(async () => {
  const ztId = await ensureSet({ name: SET, code: 'E2E-ASSET-FLOW', system: 'union-county', year: YEAR, users: ['kuaiji'] });
  const db = openSqlite(databaseFile());
  try {
    await openPlatform(db, ztId, 'assets');
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

async function ok(page: Page, text: string | RegExp): Promise<void> {
  const box = page.getByRole('dialog').filter({ hasText: text });
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: '确定' }).click();
  await expect(box).toHaveCount(0);
}

async function pickLeafCategory(page: Page, dialog: ReturnType<Page['getByRole']>): Promise<void> {
  const select = dialog.getByLabel('资产类别');
  const value = await select.locator('option:not([disabled])').nth(1).getAttribute('value');
  await select.selectOption(value ?? '');
}

test('assets: initialise, add a card, review, its voucher, the close sends to the depreciation', async ({ page }) => {
  test.setTimeout(180_000);
  await signInTo(page, 'kuaiji', SET, YEAR);

  // 1. Initialise: any asset page sends here while the assets are not initialised.
  await page.goto(CARDS);
  await expect(page).toHaveURL(new RegExp(`${INIT}$`));
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const init = page.getByRole('dialog', { name: '新增初始化卡片' });
  await expect(init.getByLabel('资产编号')).not.toHaveValue('');
  await init.getByLabel('资产名称').fill('办公楼');
  await pickLeafCategory(page, init);
  await init.getByLabel('原值').fill('100000');
  await init.getByLabel('累计折旧').fill('20000');
  await init.getByLabel('预计使用月数').fill('600');
  await init.getByLabel('启用日期').fill('2020-01-01');
  await init.getByRole('button', { name: '保存' }).click();
  await expect(init).toBeHidden();
  await expect(page.getByTestId('check-all')).toHaveText('资产与总账期初余额一致');
  await page.getByRole('button', { name: '完成初始化' }).click();
  await ok(page, '资产初始化完成');
  await expect(page.getByTestId('init-state')).toHaveText('已完成初始化');
  await page.screenshot({ path: `${SCREENS_DIR}/initui-flow-init.png` });

  // 2. A card added in January, reviewed, its voucher generated.
  await page.goto(CARDS);
  await expect(page).toHaveURL(new RegExp(`${CARDS}$`));
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const card = page.getByRole('dialog', { name: '新增资产卡片' });
  await expect(card.getByLabel('资产编号')).not.toHaveValue('');
  await card.getByLabel('资产名称').fill('业务用房');
  await pickLeafCategory(page, card);
  await card.getByLabel('原值').fill('60000');
  await card.getByLabel('预计使用月数').fill('600');
  await card.getByLabel('启用日期').fill('2026-01-15');
  // The cards lane's dialog is taller than the 800px viewport: Enter in a field submits it.
  await card.getByLabel('资产名称').press('Enter');
  await expect(card).toBeHidden();
  await page.getByText('业务用房').click();
  await page.getByRole('button', { name: '审核', exact: true }).click();
  await ok(page, /已审核1张资产卡片/);
  await page.getByText('业务用房').click();
  await page.getByRole('button', { name: '生成凭证' }).click();
  const voucher = page.getByRole('dialog', { name: '资产卡片生成凭证' });
  await expect(voucher).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/initui-flow-card-voucher.png` });
  await voucher.getByRole('button', { name: '保存凭证' }).click();
  await expect(voucher).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('gridcell', { name: '已生成凭证' }).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/initui-flow-card-generated.png` });

  // 3. Close January before running its depreciation: the 固定资产 row fails and links to 折旧摊销.
  await page.goto(CLOSE);
  const fixed = page.getByRole('table', { name: '规范性检查' }).getByRole('row', { name: '固定资产' });
  await expect(fixed.getByRole('button', { name: '折旧摊销' })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: `${SCREENS_DIR}/initui-flow-close-failing.png` });
  await fixed.getByRole('button', { name: '折旧摊销' }).click();
  await expect(page).toHaveURL(new RegExp(`${DEPRECIATION}`));
  await page.screenshot({ path: `${SCREENS_DIR}/initui-flow-depreciation.png` });

  // 4. Fix it there: run January's depreciation and generate its voucher, then the close check passes the row.
  const january = page
    .getByRole('table', { name: '折旧月份' })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: '1月', exact: true }) });
  await expect(january).toContainText('未计提');
  await page.getByRole('button', { name: '计提', exact: true }).click();
  await expect(page.getByText(/已计提折旧：\d+张卡片/)).toBeVisible();
  await expect(january).toContainText('已计提未生成凭证');
  await page.getByRole('button', { name: '生成凭证' }).click();
  const provision = page.getByRole('dialog');
  await expect(provision.getByLabel('本次计提金额')).not.toHaveText('0.00');
  await provision.getByRole('button', { name: '保存凭证' }).click();
  await expect(provision.getByText(/已生成凭证1张/)).toBeVisible();
  await provision.getByRole('button', { name: '关闭' }).click();
  await expect(provision).toBeHidden();
  await expect(january).toContainText('已生成凭证');

  await page.goto(CLOSE);
  const fixedAgain = page.getByRole('table', { name: '规范性检查' }).getByRole('row', { name: '固定资产' });
  await expect(fixedAgain).toContainText('通过', { timeout: 20_000 });
  await expect(fixedAgain).not.toContainText('未通过');
  await expect(fixedAgain.getByRole('button', { name: '折旧摊销' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS_DIR}/initui-flow-close-fixed.png`, fullPage: true });
});
