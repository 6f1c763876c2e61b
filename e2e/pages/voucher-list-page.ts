import { expect, type Locator, type Page } from '@playwright/test';

export const VOUCHER_LIST_PATH = '/accounting-management/voucher-management/voucherList';

/** 凭证管理: filters, batch buttons, the list grid and the preview dialog. */
export class VoucherListPage {
  readonly heading: Locator;
  readonly filters: Locator;
  readonly grid: Locator;
  readonly selection: Locator;
  readonly preview: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '凭证管理' });
    this.filters = page.getByRole('form', { name: '凭证查询条件' });
    this.grid = page.locator('.ufc-grid');
    this.selection = page.getByTestId('voucher-selection');
    this.preview = page.getByRole('dialog', { name: /预览凭证|查看凭证/ });
  }

  async goto(): Promise<void> {
    await this.page.goto(VOUCHER_LIST_PATH);
    await expect(this.heading).toBeVisible();
  }

  /** Types the summary filter and presses Enter (the form submits). */
  async searchSummary(text: string): Promise<void> {
    const input = this.filters.getByLabel('摘要包含');
    await input.fill(text);
    await input.press('Enter');
  }

  rows(): Locator {
    return this.grid.locator('.ag-row:not(.ag-row-pinned) [col-id="summary"]');
  }

  /** The row (any part of it) whose voucher number cell reads `no`. */
  row(no: string): Locator {
    const index = this.grid
      .locator('.ag-row:not(.ag-row-pinned)')
      .filter({ has: this.page.locator('[col-id="voucherNo"]', { hasText: no }) });
    return index;
  }

  async rowIndex(no: string): Promise<string> {
    const index = await this.row(no).getAttribute('row-index');
    if (index === null) throw new Error(`no row ${no}`);
    return index;
  }

  async status(no: string): Promise<string> {
    const index = await this.rowIndex(no);
    return (await this.grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${index}"] [col-id="status"]`).textContent()) ?? '';
  }

  async tick(no: string): Promise<void> {
    const index = await this.rowIndex(no);
    await this.grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${index}"] .ag-selection-checkbox input`).first().check();
  }

  button(name: string): Locator {
    return this.page.getByRole('toolbar', { name: '凭证操作' }).getByRole('button', { name, exact: true });
  }
}
