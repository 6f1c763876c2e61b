/**
 * Button rights of the voucher calls (menu catalogue): the editor's add / edit / delete, the
 * list's review / book / cashierSign. A write needs one of the named page buttons.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { authOf } from '../auth/guard.js';
import { holdsAnyButton } from '../auth/permissions.js';
import { refuse } from '../http/app-error.js';

export const VoucherPages = {
  add: '/accounting-management/voucher-management/voucherAdd',
  list: '/accounting-management/voucher-management/voucherList',
} as const;

export type VoucherButton = readonly [page: string, button: string];

export const VoucherRights = {
  create: [[VoucherPages.add, 'add']],
  modify: [[VoucherPages.add, 'edit']],
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
} as const satisfies Record<string, readonly VoucherButton[]>;

/** Refuses (4005) unless the user holds at least one of the buttons in the session's set. */
export async function requireAnyButton(db: Db, request: FastifyRequest, buttons: readonly VoucherButton[]): Promise<void> {
  const { user, zt } = authOf(request);
  if (!(await holdsAnyButton(db, user, zt, buttons))) refuse('Forbidden', '没有该操作的权限');
}
