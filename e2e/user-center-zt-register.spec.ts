/**
 * 账套注册 in the browser, as the administrator of the province registering its unions: download
 * the template, fill it in, upload it with a bad row (the row is reported with its column and
 * message, and no set is created), fix the row and upload again (the sets are in the tree), export
 * the managed sets, and save the current set as a ledger-set template. Screens at 1440×900.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { Paths } from '../src/shared/api/paths.js';
import type { ZtInfo } from '../src/shared/api/auth.js';
import { ZtRegisterPageModel } from './pages/zt-register-page.js';
import { apiSession } from './support/api-session.js';
import { CITY, SCREENS_DIR } from './support/demo.js';
import { signInTo } from './support/flows.js';

test.use({ viewport: { width: 1440, height: 900 } });

const flatten = (nodes: readonly ZtInfo[]): ZtInfo[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

test('the province downloads the template, is shown its bad row, imports the fixed workbook and exports', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  await signInTo(page, 'admin', CITY, 2026);
  const register = new ZtRegisterPageModel(page);
  await register.open();

  // 下载模板: the workbook to fill in.
  const [templateDownload] = await Promise.all([page.waitForEvent('download'), register.button('下载模板').click()]);
  expect(templateDownload.suggestedFilename()).toBe('账套注册模板.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await templateDownload.path());
  const sheet = book.getWorksheet('账套注册');
  if (!sheet) throw new Error('no sheet 账套注册');
  // Children before parents: the import sorts the tree itself. Each code is its upper unit's and
  // more digits (账套管理's rule). The last row names no such upper unit.
  const rows = [
    ['00150101', '东区第一小学工会', '001501', '基层工会', '2026'],
    ['001501', '东区总工会', '001', '县级以上工会', '2026'],
    ['00150102', '东区医院工会', '0015010', '基层工会', '2026'],
  ];
  rows.forEach((row, i) => row.forEach((v, c) => (sheet.getCell(i + 2, c + 1).value = v)));
  const badFile = path.join(info.outputDir, '账套注册-有错.xlsx');
  fs.mkdirSync(info.outputDir, { recursive: true });
  await book.xlsx.writeFile(badFile);

  await register.upload('导入', badFile);
  await expect(register.refusal).toHaveText('第4行上级账套编码：上级账套编码0015010不存在，未导入任何账套');
  const grid = register.issues.getByRole('grid');
  await expect(grid).toContainText('上级账套编码0015010不存在');
  await expect(grid.getByRole('row').filter({ hasText: '0015010不存在' })).toContainText('4');
  await page.screenshot({ path: `${SCREENS_DIR}/zt-register-refused.png`, animations: 'disabled' });

  // Fixed: the hospital's union is under 东区总工会.
  sheet.getCell(4, 3).value = '001501';
  const goodFile = path.join(info.outputDir, '账套注册.xlsx');
  await book.xlsx.writeFile(goodFile);
  await register.upload('导入', goodFile);
  // All three made now: had the refused upload made its two good rows, they would be refused as existing.
  await expect(register.done).toContainText('导入成功，新建3个账套');
  await expect(register.refusal).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS_DIR}/zt-register-done.png`, animations: 'disabled' });

  // The same workbook again is refused row by row: the codes exist now.
  await register.upload('导入', goodFile);
  await expect(register.refusal).toContainText('账套编码00150101已存在');

  // 导出: the managed sets in the template's columns, the new ones among them.
  const [exported] = await Promise.all([page.waitForEvent('download'), register.button('导出').click()]);
  expect(exported.suggestedFilename()).toBe('账套列表.xlsx');
  const out = new ExcelJS.Workbook();
  await out.xlsx.readFile(await exported.path());
  const listed: string[] = [];
  out.worksheets[0]?.eachRow((row) => listed.push(row.getCell(1).text));
  expect(listed).toEqual(expect.arrayContaining(['账套编码', '001501', '00150101', '00150102', '001']));

  // The current set saved as a ledger-set template, listed below.
  await page.getByRole('button', { name: '当前账套存为模板' }).click();
  const dialog = page.getByRole('dialog', { name: '保存为账套模板' });
  await expect(dialog.getByLabel('模板名称')).toBeFocused();
  await page.keyboard.type('县级样板');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: '账套模板' }).getByRole('grid')).toContainText('县级样板');
  await page.screenshot({ path: `${SCREENS_DIR}/zt-register-templates.png`, animations: 'disabled' });

  // The sets in the tree the management pages show (a second sign-in ends the page's session: last).
  const api = await apiSession(baseURL ?? '', 'admin', CITY, 2026);
  const tree = flatten((await api.get<ZtInfo[]>(Paths.ztInfoTree)).body.data);
  expect(
    tree
      .filter((z) => z.code.startsWith('001501'))
      .map((z) => z.code)
      .sort(),
  ).toEqual(['001501', '00150101', '00150102']);
  const east = tree.find((z) => z.code === '001501');
  expect(east).toMatchObject({ name: '东区总工会', level: 2, accountingSystem: 'union-county' });
  expect(east?.children?.map((c) => c.code).sort()).toEqual(['00150101', '00150102']);

  // The run's database is shared by the specs after this one (账套管理 lists the city's subtree):
  // the sets registered here go again, lower units first.
  for (const code of ['00150101', '00150102', '001501']) {
    const set = tree.find((z) => z.code === code);
    expect((await api.delete(`${Paths.ztInfo}/${set?.id ?? 0}`)).body.success).toBe(true);
  }
});
