/**
 * Button rights of the voucher calls (menu catalogue): the editor's add / edit / delete, the
 * list's review / book / cashierSign. A route declares the buttons it needs (auth/route-rights.ts);
 * the save refines create or modify by its body with requireAnyButton.
 */
import { Page } from '../auth/pages.js';
import type { PageButton } from '../auth/permissions.js';

export { requireAnyButton } from '../auth/permissions.js';

export const VoucherPages = {
  add: Page.voucherAdd,
  list: Page.voucherList,
} as const;

export type VoucherButton = PageButton;

export const VoucherRights = {
  create: [[VoucherPages.add, 'add']],
  modify: [[VoucherPages.add, 'edit']],
  /** A save: a new voucher or a change of one (the body decides which is needed). */
  save: [
    [VoucherPages.add, 'add'],
    [VoucherPages.add, 'edit'],
  ],
  delete: [
    [VoucherPages.add, 'delete'],
    [VoucherPages.list, 'delete'],
  ],
  review: [[VoucherPages.list, 'review']],
  book: [[VoucherPages.list, 'book']],
  sign: [[VoucherPages.list, 'cashierSign']],
  renumber: [
    [VoucherPages.add, 'edit'],
    [VoucherPages.list, 'edit'],
  ],
  summaries: [
    [VoucherPages.add, 'add'],
    [VoucherPages.add, 'edit'],
  ],
  print: [[VoucherPages.list, 'print']],
} as const satisfies Record<string, readonly VoucherButton[]>;
