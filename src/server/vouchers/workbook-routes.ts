/**
 * GET /account/api/certificate/exportVoucherSheets?ids=a,b: the session's vouchers, in the order
 * named, as one workbook with a 记账凭证 sheet each (voucher-workbook.ts). Needs the voucher list's
 * export button (the editor's 导出 and the list's 导出所选凭证 call it); another ledger set's voucher
 * is refused (4005), an unknown one 4015.
 */
import { VOUCHER_WORKBOOK_MAX, VoucherWorkbookSchemas } from '../../shared/api/schemas/voucher-workbook.js';
import type { Voucher } from '../../shared/api/vouchers.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { workbookFileName } from '../../../grids/workbook/heading.js';
import { ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { exportHeadingOf } from '../export/export-heading.js';
import { sendWorkbook } from '../files/download.js';
import { namedVouchers } from './named-vouchers.js';
import { buildVoucherWorkbook, VOUCHER_SHEET_TITLE, vouchersPeriodText } from './voucher-workbook.js';

/** 记账凭证_示范市第一机械厂工会_2026年03月_记0012.xlsx for one voucher, else the months they span. */
export function voucherWorkbookFileName(vouchers: readonly Voucher[], ledgerSet: string): string {
  const only = vouchers.length === 1 ? vouchers[0] : undefined;
  const period = vouchersPeriodText(vouchers);
  const number = only ? `_${only.entry}${String(only.pzNo).padStart(4, '0')}` : '';
  return workbookFileName(VOUCHER_SHEET_TITLE, ledgerSet, `${period}${number}`);
}

export function voucherWorkbookRoutes(app: App, db: Db): void {
  app.get(
    '/api/certificate/exportVoucherSheets',
    { schema: VoucherWorkbookSchemas.sheets, ...onLedger(Right.buttons([[Page.voucherList, 'export']])) },
    async (request, reply) => {
      const zt = ztOf(request);
      const vouchers = await namedVouchers(db, zt.id, request.query.ids, VOUCHER_WORKBOOK_MAX, '导出');
      const types = await db.kysely.selectFrom('auxi_type').select(['type_no', 'type_name']).where('zt_id', '=', zt.id).execute();
      const typeNames = new Map(types.map((t) => [t.type_no, t.type_name]));
      const heading = exportHeadingOf(request, VOUCHER_SHEET_TITLE, vouchersPeriodText(vouchers));
      const workbook = buildVoucherWorkbook(vouchers, heading, (typeNo) => typeNames.get(typeNo) ?? '');
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      return sendWorkbook(reply, voucherWorkbookFileName(vouchers, heading.ledgerSet), buffer);
    },
  );
}
