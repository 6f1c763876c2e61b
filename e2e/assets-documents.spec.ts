/**
 * 资产处置 in the browser (issue 23, documents lane): in a set of its own with assets initialised and a reviewed
 * fixed-asset card keyed at initialisation, a disposal document is keyed in the dialog (date, 出售, 变价收入, 处置费用,
 * the card), listed with its amounts, and its voucher generated (the row then reads 已生成).
 */
import { expect, test } from '@playwright/test';
import { openSqlite } from '../src/server/db/database.js';
import { timeOrderedId } from '../src/server/db/time-ordered-id.js';
import { ensureAssetSetup } from '../src/server/assets/context.js';
import { openPlatform } from '../src/server/test-support/ledger-fixtures.js';
import { databaseFile } from './support/database.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2026;
const SET = '示范市资产处置演示工会';
const PATH = '/fixed-assets/fixed-assets/documents';

test.beforeAll(async () => {
  const ztId = await ensureSet({ name: SET, code: 'E2E-ASSET-DOC', system: 'union-county', year: YEAR, users: ['kuaiji'] });
  const db = openSqlite(databaseFile());
  try {
    if (await db.kysely.selectFrom('asset_card').select('id').where('zt_id', '=', ztId).executeTakeFirst()) return;
    await openPlatform(db, ztId, 'assets');
    await ensureAssetSetup(db.kysely, { id: ztId, year: YEAR });
    await db.kysely.updateTable('asset_setting').set({ init_done: 1 }).where('zt_id', '=', ztId).execute();
    const category = await db.kysely
      .selectFrom('asset_category')
      .select('id')
      .where('zt_id', '=', ztId)
      .where('asset_class', '=', 1)
      .where('depreciates', '=', 1)
      .executeTakeFirstOrThrow();
    await db.kysely
      .insertInto('asset_card')
      .values({
        zt_id: ztId,
        id: timeOrderedId(),
        card_no: 'GD0001',
        asset_class: 1,
        category_id: category.id,
        name: '公务用车',
        original_value: 18_000_000,
        init_depreciation: 9_000_000,
        accumulated_depreciation: 9_000_000,
        life_months: 96,
        activation_date: '2022-01-01',
        is_init: 1,
        is_review: 1,
        created_by: 1,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
  } finally {
    await db.close();
  }
});

test('a disposal document keyed and its voucher generated', async ({ page }) => {
  await signInTo(page, 'kuaiji', SET, YEAR);
  await page.goto(PATH);
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('单据日期').fill('2026-03-15');
  await dialog.getByLabel('处置方式').selectOption({ label: '出售' });
  await dialog.getByLabel('变价收入').fill('60000');
  await dialog.getByLabel('处置费用').fill('500');
  await dialog.getByLabel('选择GD0001').check();
  await page.screenshot({ path: `${SCREENS_DIR}/documents-dialog.png` });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('GZCZ20260001')).toBeVisible();
  await expect(page.getByText('未生成')).toBeVisible();
  await page.getByText('GZCZ20260001').click();
  await page.getByRole('button', { name: '生成凭证' }).click();
  await expect(page.getByText(/已生成1张凭证/)).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/documents-generated.png` });
});
