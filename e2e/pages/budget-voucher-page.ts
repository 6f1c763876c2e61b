import { expect, type Locator, type Page } from '@playwright/test';
import { VoucherEditorPage } from './voucher-editor-page.js';

/** 凭证录入 with budget projects: the item picker, the remaining budget under a line's items, the message boxes. */
export class BudgetVoucherPage extends VoucherEditorPage {
  readonly picker: Locator;
  readonly indicatorPicker: Locator;

  constructor(page: Page) {
    super(page);
    this.picker = page.getByRole('dialog', { name: '辅助核算' });
    this.indicatorPicker = page.getByRole('dialog', { name: '选择预算指标' });
  }

  /** The note under a line's subject: its balance, then the remaining budget (预算余额 …). */
  budgetNote(row: number): Locator {
    return this.cell(row, 'subjectCode').locator('.ufc-cell-note');
  }

  /** In the open item picker: chooses the project (by its code) in the 项目预算 list. */
  async chooseProject(infoNo: string): Promise<void> {
    await expect(this.picker).toBeVisible();
    const list = this.picker.locator('#auxi-pick-XMYS');
    await expect(list.locator(`option[value="${infoNo}"]`)).toHaveCount(1);
    await list.selectOption(infoNo);
  }

  /** A cell of one table of a two-table voucher (财务会计 or 预算会计). */
  tableCell(label: '财务会计' | '预算会计', row: number, field: string): Locator {
    return this.page
      .getByRole('region', { name: label })
      .locator(`.ufc-grid .ag-row:not(.ag-row-pinned)[row-index="${row}"] [col-id="${field}"]`);
  }

  messageBox(text: string): Locator {
    return this.page.locator('.mb-box', { hasText: text });
  }

  /** A message box's 确定. */
  async dismiss(text: string): Promise<void> {
    await this.messageBox(text).getByRole('button', { name: '确定' }).click();
    await expect(this.messageBox(text)).toHaveCount(0);
  }
}
