/**
 * The keyboard reaches everything (issue 17 §3), in real Chromium against the real server: a new
 * voucher starts on the date and Enter walks the header into the first line's summary; Tab never
 * stops on a grid's column header; the ledger set and its year are chosen with the keyboard; every
 * dialog takes Enter as 确定 and Escape as 取消 and gives the focus back to where it came from.
 * Nothing is saved: the demo set's books stay as the other specs expect them.
 */
import { expect, test, type Page } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import { HomeLayout } from './pages/home-layout.js';
import { VoucherEditorPage } from './pages/voucher-editor-page.js';
import { SubjectPage } from './pages/subject-page.js';
import { VoucherListPage } from './pages/voucher-list-page.js';
import { FACTORY, SCREENS_DIR } from './support/demo.js';
import { signIn, signInTo } from './support/flows.js';

const YEAR = 2026;
const WORKING = 2; // the demo set's first open month

/** Where the focus is: a grid header cell, a grid cell (row and column), or another element's label. */
async function focusIn(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    if (active.closest('.ag-header')) return `header:${active.closest('.ag-header-cell')?.getAttribute('col-id') ?? '?'}`;
    const cell = active.closest('.ag-cell');
    if (cell) return `cell:${cell.closest('.ag-row')?.getAttribute('row-index') ?? '?'}:${cell.getAttribute('col-id') ?? '?'}`;
    return `${active.tagName.toLowerCase()}:${active.getAttribute('aria-label') ?? active.closest('label')?.textContent ?? active.textContent ?? ''}`;
  });
}

async function openEditor(page: Page): Promise<VoucherEditorPage> {
  await signInTo(page, 'kuaiji', FACTORY, YEAR);
  const editor = new VoucherEditorPage(page);
  await editor.goto();
  return editor;
}

test('a new voucher starts on the date; Enter walks the header into the first summary; a date of another month moves the period', async ({
  page,
}) => {
  const editor = await openEditor(page);
  expect(await editor.month()).toBe(WORKING);
  await expect(editor.date).toBeFocused();
  // The proposed date is taken whole: typing replaces it.
  expect(await editor.date.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 10]);

  await page.keyboard.type(`${YEAR}-03-05`);
  await page.keyboard.press('Enter');
  await expect(editor.category).toBeFocused();
  await expect.poll(() => editor.month()).toBe(3);
  await expect(editor.date).toHaveValue(`${YEAR}-03-05`);
  await page.keyboard.press('Enter');
  await expect(editor.documents).toBeFocused();
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await editor.expectFocus(0, 'summary');
  await expect(editor.documents).toHaveValue('2');
  await page.screenshot({ path: `${SCREENS_DIR}/voucher-head-walk.png` });

  // The lines take the keys at once: the summary is typed where the walk ended.
  await editor.typeText('报销差旅费');
  await expect(editor.cell(0, 'summary')).toHaveText('报销差旅费');
  await editor.expectFocus(0, 'subjectCode');

  // A new voucher (Ctrl+N, the change given up) starts on the date again.
  await page.keyboard.press('Control+n');
  await expect(editor.alert('当前凭证尚未保存')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(editor.alert('当前凭证尚未保存')).toHaveCount(0);
  await expect(editor.cell(0, 'summary')).toHaveText('');
  await expect(editor.date).toBeFocused();
  await editor.startLines();
});

test('Tab never stops on a grid header: from the header fields into the voucher lines and back, and into the voucher list', async ({
  page,
}) => {
  const editor = await openEditor(page);
  await editor.documents.focus();
  await page.keyboard.press('Tab');
  await expect.poll(() => focusIn(page)).toMatch(/^(cell|select|input)/);
  // Through the period (the one header field Enter skips) into the first line.
  if ((await focusIn(page)).startsWith('select')) await page.keyboard.press('Tab');
  await editor.expectFocus(0, 'summary');
  await page.keyboard.press('Shift+Tab');
  await expect(editor.period).toBeFocused();

  // Tab over every cell of the lines: never a header, and on out of the grid.
  await editor.cell(0, 'summary').click();
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Shift+Tab');
    seen.push(await focusIn(page));
  }
  expect(seen.filter((s) => s.startsWith('header'))).toEqual([]);

  await page.keyboard.press('Escape');
  const list = new VoucherListPage(page);
  await list.goto();
  await expect(list.rows().first()).toBeVisible();
  await list.filters.getByRole('button', { name: '查询' }).focus();
  const after: string[] = [];
  for (let i = 0; i < 30 && !after.some((s) => s.startsWith('cell')); i++) {
    await page.keyboard.press('Tab');
    after.push(await focusIn(page));
  }
  expect(after.filter((s) => s.startsWith('header'))).toEqual([]);
  expect(after.some((s) => s.startsWith('cell'))).toBe(true);
});

test('the ledger set and its year are chosen with the keyboard: arrows highlight without entering, PageUp/PageDown and the year list choose the year, Enter enters', async ({
  page,
}) => {
  const selecting = await signIn(page, 'kuaiji');
  await expect(selecting.search).toBeFocused();
  const names = await selecting.names();
  const factoryAt = names.indexOf(FACTORY);
  expect(factoryAt).toBeGreaterThanOrEqual(0);

  // Arrows move the highlight only: the page stays where it is.
  await page.keyboard.press('Home');
  for (let i = 0; i < names.length; i++) await page.keyboard.press('ArrowUp');
  await expect(selecting.selected()).toContainText(names[0] ?? '');
  for (let i = 0; i < factoryAt; i++) await page.keyboard.press('ArrowDown');
  await expect(selecting.selected()).toContainText(FACTORY);
  await expect(page).toHaveURL(/\/selecting$/);

  // The year by PageDown and PageUp (down and up the year list), from the search box.
  const years = await selecting.year
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(years.length).toBeGreaterThan(1);
  const first = years[0] ?? '';
  const second = years[1] ?? '';
  await expect(selecting.year).toHaveValue(String(YEAR));
  await selecting.year.selectOption(first);
  await selecting.search.focus();
  await page.keyboard.press('PageDown');
  await expect(selecting.year).toHaveValue(second);
  await page.keyboard.press('PageUp');
  await expect(selecting.year).toHaveValue(first);
  const other = first === String(YEAR) ? second : first;
  await selecting.year.selectOption(String(YEAR));
  await selecting.search.focus();
  await page.keyboard.press(other === first ? 'PageUp' : 'PageDown');
  await expect(selecting.year).toHaveValue(other);
  await expect(page).toHaveURL(/\/selecting$/);
  await page.keyboard.press('Enter');
  await new HomeLayout(page).expectHome(FACTORY, Number(other));

  // The year list itself: Tab to it, its arrows choose, Enter there enters.
  await page.goto('/selecting');
  await selecting.expectLoaded();
  await selecting.searchFor('机械厂');
  await expect(selecting.selected()).toContainText(FACTORY);
  await page.keyboard.press('Tab');
  await expect(selecting.tree).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(selecting.year).toBeFocused();
  await expect(selecting.year).toHaveValue(String(YEAR));
  await page.keyboard.press(other === first ? 'ArrowUp' : 'ArrowDown');
  await expect(selecting.year).toHaveValue(other);
  await page.keyboard.press('Enter');
  await new HomeLayout(page).expectHome(FACTORY, Number(other));
});

test('every dialog: Enter confirms, Escape cancels, the focus goes back to the cell it came from', async ({ page }) => {
  const editor = await openEditor(page);
  await editor.cell(0, 'summary').click();
  await editor.typeText('购买办公用品');
  await editor.expectFocus(0, 'subjectCode');

  // 快捷键帮助 (F1): Escape, and Enter on 知道了.
  for (const key of ['Escape', 'Enter']) {
    await page.keyboard.press('F1');
    const help = page.getByRole('dialog', { name: '快捷键帮助' });
    await expect(help).toBeVisible();
    await page.keyboard.press(key);
    await expect(help).toHaveCount(0);
    await editor.expectFocus(0, 'subjectCode');
  }

  // The subject picker (F7): Escape gives the cell back; Enter picks the highlighted subject.
  await page.keyboard.press('F7');
  const picker = page.getByRole('dialog', { name: '选择科目' });
  await expect(picker).toBeVisible();
  await expect(picker.getByRole('searchbox')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await editor.expectFocus(0, 'subjectCode');
  // The chart comes from the server: an Enter typed before it arrives picks once it is there.
  let delayed = 0;
  await page.route(
    (url) => url.pathname === Paths.subjectExtensions,
    async (route) => {
      delayed++;
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    },
  );
  await page.keyboard.press('F7');
  await expect(picker).toBeVisible();
  await page.keyboard.type('101');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  expect(delayed).toBe(1);
  await page.unrouteAll();
  await expect(editor.cell(0, 'subjectCode')).toContainText('101 库存现金');
  await editor.expectFocus(0, 'debitAmount');

  // A confirmation (Ctrl+N over unsaved lines): Escape keeps the voucher and the cell.
  await page.keyboard.press('Control+n');
  const confirm = editor.alert('当前凭证尚未保存');
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await editor.expectFocus(0, 'debitAmount');
  await expect(editor.cell(0, 'summary')).toHaveText('购买办公用品');
  // Enter is 确定 even when the focus left the box's buttons (a click on its text).
  await page.keyboard.press('Control+n');
  await expect(confirm).toBeVisible();
  await confirm.locator('.mb-message').click();
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(editor.cell(0, 'summary')).toHaveText('');
  await expect(editor.date).toBeFocused();

  // 常用摘要 (an edit dialog): it takes the focus, so Escape works at once; Enter saves the list.
  await editor.startLines();
  await page.getByRole('toolbar', { name: '凭证操作' }).getByRole('button', { name: '常用摘要' }).click();
  const summaries = page.getByRole('dialog', { name: '常用摘要' });
  await expect(summaries).toBeVisible();
  await expect.poll(() => summaries.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(summaries).toHaveCount(0);
  await editor.expectFocus(0, 'summary');

  // 辅助核算 (opens by itself for a subject kept by 部门 and 经费核算): Enter in a list goes to the
  // next list, and from the last one saves; the line then goes on to its amount.
  await editor.typeText('职工活动');
  await page.keyboard.type('50101');
  await expect(editor.subjectList.getByRole('option', { selected: true })).toContainText('50101');
  await page.keyboard.press('Enter');
  const auxi = page.getByRole('dialog', { name: '辅助核算' });
  await expect(auxi).toBeVisible();
  const lists = auxi.locator('select');
  await expect(lists).toHaveCount(2);
  for (const i of [0, 1]) await expect.poll(() => lists.nth(i).locator('option:not([disabled])').count()).toBeGreaterThan(1);
  await expect(lists.nth(0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(auxi).toBeVisible();
  await expect(lists.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(auxi).toHaveCount(0);
  await expect(editor.cell(0, 'auxis')).not.toHaveText('');
  await editor.expectFocus(0, 'debitAmount');
});

test('an edit dialog opened from a grid cell (修改科目, Ctrl+Enter) takes the focus and gives it back to that cell on Escape', async ({
  page,
}) => {
  const home = await signInTo(page, 'kuaiji', FACTORY, YEAR);
  await home.openMenu('会计科目');
  const subjects = new SubjectPage(page);
  await subjects.expectLoaded();
  await subjects.cell('102', 'codeName').click();
  const before = await focusIn(page);
  expect(before).toMatch(/:codeName$/);
  await page.keyboard.press('Control+Enter');
  const dialog = page.getByRole('dialog', { name: '修改科目' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => focusIn(page)).toBe(before);
});
