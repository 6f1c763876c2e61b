/**
 * 辅助核算 in the browser: a custom type (请填写类型名称 when empty), an item and a sub-item with
 * the shared rules' messages, disabling the parent disables the child, which cannot be enabled
 * again under it; the auxiliary picker asks for every type (辅助项不能为空!) and its plus adds an
 * item to a type (请输入辅助项名称！), which is then chosen.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AuxiliaryPage, AuxiliaryPickerDialog } from './pages/auxiliary-page.js';
import type { HomeLayout } from './pages/home-layout.js';
import { SubjectPickerDialog } from './pages/subject-page.js';
import { ledgerSetId } from './support/database.js';
import { FACTORY, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

const YEAR = 2026;
/** Without openings or auxiliary types in the demo's books (13101 has an opening, so its types are locked). */
const LINKED = '13102';
/** The item the picker's plus adds to 经费核算 (removed again after the run). */
const PICKER_ITEM = '工会活动经费';

/** LINKED has no auxiliary types in the seed; the link test puts it back, this covers a failed run. */
test.afterAll(() => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) return;
  const db = new Database(path.join(dir, 'ledger.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('delete from subject_auxi_type where zt_id = ? and year = ? and code = ?').run(ledgerSetId(FACTORY), YEAR, LINKED);
    db.prepare("delete from auxi_info where zt_id = ? and type_no = 'JFHS' and info_name = ?").run(
      ledgerSetId(FACTORY),
      PICKER_ITEM,
    );
  } finally {
    db.close();
  }
});

async function openAuxiliary(page: Page): Promise<AuxiliaryPage> {
  const home: HomeLayout = await signInTo(page, 'kuaiji', FACTORY, YEAR);
  await home.openMenu('辅助核算');
  const auxiliary = new AuxiliaryPage(page);
  await auxiliary.expectLoaded();
  return auxiliary;
}

test('custom type, item and sub-item; a child cannot be enabled under a disabled parent', async ({ page }) => {
  const auxiliary = await openAuxiliary(page);
  const typeName = `活动项目${Date.now() % 100000}`;

  await auxiliary.button('新增类型').click();
  await expect(auxiliary.root.getByRole('alert')).toHaveText('请填写类型名称');
  await auxiliary.newTypeName.fill(typeName);
  await auxiliary.newTypeName.press('Enter');
  await expect(auxiliary.type(typeName)).toHaveAttribute('aria-selected', 'true');
  await expect(auxiliary.type(typeName)).toContainText('自定义');

  // An item: the shared rules' messages first.
  await auxiliary.button('新增').click();
  const dialog = auxiliary.dialog();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(['请输入辅助项编码！', '请输入辅助项名称！']);
  await auxiliary.fillItem('A'.repeat(21), '篮球赛');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('辅助项编码不能超过20个字符');
  await auxiliary.fillItem('HD01', '文体活动');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(auxiliary.item('HD01')).toContainText('文体活动');

  // A sub-item under the selected item (Insert), exactly three more digits.
  await expect(auxiliary.items).toBeFocused();
  await page.keyboard.press('Insert');
  await expect(dialog.getByLabel('编码')).toHaveValue('HD01');
  await auxiliary.fillItem('HD011', '篮球赛');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('下级辅助项编码只能为3位数字');
  await auxiliary.fillItem('HD01001', '篮球赛');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(auxiliary.item('HD01001')).toHaveAttribute('aria-level', '2');
  await expect(auxiliary.item('HD01')).not.toContainText('是');

  // Disable the parent: the child goes with it and cannot be enabled on its own.
  await auxiliary.item('HD01').click();
  await auxiliary.button('停用').click();
  await expect(auxiliary.item('HD01')).toContainText('停用');
  await expect(auxiliary.item('HD01001')).toContainText('停用');
  await auxiliary.item('HD01001').click();
  await auxiliary.button('启用').click();
  const refusal = page.getByRole('dialog').filter({ hasText: '上级辅助项已停用，不能启用下级辅助项' });
  await expect(refusal).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/auxiliary.png` });
  await refusal.getByRole('button', { name: '确定' }).click();
  await expect(auxiliary.item('HD01001')).toContainText('停用');

  await auxiliary.item('HD01').click();
  await auxiliary.button('启用').click();
  await expect(auxiliary.item('HD01')).toContainText('启用');
});

test('links a type to a subject and the picker asks for every type', async ({ page }) => {
  const auxiliary = await openAuxiliary(page);
  const link = page.getByRole('region', { name: '科目辅助核算' });
  await link.getByRole('button', { name: '选择科目' }).click();
  const picker = new SubjectPickerDialog(page);
  await page.keyboard.type(LINKED);
  await expect(picker.row(LINKED)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(picker.root).toHaveCount(0);
  await expect(link).toContainText(LINKED);

  const jfhs = link.getByRole('checkbox', { name: '经费核算' });
  if (!(await jfhs.isChecked())) {
    await jfhs.check();
    await link.getByRole('button', { name: '保存辅助核算类型' }).click();
    await page.getByRole('dialog').filter({ hasText: '保存成功' }).getByRole('button', { name: '确定' }).click();
  }
  await expect(jfhs).toBeChecked();

  await link.getByRole('button', { name: '选择辅助项' }).click();
  const auxiPicker = new AuxiliaryPickerDialog(page);
  const dialog = auxiPicker.root;
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(auxiPicker.problem()).toHaveText('辅助项不能为空!');
  await expect(dialog.getByRole('option', { name: /基本支出/ })).toBeDisabled();
  await auxiPicker.select('经费核算').selectOption('001001');
  await page.screenshot({ path: `${SCREENS_DIR}/auxiliary-picker.png` });

  // The plus adds a top-level item to 经费核算 with the next code proposed; a name is required.
  await auxiPicker.addButton('经费核算').click();
  const item = auxiPicker.itemDialog();
  await expect(item).toBeVisible();
  await expect(item).toContainText('经费核算');
  const code = await item.getByLabel('编码').inputValue();
  expect(code).toMatch(/^\d{3}$/);
  await item.getByRole('button', { name: '保存' }).click();
  await expect(item.getByRole('alert')).toHaveText('请输入辅助项名称！');
  await item.getByLabel('名称').fill(PICKER_ITEM);
  await page.screenshot({ path: `${SCREENS_DIR}/auxiliary-picker-add.png` });
  await page.keyboard.press('Enter');
  await expect(item).toHaveCount(0);
  // It is chosen in its select, and focus is back there.
  await expect(auxiPicker.select('经费核算')).toHaveValue(code);
  await expect(auxiPicker.select('经费核算')).toBeFocused();
  await expect(dialog.getByRole('option', { name: `${code} ${PICKER_ITEM}` })).toBeEnabled();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(link).toContainText(`经费核算：${PICKER_ITEM}`);

  // Choosing an existing item as before.
  await link.getByRole('button', { name: '选择辅助项' }).click();
  await auxiPicker.select('经费核算').selectOption('001001');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(link).toContainText('经费核算：人员经费');

  // Put LINKED back as the seed left it.
  await jfhs.uncheck();
  await link.getByRole('button', { name: '保存辅助核算类型' }).click();
  await page.getByRole('dialog').filter({ hasText: '保存成功' }).getByRole('button', { name: '确定' }).click();
  await expect(auxiliary.root).toBeVisible();
});
