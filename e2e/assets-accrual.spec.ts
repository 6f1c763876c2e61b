/**
 * The 2022 rule in the browser (spec: the accrual dialog opens when the year is 2022 and isProvision is false): in a
 * 2022 set, a card keyed at initialisation (12,000.00 over 120 months from January 2021) owes twelve months of
 * depreciation. Finishing the initialisation offers it: 1,200.00, Dr 30104 / Cr 163, one 调账凭证 dated on or after
 * 2022-01-01. Generated, it is not offered again; in a second set 不再提示 declines it for good.
 */
import { expect, test, type Page } from '@playwright/test';
import { openSqlite } from '../src/server/db/database.js';
import { Paths } from '../src/shared/api/paths.js';
import { openPlatform } from '../src/server/test-support/ledger-fixtures.js';
import { databaseFile } from './support/database.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2022;
const GENERATES = '示范市资产补提演示工会';
const DECLINES = '示范市资产补提谢绝工会';
const INIT = '/fixed-assets/fixed-assets/assets-init';

async function prepareSet(name: string, code: string): Promise<number> {
  const ztId = await ensureSet({ name, code, system: 'union-grassroots', year: YEAR, users: ['kuaiji'] });
  const db = openSqlite(databaseFile());
  try {
    await openPlatform(db, ztId, 'assets');
    await db.kysely
      .updateTable('subject')
      .set({ init_amount: 1_200_000 })
      .where('zt_id', '=', ztId)
      .where('year', '=', YEAR)
      .where('code', '=', '162')
      .execute();
  } finally {
    await db.close();
  }
  return ztId;
}

/** Enters the page again, until its question (is the accrual due?) is answered and the page has settled. */
async function reloadAndAsk(page: Page): Promise<void> {
  const asked = page.waitForResponse((r) => r.url().includes(Paths.assetsAccrualCheck));
  await page.reload();
  await asked;
  await page.waitForLoadState('networkidle');
}

/** Keys the computer bought in January 2021 and finishes the initialisation. */
async function initialiseWithOneCard(page: Page): Promise<void> {
  await page.goto(INIT);
  await expect(page.getByTestId('init-state')).toHaveText('未完成初始化');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增初始化卡片' });
  await dialog.getByLabel('资产名称').fill('办公电脑');
  const category = dialog.getByLabel('资产类别');
  const computers = await category.locator('option', { hasText: '0201 计算机设备' }).getAttribute('value');
  await category.selectOption(computers ?? '');
  await dialog.getByLabel('原值').fill('12000');
  await dialog.getByLabel('累计折旧').fill('0');
  await dialog.getByLabel('预计使用月数').fill('120');
  await dialog.getByLabel('启用日期').fill('2021-01-01');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('check-all')).toHaveText('资产与总账期初余额一致');
  await page.getByRole('button', { name: '完成初始化' }).click();
  await expect(page.getByText('资产初始化完成').last()).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
}

test('2022: finishing the initialisation offers the catch-up depreciation, generated as one 调账凭证', async ({ page }) => {
  const ztId = await prepareSet(GENERATES, 'E2E-ASSET-2022');
  await signInTo(page, 'kuaiji', GENERATES, YEAR);
  await initialiseWithOneCard(page);

  const accrual = page.getByRole('dialog', { name: '期初资产补提折旧' });
  await expect(accrual).toBeVisible();
  await expect(accrual.getByLabel('凭证类别')).toBeDisabled();
  await expect(accrual.getByLabel('凭证类别').locator('option:checked')).toHaveText('调账凭证');
  await expect(accrual.getByLabel('凭证日期')).toHaveValue('2022-01-01');
  await expect(accrual.getByTestId('accrual-total')).toHaveText('1,200.00');
  await expect(accrual.getByRole('table', { name: '补提明细' }).locator('tbody tr')).toHaveCount(1);
  await expect(accrual.getByRole('table', { name: '补提明细' }).locator('tbody tr')).toContainText(['办公电脑']);
  const entries = accrual.getByRole('table', { name: '凭证分录' }).locator('tbody tr');
  await expect(entries.nth(0).locator('td').nth(1)).toHaveText('30104');
  await expect(entries.nth(0).locator('td').nth(2)).toHaveText('1,200.00');
  await expect(entries.nth(1).locator('td').nth(1)).toHaveText('163');
  await expect(entries.nth(1).locator('td').nth(3)).toHaveText('1,200.00');
  await page.screenshot({ path: `${SCREENS_DIR}/assets-accrual-dialog.png` });

  await accrual.getByRole('button', { name: '生成凭证' }).click();
  await expect(page.getByText(/金额1,200\.00元/).last()).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(accrual).toBeHidden();

  const db = openSqlite(databaseFile());
  try {
    const vouchers = await db.kysely
      .selectFrom('voucher')
      .select(['id', 'certificate_type', 'pz_date'])
      .where('zt_id', '=', ztId)
      .execute();
    expect(vouchers.map((v) => [v.certificate_type, v.pz_date])).toEqual([[10000, '2022-01-01']]);
    const lines = await db.kysely
      .selectFrom('voucher_line')
      .select(['subject_code', 'debit_amount', 'credit_amount'])
      .where('zt_id', '=', ztId)
      .orderBy('line_no')
      .execute();
    expect(lines.map((l) => [l.subject_code, Number(l.debit_amount), Number(l.credit_amount)])).toEqual([
      ['30104', 120_000, 0],
      ['163', 0, 120_000],
    ]);
  } finally {
    await db.close();
  }

  // Made once: entering the page again does not offer it (asked, and answered no).
  await reloadAndAsk(page);
  await expect(page.getByTestId('init-state')).toHaveText('已完成初始化');
  await expect(page.getByRole('button', { name: '取消初始化' })).toBeVisible();
  await expect(accrual).toHaveCount(0);
});

test('2022: 不再提示 declines the catch-up depreciation, and the page does not offer it again', async ({ page }) => {
  const ztId = await prepareSet(DECLINES, 'E2E-ASSET-2022-NO');
  await signInTo(page, 'kuaiji', DECLINES, YEAR);
  await initialiseWithOneCard(page);
  const accrual = page.getByRole('dialog', { name: '期初资产补提折旧' });
  await expect(accrual.getByTestId('accrual-total')).toHaveText('1,200.00');
  await accrual.getByRole('button', { name: '不再提示' }).click();
  await expect(page.getByText('不再补提期初资产折旧？以后不再提示').last()).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(accrual).toBeHidden();

  await reloadAndAsk(page);
  await expect(page.getByTestId('init-state')).toHaveText('已完成初始化');
  await expect(page.getByRole('button', { name: '取消初始化' })).toBeVisible();
  await expect(accrual).toHaveCount(0);
  const db = openSqlite(databaseFile());
  try {
    const vouchers = await db.kysely.selectFrom('voucher').select('id').where('zt_id', '=', ztId).execute();
    expect(vouchers).toEqual([]);
  } finally {
    await db.close();
  }
});
