import { expect, type Locator, type Page } from '@playwright/test';

/** /selecting: the ledger-set tree, search box, year select and 进入. */
export class SelectingPage {
  readonly tree: Locator;
  readonly search: Locator;
  readonly year: Locator;
  readonly enter: Locator;

  constructor(readonly page: Page) {
    this.tree = page.getByRole('tree', { name: '账套' });
    this.search = page.getByRole('searchbox', { name: '搜索账套' });
    this.year = page.getByRole('combobox', { name: '会计年度' });
    this.enter = page.getByRole('button', { name: '进入' });
  }

  async expectLoaded(): Promise<void> {
    await expect(this.page).toHaveURL(/\/selecting$/);
    await expect(this.page.getByRole('heading', { name: '选择账套' })).toBeVisible();
    await expect(this.tree.getByRole('treeitem').first()).toBeVisible();
  }

  item(name: string): Locator {
    return this.tree.getByRole('treeitem').filter({ hasText: name });
  }

  async names(): Promise<string[]> {
    return this.tree.locator('.zt-name').allTextContents();
  }

  selected(): Locator {
    return this.tree.locator('[role="treeitem"][aria-selected="true"]');
  }

  /** Type into the search box as a user does. */
  async searchFor(text: string): Promise<void> {
    await this.search.click();
    await this.search.clear();
    await this.page.keyboard.type(text);
  }

  /** Search the set, pick the year, and press Enter in the search box. */
  async choose(name: string, year: number): Promise<void> {
    await this.searchFor(name);
    await expect(this.selected()).toContainText(name);
    await this.year.selectOption(String(year));
    await this.search.focus();
    await this.page.keyboard.press('Enter');
    await expect(this.page).toHaveURL(/\/home$/);
  }
}
