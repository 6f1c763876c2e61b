import { expect, type Locator, type Page } from '@playwright/test';

export const TRANSITION_PATH = '/accounting-management/transition/subject-transition';

/** 新旧衔接 › 科目衔接底稿: the {year-1}年末数 and 新旧衔接底稿 tabs, each a grid editor. */
export class TransitionPage {
  readonly heading: Locator;
  readonly state: Locator;
  readonly tabs: Locator;
  readonly grid: Locator;
  readonly trial: Locator;
  readonly checks: Locator;
  readonly problems: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '科目衔接底稿' });
    this.state = page.getByTestId('transition-state');
    this.tabs = page.getByRole('tablist', { name: '科目衔接' });
    this.grid = page.locator('.ufc-grid');
    this.trial = page.getByTestId('figures-trial');
    this.checks = page.getByTestId('worksheet-checks');
    this.problems = page.getByTestId('worksheet-problems');
  }

  async goto(): Promise<void> {
    await this.page.goto(TRANSITION_PATH);
    await expect(this.heading).toBeVisible();
    await expect(this.grid.locator('.ag-row').first()).toBeVisible();
  }

  tab(name: string): Locator {
    return this.tabs.getByRole('tab', { name, exact: true });
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** A cell by its row id (a 2009 code on the figures tab; `p:<part key>` on the worksheet). */
  cell(rowId: string, field: string): Locator {
    return this.grid.locator(`.ag-row[row-id="${rowId}"] [col-id="${field}"]`);
  }

  /** The adjustment lines (the last rows of the worksheet), scrolled into view. */
  async adjustmentRows(): Promise<Locator> {
    await this.grid.first().evaluate((grid) => {
      for (const e of grid.querySelectorAll<HTMLElement>('*'))
        if (e.scrollHeight > e.clientHeight + 4 && /(auto|scroll)/.test(getComputedStyle(e).overflowY))
          e.scrollTop = e.scrollHeight;
    });
    return this.grid.locator('.ag-row[row-id^="a:"]:not(.ag-row-pinned)');
  }

  /** The cell after scrolling its row into the rendered range (the grid renders only the rows in view). */
  async shown(rowId: string, field: string): Promise<Locator> {
    const row = this.grid.locator(`.ag-row[row-id="${rowId}"]`);
    const scroll = (how: 'top' | 'down') =>
      this.grid.first().evaluate((grid, step) => {
        const scroller = [...grid.querySelectorAll<HTMLElement>('*')].find(
          (e) => e.scrollHeight > e.clientHeight + 4 && /(auto|scroll)/.test(getComputedStyle(e).overflowY),
        );
        if (!scroller) return;
        if (step === 'top') scroller.scrollTop = 0;
        else scroller.scrollTop += scroller.clientHeight * 0.7;
      }, how);
    if ((await row.count()) === 0) await scroll('top');
    for (let i = 0; i < 60 && (await row.count()) === 0; i++) {
      await scroll('down');
      await this.page.waitForTimeout(30);
    }
    await row.first().scrollIntoViewIfNeeded();
    return this.cell(rowId, field);
  }

  /** Keyboard only: type an amount where one is given, Enter moves on. */
  async enterAmounts(steps: readonly (string | null)[]): Promise<void> {
    for (const amount of steps) {
      if (amount !== null) await this.page.keyboard.type(amount);
      await this.page.keyboard.press('Enter');
    }
  }

  async focusedRow(): Promise<string | null> {
    return this.page.evaluate(() => document.activeElement?.closest('.ag-row')?.getAttribute('row-id') ?? null);
  }
}
