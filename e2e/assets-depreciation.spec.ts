/**
 * 折旧摊销 in the browser (issue 23, vouchers lane): in a county set of its own with the assets platform opened and
 * assets initialised (no opening cards: the finish call agrees at zero), a reviewed fixed-asset card (台式计算机,
 * 12,000.00, 60 months, activated 2026-01-10) with its addition voucher, all through the API. On the page January
 * reads 未计提; 计提 runs it (200.00: 当月增加当月计提), the month reads 已计提未生成凭证 with the card in the detail
 * (撤销计提 undoes it and it is run again);
 * 生成凭证 opens the asset voucher dialog with the server's defaults (30104 / 163, 200.00), saved by keyboard (Tab to
 * 保存凭证, Enter); the month then reads 已生成凭证.
 */
import { expect, test, type Page } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import type { AssetVoucherPreview } from '../src/shared/api/schemas/assets-voucher.js';
import { ensureAssetSetup } from '../src/server/assets/context.js';
import { openSqlite } from '../src/server/db/database.js';
import { openPlatform } from '../src/server/test-support/ledger-fixtures.js';
import { apiSession } from './support/api-session.js';
import { databaseFile } from './support/database.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2026;
const SET = '示范市资产折旧演示工会';
const PATH = '/fixed-assets/fixed-assets/depreciation';

test.beforeAll(async ({ baseURL }) => {
  const ztId = await ensureSet({ name: SET, code: 'E2E-ASSET-DEP', system: 'union-county', year: YEAR, users: ['kuaiji'] });
  const db = openSqlite(databaseFile());
  let categoryId: number;
  try {
    if (await db.kysely.selectFrom('asset_card').select('id').where('zt_id', '=', ztId).executeTakeFirst()) return;
    await openPlatform(db, ztId, 'assets');
    await ensureAssetSetup(db.kysely, { id: ztId, year: YEAR });
    categoryId = (
      await db.kysely
        .selectFrom('asset_category')
        .select('id')
        .where('zt_id', '=', ztId)
        .where('asset_class', '=', 1)
        .where('code', '=', '0201')
        .executeTakeFirstOrThrow()
    ).id;
  } finally {
    await db.close();
  }
  const kuaiji = await apiSession(baseURL ?? '', 'kuaiji', SET, YEAR);
  const ok = (step: string, body: { success: boolean; errorMsg: string | null }) => {
    if (!body.success) throw new Error(`${step}: ${body.errorMsg}`);
  };
  ok('init finish', (await kuaiji.post(Paths.assetsInitFinish, {})).body);
  const card = await kuaiji.post<{ id: string }>(Paths.assetCards, {
    assetClass: 1,
    cardNo: 'GD00001',
    categoryId,
    name: '台式计算机',
    quantity: 1,
    originalValue: '12000.00',
    estimatedServiceLife: 60,
    dateOfActivation: '2026-01-10',
    purchasingMethod: 1,
    nature: 1,
  });
  ok('card', card.body);
  ok('review', (await kuaiji.post(Paths.assetCardsReview, { ids: [card.body.data.id], isReview: true })).body);
  const preview = await kuaiji.post<AssetVoucherPreview>(Paths.assetVoucherPreview, { pzAssetType: 1, assetClass: 1 });
  ok('addition preview', preview.body);
  const saved = await kuaiji.post(Paths.assetVoucherSave, {
    pzAssetType: 1,
    assetClass: 1,
    isOnePz: true,
    isAuto: true,
    czy: preview.body.data.czy,
    certificateType: preview.body.data.certificateType,
  });
  ok('addition voucher', saved.body);
});

const monthRow = (page: Page, month: number, verb = '折旧') =>
  page
    .getByRole('table', { name: `${verb}月份` })
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `${month}月`, exact: true }) });

test('a month depreciated and its voucher generated through the dialog by keyboard', async ({ page }) => {
  await signInTo(page, 'kuaiji', SET, YEAR);
  await page.goto(PATH);
  await expect(page.getByRole('tab', { name: '固定资产折旧' })).toHaveAttribute('aria-selected', 'true');
  const january = monthRow(page, 1);
  await expect(january).toContainText('未计提');
  await page.getByRole('button', { name: '计提', exact: true }).click();
  await expect(page.getByText(/已计提折旧：1张卡片，金额200\.00/)).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(january).toContainText('已计提未生成凭证');
  // 撤销计提 (the last run, no voucher yet) and 计提 again.
  await page.getByRole('button', { name: '撤销计提' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(january).toContainText('未计提');
  await page.getByRole('button', { name: '计提', exact: true }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(january).toContainText('已计提未生成凭证');
  await expect(page.getByRole('status', { name: '本月合计' })).toContainText('合计（1张）');
  await expect(page.getByText('台式计算机')).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/deprui-page-run.png` });

  // The dialog, by keyboard: focus 生成凭证 and press Enter; Tab to 保存凭证 and press Enter.
  await page.getByRole('button', { name: '生成凭证' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('本次计提金额')).toHaveText('200.00');
  await expect(dialog.getByText(/借方合计 200\.00/)).toBeVisible();
  await expect(dialog.getByRole('table', { name: '计提明细' })).toContainText('GD00001');
  await page.screenshot({ path: `${SCREENS_DIR}/deprui-dialog.png` });
  const save = dialog.getByRole('button', { name: '保存凭证' });
  for (let i = 0; i < 80 && !(await save.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/已生成凭证1张/)).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/deprui-dialog-saved.png` });
  // The dialog keeps Escape for its grid: 关闭 (×) by keyboard.
  const close = dialog.getByRole('button', { name: '关闭' });
  for (let i = 0; i < 80 && !(await close.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(january).toContainText('已生成凭证');
  await expect(january).not.toContainText('未生成');
  await expect(page.getByRole('button', { name: '撤销计提' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENS_DIR}/deprui-page-generated.png` });
  // The amortisation tab: its own months, nothing run (no intangible card).
  await page.getByRole('tab', { name: '无形资产摊销' }).click();
  await expect(monthRow(page, 1, '摊销')).toContainText('未计提');
});
