import { expect, type Locator, type Page } from '@playwright/test';

export const SUBJECT_PATH = '/accounting-management/initialization/subject';

/**
 * 会计科目: the chart as a tree grid (the one grid editor: AG Grid rows keyed by code), the
 * filter, the buttons and the add/edit dialog.
 */
export class SubjectPage {
  readonly root: Locator;
  readonly table: Locator;
  readonly filter: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: '会计科目' });
    this.table = this.root.getByRole('group', { name: '科目列表' });
    this.filter = this.root.getByPlaceholder('科目编码、名称或拼音首字母');
  }

  async expectLoaded(): Promise<void> {
    await expect(this.table).toBeVisible();
    await expect(this.row('101')).toBeVisible();
  }

  /** A subject's grid row (the row element that holds its cells). */
  row(code: string): Locator {
    return this.table.locator(`.ag-row[row-id="${code}"]`).filter({ has: this.page.locator('[col-id="code"]') });
  }

  /** A cell by subject code and field id (codeName, balanceDirection, enable...). */
  cell(code: string, field: string): Locator {
    return this.row(code).locator(`.ag-cell[col-id="${field}"]`);
  }

  /** The parent's expand/collapse toggle (aria-expanded tells its state). */
  toggle(code: string): Locator {
    return this.cell(code, 'codeName').getByRole('button', { name: /展开|收起/ });
  }

  /** The row of the focused cell: the page's selected row. */
  selected(): Locator {
    return this.table.locator('.ag-row-focus').filter({ has: this.page.locator('[col-id="code"]') });
  }

  /** The focused cell itself. */
  focusedCell(): Locator {
    return this.table.locator('.ag-cell-focus');
  }

  /** The open cell editor. */
  cellEditor(): Locator {
    return this.table.locator('.ag-cell-inline-editing input');
  }

  /** Codes of the rows shown, in order. */
  async codes(): Promise<string[]> {
    const rows = await this.table
      .locator('.ag-row[row-id]')
      .filter({ has: this.page.locator('[col-id="code"]') })
      .evaluateAll((els) => els.map((r) => [Number(r.getAttribute('row-index')), r.getAttribute('row-id') ?? ''] as const));
    return rows.sort((a, b) => a[0] - b[0]).map((r) => r[1]);
  }

  button(name: '新增' | '修改' | '停用' | '启用' | '删除'): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  /** Types into the filter as a bookkeeper does. */
  async search(keyword: string): Promise<void> {
    await this.filter.fill('');
    await this.filter.pressSequentially(keyword);
  }

  dialog(title: '新增科目' | '修改科目' = '新增科目'): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  codeInput(): Locator {
    return this.page.locator('#subject-code');
  }

  nameInput(): Locator {
    return this.page.locator('#subject-name');
  }

  codeError(): Locator {
    return this.page.locator('#subject-code-error');
  }

  nameError(): Locator {
    return this.page.locator('#subject-name-error');
  }

  /** Confirms the open confirm box. */
  async confirm(): Promise<void> {
    const box = this.page.getByRole('dialog').filter({ hasText: '确定要' });
    await box.getByRole('button', { name: '确定' }).click();
    await expect(box).toHaveCount(0);
  }
}

/** The subject picker dialog. */
export class SubjectPickerDialog {
  readonly root: Locator;
  readonly filter: Locator;
  readonly table: Locator;

  constructor(
    readonly page: Page,
    title = '选择科目',
  ) {
    this.root = page.getByRole('dialog', { name: title });
    this.filter = this.root.getByPlaceholder('科目编码、名称或拼音首字母');
    this.table = this.root.getByRole('treegrid', { name: '可选科目' });
  }

  row(code: string): Locator {
    return this.table.locator(`tr[id="subject-row-${code}"]`);
  }

  /** 新增科目: a child of the focused subject (the 'added' right of the subject page). */
  addButton(): Locator {
    return this.root.getByRole('button', { name: '新增科目' });
  }

  problem(): Locator {
    return this.root.getByRole('alert');
  }
}
