/**
 * Closing the books in the browser: the month's check lists what is wrong (unreviewed vouchers, a
 * gap in the numbers, income not carried forward), the user fixes each through its row's action
 * (a reviewer reviews and books the vouchers the link lists), closes the month, reverses the
 * close, closes the rest of the year with quick close and December's year-end carry-forward, and
 * sees next year's openings. The spec creates its own set so the demo sets stay as they are.
 */
import { expect, test, type Page } from '@playwright/test';
import type { BatchResponse, Voucher } from '../src/shared/api/vouchers.js';
import { Paths } from '../src/shared/api/paths.js';
import type { ApiClient } from '../src/server/test-support/api-client.js';
import { afterBatch, refOf, request } from '../src/server/vouchers/voucher-test-kit.js';
import { apiSession } from './support/api-session.js';
import { SCREENS_DIR } from './support/demo.js';
import { signIn, signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2026;
const SET = '示范市结账演示工会';
const CLOSE_PATH = '/accounting-management/monthly/close';

test.beforeAll(async () => {
  await ensureSet({ name: SET, code: 'E2E-CLOSE', system: 'union-grassroots', year: YEAR, users: ['kuaiji', 'shenhe'] });
});

async function reviewAndBookMonth(reviewer: ApiClient, month: number): Promise<number> {
  const listed = await reviewer.get<{ currentPageItems: Voucher[] }>(Paths.certificate, {
    year: YEAR,
    beginMonth: month,
    endMonth: month,
  });
  const details = listed.body.data.currentPageItems.map(refOf);
  const reviewed = await reviewer.post<BatchResponse>(Paths.certificateReview, { year: YEAR, details, isReview: true });
  expect(reviewed.body.errorMsg).toBeNull();
  const booked = await reviewer.post(Paths.certificateBook, { year: YEAR, details: afterBatch(details, reviewed), isBook: true });
  expect(booked.body.errorMsg).toBeNull();
  return listed.body.data.currentPageItems.length;
}

function row(page: Page, area: string) {
  return page.getByRole('table', { name: '规范性检查' }).getByRole('row', { name: area });
}

async function acceptSuccess(page: Page, text: string | RegExp): Promise<void> {
  const box = page.getByRole('dialog').filter({ hasText: text });
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: '确定' }).click();
  await expect(box).toHaveCount(0);
}

function monthChip(page: Page, month: number) {
  return page
    .getByRole('list', { name: '各月结账状态' })
    .getByRole('listitem')
    .nth(month - 1);
}

test('a month is checked, fixed through its links, closed and reopened; the year closes into next year', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The accountant's January: three vouchers, the second deleted (a gap), none reviewed.
  const kuaiji = await apiSession(baseURL ?? '', 'kuaiji', SET, YEAR);
  const saved: Voucher[] = [];
  for (const amount of [100, 40, 60]) {
    const answer = await kuaiji.post<Voucher>(Paths.certificate, { ...request({ month: 1, pzDate: '2026-01-10' }, amount) });
    expect(answer.body.errorMsg).toBeNull();
    saved.push(answer.body.data);
  }
  const second = saved[1];
  if (!second) throw new Error('no second voucher');
  expect(
    (await kuaiji.delete(Paths.certificate, { year: YEAR, details: JSON.stringify([refOf(second)]) })).body.errorMsg,
  ).toBeNull();
  const shenhe = await apiSession(baseURL ?? '', 'shenhe', SET, YEAR);

  await signInTo(page, 'kuaiji', SET, YEAR);
  await page.goto(CLOSE_PATH);
  await expect(page.getByRole('heading', { name: '期末结账' })).toBeVisible();
  await expect(page.getByLabel('结账月份')).toHaveValue('1');
  await expect(row(page, '凭证审核记账')).toContainText('未审核2张（1月2张）');
  await expect(row(page, '凭证断号')).toContainText('1月记账凭证缺2号');
  await expect(row(page, '收支结转')).toContainText('未通过');
  await expect(row(page, '固定资产')).toContainText('不适用');
  await expect(page.getByRole('button', { name: '重新检查' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/close-check-problems.png`, fullPage: true });

  // The gap: renumbered from its row.
  await row(page, '凭证断号').getByRole('button', { name: '整理断号' }).click();
  await expect(row(page, '凭证断号')).toContainText('通过');
  await expect(row(page, '凭证断号')).toContainText('凭证号连续');

  // The income: the month's carry-forward voucher, generated from its row.
  await row(page, '收支结转').getByRole('button', { name: '生成结转凭证' }).click();
  await acceptSuccess(page, '已生成1月期末结转凭证');
  await expect(row(page, '收支结转')).toContainText('收入支出已结转');
  await expect(row(page, '凭证审核记账')).toContainText('未审核3张');

  // The unreviewed vouchers: the link lists them; the reviewer reviews and books them.
  await row(page, '凭证审核记账').getByRole('button', { name: '去审核' }).click();
  await expect(page).toHaveURL(/voucherList\?beginMonth=1&endMonth=1&status=unreviewed/);
  await expect(page.getByText('已选 0 张 / 共 3 张')).toBeVisible();
  expect(await reviewAndBookMonth(shenhe, 1)).toBe(3);

  await page.goto(CLOSE_PATH);
  await expect(row(page, '凭证审核记账')).toContainText('共3张凭证，均已审核记账');
  const close = page.getByRole('button', { name: '结账', exact: true });
  await expect(close).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/close-check-ready.png`, fullPage: true });
  await close.click();
  // Closing asks first, as the reverse close does.
  await page.getByRole('dialog').filter({ hasText: '确定结账2026年1月吗' }).getByRole('button', { name: '确定' }).click();
  await acceptSuccess(page, '2026年1月结账成功');
  await expect(monthChip(page, 1)).toContainText('已结账');
  await expect(page.getByLabel('结账月份')).toHaveValue('2');

  // Reverse close of January, then close it again.
  await page.getByRole('button', { name: '反结账（1月）' }).click();
  await page.getByRole('dialog').filter({ hasText: '确定反结账2026年1月' }).getByRole('button', { name: '确定' }).click();
  await acceptSuccess(page, '2026年1月反结账成功');
  await expect(monthChip(page, 1)).toContainText('当前');
  // Cancelled, nothing closes; confirmed, it does.
  await page.getByRole('button', { name: '结账', exact: true }).click();
  await page.getByRole('dialog').filter({ hasText: '确定结账2026年1月吗' }).getByRole('button', { name: '取消' }).click();
  await expect(monthChip(page, 1)).toContainText('当前');
  await page.getByRole('button', { name: '结账', exact: true }).click();
  await page.getByRole('dialog').filter({ hasText: '确定结账2026年1月吗' }).getByRole('button', { name: '确定' }).click();
  await acceptSuccess(page, '2026年1月结账成功');

  // Quick close to November: February to November have nothing to check.
  await page.getByRole('button', { name: '快速结账' }).click();
  const picker = page.getByRole('dialog', { name: '快速结账' });
  await picker.getByLabel('会计期间').selectOption('2026-11');
  await picker.getByRole('button', { name: '结账' }).click();
  await acceptSuccess(page, '已结账至2026年11月');
  await expect(monthChip(page, 11)).toContainText('已结账');
  await expect(page.getByLabel('结账月份')).toHaveValue('12');

  // December: the year-end reminder, the roll into 累计结余 generated, reviewed, then the year closes.
  await expect(page.getByRole('note', { name: '年结提醒' })).toBeVisible();
  await expect(row(page, '年末检查')).toContainText('未通过');
  await row(page, '年末检查').getByRole('button', { name: '生成年结凭证' }).click();
  await acceptSuccess(page, '已生成2026年年结凭证');
  expect(await reviewAndBookMonth(shenhe, 12)).toBe(1);
  await page.getByRole('button', { name: '重新检查' }).click();
  await expect(row(page, '年末检查')).toContainText('年末检查通过');
  await page.screenshot({ path: `${SCREENS_DIR}/close-year-end.png`, fullPage: true });
  await page.getByRole('button', { name: '结账', exact: true }).click();
  await page.getByRole('dialog', { name: '年结提醒' }).getByRole('button', { name: '确定' }).click();
  await acceptSuccess(page, '2026年12月结账成功');
  await expect(monthChip(page, 12)).toContainText('已结账');

  // Next year opens with this year's closing balances: cash 160.00, 累计结余 160.00.
  await signInTo(page, 'kuaiji', SET, YEAR + 1);
  await page.goto('/accounting-management/initialization/subjectstart');
  const cash = page.locator('.ag-row', { hasText: '库存现金' }).first();
  await expect(cash).toContainText('160.00');
  await page.getByRole('tab', { name: '净资产' }).click();
  await expect(page.locator('.ag-row', { hasText: '累计结余' }).first()).toContainText('160.00');
  await page.screenshot({ path: `${SCREENS_DIR}/close-next-year-openings.png`, fullPage: true });
});

test('a year opened before the last one closed asks for the period-switch carry-over and carries automatically', async ({
  page,
  baseURL,
}) => {
  const SWITCH_SET = '示范市期间切换演示工会';
  await ensureSet({ name: SWITCH_SET, code: 'E2E-SWITCH', system: 'union-grassroots', year: YEAR, users: ['kuaiji'] });
  // 2026 has cash 88.00 received; 2027 is opened before 2026 closes.
  const kuaiji = await apiSession(baseURL ?? '', 'kuaiji', SWITCH_SET, YEAR);
  expect(
    (await kuaiji.post(Paths.certificate, { ...request({ month: 11, pzDate: '2026-11-10' }, 88) })).body.errorMsg,
  ).toBeNull();
  expect((await kuaiji.post(Paths.newYear, {})).body.errorMsg).toBeNull();

  await signIn(page, 'kuaiji').then((selecting) => selecting.choose(SWITCH_SET, YEAR + 1));
  const notice = page.getByRole('dialog').filter({ hasText: '2027年度期初余额尚未从2026年结转' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: '确定' }).click();
  const choice = page.getByRole('dialog', { name: '期间切换结转' });
  await expect(choice).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/close-period-switch.png` });
  await choice.getByRole('button', { name: '自动结转' }).click();
  await acceptSuccess(page, '期初余额已从上年期末结转');
  await expect(page).toHaveURL(/initialization\/subjectstart/);
  await expect(page.locator('.ag-row', { hasText: '库存现金' }).first()).toContainText('88.00');
});
