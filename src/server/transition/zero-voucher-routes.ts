/**
 * The adjustment vouchers' calls (base /account, as the spec's certificate calls): read one or an empty one
 * (electCertiZero) and the list (certificateListZero) need the worksheet page; add, change (certificateZero, ours)
 * and delete (deleteCertificateZero) its 调账凭证 button (reconciliationvoucher). All are refused for a government set
 * (transitionContext), and the writes once the set is reconciled or before the year-end figures are saved.
 */
import { Paths } from '../../shared/api/paths.js';
import { TransitionVoucherSchemas } from '../../shared/api/schemas/transition-vouchers.js';
import { okEnvelope } from '../../shared/envelope.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import { authOf, ztOf } from '../auth/guard.js';
import { Page } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { transitionContext } from './context.js';
import { deleteZeroVouchers, listZeroVouchers, readZeroVoucher, saveZeroVoucher } from './zero-vouchers.js';

const local = (path: string) => path.replace(/^\/account/, '');
const READ = onLedger(Right.pages(Page.transition));
const WRITE = onLedger(Right.buttons([[Page.transition, 'reconciliationvoucher']]));

export function zeroVoucherRoutes(app: App, db: Db): void {
  app.get(local(Paths.electCertiZero), { schema: TransitionVoucherSchemas.electCertiZero, ...READ }, async (request) => {
    const ctx = await transitionContext(db.kysely, ztOf(request));
    return okEnvelope(await readZeroVoucher(db.kysely, ctx, authOf(request).user.name, request.query.id));
  });

  app.get(
    local(Paths.certificateListZero),
    { schema: TransitionVoucherSchemas.certificateListZero, ...READ },
    async (request) => {
      const ctx = await transitionContext(db.kysely, ztOf(request));
      return okEnvelope(await listZeroVouchers(db.kysely, ctx));
    },
  );

  app.post(local(Paths.certificateZero), { schema: TransitionVoucherSchemas.certificateZero, ...WRITE }, async (request) => {
    const { user } = authOf(request);
    const ctx = await transitionContext(db.kysely, ztOf(request));
    const id = await saveZeroVoucher(db, ctx, user, request.body);
    const voucher = await readZeroVoucher(db.kysely, ctx, user.name, id);
    return okEnvelope(voucher, TransitionMessages.zeroVoucherSaved(voucher.voucherNo));
  });

  app.delete(
    local(Paths.deleteCertificateZero),
    { schema: TransitionVoucherSchemas.deleteCertificateZero, ...WRITE },
    async (request) => {
      const ctx = await transitionContext(db.kysely, ztOf(request));
      const count = await deleteZeroVouchers(db, ctx, request.query.ids.split(','));
      return okEnvelope(null, TransitionMessages.zeroVouchersDeleted(count));
    },
  );
}
