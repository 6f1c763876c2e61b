import { describe, expect, it } from 'vitest';
import { Page } from '../auth/pages.js';
import { LEVEL_CATALOGUE, MENU_CATALOGUE, USER_CENTER_PAGES, type LevelSeed } from './menu-catalogue.js';

const pages = new Map(MENU_CATALOGUE.flatMap((top) => top.children ?? []).map((page) => [page.href, page]));

const level = (code: string): LevelSeed => LEVEL_CATALOGUE.find((l) => l.code === code) ?? expect.fail(`no level ${code}`);

describe('the seeded roles and the menu catalogue', () => {
  it('a role is granted only pages of the catalogue, and there only buttons the page knows', () => {
    const unknown: string[] = [];
    for (const { code, grants } of LEVEL_CATALOGUE) {
      for (const [href, buttons] of Object.entries(grants)) {
        const page = pages.get(href);
        if (!page || page.adminOnly) unknown.push(`${code}: ${href}`);
        for (const button of buttons) if (!page?.buttons?.includes(button)) unknown.push(`${code}: ${href} ${button}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('every button a role is granted is one the administrator holds (every button its pages know)', () => {
    expect(pages.get(Page.voucherList)?.buttons).toContain('cashierSign');
    expect(pages.get(Page.trialBalance)?.buttons).toContain('regenerate');
  });

  it('the accountant keeps the books: every page and button but the cashier signature, the budget approval and administration', () => {
    const { grants } = level('accountant');
    for (const [href, page] of pages) {
      if (page.adminOnly || href.startsWith('/user-center')) expect(grants[href]).toBeUndefined();
      else expect(grants[href]).toEqual((page.buttons ?? []).filter((b) => b !== 'cashierSign' && b !== 'approve'));
    }
    // Who keys the budget plan does not approve it.
    expect(grants['/budget-management/fangan-shenpi']).toEqual([]);
  });

  it('the reviewer reviews and books, reads the editor, the books and the reports, closes and approves the budget plan, without rebuilding balances', () => {
    const { grants } = level('reviewer');
    expect(grants[Page.voucherList]).toEqual(['review', 'book', 'print', 'export']);
    expect(grants[Page.voucherAdd]).toEqual([]);
    for (const href of [Page.detailAccount, Page.generalLedger, Page.trialBalance, Page.balanceSheet, Page.incomeExpense])
      expect(grants[href]).toEqual(['print', 'export']);
    expect(grants[Page.close]).toEqual(['close']);
    expect(grants['/budget-management/fangan-shenpi']).toEqual(['approve']);
    expect(grants['/budget-management/budget-execution']).toEqual(['export']);
    expect(Object.keys(grants).sort()).toEqual(
      [
        Page.voucherList,
        Page.voucherAdd,
        Page.detailAccount,
        Page.generalLedger,
        Page.trialBalance,
        Page.balanceSheet,
        Page.incomeExpense,
        // The asset reports (issue 23 §4) are reports like the others.
        Page.assetsDebt,
        Page.lowerAssetWarning,
        Page.analysis,
        Page.close,
        '/budget-management/fangan-shenpi',
        '/budget-management/budget-execution',
      ].sort(),
    );
  });

  it('the cashier signs on the voucher list and reads the books, nothing else', () => {
    expect(level('cashier').grants).toEqual({
      [Page.voucherList]: ['cashierSign', 'print'],
      [Page.detailAccount]: ['print', 'export'],
      [Page.generalLedger]: ['print', 'export'],
    });
  });
});

describe('the administrator role', () => {
  it('is granted every user-center page that is not kept for the super administrator, with every button, and nothing else', () => {
    const { grants } = level('administrator');
    const expected = Object.fromEntries(USER_CENTER_PAGES.filter((p) => !p.adminOnly).map((p) => [p.href, p.buttons ?? []]));
    expect(grants).toEqual(expected);
    expect(Object.keys(grants)).toContain('/user-center/zt-management');
    expect(Object.keys(grants)).not.toContain('/user-center/menu-management');
    expect(Object.keys(grants)).not.toContain(Page.backup);
  });

  it('no other seeded role is granted a user-center page', () => {
    for (const { code, grants } of LEVEL_CATALOGUE)
      if (code !== 'administrator') expect(Object.keys(grants).filter((h) => h.startsWith('/user-center'))).toEqual([]);
  });
});
