/**
 * Voucher calls (base /account, spec doc 1 sections 3 and 7; shapes in src/shared/api/vouchers.ts).
 * Every call works on the session's ledger set (ids of another set are not found there, 4015, and
 * naming another set is refused by the guard, 4005). Reads need a page that shows vouchers, writes
 * the buttons of rights.ts (declared per route, auth/route-rights.ts), and name their vouchers by
 * id and the revision the user saw (voucher-target.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  BatchResponse,
  EmptyVoucherResponse,
  NextNumberResponse,
  ReloadBreakResponse,
  SaveVoucherRequest,
} from '../../shared/api/vouchers.js';
import { okEnvelope } from '../../shared/envelope.js';
import { INT_COLUMN_MAX } from '../../shared/vouchers/rules.js';
import type { Db } from '../db/database.js';
import { authOf, ztOf } from '../auth/guard.js';
import { refuse } from '../http/app-error.js';
import { readAudit } from './audit.js';
import { defaultCertificateType, listCertificateTypes } from './certificate-types.js';
import { peekNextNumber } from './numbering.js';
import { isPeriodClosed } from './periods.js';
import { listVouchers, neighbour, preparers, readListQuery, subjectBalance } from './queries.js';
import { findVoucherByNumber, findVoucherRow, refuseMissingVoucher, toVouchers } from './repository.js';
import { VoucherRights, requireAnyButton, type VoucherButton } from './rights.js';
import { Page, Readers } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { isTwoTable, saveVoucher, type VoucherScope } from './save-service.js';
import { batchChange, reloadBreak, type BatchAction } from './state-service.js';
import { isModification, readTargets } from './voucher-target.js';
import { listSummaries, saveSummaries } from './summaries.js';

type Query = Record<string, string | undefined>;

function scopeOf(request: FastifyRequest): VoucherScope {
  const zt = ztOf(request);
  const { user } = authOf(request);
  return { ztId: zt.id, system: zt.accountingSystem, actor: { id: user.id, name: user.name } };
}

function intParam(value: unknown, name: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n) || Math.abs(n) > INT_COLUMN_MAX) refuse('BadRequest', `缺少参数${name}或不是整数`);
  return n;
}

function optionalInt(value: unknown, name: string): number | undefined {
  return value === undefined || value === null || value === '' ? undefined : intParam(value, name);
}

function monthParam(value: unknown): number {
  const month = intParam(value, 'month');
  if (month < 1 || month > 12) refuse('BadRequest', '参数month必须在1到12之间');
  return month;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Default date of a new voucher: today when today is in the period, else the period's last day. */
export function defaultVoucherDate(year: number, month: number, today = new Date()): string {
  if (today.getFullYear() === year && today.getMonth() + 1 === month) return `${year}-${pad(month)}-${pad(today.getDate())}`;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(last)}`;
}

export function voucherRoutes(app: FastifyInstance, db: Db): void {
  // What each call needs (auth/route-rights.ts): a read a page that shows vouchers, a write its buttons.
  const needs = {
    list: onLedger(Right.pages(Page.voucherList)),
    editor: onLedger(Right.pages(Page.voucherAdd)),
    voucher: onLedger(Right.pages(...Readers.voucher)),
    save: onLedger(Right.buttons(VoucherRights.save)),
    delete: onLedger(Right.buttons(VoucherRights.delete)),
    renumber: onLedger(Right.buttons(VoucherRights.renumber)),
    summaries: onLedger(Right.buttons(VoucherRights.summaries)),
  };
  const q = db.kysely;

  app.get<{ Querystring: Query }>('/api/certificate', needs.list, async (request) => {
    const raw = { ...request.query, year: request.query.year || String(ztOf(request).year) };
    return okEnvelope(await listVouchers(q, ztOf(request).id, readListQuery(raw)));
  });

  app.post<{ Body: Partial<SaveVoucherRequest> }>('/api/certificate', needs.save, async (request, reply) => {
    const body = request.body ?? {};
    const modifying = isModification(body);
    await requireAnyButton(db, request, modifying ? VoucherRights.modify : VoucherRights.create);
    const saved = await saveVoucher(db, scopeOf(request), body);
    // Server time from request received to the saved voucher (guard, checks, transaction), for bench/voucher-save.ts.
    void reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
    return okEnvelope(saved, '保存成功');
  });

  app.delete<{ Querystring: Query }>('/api/certificate', needs.delete, async (request) => {
    const year = intParam(request.query.year ?? ztOf(request).year, 'year');
    const done = await batchChange(db, scopeOf(request), readTargets(request.query.details, year), 'delete');
    return okEnvelope<BatchResponse>(done, '删除成功');
  });

  app.get<{ Querystring: Query }>('/api/certificate/detail', needs.voucher, async (request) => {
    const ztId = ztOf(request).id;
    const { id } = request.query;
    const row = id
      ? await findVoucherRow(q, ztId, id)
      : await findVoucherByNumber(q, ztId, {
          year: intParam(request.query.year ?? ztOf(request).year, 'year'),
          month: monthParam(request.query.month),
          certificateType: intParam(request.query.certificateType, 'certificateType'),
          pzNo: intParam(request.query.pzNo, 'pzNo'),
        });
    if (!row) return id ? refuseMissingVoucher(q, ztId, id) : refuse('NotFound', '凭证不存在或已被删除');
    return okEnvelope((await toVouchers(q, ztId, [row]))[0] ?? null);
  });

  app.get<{ Querystring: Query }>('/api/certificate/neighbour', needs.editor, async (request) => {
    const direction = request.query.direction;
    if (direction !== 'prev' && direction !== 'next') refuse('BadRequest', '参数direction必须是prev或next');
    const year = intParam(request.query.year ?? ztOf(request).year, 'year');
    return okEnvelope(await neighbour(q, ztOf(request).id, year, request.query.id || undefined, direction));
  });

  app.get<{ Querystring: Query }>('/api/certificate/emptyCertificate', needs.editor, async (request) => {
    const session = ztOf(request);
    const year = intParam(request.query.year ?? session.year, 'year');
    const month = request.query.month
      ? monthParam(request.query.month)
      : new Date().getFullYear() === year
        ? new Date().getMonth() + 1
        : 1;
    const types = await listCertificateTypes(q, session.id);
    const wanted = optionalInt(request.query.certificateType, 'certificateType');
    const type = types.find((t) => t.value === wanted) ?? defaultCertificateType(types);
    const certificateType = type?.value ?? 0;
    const data: EmptyVoucherResponse = {
      year,
      month,
      pzNo: await peekNextNumber(q, { ztId: session.id, year, month, certificateType }),
      pzDate: defaultVoucherDate(year, month),
      certificateType,
      certificateTypeList: types,
      preparedBy: authOf(request).user.name,
      twoTable: isTwoTable(session.accountingSystem),
      closed: await isPeriodClosed(q, session.id, year, month),
    };
    return okEnvelope(data);
  });

  const batch = (
    path: string,
    flagName: 'isReview' | 'isBook' | 'isSign',
    on: BatchAction,
    off: BatchAction,
    rights: readonly VoucherButton[],
  ) => {
    app.post<{ Body: Record<string, unknown> }>(path, onLedger(Right.buttons(rights)), async (request) => {
      const body = request.body ?? {};
      const flag = body[flagName];
      if (typeof flag !== 'boolean') refuse('BadRequest', `缺少参数${flagName}`);
      const year = intParam(body.year ?? ztOf(request).year, 'year');
      const done = await batchChange(db, scopeOf(request), readTargets(body.details, year), flag ? on : off);
      return okEnvelope<BatchResponse>(done, '操作成功');
    });
  };
  batch('/api/certificate/review', 'isReview', 'review', 'unreview', VoucherRights.review);
  batch('/api/certificate/book', 'isBook', 'book', 'unbook', VoucherRights.book);
  batch('/api/certificate/VoucherCashierSignature', 'isSign', 'sign', 'unsign', VoucherRights.sign);

  app.post<{ Body: Record<string, unknown> }>('/api/certificate/reloadBreak', needs.renumber, async (request) => {
    const body = request.body ?? {};
    const renumbered = await reloadBreak(db, scopeOf(request), {
      year: intParam(body.year ?? ztOf(request).year, 'year'),
      month: monthParam(body.month),
      certificateType: optionalInt(body.certificateType, 'certificateType'),
    });
    return okEnvelope<ReloadBreakResponse>({ renumbered }, '整理断号成功');
  });

  app.get<{ Querystring: Query }>('/api/certificate/getCertificateManNo', needs.editor, async (request) => {
    const ztId = ztOf(request).id;
    const pzNo = await peekNextNumber(q, {
      ztId,
      year: intParam(request.query.year ?? ztOf(request).year, 'year'),
      month: monthParam(request.query.month),
      certificateType: intParam(request.query.certificateType, 'certificateType'),
    });
    return okEnvelope<NextNumberResponse>({ pzNo });
  });

  app.get<{ Querystring: Query }>('/api/certificate/subjectBalance', needs.editor, async (request) => {
    const code = request.query.code?.trim() ?? '';
    if (!/^\w+$/.test(code)) refuse('BadRequest', '缺少参数code');
    const year = intParam(request.query.year ?? ztOf(request).year, 'year');
    return okEnvelope(await subjectBalance(q, ztOf(request).id, year, monthParam(request.query.month ?? '12'), code));
  });

  app.get<{ Querystring: Query }>('/api/certificate/audit', needs.voucher, async (request) => {
    const id = request.query.id ?? '';
    if (!id) refuse('BadRequest', '缺少参数id');
    const ztId = ztOf(request).id;
    const trail = await readAudit(q, ztId, id);
    // A deleted voucher keeps its trail; an id never seen in this set is not found.
    if (trail.length === 0 && !(await findVoucherRow(q, ztId, id))) await refuseMissingVoucher(q, ztId, id);
    return okEnvelope(trail);
  });

  app.get('/api/certificateType', needs.voucher, async (request) => okEnvelope(await listCertificateTypes(q, ztOf(request).id)));

  app.get<{ Querystring: Query }>('/api/summary', needs.editor, async (request) =>
    okEnvelope(await listSummaries(q, ztOf(request).id, request.query.keyword)),
  );

  app.post<{ Body: Record<string, unknown> }>('/api/summary', needs.summaries, async (request) => {
    return okEnvelope(await saveSummaries(db, ztOf(request).id, (request.body ?? {}).contents), '保存成功');
  });

  app.get('/api/pzUser', needs.voucher, async (request) => okEnvelope(await preparers(q, ztOf(request).id)));
}
