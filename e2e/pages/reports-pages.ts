import { expect, type Locator, type Page } from '@playwright/test';

export const BALANCE_SHEET_PATH = '/accounting-management/reports/balance-sheet';
export const INCOME_EXPENSE_PATH = '/accounting-management/reports/income-expense';

/** 资产负债表 and 收入支出表: period and options, the check line, the read-only form grid and its lines by name. */
export class ReportPageModel {
  readonly heading: Locator;
  readonly filters: Locator;
  readonly grid: Locator;
  readonly check: Locator;

  constructor(
    readonly page: Page,
    readonly title: '资产负债表' | '收入支出表',
  ) {
    this.heading = page.getByRole('heading', { name: title });
    this.filters = page.getByRole('form', { name: `${title}查询条件` });
    this.grid = page.locator('.ufc-grid');
    this.check = page.getByRole('status', { name: '报表校验' });
  }

  async goto(): Promise<void> {
    await this.page.goto(this.title === '资产负债表' ? BALANCE_SHEET_PATH : INCOME_EXPENSE_PATH);
    await expect(this.heading).toBeVisible();
  }

  async period(begin: number, end: number): Promise<void> {
    await this.filters.getByLabel('开始月份').selectOption(String(begin));
    await this.filters.getByLabel('结束月份').selectOption(String(end));
    await this.filters.getByRole('button', { name: '查询' }).click();
  }

  /** The name cell of a line (the balance sheet's left or right half, or the statement's 项目). */
  nameCell(name: string): Locator {
    return this.grid.locator('.ag-row:not(.ag-row-pinned) [col-id$="ame"]', { hasText: new RegExp(`^\\s*${name}$`) });
  }

  /** A figure of the line in the named column of its half ('Opening', 'Closing'; 'current', 'cumulative'). */
  async figure(name: string, column: string): Promise<string> {
    const cell = this.nameCell(name).first();
    const colId = (await cell.getAttribute('col-id')) ?? '';
    const index = await cell.locator('xpath=ancestor::*[contains(@class,"ag-row")][1]').getAttribute('row-index');
    const target = colId === 'name' ? column : `${colId.replace('Name', '')}${column}`;
    return (
      (await this.grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${index}"] [col-id="${target}"]`).first().textContent()) ??
      ''
    ).trim();
  }
}
