import { expect, type Locator, type Page } from '@playwright/test';

/** 数据备份 (/user-center/backup): the set's backups, 备份, and per row 下载, 校验, 恢复, 删除. */
export class BackupPageModel {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly takeButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '数据备份' });
    this.table = page.getByRole('table', { name: '备份列表' });
    this.rows = this.table.locator('tbody tr').filter({ has: page.getByRole('button', { name: '恢复' }) });
    this.takeButton = page.getByRole('button', { name: '备份', exact: true });
  }

  /** From the user center's menu, as an administrator gets there. */
  async open(): Promise<void> {
    await this.page.goto('/user-center');
    await this.page
      .getByRole('navigation', { name: '用户中心菜单' })
      .getByRole('link', { name: '数据备份', exact: true })
      .click();
    await expect(this.page).toHaveURL(/\/user-center\/backup$/);
    await expect(this.heading).toBeVisible();
  }

  row(index: number): Locator {
    return this.rows.nth(index);
  }

  cell(row: Locator, column: number): Locator {
    return row.locator('td').nth(column);
  }

  /** The dialog (message box) showing `text`. */
  dialog(text: string | RegExp): Locator {
    return this.page.getByRole('dialog').filter({ hasText: text });
  }

  async expectIdle(): Promise<void> {
    await expect(this.page.getByRole('status').filter({ hasText: /正在/ })).toHaveCount(0);
  }
}
