import { expect, type Locator, type Page } from '@playwright/test';

/** 账套注册 (/user-center/register-ztList): 下载模板, 导入, 覆盖导入, 导出, the bad rows, the templates. */
export class ZtRegisterPageModel {
  readonly heading: Locator;
  readonly refusal: Locator;
  readonly issues: Locator;
  readonly done: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: '账套注册' });
    this.refusal = page.getByRole('alert').filter({ hasText: '未导入任何账套' });
    this.issues = page.getByRole('region', { name: '导入错误' });
    this.done = page.locator('.zt-register-done');
  }

  /** From the user center's menu, as an administrator gets there. */
  async open(): Promise<void> {
    await this.page.goto('/user-center');
    await this.page
      .getByRole('navigation', { name: '用户中心菜单' })
      .getByRole('link', { name: '账套注册', exact: true })
      .click();
    await expect(this.page).toHaveURL(/\/user-center\/register-ztList$/);
    await expect(this.heading).toBeVisible();
  }

  button(name: string): Locator {
    return this.page.getByRole('toolbar', { name: '账套注册' }).getByRole('button', { name, exact: true });
  }

  /** 导入 (or 覆盖导入) and the file in the chooser it opens. */
  async upload(button: '导入' | '覆盖导入', file: string): Promise<void> {
    const [chooser] = await Promise.all([this.page.waitForEvent('filechooser'), this.button(button).click()]);
    await chooser.setFiles(file);
  }
}
