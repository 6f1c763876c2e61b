import { expect, type Locator, type Page } from '@playwright/test';

export const GENERAL_LEDGER_PATH = '/accounting-management/books/generalledger';

/** 总账: filters and the read-only grid, rows by subject code and month. */
export class GeneralLedgerPageModel {
  readonly heading: Locator;
  readonly filters: Locator;
  readonly grid: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '总账' });
    this.filters = page.getByRole('form', { name: '总账查询条件' });
    this.grid = page.locator('.ufc-grid');
  }

  async goto(): Promise<void> {
    await this.page.goto(GENERAL_LEDGER_PATH);
    await expect(this.heading).toBeVisible();
  }

  async query(begin: number, end: number, code = ''): Promise<void> {
    await this.filters.getByLabel('开始月份').selectOption(String(begin));
    await this.filters.getByLabel('结束月份').selectOption(String(end));
    await this.filters.getByLabel('科目编码').fill(code);
    await this.filters.getByRole('button', { name: '查询' }).click();
  }

  /** The row of subject and month (in the pinned part, where code and period are). */
  row(code: string, month: number): Locator {
    const period = `-${String(month).padStart(2, '0')}$`;
    return this.grid
      .locator('.ag-row:not(.ag-row-pinned)')
      .filter({ has: this.page.locator('[col-id="code"]', { hasText: new RegExp(`^${code}$`) }) })
      .filter({ has: this.page.locator('[col-id="period"]', { hasText: new RegExp(period) }) });
  }

  async cell(code: string, month: number, field: string): Promise<string> {
    const index = await this.row(code, month).first().getAttribute('row-index');
    return (await this.grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${index}"] [col-id="${field}"]`).textContent()) ?? '';
  }
}
