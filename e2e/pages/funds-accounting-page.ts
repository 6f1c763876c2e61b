import { expect, type Page } from '@playwright/test';

export const FUNDS_ACCOUNTING_PATH = '/funds-management/funds-accounting';

/** The ratios of a funding organisation as typed in its dialog (percentages). */
export interface OrgRatios {
  bjRata: string;
  bjsjRate: string;
  hbRate: string;
  jianhui: string;
  small: string;
  lc: string;
  fee: string;
  /** What 上级比例合计 shows once they are typed. */
  sum: string;
}

/** 上下级经费核算, driven with the keyboard. */
export class FundsAccountingPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto(FUNDS_ACCOUNTING_PATH);
    await expect(this.page.getByRole('table')).toBeVisible();
  }

  /** Types into the dialog's field by its label (the field focused first, as Tab would). */
  async type(label: string, text: string): Promise<void> {
    const field = this.page.getByRole('dialog').getByLabel(label, { exact: true });
    await field.focus();
    await this.page.keyboard.press('ControlOrMeta+A');
    if (text === '') await this.page.keyboard.press('Backspace');
    else await this.page.keyboard.type(text);
  }

  /** Opens 新增经费单位 (县级以上) and picks a lower set of the tree, type 1 (上解): the default ratio fills in. */
  async startOrg(lower: { code: string; name: string }): Promise<void> {
    await this.page.getByRole('button', { name: '新增', exact: true }).focus();
    await this.page.keyboard.press('Enter');
    const dialog = this.page.getByRole('dialog', { name: '新增经费单位' });
    await expect(dialog).toBeVisible();
    const depart = dialog.getByLabel('下级账套');
    await depart.focus();
    await depart.selectOption({ label: `${lower.code} ${lower.name}` });
    await expect(dialog.getByLabel('单位编码')).toHaveValue(lower.code);
    await expect(dialog.getByLabel('单位名称')).toHaveValue(lower.name);
    await dialog.getByLabel('单位类型').focus();
    await this.page.keyboard.press('ArrowDown');
    // Type 1 (上解) starts at its default upper-remittance ratio, 20.
    await expect(dialog.getByLabel('本级比例')).toHaveValue('20');
    await expect(dialog.getByLabel('上级比例合计')).toHaveValue('20');
  }

  /** Types the five shares (checking their sum), the retention and the fee; Enter saves. */
  async typeOrgRatios(r: OrgRatios): Promise<void> {
    await this.type('本级比例', r.bjRata);
    await this.type('上解上级比例', r.bjsjRate);
    await this.type('回拨比例', r.hbRate);
    await this.type('建会筹备金', r.jianhui);
    await this.type('小微企业返还', r.small);
    await expect(this.page.getByRole('dialog').getByLabel('上级比例合计')).toHaveValue(r.sum);
    await this.type('留成比例', r.lc);
    await this.type('代收手续费', r.fee);
  }

  /** Enter in the dialog: saved, it closes, and the organisation's row shows its ratios. */
  async saveOrg(name: string, r: OrgRatios): Promise<void> {
    await this.page.keyboard.press('Enter');
    await expect(this.page.getByRole('dialog', { name: '新增经费单位' })).toHaveCount(0);
    const row = this.page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(`${r.sum}%`);
    await expect(row).toContainText(`${r.bjRata}%`);
  }
}
