import { expect, type Locator, type Page } from '@playwright/test';

export const PROJECT_BUDGET_PATH = '/budget-management/project-budget';
export const EXPENDITURE_CLASSES_PATH = '/budget-management/zhichufenlei-shezhi';

/** 项目预算 and 支出分类设置: the tree of types or classes and categories, the details table, their dialogs. */
export class BudgetSetupPage {
  constructor(readonly page: Page) {}

  async goto(path: string, title: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { name: title })).toBeVisible();
    await expect(this.page.getByRole('tree')).toBeVisible();
  }

  node(label: string): Locator {
    return this.page.getByRole('treeitem', { name: label, exact: true });
  }

  row(name: string): Locator {
    return this.page.getByRole('table', { name: '预算明细' }).getByRole('row').filter({ hasText: name });
  }

  dialog(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** Types into the open dialog's field by its label (focused first, as Tab would). */
  async type(label: string, text: string): Promise<void> {
    const field = this.page.getByRole('dialog').getByLabel(label, { exact: true });
    await field.focus();
    await this.page.keyboard.press('ControlOrMeta+A');
    if (text === '') await this.page.keyboard.press('Backspace');
    else await this.page.keyboard.type(text);
  }

  /** A node of the tree focused, then Insert: 新增类别 under it, named and saved with Enter. */
  async addCategory(under: string, name: string, code: string): Promise<void> {
    await this.node(under).click();
    await this.node(under).press('Insert');
    const dialog = this.dialog('新增类别');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('类别名称')).toBeFocused();
    await this.page.keyboard.type(name);
    await this.page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(this.node(`${code} ${name}`)).toBeFocused();
  }

  /** Picks an expense subject in the detail dialog by its code. */
  async pickSubject(code: string): Promise<void> {
    await this.page.getByRole('dialog').getByRole('button', { name: '选择科目' }).focus();
    await this.page.keyboard.press('Enter');
    await expect(this.dialog('选择预算科目')).toBeVisible();
    await this.page.keyboard.type(code);
    await this.page.keyboard.press('Enter');
    await expect(this.dialog('选择预算科目')).toHaveCount(0);
  }

  /** Right-click on a row or node, then the menu's action. */
  async menu(target: Locator, action: string): Promise<void> {
    await target.click({ button: 'right' });
    const item = this.page.getByRole('menu', { name: '预算操作' }).getByRole('menuitem', { name: action });
    await expect(item.first()).toBeVisible();
    await item.first().click();
  }
}
