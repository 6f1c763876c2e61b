import { expect, type Locator, type Page } from '@playwright/test';

export const BUDGET_EXECUTION_PATH = '/budget-management/budget-execution';
export const BUDGET_WARNINGS_PATH = '/budget-management/zhichu-yujing';

/** 预算执行表 and 支出预警: the head, the filters, the read-only grid by row name, and the drill panel. */
export class BudgetReportPage {
  readonly heading: Locator;
  readonly filters: Locator;
  readonly grid: Locator;
  readonly drill: Locator;
  readonly planState: Locator;

  constructor(
    readonly page: Page,
    readonly title: '预算执行表' | '支出预警',
  ) {
    this.heading = page.getByRole('heading', { name: title, exact: true });
    this.filters = page.getByRole('form', { name: `${title}查询条件` });
    this.grid = page.locator('.ufc-grid');
    this.drill = page.getByRole('region', { name: '执行明细' });
    this.planState = page.getByLabel('方案状态');
  }

  async goto(): Promise<void> {
    await this.page.goto(this.title === '预算执行表' ? BUDGET_EXECUTION_PATH : BUDGET_WARNINGS_PATH);
    await expect(this.heading).toBeVisible();
  }

  /** The data row (the half of it that shows 名称) whose name reads `name` (indentation ignored). */
  row(name: string): Locator {
    return this.grid
      .locator('.ag-row:not(.ag-row-pinned)')
      .filter({ has: this.page.getByRole('gridcell', { name, exact: true }) });
  }

  /** A cell of the row named `name`: the row-index joins the pinned and scrolling halves. */
  async cell(name: string, field: string): Promise<Locator> {
    const index = await this.row(name).first().getAttribute('row-index');
    return this.grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${index ?? ''}"] [col-id="${field}"]`).first();
  }

  async expectFigures(name: string, figures: Readonly<Record<string, string>>): Promise<void> {
    for (const [field, text] of Object.entries(figures))
      await expect(await this.cell(name, field), `${name} ${field}`).toHaveText(text);
  }

  async filterBy(label: '支出分类' | '类别', option: string): Promise<void> {
    await this.filters.getByLabel(label, { exact: true }).selectOption({ label: option });
    await this.filters.getByRole('button', { name: '查询' }).click();
  }

  /** Opens a detail's voucher lines (a double-click on its row). */
  async openDrill(name: string): Promise<void> {
    await (await this.cell(name, 'name')).dblclick();
    await expect(this.drill).toBeVisible();
  }
}
