import { expect, type Locator, type Page } from '@playwright/test';

/** A grid page of the budget plan (方案填报, 方案审批, 规则设置): its heading, state, buttons and the grid's cells by row text. */
export class BudgetPlanPage {
  readonly heading: Locator;
  readonly grid: Locator;
  readonly state: Locator;
  readonly history: Locator;

  constructor(
    readonly page: Page,
    readonly path: string,
    title: string,
  ) {
    this.heading = page.getByRole('heading', { name: title, level: 1 });
    this.grid = page.locator('.ufc-grid');
    this.state = page.getByLabel('方案状态');
    this.history = page.getByRole('region', { name: '审批记录' });
  }

  async goto(): Promise<void> {
    await this.page.goto(this.path);
    await expect(this.heading).toBeVisible();
    await expect(this.grid.locator('.ag-row').first()).toBeVisible();
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** The row index of the row whose name column says exactly `name`. */
  async rowIndex(name: string, nameField = 'projectName'): Promise<string> {
    const cell = this.grid
      .locator(`.ag-row:not(.ag-row-pinned) [col-id="${nameField}"]`)
      .filter({ has: this.page.getByText(name, { exact: true }) })
      .first();
    const index = await cell.evaluate((el) => el.closest('.ag-row')?.getAttribute('row-index') ?? null);
    if (index === null) throw new Error(`no row ${name}`);
    return index;
  }

  async cell(name: string, field: string, nameField = 'projectName'): Promise<Locator> {
    const index = await this.rowIndex(name, nameField);
    return this.grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${index}"] [col-id="${field}"]`).first();
  }

  total(field: string): Locator {
    return this.grid
      .locator(`.ag-floating-bottom .ag-row-pinned [col-id="${field}"], .ag-row-pinned [col-id="${field}"]`)
      .first();
  }

  /** Pastes lines as a spreadsheet copies one column into the focused cell. */
  async paste(values: readonly string[]): Promise<void> {
    const text = values.join('\r\n') + '\r\n';
    await this.page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await this.page.keyboard.press('Control+v');
  }

  /** Presses 确定 on the dialog that says `text`. */
  async confirm(text: string | RegExp): Promise<void> {
    const dialog = this.page.getByRole('dialog').filter({ hasText: text });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toHaveCount(0);
  }
}

export const PLAN_ENTRY_PATH = '/budget-management/fangan-tianbao';
export const PLAN_APPROVAL_PATH = '/budget-management/fangan-shenpi';
export const RULES_PATH = '/budget-management/guize-shezhi';
export const ADJUST_PATH = '/budget-management/yusuan-zhenggai';
