import { expect, type Locator, type Page } from '@playwright/test';

/** The layout under /home: header, side menu and tab strip. */
export class HomeLayout {
  readonly ledgerSet: Locator;
  readonly year: Locator;
  readonly menu: Locator;
  readonly tabs: Locator;

  constructor(readonly page: Page) {
    this.ledgerSet = page.getByTestId('ledger-set-name');
    this.year = page.getByTestId('ledger-year');
    this.menu = page.getByRole('navigation', { name: '功能菜单' });
    this.tabs = page.getByRole('tablist', { name: '已打开的页面' });
  }

  async expectHome(ledgerSet: string, year: number): Promise<void> {
    await expect(this.page).toHaveURL(/\/home$/);
    await expect(this.ledgerSet).toContainText(ledgerSet);
    await expect(this.year).toContainText(String(year));
    await expect(this.page.getByTestId('home-ledger-set')).toHaveText(ledgerSet);
    await expect(this.page.getByTestId('home-year')).toContainText(String(year));
  }

  async openMenu(title: string): Promise<void> {
    await this.menu.getByRole('link', { name: title, exact: true }).click();
    await expect(this.tab(title)).toHaveAttribute('aria-selected', 'true');
  }

  tab(title: string): Locator {
    return this.tabs.getByRole('tab').filter({ hasText: title });
  }

  async tabTitles(): Promise<string[]> {
    return this.tabs.locator('.tab-title').allTextContents();
  }

  async closeTab(title: string): Promise<void> {
    await this.tabs.getByRole('button', { name: `关闭 ${title}` }).click();
  }

  async tabMenu(title: string, action: '关闭其他' | '关闭全部'): Promise<void> {
    await this.tab(title).click({ button: 'right' });
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  async openChangePassword(): Promise<Locator> {
    await this.page.getByRole('navigation', { name: '用户操作' }).getByRole('button', { name: '修改密码' }).click();
    const dialog = this.page.getByRole('dialog', { name: '修改密码' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  async logout(): Promise<void> {
    await this.page.getByRole('navigation', { name: '用户操作' }).getByRole('button', { name: '退出' }).click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: '确定要退出登录吗？' });
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(this.page).toHaveURL(/\/$/);
  }
}
