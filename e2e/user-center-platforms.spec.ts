/**
 * 平台管理 in the browser, as the super administrator and with the keyboard: the seeded platforms,
 * a new platform (a taken code refused in the dialog first), edited from its row with Enter, a
 * platform some set has refused deletion with the offer to disable it instead, the new one
 * deleted. Then 账套管理's edit dialog takes the 资产 platform (the demo gives it to every set) from
 * 示范市实验中学工会: the group leaves its accountant's (kuaiji) open page's menu when it loads again (the server
 * refuses its calls at once); given back, 固定资产 returns. Screens at 1440×900.
 */
import { expect, test, type Page } from '@playwright/test';
import { SCHOOL, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

test.use({ viewport: { width: 1440, height: 900 } });

const NEW_CODE = 'e2eArchive';
const NEW_NAME = '电子档案E2E';

/** The name cell of the platform's row (AG Grid draws a row's pinned and scrolled parts apart). */
function nameCell(page: Page, name: string) {
  return page.locator('.ufc-grid .ag-row:not(.ag-row-pinned) [col-id="name"]').filter({ hasText: new RegExp(`^${name}$`) });
}

async function cellOf(page: Page, name: string, col: string) {
  const index = await nameCell(page, name).locator('xpath=ancestor::*[@row-index][1]').getAttribute('row-index');
  return page.locator(`.ufc-grid .ag-row:not(.ag-row-pinned)[row-index="${index}"] [col-id="${col}"]`);
}

/** Focuses the platform's row in the grid (the page acts on the focused row). */
async function focusRow(page: Page, name: string): Promise<void> {
  await nameCell(page, name).click();
  await expect(nameCell(page, name)).toBeFocused();
}

async function openPlatforms(page: Page): Promise<void> {
  await page.goto('/user-center');
  await page.getByRole('navigation', { name: '用户中心菜单' }).getByRole('link', { name: '平台管理', exact: true }).click();
  await expect(page).toHaveURL(/\/user-center\/platform-management$/);
  await expect(page.getByRole('heading', { name: '平台管理' })).toBeVisible();
}

/** Gives or takes the platform in the set's edit dialog (账套管理), with the keyboard. */
async function setPlatformOfSchool(page: Page, platform: string, on: boolean, screenshot?: string): Promise<void> {
  await page.goto('/user-center/zt-management');
  await expect(page.getByRole('heading', { name: '账套管理' })).toBeVisible();
  const row = page.locator('.zt-list .ufc-grid .ag-row:not(.ag-row-pinned) [col-id="name"]').filter({ hasText: SCHOOL });
  await row.dblclick();
  const dialog = page.getByRole('dialog', { name: new RegExp(`编辑账套 \\d+ ${SCHOOL}`) });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('group', { name: '开通的平台' }).getByRole('checkbox', { name: platform });
  await expect(box).toBeChecked({ checked: !on });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked({ checked: on });
  if (screenshot) await page.screenshot({ path: `${SCREENS_DIR}/${screenshot}` });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
}

test('the super administrator creates, edits and deletes a platform; a platform in use is not deleted', async ({ page }) => {
  test.setTimeout(120_000);
  await signInTo(page, 'admin', SCHOOL, 2026);
  await openPlatforms(page);
  for (const name of ['会计核算', '资产', '经费', '预算', '工资', '决算']) await expect(nameCell(page, name)).toBeVisible();
  await expect(await cellOf(page, '会计核算', 'menus')).toHaveText('账务处理、新旧衔接');
  await expect(await cellOf(page, '会计核算', 'recommend')).toHaveText('推荐');
  await expect(page.getByRole('navigation', { name: '平台列表分页' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/user-center-platforms-1440.png` });

  // 新增平台 with the keyboard: a taken code is refused in the dialog, which stays open.
  await page.getByRole('button', { name: '新增平台' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: '新增平台' });
  await expect(form.getByLabel('平台编码')).toBeFocused();
  await page.keyboard.type('ASSETS');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('平台名称')).toBeFocused();
  await page.keyboard.type(NEW_NAME);
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toHaveText('平台编码 ASSETS 已被平台“资产”使用');
  // A group another platform holds cannot be ticked.
  await expect(form.getByRole('checkbox', { name: /固定资产/ })).toBeDisabled();
  await page.screenshot({ path: `${SCREENS_DIR}/user-center-platform-dialog-1440.png` });
  await form.getByLabel('平台编码').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(NEW_CODE);
  await page.keyboard.press('Enter');
  await expect(form).toHaveCount(0);
  await expect(nameCell(page, NEW_NAME)).toBeVisible();
  await expect(await cellOf(page, NEW_NAME, 'ztCount')).toHaveText('0');

  // Edit from its row with Enter; Esc would cancel, Enter saves.
  await focusRow(page, NEW_NAME);
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: `编辑平台 ${NEW_NAME}` });
  await expect(edit).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toHaveCount(0);
  await focusRow(page, NEW_NAME);
  await page.keyboard.press('Enter');
  await expect(edit.getByLabel('平台编码')).toBeFocused();
  await edit.getByLabel('平台名称').fill(`${NEW_NAME}档案`);
  await page.keyboard.press('Enter');
  await expect(edit).toHaveCount(0);
  await expect(nameCell(page, `${NEW_NAME}档案`)).toBeVisible();

  // 会计核算 is used by sets: refused, explained, and 停用 offered (declined here).
  await focusRow(page, '会计核算');
  await page.getByRole('button', { name: '删除', exact: true }).click();
  await page.getByRole('dialog').filter({ hasText: '确定删除平台“会计核算”吗？' }).getByRole('button', { name: '确定' }).click();
  const refusal = page.getByRole('dialog', { name: '不能删除' });
  await expect(refusal).toContainText(/^.*平台“会计核算”仍有账套在用（.*），不能删除；可改为停用/);
  await expect(refusal.getByRole('button', { name: '停用该平台' })).toBeVisible();
  // The box fades in: wait until it is drawn fully before the screen is taken.
  await expect.poll(() => refusal.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await page.screenshot({ path: `${SCREENS_DIR}/user-center-platform-delete-refused-1440.png` });
  await refusal.getByRole('button', { name: '取消' }).click();
  await expect(await cellOf(page, '会计核算', 'status')).toHaveText('启用');

  // The new one, used by no set, goes.
  await focusRow(page, `${NEW_NAME}档案`);
  await page.getByRole('button', { name: '删除', exact: true }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: `确定删除平台“${NEW_NAME}档案”吗？` })
    .getByRole('button', { name: '确定' })
    .click();
  await expect(nameCell(page, `${NEW_NAME}档案`)).toHaveCount(0);
});

test('a platform taken from a set takes its menu group from the set’s user, and given back it returns', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The demo gives every set the 资产 platform (its assets are seeded): take it away first, then give it back.
  await signInTo(page, 'admin', SCHOOL, 2026);
  const userPage = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const kuaiji = await signInTo(userPage, 'kuaiji', SCHOOL, 2026);
  await expect(kuaiji.menu.getByRole('button', { name: /^固定资产/ })).toBeVisible();

  // Taken away: the server refuses its pages at once; the open page's menu follows at its next load.
  await setPlatformOfSchool(page, '资产', false);
  await userPage.reload();
  await expect(kuaiji.menu.getByRole('button', { name: /^账务处理/ })).toBeVisible();
  await expect(kuaiji.menu.getByRole('button', { name: /^固定资产/ })).toHaveCount(0);
  await userPage.screenshot({ path: `${SCREENS_DIR}/user-center-platform-menu-without-assets-1440.png` });

  // Given back: the menu group returns at the next load.
  await setPlatformOfSchool(page, '资产', true, 'user-center-zt-platforms-1440.png');
  await userPage.reload();
  await expect(kuaiji.menu.getByRole('button', { name: /^固定资产/ })).toBeVisible();
  await expect(kuaiji.menu.getByRole('button', { name: /^账务处理/ })).toBeVisible();
  await userPage.screenshot({ path: `${SCREENS_DIR}/user-center-platform-menu-with-assets-1440.png` });
  await userPage.close();
});
