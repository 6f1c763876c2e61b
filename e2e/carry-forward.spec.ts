/**
 * Carry-forward in the browser: a bookkeeper edits the built-in 非专项资金收支结转 template (the
 * first row's carry-in asks 是否同样设置其他行; saving a built-in stores a copy), orders it, and
 * generates June's carry-forward voucher, whose lines carry the balances off revenue and expense
 * with the edited summary; a second generation is refused with the voucher's number. A new
 * template keeps its last row (默认项无法删除) and asks for its name. Works in SCHOOL 2025 (no
 * other spec uses that year), vouchers keyed through the real API first.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import type { SaveVoucherRequest } from '../src/shared/api/vouchers.js';
import { CarryForwardPage } from './pages/carry-forward-page.js';
import { apiSession } from './support/api-session.js';
import { ledgerSetId } from './support/database.js';
import { SCHOOL, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

const YEAR = 2025;

function voucher(day: number, summary: string, debit: string, credit: string, yuan: string): SaveVoucherRequest {
  return {
    year: YEAR,
    month: 6,
    pzDate: `${YEAR}-06-${String(day).padStart(2, '0')}`,
    certificateType: 1,
    numberOfDocument: 0,
    certiDetails: [
      { summary, subjectCode: debit, debitAmount: yuan, creditAmount: null },
      { summary, subjectCode: credit, debitAmount: null, creditAmount: yuan },
    ],
  };
}

/** The lines of June's carry-forward voucher, read from the run's database. */
function carryLines(): { summary: string; subject_code: string; debit_amount: number; credit_amount: number }[] {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'ledger.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select l.summary, l.subject_code, l.debit_amount, l.credit_amount
           from voucher v join voucher_line l on l.zt_id = v.zt_id and l.voucher_id = v.id
          where v.zt_id = ? and v.year = ? and v.month = 6 and v.carry_over = 1 order by l.line_no`,
      )
      .all(ledgerSetId(SCHOOL), YEAR) as { summary: string; subject_code: string; debit_amount: number; credit_amount: number }[];
  } finally {
    db.close();
  }
}

test('edit a carry-forward template and generate the month-end voucher', async ({ page, baseURL }) => {
  const accountant = await apiSession(baseURL ?? '', 'kuaiji', SCHOOL, YEAR);
  for (const body of [
    voucher(3, '结转测试会费', '101', '401', '800.00'),
    voucher(12, '结转测试文体活动', '50102', '101', '230.00'),
  ]) {
    const answer = await accountant.post(Paths.certificate, { ...body });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
  }

  const home = await signInTo(page, 'kuaiji', SCHOOL, YEAR);
  await home.openMenu('结转模板');
  const carry = new CarryForwardPage(page);
  await expect(carry.tab('月末结转模板')).toHaveAttribute('aria-selected', 'true');
  await expect(carry.row('非专项资金收支结转')).toBeVisible();
  await page.screenshot({ path: `${SCREENS_DIR}/carry-forward.png`, fullPage: true });

  // Edit the built-in: a new summary; the first row's carry-in asks about the other rows.
  await carry.row('非专项资金收支结转').click();
  await carry.button('修改').click();
  await expect(carry.dialog).toContainText('内置模板，保存后另存为新模板');
  await carry.field('摘要').fill('结转六月非专项收支');
  await expect(carry.cell(1, '转出科目')).toHaveValue('401');
  await carry.setInto(1, '32202');
  await carry.answer('是否同样设置其他行', '取消');
  await expect(carry.cell(1, '转入科目')).toHaveValue('32202');
  await expect(carry.cell(2, '转入科目')).toHaveValue('32203');
  await carry.setInto(1, '32203');
  await expect(carry.box('是否同样设置其他行')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS_DIR}/carry-forward-dialog.png` });
  await carry.dialog.getByRole('button', { name: '保存', exact: true }).click();
  await carry.answer('系统内置模板不能修改，已另存为新模板', '确定');
  await expect(carry.dialog).toHaveCount(0);
  await expect(carry.row('非专项资金收支结转')).toContainText('自定义');

  // The order: edited in place, saved for the page; a non-numeric one becomes 0 and goes first.
  await carry.button('编辑排序').click();
  await page.getByLabel('非专项资金收支结转的排序').fill('abc');
  await carry.button('保存排序').click();
  await expect(carry.table().getByRole('row').nth(1)).toContainText('非专项资金收支结转');
  await expect(carry.row('非专项资金收支结转').getByRole('cell').first()).toHaveText('0');

  // June's carry-forward voucher.
  await carry.root.getByLabel('结转月份').selectOption('6');
  await carry.button('生成期末结转凭证').click();
  await carry.answer(/已生成6月期末结转凭证：记-\d+/, '确定');
  const lines = carryLines();
  expect(lines.map((l) => [l.subject_code, l.debit_amount, l.credit_amount])).toEqual([
    ['401', 80000, 0],
    ['32203', 0, 80000],
    ['32203', 23000, 0],
    ['50102', 0, 23000],
  ]);
  expect(new Set(lines.map((l) => l.summary))).toEqual(new Set(['结转六月非专项收支']));

  await carry.button('生成期末结转凭证').click();
  await carry.answer(/6月已生成期末结转凭证（记-\d+），如需重新生成请先删除该凭证/, '确定');

  // A new template: the last row stays, and the name is asked for.
  await carry.button('新增').click();
  await carry.dialog.getByRole('button', { name: '删除第1行' }).click();
  await carry.answer('默认项无法删除', '确定');
  await carry.dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(carry.dialog).toContainText('请输入模板名称');
  await expect(carry.dialog).toContainText('第1行请选择转出科目');
  await carry.dialog.getByRole('button', { name: '取消', exact: true }).click();

  // Deleting the copy brings the built-in back.
  await carry.row('非专项资金收支结转').click();
  await carry.button('删除').click();
  await carry.answer('是否删除当前结转模板？', '确定');
  await expect(carry.row('非专项资金收支结转')).toContainText('内置');
});
