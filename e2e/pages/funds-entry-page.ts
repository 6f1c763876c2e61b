import { expect, type Locator, type Page } from '@playwright/test';

export const FUNDS_ENTRY_PATH = '/funds-management/funds-entry';

/** 经费录入: the period, 保存, the generation mode and 生成凭证, and the grid editor. */
export class FundsEntryPage {
  readonly heading: Locator;
  readonly grid: Locator;
  readonly period: Locator;
  readonly saveButton: Locator;
  readonly generateButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '经费录入' });
    this.grid = page.locator('.ufc-grid');
    this.period = page.getByRole('combobox', { name: '会计期间' });
    this.saveButton = page.getByRole('button', { name: '保存', exact: true });
    this.generateButton = page.getByRole('button', { name: '生成凭证', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto(FUNDS_ENTRY_PATH);
    await expect(this.heading).toBeVisible();
    await expect(this.grid.locator('.ag-row').first()).toBeVisible();
  }

  cell(rowIndex: number, field: string): Locator {
    return this.grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${rowIndex}"] [col-id="${field}"]`);
  }

  /** The totals row's cell under a field. */
  total(field: string): Locator {
    return this.grid.locator(`.ag-row-pinned [col-id="${field}"]`);
  }

  /** The focused cell: its row index and its column. */
  async focused(): Promise<{ row: string | null; field: string | null }> {
    return this.page.evaluate(() => {
      const cell = document.activeElement?.closest('.ag-cell');
      return { row: cell?.closest('.ag-row')?.getAttribute('row-index') ?? null, field: cell?.getAttribute('col-id') ?? null };
    });
  }

  /** Keyboard only: each value typed into the focused cell (null: left as it is), Enter after each. */
  async key(values: readonly (string | null)[]): Promise<void> {
    for (const value of values) {
      if (value !== null) await this.page.keyboard.type(value);
      await this.page.keyboard.press('Enter');
    }
  }

  /** Pastes rows as a spreadsheet copies them (tab-separated, CR LF) into the focused cell. */
  async paste(rows: readonly (readonly string[])[]): Promise<void> {
    const text = rows.map((r) => r.join('\t')).join('\r\n') + '\r\n';
    await this.page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await this.page.keyboard.press('Control+v');
  }

  /** Ctrl+S, then Enter on 保存成功. */
  async saveByKeyboard(): Promise<void> {
    await this.page.keyboard.press('Control+s');
    const saved = this.page.getByRole('dialog').filter({ hasText: '保存成功' });
    await expect(saved).toBeVisible();
    await this.page.keyboard.press('Enter');
    await expect(saved).toHaveCount(0);
  }

  /** Enter on 生成凭证: answers the dialog that says how many vouchers were made. */
  async generate(count: number): Promise<Locator> {
    await this.generateButton.focus();
    await this.page.keyboard.press('Enter');
    const done = this.page.getByRole('dialog').filter({ hasText: `已生成凭证${count}张` });
    await expect(done).toBeVisible();
    return done;
  }
}
