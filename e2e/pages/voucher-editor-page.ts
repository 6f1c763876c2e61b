import { expect, type Locator, type Page } from '@playwright/test';
import { VOUCHER_ADD_PATH } from '../../src/shared/financial-state.js';

/** 凭证录入: header, the lines grid with its conventions, signatures, toolbar and seal. */
export class VoucherEditorPage {
  readonly title: Locator;
  readonly grid: Locator;
  readonly number: Locator;
  readonly seal: Locator;
  readonly status: Locator;
  readonly saveButton: Locator;
  readonly reviewButton: Locator;
  readonly discardDraftButton: Locator;
  readonly subjectList: Locator;
  readonly date: Locator;
  readonly category: Locator;
  readonly documents: Locator;
  readonly period: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByRole('heading', { name: '记账凭证' });
    this.grid = page.locator('.voucher-paper .ufc-grid');
    this.number = page.getByTestId('voucher-number');
    this.seal = page.getByRole('img', { name: '已审核' });
    this.status = page.locator('.voucher-status');
    this.saveButton = page.getByRole('toolbar', { name: '凭证操作' }).getByRole('button', { name: '保存', exact: true });
    this.reviewButton = page.getByRole('button', { name: '审核', exact: true });
    this.discardDraftButton = page.getByRole('button', { name: '放弃草稿' });
    this.subjectList = page.getByRole('listbox', { name: '科目候选' });
    const head = page.locator('.voucher-head');
    this.date = head.getByLabel('日期');
    this.category = head.getByLabel('凭证字');
    this.documents = head.getByLabel('附单据');
    this.period = head.getByLabel('会计期间');
  }

  async goto(): Promise<void> {
    await this.page.goto(VOUCHER_ADD_PATH);
    await this.expectLoaded();
  }

  async expectLoaded(): Promise<void> {
    await expect(this.title).toBeVisible();
    await expect(this.rows()).toHaveCount(6, { timeout: 15_000 });
  }

  rows(): Locator {
    return this.grid.locator('.ag-row:not(.ag-row-pinned)');
  }

  /** Row `index` (0-based, display order) — AG Grid orders DOM rows by row-index attribute. */
  row(index: number): Locator {
    return this.grid.locator(`.ag-row:not(.ag-row-pinned)[row-index="${index}"]`);
  }

  cell(index: number, field: string): Locator {
    return this.row(index).locator(`[col-id="${field}"]`);
  }

  totalRow(): Locator {
    return this.grid.locator('.ag-row-pinned');
  }

  async voucherNumber(): Promise<number> {
    return Number(await this.number.inputValue());
  }

  /** The month of the voucher's period (会计期间). */
  async month(): Promise<number> {
    return Number(await this.page.getByLabel('会计期间').inputValue());
  }

  /** The focused cell: row index and column. */
  async focused(): Promise<{ row: number | null; field: string | null }> {
    return this.page.evaluate(() => {
      const cell = document.activeElement?.closest('.ag-cell');
      const row = cell?.closest('.ag-row');
      const index = row?.getAttribute('row-index');
      return { row: index === null || index === undefined ? null : Number(index), field: cell?.getAttribute('col-id') ?? null };
    });
  }

  async expectFocus(row: number, field: string): Promise<void> {
    await expect.poll(() => this.focused()).toEqual({ row, field });
  }

  /**
   * A new voucher starts on the date: Enter through the header (日期, 凭证字, 附单据) into the first
   * line's summary, keeping what the header proposes.
   */
  async startLines(): Promise<void> {
    await expect(this.date).toBeFocused();
    for (const field of [this.date, this.category, this.documents]) {
      await expect(field).toBeFocused();
      await this.page.keyboard.press('Enter');
    }
    await this.expectFocus(0, 'summary');
  }

  /** F2 and the text (Chinese text goes in as one input, as an IME commits it), Enter to commit. */
  async typeText(text: string): Promise<void> {
    await this.page.keyboard.press('F2');
    await this.page.keyboard.press('Control+a');
    await this.page.keyboard.insertText(text);
    await this.page.keyboard.press('Enter');
  }

  /** In a subject cell: the initials, wait for the live list to offer `label` highlighted, Enter. */
  async chooseSubject(initials: string, label: string): Promise<void> {
    await this.page.keyboard.type(initials);
    await expect(this.subjectList.getByRole('option', { selected: true })).toHaveText(label);
    await this.page.keyboard.press('Enter');
  }

  async contextMenu(row: number, field: string): Promise<Locator> {
    await this.cell(row, field).click({ button: 'right' });
    const menu = this.page.getByRole('menu', { name: '表格操作' });
    await expect(menu).toBeVisible();
    return menu;
  }

  async runMenu(row: number, field: string, item: string): Promise<void> {
    const menu = await this.contextMenu(row, field);
    await menu.getByRole('menuitem', { name: new RegExp(`^${item}`) }).click();
  }

  alert(text: string | RegExp): Locator {
    return this.page.getByRole('dialog').filter({ hasText: text });
  }
}
