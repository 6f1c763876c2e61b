/**
 * 账套管理 and 省级账套管理 in the browser, as the administrator: the tree chosen with the keyboard,
 * a county federation created under the city and a grassroots union under it (the code rule and a
 * taken code refused in the dialog first), the union edited, disabled and enabled again, the demo
 * factory (which has vouchers) refused deletion with the offer to disable it; the tree read a level
 * at a time (the county's union asked for when → opens it); the union and the county deleted, the
 * tree following; then the provincial list setting a level on a selection. Screens at 1440×900.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import { CITY, FACTORY, SCHOOL, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

const COUNTY = '示范县总工会';
const UNION = '示范县机械厂工会';
const UNION_RENAMED = '示范县第一机械厂工会';

class ZtPage {
  readonly tree: Locator;
  readonly grid: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.tree = page.getByRole('tree', { name: '上级单位' });
    this.grid = page.locator('.zt-list .ufc-grid');
    this.dialog = page.getByRole('dialog', { name: /新增账套|编辑账套/ });
  }

  unit(name: string): Locator {
    return this.tree.getByRole('treeitem').filter({ hasText: name });
  }

  /** The cells of the column `col` of the listed sets, in order. */
  column(col: string): Locator {
    return this.grid.locator(`.ag-row:not(.ag-row-pinned) [col-id="${col}"]`);
  }

  button(name: string): Locator {
    return this.page.getByRole('toolbar', { name: '账套操作' }).getByRole('button', { name, exact: true });
  }

  box(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }
}

/** The row index of the listed set with the code. */
async function rowIndexOf(zt: ZtPage, code: string): Promise<string> {
  const cell = zt.grid.locator('.ag-row [col-id="code"]').filter({ hasText: new RegExp(`^${code}$`) });
  const row = cell.locator('xpath=ancestor::div[contains(@class,"ag-row")][1]');
  const index = await row.getAttribute('row-index');
  if (index === null) throw new Error(`no row ${code}`);
  return index;
}

/** The listed values of a column in row order (AG Grid keeps its row elements in no particular order). */
async function columnValues(zt: ZtPage, col: string): Promise<string[]> {
  const cells = await zt.column(col).evaluateAll((els) =>
    els.map((el) => ({
      index: Number(el.closest('.ag-row')?.getAttribute('row-index') ?? -1),
      text: (el.textContent ?? '').trim(),
    })),
  );
  return cells.sort((a, b) => a.index - b.index).map((c) => c.text);
}

const listed = (zt: ZtPage, col = 'code') => expect.poll(() => columnValues(zt, col));

async function cellOf(zt: ZtPage, code: string, col: string): Promise<Locator> {
  const index = await rowIndexOf(zt, code);
  return zt.grid.locator(`.ag-row[row-index="${index}"] [col-id="${col}"]`);
}

test('the administrator creates a county federation and a union under it, edits, disables, enables, and cannot delete a set with vouchers', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, 'admin', SCHOOL, 2026);
  await page.goto('/user-center/zt-management');
  const zt = new ZtPage(page);
  await expect(page.getByRole('heading', { name: '账套管理' })).toBeVisible();
  await expect(zt.unit(CITY)).toHaveAttribute('aria-selected', 'true');
  await listed(zt).toEqual(['001', '001001', '001002']);
  await page.screenshot({ path: `${SCREENS_DIR}/zt-management.png` });

  // The tree with the keyboard: down to the factory, Enter lists it alone; up and Enter, the city again.
  await zt.unit(CITY).focus();
  await page.keyboard.press('ArrowDown');
  await expect(zt.unit(FACTORY)).toBeFocused();
  await page.keyboard.press('Enter');
  await listed(zt).toEqual(['001001']);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await listed(zt).toEqual(['001', '001001', '001002']);

  // 新增 under the city: the code is offered, a code outside the city's is refused, a taken one too.
  await zt.button('新增').click();
  await expect(zt.dialog).toBeVisible();
  const code = zt.dialog.getByLabel('账套编码');
  await expect(code).toHaveValue('001003');
  await code.fill('002100');
  await zt.dialog.getByLabel('账套名称').fill(COUNTY);
  await zt.dialog.getByLabel('会计制度').selectOption('union-county');
  await zt.dialog.getByLabel('账套名称').press('Enter');
  await expect(zt.dialog).toContainText('账套编码须以上级单位的编码 001 开头，并至少多一位（如 001001）');
  await code.fill('001001');
  await code.press('Enter');
  await expect(zt.dialog.getByRole('alert').filter({ hasText: '已被账套' })).toHaveText(
    `账套编码 001001 已被账套「${FACTORY}」使用`,
  );
  await page.screenshot({ path: `${SCREENS_DIR}/zt-management-dialog.png` });
  await code.fill('001100');
  await code.press('Enter');
  await expect(zt.dialog).toHaveCount(0);
  await expect(zt.unit(COUNTY)).toBeVisible();
  await expect(await cellOf(zt, '001100', 'accountingSystem')).toHaveText('工会（县级以上）');

  // A grassroots union under the county federation.
  await zt.unit(COUNTY).click();
  await listed(zt).toEqual(['001100']);
  await zt.button('新增').click();
  await expect(code).toHaveValue('001100001');
  await zt.dialog.getByLabel('账套名称').fill(UNION);
  await zt.dialog.getByLabel('账套名称').press('Enter');
  await expect(zt.dialog).toHaveCount(0);
  await listed(zt).toEqual(['001100', '001100001']);
  // The tree shows the new union: the county, which now has a lower unit, opens on it.
  await expect(zt.unit(COUNTY)).toHaveAttribute('aria-expanded', 'true');
  await expect(zt.unit(UNION)).toHaveAttribute('aria-level', '3');
  await expect(await cellOf(zt, '001100001', 'level')).toHaveText('3');
  await expect(await cellOf(zt, '001100001', 'accountingSystem')).toHaveText('工会（基层）');

  // Edit: a double-click opens it; Esc cancels, Enter saves.
  await (await cellOf(zt, '001100001', 'name')).dblclick();
  await expect(zt.dialog).toHaveAccessibleName(`编辑账套 001100001 ${UNION}`);
  await page.keyboard.press('Escape');
  await expect(zt.dialog).toHaveCount(0);
  await (await cellOf(zt, '001100001', 'name')).dblclick();
  await zt.dialog.getByLabel('账套名称').fill(UNION_RENAMED);
  await zt.dialog.getByLabel('账套名称').press('Enter');
  await expect(zt.dialog).toHaveCount(0);
  await expect(await cellOf(zt, '001100001', 'name')).toHaveText(UNION_RENAMED);

  // Disable and enable the union (selected with Space).
  await (await cellOf(zt, '001100001', 'name')).click();
  await page.keyboard.press('Space');
  await zt.button('停用').click();
  await zt.box('停用账套').getByRole('button', { name: '确定' }).click();
  await expect(await cellOf(zt, '001100001', 'status')).toHaveText('停用');
  await (await cellOf(zt, '001100001', 'name')).click();
  await page.keyboard.press('Space');
  await zt.button('启用').click();
  await expect(await cellOf(zt, '001100001', 'status')).toHaveText('启用');

  // The demo factory has vouchers: not deleted; the refusal explains and offers disable.
  await zt.unit(FACTORY).click();
  await listed(zt).toEqual(['001001']);
  await (await cellOf(zt, '001001', 'name')).click();
  await zt.button('删除').click();
  await zt.box('删除账套').getByRole('button', { name: '确定' }).click();
  const refused = zt.box('不能删除');
  await expect(refused).toContainText('该账套已有凭证，不能删除，可停用');
  await expect(refused.getByRole('button', { name: '停用该账套' })).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/zt-management-delete-refused.png` });
  await refused.getByRole('button', { name: '取消' }).click();
  await expect(await cellOf(zt, '001001', 'status')).toHaveText('启用');

  // A fresh page reads the top units and their children: the county is closed with its count, and
  // → asks for its children (the union appears under it), → again goes to the union, ← back, ← closes.
  await page.reload();
  await expect(zt.unit(COUNTY)).toHaveAttribute('aria-expanded', 'false');
  await expect(zt.unit(COUNTY).locator('.zt-tree-count')).toHaveText('1');
  await expect(zt.unit(UNION_RENAMED)).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS_DIR}/zt-management-tree-closed.png` });
  await zt.unit(CITY).focus();
  for (const name of [FACTORY, SCHOOL, COUNTY]) {
    await page.keyboard.press('ArrowDown');
    await expect(zt.unit(name)).toBeFocused();
  }
  const children = page.waitForResponse((r) => r.url().includes(Paths.ztInfoManagedTree) && r.url().includes('parentId='));
  await page.keyboard.press('ArrowRight');
  expect((await children).ok()).toBe(true);
  await expect(zt.unit(COUNTY)).toHaveAttribute('aria-expanded', 'true');
  await expect(zt.unit(UNION_RENAMED)).toHaveAttribute('aria-level', '3');
  await page.screenshot({ path: `${SCREENS_DIR}/zt-management-tree-open.png` });
  await page.keyboard.press('ArrowRight');
  await expect(zt.unit(UNION_RENAMED)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(zt.unit(COUNTY)).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(zt.unit(COUNTY)).toHaveAttribute('aria-expanded', 'false');
  await expect(zt.unit(UNION_RENAMED)).toHaveCount(0);

  // The search above the tree asks the server (the union's branch is closed): ↓ into the matches,
  // Enter opens the way to the union in the tree, chooses it and puts the focus on it.
  const search = page.getByRole('searchbox', { name: '查找单位' });
  await search.fill('县第一');
  await search.press('Enter');
  const matches = page.getByRole('listbox', { name: '查找结果' }).getByRole('option');
  await expect(matches).toHaveCount(1);
  await expect(matches.first()).toContainText(`001100001 ${UNION_RENAMED}`);
  await expect(matches.first()).toContainText(`${CITY} › ${COUNTY}`);
  await page.screenshot({ path: `${SCREENS_DIR}/zt-management-tree-search.png` });
  await page.keyboard.press('ArrowDown');
  await expect(matches.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(zt.unit(UNION_RENAMED)).toBeFocused();
  await expect(zt.unit(UNION_RENAMED)).toHaveAttribute('aria-selected', 'true');
  await expect(zt.unit(COUNTY)).toHaveAttribute('aria-expanded', 'true');
  await listed(zt).toEqual(['001100001']);
  await search.fill('没有这个单位');
  await search.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '没有编码或名称包含「没有这个单位」的单位' })).toBeVisible();
  await search.press('Escape');

  // Delete the union, then the county (the run's database is shared): the branch follows each time.
  await zt.unit(COUNTY).click();
  await listed(zt).toEqual(['001100', '001100001']);
  await (await cellOf(zt, '001100001', 'name')).click();
  await zt.button('删除').click();
  await zt.box('删除账套').getByRole('button', { name: '确定' }).click();
  await listed(zt).toEqual(['001100']);
  await expect(zt.unit(COUNTY)).not.toHaveAttribute('aria-expanded', /.*/);
  await (await cellOf(zt, '001100', 'name')).click();
  await zt.button('删除').click();
  await zt.box('删除账套').getByRole('button', { name: '确定' }).click();
  await expect(zt.unit(COUNTY)).toHaveCount(0);
  await expect(zt.unit(CITY)).toHaveAttribute('aria-selected', 'true');
  await listed(zt).toEqual(['001', '001001', '001002']);
});

test('the provincial list sets the level of a selection', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, 'admin', SCHOOL, 2026);
  await page.goto('/user-center/provincial-level-zt-management');
  await expect(page.getByRole('heading', { name: '省级账套管理' })).toBeVisible();
  const zt = new ZtPage(page);
  await expect(zt.column('code').first()).toHaveText('001');
  await page.screenshot({ path: `${SCREENS_DIR}/provincial-zt-management.png` });
  await page.getByRole('form', { name: '省级账套列表查询条件' }).getByLabel('名称包含').fill('中学');
  await page.getByRole('form', { name: '省级账套列表查询条件' }).getByLabel('名称包含').press('Enter');
  await listed(zt).toEqual(['001002']);
  await (await cellOf(zt, '001002', 'name')).click();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('zt-selection')).toHaveText('已选 1 个');
  await page.getByRole('toolbar', { name: '批量操作' }).getByRole('button', { name: '设置层级' }).click();
  const dialog = page.getByRole('dialog', { name: '设置层级（1个账套）' });
  await dialog.getByLabel('层级').fill('4');
  await dialog.getByLabel('层级').press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(await cellOf(zt, '001002', 'level')).toHaveText('4');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
