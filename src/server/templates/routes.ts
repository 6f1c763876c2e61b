/**
 * Voucher template calls (base /account; shapes in src/shared/api/templates.ts). Reading needs the
 * voucher editor or the carry-forward page; writing needs the voucher editor's add or edit button (templates serve entry).
 * Carry-forward templates (template 4) share the calls; generating their vouchers needs the
 * editor's add button, as any new voucher does.
 */
import type { FastifyRequest } from 'fastify';
import { TemplateSchemas } from '../../shared/api/schemas/templates.js';
import { CARRY_FORWARD_TEMPLATE, TEMPLATE_PAGE_SIZE } from '../../shared/templates/template-rules.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { authOf, ztOf } from '../auth/guard.js';
import { VoucherRights } from '../vouchers/rights.js';
import { Readers } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { generateCarryForward } from './carry-forward-generate.js';
import { listCarry } from './carry-forward-service.js';
import { readSortOrder } from './sort-order.js';
import {
  listTemplates,
  removeTemplate,
  saveTemplate,
  selectTemplates,
  templateDetail,
  sortTemplates,
  type TemplateScope,
} from './template-service.js';

const PATHS = {
  template: '/api/template',
  detail: '/api/template/detail',
  select: '/api/template/select',
  sort: '/api/template/updateTemplateSort',
  monthEnd: '/api/certificate/generateVoucherEndPeriod',
  yearEnd: '/api/certificate/generateYearEndVoucher',
} as const;

function scopeOf(request: FastifyRequest): TemplateScope {
  const zt = ztOf(request);
  return { ztId: zt.id, year: zt.year, system: zt.accountingSystem, userId: authOf(request).user.id };
}

const READ = onLedger(Right.pages(...Readers.template));
const WRITE = onLedger(Right.buttons(VoucherRights.create, VoucherRights.modify));
const GENERATE = onLedger(Right.buttons(VoucherRights.create));

export function templateRoutes(app: App, db: Db): void {
  app.get(PATHS.template, { schema: TemplateSchemas.list, ...READ }, async (request) => {
    const query = request.query;
    if (query.template === CARRY_FORWARD_TEMPLATE) return okEnvelope(await listCarry(db, scopeOf(request), query));
    return okEnvelope(await listTemplates(db, scopeOf(request), query));
  });

  app.get(PATHS.select, { schema: TemplateSchemas.select, ...READ }, async (request) => {
    const { template, isMonth } = request.query;
    if (template === CARRY_FORWARD_TEMPLATE) {
      const page = await listCarry(db, scopeOf(request), { isMonth, pageSize: TEMPLATE_PAGE_SIZE });
      return okEnvelope(page.currentPageItems);
    }
    return okEnvelope(await selectTemplates(db, scopeOf(request), template));
  });

  app.get(PATHS.detail, { schema: TemplateSchemas.detail, ...READ }, async (request) =>
    okEnvelope(await templateDetail(db, scopeOf(request), request.query.id)),
  );

  app.post(PATHS.template, { schema: TemplateSchemas.save, ...WRITE }, async (request) => {
    const { template, message } = await saveTemplate(db, scopeOf(request), request.body);
    return okEnvelope(template, message);
  });

  app.delete(PATHS.template, { schema: TemplateSchemas.delete, ...WRITE }, async (request) => {
    await removeTemplate(db, scopeOf(request), request.query.id);
    return okEnvelope(null, '删除成功');
  });

  app.post(PATHS.sort, { schema: TemplateSchemas.sort, ...WRITE }, async (request) => {
    await sortTemplates(db, scopeOf(request), readSortOrder(request.body));
    return okEnvelope(null, '保存成功');
  });

  const generate = async (request: FastifyRequest, year: number, month: number | null) => {
    const zt = ztOf(request);
    const { user } = authOf(request);
    const scope = { ztId: zt.id, system: zt.accountingSystem, actor: { id: user.id, name: user.name } };
    const { result, message } = await generateCarryForward(db, scope, year, month);
    return okEnvelope(result, message);
  };
  app.get(PATHS.monthEnd, { schema: TemplateSchemas.monthEnd, ...GENERATE }, (request) =>
    generate(request, request.query.year, request.query.month),
  );
  app.get(PATHS.yearEnd, { schema: TemplateSchemas.yearEnd, ...GENERATE }, (request) =>
    generate(request, request.query.year, null),
  );
}
