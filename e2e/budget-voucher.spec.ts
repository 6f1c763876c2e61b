/**
 * Budget control while a voucher is keyed (issue 21 §2): on a warn project the remaining budget
 * shows under the line's item and follows the amount, past the budget it says 已超预算执行 and the
 * voucher saves with the warning; on a forbid project past its budget the save is refused with
 * 系统设置不能超预算执行 and the voucher stays as typed; a forbid project with nothing left cannot
 * be chosen. The spec makes its own set with an approved plan of three projects (written as the
 * budget pages would, through the test fixture).
 */
import { expect, test } from '@playwright/test';
import { BudgetMessages } from '../src/shared/budget/messages.js';
import { VOUCHER_ADD_PATH } from '../src/shared/financial-state.js';
import { openSqlite } from '../src/server/db/database.js';
import {
  insertBudgetCategory,
  insertBudgetDetail,
  linkBudgetType,
  openBudgetPlatform,
  setPlanState,
} from '../src/server/test-support/budget-fixture.js';
import { BudgetVoucherPage } from './pages/budget-voucher-page.js';
import { databaseFile } from './support/database.js';
import { SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';
import { ensureSet } from './support/ledger-sets.js';

const YEAR = 2026;
const SET = '示范市预算控制工会';
const SUBJECT = '50102';
const GOVERNMENT_SET = '示范市预算指标单位（政府会计）';

test.beforeAll(async () => {
  const ztId = await ensureSet({ name: SET, code: 'E2E-BUDV', system: 'union-grassroots', year: YEAR, users: ['kuaiji'] });
  const db = openSqlite(databaseFile());
  try {
    const had = await db.kysely.selectFrom('budget_project').select('id').where('zt_id', '=', ztId).executeTakeFirst();
    if (had) return;
    await openBudgetPlatform(db, ztId);
    const typeId = await insertBudgetCategory(db, ztId, { year: YEAR, auxiType: 'XMYS', typeName: '文体活动', infoNo: '951' });
    const detail = { year: YEAR, typeId, auxiType: 'XMYS' as const, parentNo: '951', subjects: ['501'] };
    await insertBudgetDetail(db, ztId, { ...detail, infoNo: '951001', name: '职工运动会', opening: 1000_00, control: 2 });
    await insertBudgetDetail(db, ztId, { ...detail, infoNo: '951002', name: '读书月', opening: 500_00, control: 3 });
    await insertBudgetDetail(db, ztId, { ...detail, infoNo: '951003', name: '已用完的项目', opening: 0, control: 3 });
    await linkBudgetType(db, ztId, YEAR, 'XMYS', [SUBJECT]);
    await setPlanState(db, ztId, YEAR, 'approved');
  } finally {
    await db.close();
  }
});

test.beforeAll(async () => {
  const ztId = await ensureSet({ name: GOVERNMENT_SET, code: 'E2E-BUDG', system: 'government', year: YEAR, users: ['kuaiji'] });
  const db = openSqlite(databaseFile());
  try {
    const had = await db.kysely.selectFrom('budget_project').select('id').where('zt_id', '=', ztId).executeTakeFirst();
    if (had) return;
    const typeId = await insertBudgetCategory(db, ztId, { year: YEAR, auxiType: 'XMYS', typeName: '专项', infoNo: '961' });
    const projectId = await insertBudgetDetail(db, ztId, {
      year: YEAR,
      typeId,
      auxiType: 'XMYS',
      infoNo: '961001',
      parentNo: '961',
      name: '困难职工帮扶',
      opening: 5000_00,
    });
    for (const [code, name, parent] of [
      ['01', '帮扶资金', null],
      ['0101', '生活救助', '01'],
      ['0102', '医疗救助', '01'],
    ] as const)
      await db.kysely
        .insertInto('budget_indicator')
        .values({ zt_id: ztId, project_id: projectId, code, name, parent_code: parent, amount: 1000_00 })
        .execute();
    await linkBudgetType(db, ztId, YEAR, 'XMYS', ['7101']);
  } finally {
    await db.close();
  }
});

/** Summary, 50102 and the project on line `row`, then the amount as debit (the line's cell left on the amount). */
async function keyExpense(editor: BudgetVoucherPage, row: number, project: string, amount: string): Promise<void> {
  await editor.cell(row, 'summary').click();
  await editor.typeText('文体活动');
  await editor.chooseSubject(SUBJECT, `${SUBJECT} 职工活动支出-文体活动支出`);
  await editor.chooseProject(project);
  await editor.page.keyboard.press('Control+Enter');
  await expect(editor.picker).toHaveCount(0);
  await editor.expectFocus(row, 'debitAmount');
  await editor.page.keyboard.type(amount);
  await editor.page.keyboard.press('Enter');
}

/** Bank on the next line, balancing with =. */
async function balanceWithBank(editor: BudgetVoucherPage, row: number): Promise<void> {
  await editor.cell(row, 'subjectCode').click();
  await editor.chooseSubject('102', '102 银行存款');
  await editor.page.keyboard.press('=');
}

test('a warn project: the remaining budget follows the amount, past the budget the voucher saves with the warning', async ({
  page,
}) => {
  await signInTo(page, 'kuaiji', SET, YEAR);
  const editor = new BudgetVoucherPage(page);
  await editor.goto();
  await keyExpense(editor, 0, '951001', '800');
  await expect(editor.budgetNote(0)).toContainText('预算余额 200.00');
  await expect(editor.cell(0, 'auxis')).toContainText('职工运动会');

  // Raised past the budget: the note warns, in the warning tone.
  await editor.cell(0, 'debitAmount').click();
  await page.keyboard.type('1200');
  await page.keyboard.press('Enter');
  await expect(editor.budgetNote(0)).toContainText(`${BudgetMessages.overrunWarned} 预算余额 -200.00`);
  await expect(editor.budgetNote(0)).toHaveClass(/ufc-cell-note-warning/);
  await balanceWithBank(editor, 1);
  await expect(editor.cell(1, 'creditAmount')).toHaveText('1,200.00');
  await page.screenshot({ path: `${SCREENS_DIR}/budget-voucher-warn.png` });

  const number = await editor.voucherNumber();
  await page.keyboard.press('Control+s');
  const warning = BudgetMessages.overrunWarnedLong('职工运动会');
  await expect(editor.messageBox(warning)).toBeVisible();
  await expect(editor.status).toContainText(`第${number}号`);
  await editor.dismiss(warning);

  // The next voucher reads the new spent: 1,000 − 1,200.
  await keyExpense(editor, 0, '951001', '50');
  await expect(editor.budgetNote(0)).toContainText(`${BudgetMessages.overrunWarned} 预算余额 -250.00`);
});

test('a forbid project: past its budget the save is refused with the message and the voucher stays; with nothing left it cannot be chosen', async ({
  page,
}) => {
  await signInTo(page, 'kuaiji', SET, YEAR);
  const editor = new BudgetVoucherPage(page);
  await editor.goto();
  await keyExpense(editor, 0, '951002', '600');
  await expect(editor.budgetNote(0)).toContainText('不能超预算执行 预算余额 -100.00');
  await expect(editor.budgetNote(0)).toHaveClass(/ufc-cell-note-error/);
  await balanceWithBank(editor, 1);
  const number = await editor.voucherNumber();
  await page.keyboard.press('Control+s');
  const refusal = BudgetMessages.overrunForbidden(500_00);
  await expect(editor.messageBox(refusal)).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/budget-voucher-forbid.png` });
  await editor.dismiss(refusal);
  // Nothing saved: the same number, every line as typed.
  expect(await editor.voucherNumber()).toBe(number);
  await expect(editor.cell(0, 'debitAmount')).toHaveText('600.00');
  await expect(editor.cell(0, 'auxis')).toContainText('读书月');
  await expect(editor.cell(1, 'creditAmount')).toHaveText('600.00');

  // Within the budget it saves.
  await editor.cell(0, 'debitAmount').click();
  await page.keyboard.type('500');
  await page.keyboard.press('Enter');
  await expect(editor.budgetNote(0)).toContainText('预算余额 0.00');
  await editor.cell(1, 'creditAmount').click();
  await page.keyboard.press('=');
  await page.keyboard.press('Control+s');
  await expect(editor.status).toContainText(`第${number}号`);

  // Nothing left of 读书月 now, nor of the spent project: the picker clears the choice and says why.
  await editor.cell(0, 'summary').click();
  await editor.typeText('读书月');
  await editor.chooseSubject(SUBJECT, `${SUBJECT} 职工活动支出-文体活动支出`);
  await editor.chooseProject('951002');
  await expect(editor.picker.getByRole('alert')).toHaveText(BudgetMessages.overrunForbidden(0));
  await expect(editor.picker.locator('#auxi-pick-XMYS')).toHaveValue('');
  await editor.chooseProject('951003');
  await expect(editor.picker.getByRole('alert')).toHaveText(BudgetMessages.overrunForbidden(0));
  await expect(editor.picker.locator('#auxi-pick-XMYS')).toHaveValue('');
  await page.screenshot({ path: `${SCREENS_DIR}/budget-voucher-picker.png` });
  // A warn project may still be chosen.
  await editor.chooseProject('951001');
  await expect(editor.picker.getByRole('alert')).toHaveCount(0);
});

test('a two-table voucher’s budget line on a project with indicators asks for a last-level indicator and keeps it', async ({
  page,
}) => {
  await signInTo(page, 'kuaiji', GOVERNMENT_SET, YEAR);
  const editor = new BudgetVoucherPage(page);
  await page.goto(VOUCHER_ADD_PATH);
  await expect(editor.title).toBeVisible();

  await editor.tableCell('财务会计', 0, 'summary').click();
  await editor.typeText('帮扶困难职工');
  await editor.chooseSubject('5001', '5001 业务活动费用');
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await editor.chooseSubject('1002', '1002 银行存款');
  await page.keyboard.press('=');

  await editor.tableCell('预算会计', 0, 'summary').click();
  await editor.typeText('帮扶困难职工');
  await editor.chooseSubject('7101', '7101 行政支出');
  await editor.chooseProject('961001');
  await page.keyboard.press('Control+Enter');
  await expect(editor.indicatorPicker).toBeVisible();
  const list = editor.indicatorPicker.getByLabel('预算指标');
  await expect(list.locator('option[value="0101"]')).toHaveCount(1);
  // A parent indicator is not enough.
  await list.selectOption('01');
  await editor.indicatorPicker.getByRole('button', { name: '保存' }).click();
  await expect(editor.indicatorPicker.getByRole('alert')).toHaveText(BudgetMessages.indicatorLeafRequired);
  await page.screenshot({ path: `${SCREENS_DIR}/budget-voucher-indicator.png` });
  await list.selectOption('0101');
  await editor.indicatorPicker.getByRole('button', { name: '保存' }).click();
  await expect(editor.indicatorPicker).toHaveCount(0);
  await expect(editor.tableCell('预算会计', 0, 'auxis')).toHaveText('困难职工帮扶（指标0101）');
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await editor.chooseSubject('8001', '8001 资金结存');
  await page.keyboard.press('=');
  await expect(editor.tableCell('预算会计', 1, 'creditAmount')).toHaveText('100.00');

  const number = await editor.voucherNumber();
  await page.keyboard.press('Control+s');
  await expect(editor.status).toContainText(`第${number}号`);
  const db = openSqlite(databaseFile());
  try {
    const stored = await db.kysely
      .selectFrom('voucher_line_auxi')
      .innerJoin('zt_info', 'zt_info.id', 'voucher_line_auxi.zt_id')
      .select('voucher_line_auxi.target_id')
      .where('zt_info.name', '=', GOVERNMENT_SET)
      .where('voucher_line_auxi.info_no', '=', '961001')
      .execute();
    expect(stored.map((r) => r.target_id)).toEqual(['0101']);
  } finally {
    await db.close();
  }
});
