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
import { authOf, ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { contentDisposition } from '../files/content-disposition.js';
import { namedVouchers } from './named-vouchers.js';
import { buildVoucherWorkbook, voucherNumberText, voucherPeriodText } from './voucher-workbook.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 记账凭证_示范市第一机械厂工会_2026年03月_记0012.xlsx, or the months the vouchers span. */
export function voucherWorkbookFileName(vouchers: readonly Voucher[], ledgerSet: string): string {
  const first = vouchers[0];
  const safe = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '');
  if (!first) return `记账凭证_${safe(ledgerSet)}.xlsx`;
  if (vouchers.length === 1) {
    return `记账凭证_${safe(ledgerSet)}_${voucherPeriodText(first)}_${safe(voucherNumberText(first).replace(/字第|号/g, ''))}.xlsx`;
  }
  const sorted = [...vouchers].sort((a, b) => a.year - b.year || a.month - b.month);
  const from = sorted[0] ?? first;
  const to = sorted[sorted.length - 1] ?? first;
  const period =
    from.year === to.year && from.month === to.month
      ? voucherPeriodText(from)
      : from.year === to.year
        ? `${from.year}年${String(from.month).padStart(2, '0')}-${String(to.month).padStart(2, '0')}月`
        : `${voucherPeriodText(from)}-${voucherPeriodText(to)}`;
  return `记账凭证_${safe(ledgerSet)}_${period}_${vouchers.length}张.xlsx`;
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
      const workbook = buildVoucherWorkbook(
        vouchers,
        { unit: zt.name, ledgerSet: zt.name, exportedBy: authOf(request).user.name, exportedAt: new Date() },
        (typeNo) => typeNames.get(typeNo) ?? '',
      );
      const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
      return reply
        .type(XLSX)
        .header('content-disposition', contentDisposition(voucherWorkbookFileName(vouchers, zt.name)))
        .header('cache-control', 'private, no-store')
        .send(buffer);
    },
  );
}
