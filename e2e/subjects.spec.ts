/**
 * 会计科目 in the browser: the chart as a tree grid driven by the keyboard (moving, collapsing,
 * editing names in place), the filter by pinyin initials, adding a detail with the keyboard and
 * the spec's messages, disable and enable, the 'added' right, and the subject picker's
 * last-level rule and its 新增科目. Works in the demo's empty set 示范市实验中学工会 (示范市第一机械厂工会
 * has openings, and a subject with an opening gets no details); the cashier's rights in
 * 示范市第一机械厂工会, the one set the cashier has.
 */
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { HomeLayout } from './pages/home-layout.js';
import { SUBJECT_PATH, SubjectPage, SubjectPickerDialog } from './pages/subject-page.js';
import { ledgerSetId } from './support/database.js';
import { FACTORY, SCHOOL, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

const YEAR = 2026;
const ADDED = '18201';
/** A detail under ADDED, for the server's enable rule. */
const GRANDCHILD = '1820101';

/** Removes the detail the test adds, should a failed run leave it behind. */
function removeAddedSubject(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) return;
  const db = new Database(path.join(dir, 'ledger.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const zt = ledgerSetId(SCHOOL);
    db.prepare('delete from subject_auxi_type where zt_id = ? and year = ? and code like ?').run(zt, YEAR, `${ADDED}%`);
    const gone = db.prepare('delete from subject where zt_id = ? and year = ? and code like ?').run(zt, YEAR, `${ADDED}%`);
    if (gone.changes > 0)
      db.prepare("update subject set last_level = 1 where zt_id = ? and year = ? and code = '182'").run(zt, YEAR);
  } finally {
    db.close();
  }
}

async function openSubjects(page: Page, account: 'kuaiji'): Promise<SubjectPage> {
  const home: HomeLayout = await signInTo(page, account, SCHOOL, YEAR);
  await home.openMenu('会计科目');
  const subjects = new SubjectPage(page);
  await subjects.expectLoaded();
  return subjects;
}

test.describe.serial('subjects', () => {
  test.beforeAll(removeAddedSubject);
  test.afterAll(removeAddedSubject);

  test('moves, collapses and filters the tree grid with the keyboard, adds, edits in place and deletes a detail', async ({
    page,
  }) => {
    const subjects = await openSubjects(page, 'kuaiji');
    // The grid has the focus on the first row.
    await expect(subjects.selected()).toHaveAttribute('row-id', '101');
    await page.screenshot({ path: `${SCREENS_DIR}/subjects.png` });

    // Arrow keys move the focused (= selected) row.
    await page.keyboard.press('ArrowDown');
    await expect(subjects.selected()).toHaveAttribute('row-id', '102');

    // Alt+Left collapses a parent, on a child goes to its parent; Alt+Right expands.
    await subjects.cell('13101', 'code').click();
    await expect(subjects.selected()).toHaveAttribute('row-id', '13101');
    await page.keyboard.press('Alt+ArrowLeft');
    await expect(subjects.selected()).toHaveAttribute('row-id', '131');
    // Rows carry their level and, for parents, whether they are expanded (treegrid).
    await expect(subjects.row('131')).toHaveAttribute('aria-level', '1');
    await expect(subjects.row('131')).toHaveAttribute('aria-expanded', 'true');
    await expect(subjects.row('13101')).toHaveAttribute('aria-level', '2');
    await expect(subjects.row('13101')).not.toHaveAttribute('aria-expanded');
    await page.keyboard.press('Alt+ArrowLeft');
    await expect(subjects.toggle('131')).toHaveAttribute('aria-expanded', 'false');
    await expect(subjects.row('131')).toHaveAttribute('aria-expanded', 'false');
    await expect(subjects.row('13101')).toHaveCount(0);
    await expect(subjects.selected()).toHaveAttribute('row-id', '131');
    // Ctrl+Shift+E exports the chart, collapsed children included.
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+Shift+E')]);
    expect(download.suggestedFilename()).toBe(`会计科目表_${SCHOOL}_${YEAR}年.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet('会计科目');
    if (!sheet) throw new Error('no sheet 会计科目');
    const exported = new Map<string, ExcelJS.Row>();
    sheet.eachRow((row) => {
      const first = row.getCell(1).value;
      if (typeof first === 'string') exported.set(first, row);
    });
    expect(exported.get('13101')?.getCell(2).value).toBe('应收上级补助');
    expect(exported.get('101')?.getCell(2).value).toBe('库存现金');
    await page.keyboard.press('Alt+ArrowRight');
    await expect(subjects.toggle('131')).toHaveAttribute('aria-expanded', 'true');
    await expect(subjects.row('13101')).toBeVisible();
    await page.keyboard.press('Alt+ArrowRight');
    await expect(subjects.selected()).toHaveAttribute('row-id', '13101');
    // The toggle by mouse too.
    await subjects.toggle('131').click();
    await expect(subjects.row('13101')).toHaveCount(0);
    await subjects.toggle('131').click();
    await expect(subjects.row('13101')).toBeVisible();

    // The help panel lists the tree keys.
    await page.keyboard.press('F1');
    const help = page.getByRole('dialog', { name: '快捷键帮助' });
    await expect(help).toContainText('Alt+ArrowRight');
    await expect(help).toContainText('收起下级');
    await page.screenshot({ path: `${SCREENS_DIR}/subject-help.png` });
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);

    // A standard subject's name cannot be edited: F2 opens nothing.
    await subjects.cell('101', 'codeName').click();
    await page.keyboard.press('F2');
    await expect(subjects.cellEditor()).toHaveCount(0);

    // Pinyin initials.
    await subjects.search('kcxj');
    expect(await subjects.codes()).toEqual(['101']);
    await expect(subjects.row('101')).toContainText('库存现金');

    // Filter to 待处理财产损溢 (a subject no spec posts to: a subject with vouchers gets no detail), Enter
    // into the grid on it, Insert adds under it with the next code filled in.
    await subjects.search('dclccsy');
    await page.keyboard.press('Enter');
    await expect(subjects.selected()).toHaveAttribute('row-id', '182');
    await expect(subjects.focusedCell()).toHaveAttribute('col-id', 'codeName');
    await page.keyboard.press('Insert');
    const dialog = subjects.dialog('新增科目');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('上级科目：182 待处理财产损溢');
    await expect(subjects.codeInput()).toHaveValue(ADDED);
    await expect(subjects.codeInput()).toBeFocused();

    // The spec's messages, checked by the shared rules before anything is sent.
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await expect(subjects.codeError()).toHaveText('请输入科目代码！');
    await expect(subjects.nameError()).toHaveText('请输入科目名称！');
    await page.keyboard.type('18200');
    await page.keyboard.press('Enter');
    await expect(subjects.codeError()).toHaveText('新增科目编码不能为00!');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1821');
    await page.keyboard.press('Enter');
    await expect(subjects.codeError()).toHaveText('新增科目编码只能为5位数字!');
    await page.screenshot({ path: `${SCREENS_DIR}/subject-add-errors.png` });

    await page.keyboard.press('Control+A');
    await page.keyboard.type(ADDED);
    await page.keyboard.press('Tab');
    await page.keyboard.type('待处理流动资产损溢');
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    // The new detail is the focused row, under its expanded parent.
    await expect(subjects.selected()).toHaveAttribute('row-id', ADDED);
    await expect(subjects.focusedCell()).toHaveAttribute('col-id', 'codeName');
    await expect(subjects.cell(ADDED, 'codeName')).toHaveText('待处理流动资产损溢');
    await expect(subjects.cell(ADDED, 'balanceDirection')).toHaveText('借');
    await expect(subjects.toggle('182')).toHaveAttribute('aria-expanded', 'true');

    // In place: F2 edits the name, Esc cancels.
    await page.keyboard.press('F2');
    await expect(subjects.cellEditor()).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('不要');
    await page.keyboard.press('Escape');
    await expect(subjects.cellEditor()).toHaveCount(0);
    await expect(subjects.cell(ADDED, 'codeName')).toHaveText('待处理流动资产损溢');
    // An empty name is marked and not sent.
    await page.keyboard.press('F2');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await expect(subjects.cell(ADDED, 'codeName')).toHaveClass(/ufc-cell-error/);
    // F2 and a new name; Enter saves it through the subject call and moves on to the direction.
    await subjects.cell(ADDED, 'codeName').click();
    await page.keyboard.press('F2');
    await page.keyboard.type('流动资产损溢');
    await page.keyboard.press('Enter');
    await expect(subjects.focusedCell()).toHaveAttribute('col-id', 'balanceDirection');
    await expect(subjects.cell(ADDED, 'codeName')).toHaveText('流动资产损溢');
    await expect(subjects.cell(ADDED, 'codeName')).not.toHaveClass(/ufc-cell-error/);
    // The direction: typing 2 (贷) opens the cell, Enter saves it.
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect(subjects.cell(ADDED, 'balanceDirection')).toHaveText('贷');
    await page.screenshot({ path: `${SCREENS_DIR}/subject-grid-edit.png` });

    // Saved on the server: a reload shows them.
    await page.reload();
    await subjects.expectLoaded();
    await expect(subjects.cell(ADDED, 'codeName')).toHaveText('流动资产损溢');
    await expect(subjects.cell(ADDED, 'balanceDirection')).toHaveText('贷');

    // Enable in place (0 for 否), then the button enables it again.
    await subjects.cell(ADDED, 'enable').click();
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    await expect(subjects.cell(ADDED, 'enable')).toHaveText('否');
    await subjects.cell(ADDED, 'code').click();
    await expect(subjects.button('启用')).toBeVisible();
    await subjects.button('启用').click();
    await subjects.confirm();
    await expect(subjects.cell(ADDED, 'enable')).toHaveText('是');
    await subjects.button('停用').click();
    await subjects.confirm();
    await expect(subjects.cell(ADDED, 'enable')).toHaveText('否');
    await subjects.button('启用').click();
    await subjects.confirm();
    await expect(subjects.cell(ADDED, 'enable')).toHaveText('是');

    // The server's rules and messages apply to edits in place: a detail cannot be enabled under a
    // disabled parent (the refused cell goes back to what the server has).
    await page.keyboard.press('Insert');
    await expect(subjects.codeInput()).toHaveValue(GRANDCHILD);
    await subjects.nameInput().fill('专户');
    await page.keyboard.press('Enter');
    await expect(subjects.dialog('新增科目')).toHaveCount(0);
    await expect(subjects.selected()).toHaveAttribute('row-id', GRANDCHILD);
    await subjects.cell(ADDED, 'enable').click();
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    await expect(subjects.cell(GRANDCHILD, 'enable')).toHaveText('否');
    await subjects.cell(GRANDCHILD, 'enable').click();
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    const refusal = page.getByRole('dialog').filter({ hasText: '上级科目已停用，不能启用下级科目' });
    await expect(refusal).toBeVisible();
    await refusal.getByRole('button', { name: '确定' }).click();
    await expect(subjects.cell(GRANDCHILD, 'enable')).toHaveText('否');
    await subjects.cell(ADDED, 'enable').click();
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await expect(subjects.cell(ADDED, 'enable')).toHaveText('是');
    await subjects.cell(GRANDCHILD, 'code').click();
    await page.keyboard.press('Delete');
    await subjects.confirm();
    await expect(subjects.row(GRANDCHILD)).toHaveCount(0);

    // Ctrl+Enter (修改) opens the dialog of the focused row; a last-level subject carries auxiliary types.
    await subjects.cell(ADDED, 'code').click();
    await page.keyboard.press('Control+Enter');
    const edit = subjects.dialog('修改科目');
    await expect(edit).toBeVisible();
    await expect(subjects.codeInput()).toHaveValue(ADDED);
    await expect(subjects.nameInput()).toBeFocused();
    await edit.getByRole('checkbox', { name: '经费核算' }).check();
    await page.screenshot({ path: `${SCREENS_DIR}/subject-edit.png` });
    await edit.getByRole('button', { name: '保存' }).click();
    await expect(edit).toHaveCount(0);
    await expect(subjects.cell(ADDED, 'auxiTypes')).toHaveText('经费核算');
    await subjects.button('修改').click();
    await edit.getByRole('checkbox', { name: '经费核算' }).uncheck();
    await edit.getByRole('button', { name: '保存' }).click();
    await expect(edit).toHaveCount(0);
    await expect(subjects.cell(ADDED, 'auxiTypes')).toHaveText('');
    await subjects.button('修改').click();
    await expect(edit).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(edit).toHaveCount(0);
    // Focus is back on the grid's focused cell.
    await expect(subjects.focusedCell()).toBeFocused();

    // Delete on a non-standard subject deletes it after confirmation; 182 is a last-level subject again.
    await expect(subjects.selected()).toHaveAttribute('row-id', ADDED);
    await page.keyboard.press('Delete');
    await subjects.confirm();
    await expect(subjects.row(ADDED)).toHaveCount(0);
    await expect(subjects.toggle('182')).toHaveCount(0);
  });

  test('Shift+Arrow keeps the focused cell on screen, also after the wheel scrolled the grid far from it', async ({ page }) => {
    const subjects = await openSubjects(page, 'kuaiji');
    await expect(subjects.selected()).toHaveAttribute('row-id', '101');
    // The grid's scrolling body: where it is scrolled to, and whether the focused cell lies wholly in its visible part.
    const view = () =>
      page.evaluate(() => {
        const grid = document.querySelector('[role="group"][aria-label="科目列表"]');
        const body = [...(grid?.querySelectorAll<HTMLElement>('*') ?? [])].find(
          (e) => e.scrollHeight > e.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(e).overflowY),
        );
        const cell = document.activeElement?.closest('.ag-cell');
        if (!body) return null;
        const box = body.getBoundingClientRect();
        const at = cell?.getBoundingClientRect();
        return {
          scrollTop: body.scrollTop,
          row: cell?.closest('.ag-row')?.getAttribute('row-index') ?? null,
          onScreen: at ? at.top >= box.top - 0.5 && at.bottom <= box.bottom + 0.5 : false,
        };
      });
    for (let i = 0; i < 45; i++) await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(view).toMatchObject({ row: '45', onScreen: true });
    expect((await view())?.scrollTop).toBeGreaterThan(0);

    // The wheel takes the body back to its top, far from row 45 (no longer drawn); the next step
    // brings the focus back into view.
    await subjects.table.hover();
    await page.mouse.wheel(0, -20_000);
    await expect.poll(async () => (await view())?.scrollTop).toBe(0);
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(view).toMatchObject({ row: '46', onScreen: true });
  });

  test('a parent-level sibling of a standard subject is refused', async ({ page }) => {
    const subjects = await openSubjects(page, 'kuaiji');
    // 131 has standard details (13101...): adding beside them is not allowed.
    const parent = (await subjects.codes()).find((c) => c === '131');
    test.skip(!parent, 'the chart has no 131');
    await subjects.row('131').click();
    await expect(subjects.selected()).toHaveAttribute('row-id', '131');
    await page.keyboard.press('Insert');
    const dialog = subjects.dialog('新增科目');
    await expect(dialog).toBeVisible();
    await page.locator('#subject-name').fill('测试');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert').first()).toContainText(/不能添加与标准科目同级的科目|下级科目编码已用完/);
    await page.keyboard.press('Escape');
  });

  test('a cashier does not see 新增', async ({ page }) => {
    // The cashier's role has no right on the subject page: no menu item, and the address alone shows no 新增.
    const home = await signInTo(page, 'chuna', FACTORY, YEAR);
    await expect(home.menu.getByRole('link', { name: '会计科目', exact: true })).toHaveCount(0);
    await page.goto(SUBJECT_PATH);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '新增', exact: true })).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS_DIR}/subjects-cashier.png` });
  });

  test('the picker refuses a parent and picks a last-level subject', async ({ page }) => {
    await signInTo(page, 'kuaiji', SCHOOL, YEAR);
    await new HomeLayout(page).openMenu('辅助核算');
    await page.getByRole('button', { name: '选择科目' }).click();
    const picker = new SubjectPickerDialog(page);
    await expect(picker.filter).toBeFocused();
    await page.keyboard.type('131');
    await page.keyboard.press('ArrowDown');
    await expect(picker.table).toBeFocused();
    await page.keyboard.press('Home');
    await expect(picker.row('131')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(picker.problem()).toHaveText('请选择末级科目');
    await page.screenshot({ path: `${SCREENS_DIR}/subject-picker.png` });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(picker.root).toHaveCount(0);
    await expect(page.getByRole('region', { name: '科目辅助核算' })).toContainText('131');

    // Esc closes without choosing; none chosen says 请选择科目.
    await page.getByRole('button', { name: '选择科目' }).click();
    await expect(picker.root).toBeVisible();
    // Stepping by subject type.
    await picker.root.getByRole('tab', { name: '负债' }).click();
    await expect(picker.row('211')).toBeVisible();
    await expect(picker.row('101')).toHaveCount(0);
    await picker.root.getByRole('button', { name: '确定' }).click();
    await expect(picker.problem()).toHaveText('请选择科目');
    await page.keyboard.press('Escape');
    await expect(picker.root).toHaveCount(0);
  });
  test('the picker adds a child of the selected subject (新增科目) and selects it', async ({ page }) => {
    await signInTo(page, 'kuaiji', SCHOOL, YEAR);
    await new HomeLayout(page).openMenu('辅助核算');
    const link = page.getByRole('region', { name: '科目辅助核算' });
    await link.getByRole('button', { name: '选择科目' }).click();
    const picker = new SubjectPickerDialog(page);
    await expect(picker.filter).toBeFocused();
    await page.keyboard.type('dclccsy');
    await expect(picker.row('182')).toHaveAttribute('aria-selected', 'true');
    await picker.addButton().click();

    // The add-subject dialog with its rules, under the selected subject, the next code proposed.
    const dialog = page.getByRole('dialog', { name: '新增科目' });
    await expect(dialog).toContainText('上级科目：182 待处理财产损溢');
    await expect(page.locator('#subject-code')).toHaveValue(ADDED);
    await page.keyboard.press('Enter');
    await expect(page.locator('#subject-name-error')).toHaveText('请输入科目名称！');
    await page.locator('#subject-name').fill('待处理固定资产损溢');
    await page.screenshot({ path: `${SCREENS_DIR}/subject-picker-add.png` });
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);

    // The new subject is in the picker, selected, and Enter picks it.
    await expect(picker.row(ADDED)).toHaveAttribute('aria-selected', 'true');
    await expect(picker.row(ADDED)).toContainText('待处理固定资产损溢');
    await expect(picker.row('182')).toHaveAttribute('aria-expanded', 'true');
    await expect(picker.table).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(picker.root).toHaveCount(0);
    await expect(link).toContainText(ADDED);
  });
});
