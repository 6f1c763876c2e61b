/**
 * Voucher template calls (base /account; shapes in src/shared/api/templates.ts). Reading needs the
 * voucher editor or the carry-forward page; writing needs the voucher editor's add or edit button (templates serve entry).
 * Carry-forward templates (template 4) share the calls; generating their vouchers needs the
 * editor's add button, as any new voucher does.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SaveCarryForwardRequest, SaveTemplateRequest, TemplateListQuery } from '../../shared/api/templates.js';
import { CARRY_FORWARD_TEMPLATE, TEMPLATE_PAGE_SIZE } from '../../shared/templates/template-rules.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import { authOf, ztOf } from '../auth/guard.js';
import { refuse } from '../http/app-error.js';
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
  sortTemplates,
  templateDetail,
  type TemplateScope,
} from './template-service.js';

type Query = Record<string, string | undefined>;

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

function optionalInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d+$/.test(value)) refuse('BadRequest', `参数${name}必须是整数`);
  return Number(value);
}

function optionalBool(value: string | undefined): boolean | undefined {
  return value === undefined || value === '' ? undefined : value === 'true';
}

function requiredInt(value: string | undefined, name: string, min: number, max: number): number {
  const n = optionalInt(value, name);
  if (n === undefined || n < min || n > max) refuse('BadRequest', `参数${name}必须是${min}到${max}之间的整数`);
  return n;
}

const READ = onLedger(Right.pages(...Readers.template));
const WRITE = onLedger(Right.buttons(VoucherRights.create, VoucherRights.modify));

export function templateRoutes(app: FastifyInstance, db: Db): void {
  app.get(PATHS.template, READ, async (request) => {
    const q = request.query as Query;
    const query: TemplateListQuery = {
      pageIndex: optionalInt(q.pageIndex, 'pageIndex'),
      pageSize: optionalInt(q.pageSize, 'pageSize'),
      template: optionalInt(q.template, 'template'),
      name: q.name,
      isBuiltIn: optionalBool(q.isBuiltIn),
      isMonth: optionalBool(q.isMonth),
    };
    if (query.template === CARRY_FORWARD_TEMPLATE) return okEnvelope(await listCarry(db, scopeOf(request), query));
    return okEnvelope(await listTemplates(db, scopeOf(request), query));
  });

  app.get(PATHS.select, READ, async (request) => {
    const q = request.query as Query;
    const template = optionalInt(q.template, 'template');
    if (template === CARRY_FORWARD_TEMPLATE) {
      const page = await listCarry(db, scopeOf(request), { isMonth: optionalBool(q.isMonth), pageSize: TEMPLATE_PAGE_SIZE });
      return okEnvelope(page.currentPageItems);
    }
    return okEnvelope(await selectTemplates(db, scopeOf(request), template));
  });

  app.get(PATHS.detail, READ, async (request) => {
    const id = (request.query as Query).id;
    if (!id) refuse('BadRequest', '缺少参数id');
    return okEnvelope(await templateDetail(db, scopeOf(request), id));
  });

  app.post(PATHS.template, WRITE, async (request) => {
    const body = (request.body ?? {}) as SaveTemplateRequest | SaveCarryForwardRequest;
    const { template, message } = await saveTemplate(db, scopeOf(request), body);
    return okEnvelope(template, message);
  });

  app.delete(PATHS.template, WRITE, async (request) => {
    const id = (request.query as Query).id;
    if (!id) refuse('BadRequest', '缺少参数id');
    await removeTemplate(db, scopeOf(request), id);
    return okEnvelope(null, '删除成功');
  });

  app.post(PATHS.sort, WRITE, async (request) => {
    const order = readSortOrder(request.body);
    await sortTemplates(db, scopeOf(request), order);
    return okEnvelope(null, '保存成功');
  });

  const generate = (month: boolean) => async (request: FastifyRequest) => {
    const q = request.query as Query;
    const year = requiredInt(q.year, 'year', 1000, 9999);
    const period = month ? requiredInt(q.month, 'month', 1, 12) : null;
    const zt = ztOf(request);
    const { user } = authOf(request);
    const scope = { ztId: zt.id, system: zt.accountingSystem, actor: { id: user.id, name: user.name } };
    const { result, message } = await generateCarryForward(db, scope, year, period);
    return okEnvelope(result, message);
  };
  app.get(PATHS.monthEnd, onLedger(Right.buttons(VoucherRights.create)), generate(true));
  app.get(PATHS.yearEnd, onLedger(Right.buttons(VoucherRights.create)), generate(false));
}
