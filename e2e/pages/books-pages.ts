import { expect, type Locator, type Page } from '@playwright/test';

export const TRIAL_BALANCE_PATH = '/accounting-management/reports/trial-balance';

/** 科目余额表 and 明细账: filters, the read-only grid and its rows by subject code or summary. */
export class TrialBalancePageModel {
  readonly heading: Locator;
  readonly filters: Locator;
  readonly grid: Locator;
  readonly check: Locator;
  readonly regenerate: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '科目余额表' });
    this.filters = page.getByRole('form', { name: '科目余额表查询条件' });
    this.grid = page.locator('.ufc-grid');
    this.check = page.getByRole('status', { name: '财务会计试算' });
    this.regenerate = page.getByRole('button', { name: '重新生成发生额' });
  }

  async goto(): Promise<void> {
    await this.page.goto(TRIAL_BALANCE_PATH);
    await expect(this.heading).toBeVisible();
  }

  async period(begin: number, end: number): Promise<void> {
    await this.filters.getByLabel('开始月份').selectOption(String(begin));
    await this.filters.getByLabel('结束月份').selectOption(String(end));
    await this.filters.getByRole('button', { name: '查询' }).click();
  }

  row(code: string): Locator {
    return this.grid
      .locator('.ag-row:not(.ag-row-pinned)')
      .filter({ has: this.page.locator('[col-id="code"]', { hasText: new RegExp(`^${code}$`) }) });
  }

  async cell(code: string, field: string): Promise<string> {
    const index = await this.row(code).first().getAttribute('row-index');
    return (await this.grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${index}"] [col-id="${field}"]`).textContent()) ?? '';
  }
}

export class DetailLedgerPageModel {
  readonly heading: Locator;
  readonly subject: Locator;
  readonly grid: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '明细账' });
    this.subject = page.getByTestId('ledger-subject');
    this.grid = page.locator('.ufc-grid');
  }

  summaries(): Locator {
    return this.grid.locator('.ag-row:not(.ag-row-pinned) [col-id="summary"]');
  }

  line(summary: string): Locator {
    return this.grid.locator('.ag-row:not(.ag-row-pinned) [col-id="summary"]', { hasText: summary });
  }

  /** Summaries of the rows set in bold (headings and totals), as the reader sees them. */
  async strongSummaries(): Promise<string[]> {
    const cells = await this.summaries().all();
    const out: string[] = [];
    for (const cell of cells) {
      const weight = await cell.evaluate((el) => getComputedStyle(el).fontWeight);
      if (Number(weight) >= 600) out.push((await cell.textContent()) ?? '');
    }
    return out;
  }

  get filters(): Locator {
    return this.page.getByRole('form', { name: '明细账查询条件' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/accounting-management/books/detailaccount');
    await expect(this.heading).toBeVisible();
  }

  /** Subject, months and the named switches (checkbox labels), then 查询. */
  async query(code: string, begin: number, end: number, switches: readonly string[] = []): Promise<void> {
    await this.filters.getByLabel('科目编码').fill(code);
    await this.filters.getByLabel('开始月份').selectOption(String(begin));
    await this.filters.getByLabel('结束月份').selectOption(String(end));
    for (const label of switches) await this.filters.getByLabel(label).check();
    await this.filters.getByRole('button', { name: '查询' }).click();
  }

  /** [摘要, 余额] of the grid's rows in order. */
  async summaryAndBalance(): Promise<[string, string][]> {
    const summaries = await this.summaries().allTextContents();
    const balances = await this.grid.locator('.ag-row:not(.ag-row-pinned) [col-id="balance"]').allTextContents();
    return summaries.map((s, i) => [s, balances[i] ?? '']);
  }
}
