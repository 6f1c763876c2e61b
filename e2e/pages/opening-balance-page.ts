import { expect, type Locator, type Page } from '@playwright/test';
import { SUBJECT_START_PATH } from '../../src/shared/financial-state.js';

/** 科目期初: tabs per subject type, the live trial check and the grid editor. */
export class OpeningBalancePage {
  readonly heading: Locator;
  readonly state: Locator;
  readonly tabs: Locator;
  readonly grid: Locator;
  readonly editButton: Locator;
  readonly saveButton: Locator;
  readonly exportButton: Locator;
  readonly errors: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '科目期初' });
    this.state = page.getByTestId('opening-state');
    this.tabs = page.getByRole('tablist', { name: '科目类型' });
    this.grid = page.locator('.ufc-grid');
    this.editButton = page.getByRole('button', { name: '编辑', exact: true });
    this.saveButton = page.getByRole('button', { name: '保存', exact: true });
    this.exportButton = page.getByRole('button', { name: '导出Excel', exact: true }).first();
    this.errors = page.getByRole('region', { name: '错误列表' });
  }

  async goto(): Promise<void> {
    await this.page.goto(SUBJECT_START_PATH);
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.row('101')).toBeVisible();
  }

  tab(name: string): Locator {
    return this.tabs.getByRole('tab', { name, exact: true });
  }

  /** The grid row of a subject code (its code cell holds exactly the code; auxiliary rows follow it). */
  row(code: string): Locator {
    return this.rows(code).first();
  }

  /** The subject's row and its auxiliary detail rows. */
  rows(code: string): Locator {
    return this.grid
      .locator('.ag-row:not(.ag-row-pinned)')
      .filter({ has: this.page.locator('[col-id="code"]', { hasText: new RegExp(`^${code}$`) }) });
  }

  cell(code: string, field = 'initAmount'): Locator {
    return this.row(code).locator(`[col-id="${field}"]`);
  }

  /** The focused cell: its row's code and its column. */
  async focused(): Promise<{ code: string | null; field: string | null }> {
    return this.page.evaluate(() => {
      const cell = document.activeElement?.closest('.ag-cell');
      const row = cell?.closest('.ag-row');
      return { code: row?.querySelector('[col-id="code"]')?.textContent ?? null, field: cell?.getAttribute('col-id') ?? null };
    });
  }

  /** Keyboard only: Alt+PageDown / Alt+PageUp until the tab is selected. */
  async switchTab(name: string): Promise<void> {
    for (let i = 0; i < 8 && (await this.tab(name).getAttribute('aria-selected')) !== 'true'; i++) {
      await this.page.keyboard.press('Alt+PageDown');
    }
    await expect(this.tab(name)).toHaveAttribute('aria-selected', 'true');
  }

  /** Keyboard only: Enter moves to the next editable cell; an amount is typed where one is given. */
  async enterAmounts(steps: readonly (string | null)[]): Promise<void> {
    for (const amount of steps) {
      if (amount !== null) await this.page.keyboard.type(amount);
      await this.page.keyboard.press('Enter');
    }
  }

  trial(side: '财务会计' | '预算会计' = '财务会计') {
    return {
      debit: this.page.getByTestId(`${side}-debit`),
      credit: this.page.getByTestId(`${side}-credit`),
      difference: this.page.getByTestId(`${side}-difference`),
      state: this.page.getByTestId(`${side}-state`),
    };
  }

  /** The message of a failing cell (the title of its content). */
  async cellError(code: string, field = 'initAmount'): Promise<string | null> {
    return this.cell(code, field).locator('[title]').getAttribute('title');
  }
}
