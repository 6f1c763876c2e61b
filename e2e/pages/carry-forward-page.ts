import { expect, type Locator, type Page } from '@playwright/test';

export const CARRY_FORWARD_PATH = '/accounting-management/voucher-management/carryForward';

/** 结转模板: the month / year tabs, the template table, the edit dialog, the generate buttons. */
export class CarryForwardPage {
  readonly root: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: '结转模板', exact: true });
    this.dialog = page.getByRole('dialog', { name: /^(新增|修改)结转模板$/ });
  }

  tab(name: '月末结转模板' | '年末结转模板'): Locator {
    return this.root.getByRole('tab', { name });
  }

  table(): Locator {
    return this.root.getByRole('table').first();
  }

  row(name: string): Locator {
    return this.table()
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  button(name: '新增' | '修改' | '删除' | '编辑排序' | '保存排序' | '生成期末结转凭证' | '生成年结凭证'): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  field(label: '模板名称' | '摘要' | '说明' | '转出金额'): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  cell(row: number, what: '转出科目' | '金额类型' | '转入科目'): Locator {
    return this.dialog.getByLabel(`第${row}行${what}`, { exact: true });
  }

  /** Types a carry-in code and commits it with Enter. */
  async setInto(row: number, code: string): Promise<void> {
    const input = this.cell(row, '转入科目');
    await input.fill(code);
    await input.press('Enter');
  }

  /** The message box showing `text`. */
  box(text: string | RegExp): Locator {
    return this.page.locator('.mb-box', { hasText: text });
  }

  async answer(text: string | RegExp, button: '确定' | '取消'): Promise<void> {
    const box = this.box(text);
    await expect(box).toBeVisible();
    await box.getByRole('button', { name: button, exact: true }).click();
    await expect(box).toHaveCount(0);
  }
}
