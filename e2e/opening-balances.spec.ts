/**
 * 科目期初 in the browser: a bookkeeper enters openings for ten last-level subjects with the
 * keyboard only, pastes a block copied from a spreadsheet, watches the live trial check
 * balance, saves, reloads; invalid amounts are marked and block saving; undo and redo; the
 * right-click menu; export to xlsx read back with exceljs (values, totals as formulas); a grid
 * that scrolls keeps its amounts clear of the vertical scrollbar.
 * Works in a grassroots set of its own, not yet initialised (the demo's 示范市第一机械厂工会 has
 * openings and closed months), and puts its openings back afterwards, so a second run starts alike.
 */
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { VOUCHER_ADD_PATH } from '../src/shared/financial-state.js';
import { OpeningBalancePage } from './pages/opening-balance-page.js';
import { ledgerSetId } from './support/database.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2026;
const SET = '示范市期初演示工会';
/** A last-level subject the spec gives auxiliary accounting (资金来源) for the auxiliary-row test. */
const AUXI_SUBJECT = '13102';

/** Links a subject to an auxiliary type directly in the database (the subject page's job, tested there). */
function linkAuxiliaryType(code: string, typeNo: string): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  const db = new Database(path.join(dir, 'ledger.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('insert into subject_auxi_type (zt_id, year, code, type_no) values (?, ?, ?, ?)').run(
      ledgerSetId(SET),
      YEAR,
      code,
      typeNo,
    );
  } finally {
    db.close();
  }
}

/** Puts the set's 2026 back as it was made: no openings, subjects not initialised. */
function restoreOpenings(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) return;
  const db = new Database(path.join(dir, 'ledger.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const zt = ledgerSetId(SET);
    db.prepare(
      'update subject set init_amount = 0, cumule_debit_amount = 0, cumule_credit_amount = 0 where zt_id = ? and year = ?',
    ).run(zt, YEAR);
    db.prepare('delete from auxi_opening where zt_id = ? and year = ?').run(zt, YEAR);
    db.prepare('update zt_year set subjects_initialised = 0 where zt_id = ? and year = ?').run(zt, YEAR);
    db.prepare('delete from subject_auxi_type where zt_id = ? and year = ? and code = ?').run(zt, YEAR, AUXI_SUBJECT);
  } finally {
    db.close();
  }
}

test.describe.serial('opening balances', () => {
  test.beforeAll(async () => {
    await ensureSet({
      name: SET,
      code: 'E2E-OPENING',
      system: 'union-grassroots',
      year: YEAR,
      users: ['kuaiji'],
      initialised: false,
    });
  });
  test.afterAll(restoreOpenings);

  test('invalid amounts are marked and block saving; undo, redo and the right-click menu', async ({ page }) => {
    await signInTo(page, 'kuaiji', SET, YEAR);
    const openings = new OpeningBalancePage(page);
    await openings.goto();
    await expect(openings.state).toHaveText('未初始化');
    await openings.editButton.press('Enter');
    await expect.poll(() => openings.focused()).toEqual({ code: '101', field: 'initAmount' });

    await openings.enterAmounts(['12.345', 'abc']);
    await expect(openings.cell('101')).toHaveClass(/ufc-cell-error/);
    expect(await openings.cellError('101')).toBe('金额最多两位小数');
    expect(await openings.cellError('102')).toBe('金额格式不正确');
    await expect(openings.errors).toContainText('第1行 期初余额：金额最多两位小数');
    await expect(openings.saveButton).toBeDisabled();
    await page.keyboard.press('Control+s');
    await expect(page.getByRole('dialog').filter({ hasText: '表格中有错误，请修正后再保存' })).toBeVisible();
    await page.keyboard.press('Enter');

    // Undo both, then redo one and undo it again.
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await expect(openings.errors).toHaveCount(0);
    await expect(openings.cell('101')).toHaveText('0.00');
    await page.keyboard.press('Control+y');
    await expect(openings.cell('101')).toHaveText('12.345');
    await page.keyboard.press('Control+z');
    await expect(openings.saveButton).toBeEnabled();

    // A valid amount, undone and redone.
    await openings.cell('101').click();
    await openings.enterAmounts(['800']);
    await expect(openings.cell('101')).toHaveText('800.00');
    await expect(openings.trial().debit).toHaveText('800.00');
    await page.keyboard.press('Control+z');
    await expect(openings.cell('101')).toHaveText('0.00');
    await expect(openings.trial().debit).toHaveText('0.00');
    await page.keyboard.press('Control+y');
    await expect(openings.trial().debit).toHaveText('800.00');

    // Right-click menu from the declared commands; Esc closes it.
    await openings.cell('102').click({ button: 'right' });
    const menu = page.getByRole('menu', { name: '表格操作' });
    await expect(menu.getByRole('menuitem')).toHaveText([
      /^复制Ctrl\+C/,
      /^粘贴Ctrl\+V/,
      /^撤销Ctrl\+Z/,
      /^重做/,
      /^清除Delete/,
      /^快捷键帮助/,
      /^导出Excel/,
    ]);
    await page.screenshot({ path: `${SCREENS_DIR}/opening-balances-menu.png` });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await page.keyboard.press('F1');
    await expect(page.getByRole('dialog', { name: '快捷键帮助' })).toContainText('Ctrl+Z');
    await page.screenshot({ path: `${SCREENS_DIR}/opening-balances-help.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '取消', exact: true }).click();
    await expect(openings.editButton).toBeVisible();
    await expect(openings.cell('101')).toHaveText('0.00');
  });

  test('enters openings by keyboard, pastes a block, balances, saves and reloads', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInTo(page, 'kuaiji', SET, YEAR);
    const openings = new OpeningBalancePage(page);
    await openings.goto();
    await openings.editButton.press('Enter');
    await expect.poll(() => openings.focused()).toEqual({ code: '101', field: 'initAmount' });

    // 资产: 101, 102, (13101, 13102 skipped), 135, 141, 162, 163 (credit side).
    await openings.enterAmounts(['5000', '1200000', null, null, '8000', '12000', '350000', '50000']);
    await expect(openings.trial().debit).toHaveText('1,575,000.00');
    await expect(openings.trial().credit).toHaveText('50,000.00');
    await expect(openings.cell('131')).toHaveText('0.00');
    await expect(openings.row('163').locator('[col-id="balanceDirection"]')).toHaveText('贷');

    // 净资产: 30101, 30104, 32104, 32205 by keyboard.
    await openings.switchTab('净资产');
    await expect.poll(() => openings.focused()).toEqual({ code: '30101', field: 'initAmount' });
    await openings.enterAmounts([
      '12000',
      null,
      null,
      '300000',
      null,
      null,
      null,
      null,
      null,
      '1000000',
      null,
      null,
      null,
      null,
      '190000',
    ]);
    await expect(openings.cell('301')).toHaveText('312,000.00');
    await expect(openings.trial().credit).toHaveText('1,552,000.00');
    await expect(openings.trial().difference).toHaveText('23,000.00');
    await expect(openings.trial().state).toHaveText('试算不平衡');

    // 负债: a block copied from a spreadsheet (CR LF, grouped thousands).
    await openings.switchTab('负债');
    await expect.poll(() => openings.focused()).toEqual({ code: '211', field: 'initAmount' });
    await page.evaluate(() => navigator.clipboard.writeText('15,000.00\r\n8000\r\n'));
    await page.keyboard.press('Control+v');
    await expect(openings.cell('211')).toHaveText('15,000.00');
    await expect(openings.cell('215')).toHaveText('8,000.00');
    await expect(openings.trial().debit).toHaveText('1,575,000.00');
    await expect(openings.trial().credit).toHaveText('1,575,000.00');
    await expect(openings.trial().difference).toHaveText('0.00');
    await expect(openings.trial().state).toHaveText('试算平衡');
    await page.screenshot({ path: `${SCREENS_DIR}/opening-balances.png` });

    await page.keyboard.press('Control+s');
    await expect(page.getByRole('dialog').filter({ hasText: '保存成功' })).toBeVisible();
    await expect(openings.editButton).toBeVisible();
    await expect(openings.state).toHaveText('已初始化');

    await page.reload();
    await openings.expectLoaded();
    await expect(openings.cell('101')).toHaveText('5,000.00');
    await expect(openings.cell('102')).toHaveText('1,200,000.00');
    await expect(openings.cell('163')).toHaveText('50,000.00');
    await expect(openings.trial().state).toHaveText('试算平衡');
    await openings.tab('净资产').click();
    await expect(openings.cell('32205')).toHaveText('190,000.00');
    await expect(openings.cell('322')).toHaveText('190,000.00');
    await openings.tab('负债').click();
    await expect(openings.cell('215')).toHaveText('8,000.00');

    // The financial state is normal: voucher entry no longer sends the user here.
    await page.goto(VOUCHER_ADD_PATH);
    await expect(page.getByRole('heading', { name: '记账凭证' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${VOUCHER_ADD_PATH}$`));
  });

  test('exports the openings to xlsx with totals as live formulas, and imports the workbook back', async ({ page }, testInfo) => {
    await signInTo(page, 'kuaiji', SET, YEAR);
    const openings = new OpeningBalancePage(page);
    await openings.goto();
    const [download] = await Promise.all([page.waitForEvent('download'), openings.exportButton.click()]);
    expect(download.suggestedFilename()).toBe(`科目期初余额表_${SET}_${YEAR}年01月.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet('科目期初余额');
    if (!sheet) throw new Error('no sheet 科目期初余额');
    expect(sheet.getCell('A1').value).toBe('科目期初余额表');
    expect(sheet.getCell('A2').text).toContain(SET);

    const rows = new Map<string, ExcelJS.Row>();
    sheet.eachRow((row) => {
      const first = row.getCell(1).value;
      if (typeof first === 'string') rows.set(first, row);
    });
    expect(rows.get('101')?.getCell(4).value).toBe(5000);
    expect(rows.get('102')?.getCell(4).value).toBe(1_200_000);
    expect(rows.get('301')?.getCell(4).value).toBe(312_000);
    expect(rows.get('32205')?.getCell(2).value).toBe('累计结余');
    expect(rows.get('101')?.getCell(4).numFmt).toBe('#,##0.00');

    const debit = rows.get('财务会计期初借方合计')?.getCell(4).value as ExcelJS.CellFormulaValue | undefined;
    const credit = rows.get('财务会计期初贷方合计')?.getCell(4).value as ExcelJS.CellFormulaValue | undefined;
    expect(debit?.formula).toMatch(/^SUM/);
    expect(debit?.result).toBe(1_575_000);
    expect(credit?.formula).toBeTruthy();
    expect(credit?.result).toBe(1_575_000);

    // Import: a bad amount is listed in the 4003 dialog and nothing is saved.
    const amountCell = (code: string) => {
      const row = rows.get(code);
      if (!row) throw new Error(`no row ${code}`);
      return row.getCell(4);
    };
    const importFile = async (name: string) => {
      const file = testInfo.outputPath(name);
      await workbook.xlsx.writeFile(file);
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: '导入Excel' }).click(),
      ]);
      await chooser.setFiles(file);
    };
    amountCell('101').value = 'abc';
    await importFile('bad.xlsx');
    const refused = page.getByRole('dialog').filter({ hasText: '金额格式不正确' });
    await expect(refused).toBeVisible();
    await refused.getByRole('button', { name: '确定' }).click();
    await expect(openings.cell('101')).toHaveText('5,000.00');

    // A good workbook (still balanced) replaces the openings.
    amountCell('101').value = 6000;
    amountCell('102').value = 1_199_000;
    await importFile('good.xlsx');
    await expect(page.getByRole('dialog').filter({ hasText: '导入成功' })).toBeVisible();
    await expect(openings.cell('101')).toHaveText('6,000.00');
    await expect(openings.cell('102')).toHaveText('1,199,000.00');
    await expect(openings.trial().state).toHaveText('试算平衡');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS_DIR}/opening-balances-view.png` });
  });

  test('a grid that scrolls keeps its right-aligned last column clear of the vertical scrollbar', async ({ page }) => {
    await signInTo(page, 'kuaiji', SET, YEAR);
    const openings = new OpeningBalancePage(page);
    await openings.goto();
    const scrollbar = openings.grid.locator('.ag-body-vertical-scroll');
    await expect(scrollbar).toBeHidden();
    // 净资产 has 18 rows: more than the grid's height shows on a 1366×800 screen.
    await openings.tab('净资产').click();
    await expect(openings.cell('30101')).toHaveText(/^[\d,]+\.\d\d$/);
    await expect(scrollbar).toBeVisible();
    // The last column ends where the scrollbar starts, and the point where each amount's last
    // digit is drawn belongs to its cell (not to the scrollbar laid over it).
    const layout = () =>
      page.evaluate(() => {
        const bar = document.querySelector('.ufc-grid .ag-body-vertical-scroll')?.getBoundingClientRect();
        const header = document.querySelector('.ufc-grid .ag-header-cell[col-id="initAmount"]')?.getBoundingClientRect();
        const cells = [...document.querySelectorAll('.ufc-grid .ag-row:not(.ag-row-pinned) [col-id="initAmount"]')];
        if (!bar || !header || cells.length === 0) return null;
        const clear = (box: DOMRect) => box.right <= bar.left + 0.5;
        const digitShown = (cell: Element) => {
          const box = cell.getBoundingClientRect();
          if (box.bottom <= bar.top || box.top >= bar.bottom) return true;
          const at = document.elementFromPoint(box.right - 10, box.top + box.height / 2);
          return at !== null && cell.contains(at);
        };
        return {
          header: clear(header),
          cells: cells.every((c) => clear(c.getBoundingClientRect())),
          digits: cells.every(digitShown),
        };
      });
    await expect.poll(layout).toEqual({ header: true, cells: true, digits: true });
    await page.screenshot({ path: `${SCREENS_DIR}/opening-balances-scrolling.png` });
  });

  test('Enter keeps the focused cell on screen, also after the wheel scrolled the grid away from it', async ({ page }) => {
    await signInTo(page, 'kuaiji', SET, YEAR);
    const openings = new OpeningBalancePage(page);
    await openings.goto();
    await openings.editButton.press('Enter');
    await openings.switchTab('净资产');
    await expect.poll(() => openings.focused()).toEqual({ code: '30101', field: 'initAmount' });
    // The focused cell lies wholly inside the visible part of the body that scrolls it; and where that body is scrolled to.
    const view = () =>
      page.evaluate(() => {
        const cellElement = document.activeElement?.closest('.ag-cell');
        const cell = cellElement?.getBoundingClientRect();
        let body = cellElement?.parentElement ?? null;
        while (body && !(body.scrollHeight > body.clientHeight && /auto|scroll/.test(getComputedStyle(body).overflowY))) {
          body = body.parentElement;
        }
        const box = body?.getBoundingClientRect();
        if (!cell || !body || !box) return null;
        return { onScreen: cell.top >= box.top - 0.5 && cell.bottom <= box.bottom + 0.5, scrollTop: body.scrollTop };
      });
    // Down every amount of the tab, to its last one (where Enter stays).
    const codes: (string | null)[] = ['30101'];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await view())?.onScreen).toBe(true);
      const code = (await openings.focused()).code;
      if (code === codes.at(-1)) break;
      codes.push(code);
    }
    expect(codes.length).toBeGreaterThan(12);
    expect((await view())?.scrollTop).toBeGreaterThan(0);

    // The wheel takes the body back to its top; Shift+Enter goes to the previous amount, far below.
    const focusedBefore = await openings.focused();
    await openings.grid.hover();
    await page.mouse.wheel(0, -5_000);
    await expect.poll(async () => (await view())?.scrollTop).toBe(0);
    await expect.poll(async () => (await view())?.onScreen).toBe(false);
    await page.keyboard.press('Shift+Enter');
    await expect.poll(async () => (await view())?.onScreen).toBe(true);
    expect((await openings.focused()).code).not.toBe(focusedBefore.code);
    expect((await view())?.scrollTop).toBeGreaterThan(0);
  });

  test('adds an auxiliary detail row, enters its opening, and saves an unbalanced check after confirming', async ({ page }) => {
    linkAuxiliaryType(AUXI_SUBJECT, 'ZJLY');
    await signInTo(page, 'kuaiji', SET, YEAR);
    const openings = new OpeningBalancePage(page);
    await openings.goto();
    await openings.editButton.press('Enter');
    await openings.cell(AUXI_SUBJECT, 'codeName').click();
    await page.getByRole('button', { name: '添加辅助明细' }).click();
    const picker = page.getByRole('dialog', { name: '辅助核算' });
    await expect(picker).toContainText(AUXI_SUBJECT);
    await picker.getByLabel('资金来源').selectOption({ label: '001 工会资金' });
    await picker.getByRole('button', { name: '保存' }).click();
    await expect(picker).toHaveCount(0);

    // The new row takes the focus on its amount; the subject and its parent sum it.
    const auxRow = openings.grid.locator('.ag-row:not(.ag-row-pinned)').filter({ hasText: '工会资金' });
    await expect(auxRow).toHaveCount(1);
    await expect.poll(() => openings.focused()).toEqual({ code: AUXI_SUBJECT, field: 'initAmount' });
    await openings.enterAmounts(['2000']);
    await expect(auxRow.locator('[col-id="initAmount"]')).toHaveText('2,000.00');
    await expect(openings.cell(AUXI_SUBJECT)).toHaveText('2,000.00');
    await expect(openings.cell('131')).toHaveText('2,000.00');
    await expect(openings.trial().difference).toHaveText('2,000.00');

    // Unbalanced: the server asks (4011) and the page saves on 确定.
    await page.keyboard.press('Control+s');
    const ask = page.getByRole('dialog', { name: '试算不平衡' });
    await expect(ask).toContainText('是否仍要保存');
    await ask.getByRole('button', { name: '确定' }).click();
    await expect(page.getByRole('dialog').filter({ hasText: '保存成功' })).toBeVisible();
    await page.reload();
    await openings.expectLoaded();
    await expect(
      openings.grid.locator('.ag-row:not(.ag-row-pinned)').filter({ hasText: '工会资金' }).locator('[col-id="initAmount"]'),
    ).toHaveText('2,000.00');
    await expect(openings.cell('131')).toHaveText('2,000.00');
    await expect(openings.trial().state).toHaveText('试算不平衡');
    await page.screenshot({ path: `${SCREENS_DIR}/opening-balances-auxiliary.png` });
  });
});
