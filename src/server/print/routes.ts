/**
 * GET /account/api/certificate/print?ids=a,b&paper=a4|voucher&moneyLines=true|false: the session's
 * vouchers, in the order named, as one PDF (amounts in 金额线 digit columns when asked) (inline, for the browser's preview). Needs the voucher list's print
 * button (accountant, reviewer and cashier hold it); another ledger set's voucher is refused
 * (4005), an unknown one 4015.
 */
import { PrintSchemas } from '../../shared/api/schemas/files.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { ztOf } from '../auth/guard.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { namedVouchers } from '../vouchers/named-vouchers.js';
import { VoucherRights } from '../vouchers/rights.js';
import { sendFile } from '../files/download.js';
import { printVouchersOf } from './from-voucher.js';
import { renderVouchersPdf } from './voucher-pdf.js';

/** Most vouchers one print call renders (a month of a busy set; more in several calls). */
export const PRINT_MAX_VOUCHERS = 500;

export function printRoutes(app: App, db: Db): void {
  app.get(
    '/api/certificate/print',
    { schema: PrintSchemas.vouchers, ...onLedger(Right.buttons(VoucherRights.print)) },
    async (request, reply) => {
      const zt = ztOf(request);
      const { paper = 'a4', moneyLines = false } = request.query;
      const ordered = await namedVouchers(db, zt.id, request.query.ids, PRINT_MAX_VOUCHERS, '打印');
      const pdf = await renderVouchersPdf(
        ordered.flatMap((v) => printVouchersOf(v, zt.name)),
        paper,
        { moneyLines },
      );
      const first = ordered[0]!;
      const name =
        ordered.length === 1
          ? `记账凭证_${first.year}-${String(first.month).padStart(2, '0')}_${first.entry}${first.pzNo}.pdf`
          : `记账凭证_${ordered.length}张.pdf`;
      return sendFile(reply, 'application/pdf', name, pdf, 'inline');
    },
  );
}
