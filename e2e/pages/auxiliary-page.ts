import { expect, type Locator, type Page } from '@playwright/test';

export const AUXILIARY_PATH = '/accounting-management/initialization/auxiliary';

/** 辅助核算: types, the item tree of the chosen type, its dialog, and the subject links. */
export class AuxiliaryPage {
  readonly root: Locator;
  readonly types: Locator;
  readonly items: Locator;
  readonly newTypeName: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('region', { name: '辅助核算', exact: true });
    this.types = this.root.getByRole('listbox', { name: '辅助核算类型' });
    this.items = this.root.getByRole('treegrid', { name: '辅助项' });
    this.newTypeName = this.root.getByLabel('新类型名称');
  }

  async expectLoaded(): Promise<void> {
    await expect(this.types.getByRole('option', { name: /资金来源/ })).toBeVisible();
  }

  type(name: string): Locator {
    return this.types.getByRole('option', { name: new RegExp(name) });
  }

  item(infoNo: string): Locator {
    return this.items.locator(`tr[id="auxi-item-${infoNo}"]`);
  }

  button(name: '新增' | '新增下级' | '修改' | '停用' | '启用' | '新增类型'): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: /辅助项$/ });
  }

  async fillItem(code: string | null, name: string): Promise<void> {
    const dialog = this.dialog();
    if (code !== null) await dialog.getByLabel('编码').fill(code);
    await dialog.getByLabel('名称').fill(name);
  }
}

/** The auxiliary picker: one select per type of the subject, and a plus beside each that adds an item. */
export class AuxiliaryPickerDialog {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: '辅助核算', exact: true });
  }

  select(typeName: string): Locator {
    return this.root.getByLabel(typeName, { exact: true });
  }

  /** The plus of a type (its description is the type's name). */
  addButton(typeName: string): Locator {
    return this.root
      .locator('.auxi-pick-row')
      .filter({ has: this.page.getByText(typeName, { exact: true }) })
      .getByRole('button', { name: '新增辅助项' });
  }

  itemDialog(): Locator {
    return this.page.getByRole('dialog', { name: '新增辅助项' });
  }

  problem(): Locator {
    return this.root.getByRole('alert');
  }
}
