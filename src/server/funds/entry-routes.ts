/**
 * Funds-entry calls (经费录入, base /account; shapes in src/shared/api/schemas/funds-entry.ts): the
 * receipts of a period with the units and ratios, their save, and the union-fund vouchers. Every
 * call works on the session's ledger set. Reading needs the page; saving its add or edit button
 * (receipts.ts refines which); generating its add button and the voucher editor's add button, as
 * saving a new voucher does.
 */
import type { FastifyRequest } from 'fastify';
import { FundsEntrySchemas } from '../../shared/api/schemas/funds-entry.js';
import { Paths } from '../../shared/api/paths.js';
import { okEnvelope } from '../../shared/envelope.js';
import { authOf, ztOf } from '../auth/guard.js';
import { requireAnyButton } from '../auth/permissions.js';
import { onLedger, Right } from '../auth/route-rights.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { VoucherRights } from '../vouchers/rights.js';
import type { VoucherScope } from '../vouchers/save-service.js';
import { generateFundsVouchers } from './generate-vouchers.js';
import { FundsEntryRights, readFundsEntry, saveReceipts } from './receipts.js';

/** The path as registered under the /account prefix. */
const local = (path: string) => path.replace(/^\/account/, '');

function scopeOf(request: FastifyRequest): VoucherScope {
  const zt = ztOf(request);
  const { user } = authOf(request);
  return { ztId: zt.id, system: zt.accountingSystem, actor: { id: user.id, name: user.name } };
}

export function fundsEntryRoutes(app: App, db: Db): void {
  const q = db.kysely;
  app.get(
    local(Paths.fundsReceipts),
    { schema: FundsEntrySchemas.receipts, ...onLedger(Right.pages(...FundsEntryRights.read)) },
    async (request) => okEnvelope(await readFundsEntry(q, ztOf(request).id, request.query.year, request.query.month)),
  );

  app.post(
    local(Paths.fundsReceiptsSave),
    { schema: FundsEntrySchemas.save, ...onLedger(Right.buttons(FundsEntryRights.save)) },
    async (request) => {
      const ztId = ztOf(request).id;
      const { year, month } = request.body;
      await saveReceipts(db, request, { ztId, userId: authOf(request).user.id }, request.body);
      return okEnvelope(await readFundsEntry(q, ztId, year, month), '保存成功');
    },
  );

  app.post(
    local(Paths.fundsVoucherGenerate),
    { schema: FundsEntrySchemas.generate, ...onLedger(Right.buttons(FundsEntryRights.generate)) },
    async (request) => {
      await requireAnyButton(db, request, VoucherRights.create);
      const vouchers = await generateFundsVouchers(db, scopeOf(request), request.body);
      return okEnvelope({ vouchers }, `已生成凭证${vouchers.length}张`);
    },
  );
}
