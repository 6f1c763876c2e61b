/**
 * Voucher calls (base /account, spec doc 1 sections 3 and 7; shapes in src/shared/api/vouchers.ts).
 * Every call works on the session's ledger set (ids of another set are not found there, 4015, and
 * naming another set is refused by the guard, 4005). Reads need a page that shows vouchers, writes
 * the buttons of rights.ts (declared per route, auth/route-rights.ts), and name their vouchers by
 * id and the revision the user saw (voucher-target.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { BatchResponse, EmptyVoucherResponse, VoucherRef } from '../../shared/api/vouchers.js';
import { VoucherSchemas } from '../../shared/api/schemas/vouchers.js';
import { okEnvelope } from '../../shared/envelope.js';
import type { Db } from '../db/database.js';
import type { App } from '../http/app-type.js';
import { authOf, ztOf } from '../auth/guard.js';
import { refuse } from '../http/app-error.js';
import { readAudit } from './audit.js';
import { detailsFromText, detailsList } from './batch-details.js';
import { defaultCertificateType, listCertificateTypes } from './certificate-types.js';
import { peekNextNumber } from './numbering.js';
import { isPeriodClosed, workingMonthOf } from './periods.js';
import { exportVoucherList } from './list-export.js';
import { listFilterOf, listVouchers, neighbour, preparers, subjectBalance } from './queries.js';
import { findVoucherByNumber, findVoucherRow, refuseMissingVoucher, toVouchers } from './repository.js';
import { VoucherRights, requireAnyButton, type VoucherButton } from './rights.js';
import { Page, Readers } from '../auth/pages.js';
import { onLedger, Right } from '../auth/route-rights.js';
import { isTwoTable, saveVoucher, type VoucherScope } from './save-service.js';
import { batchChange, reloadBreak, type BatchAction, type BatchResult } from './state-service.js';
import { isModification, readTargets } from './voucher-target.js';
import { listSummaries, saveSummaries } from './summaries.js';

function scopeOf(request: FastifyRequest): VoucherScope {
  const zt = ztOf(request);
  const { user } = authOf(request);
  return { ztId: zt.id, system: zt.accountingSystem, actor: { id: user.id, name: user.name } };
}

/** A batch's answer: its counts and skips as data, the sentence (审核 12 张，跳过 3 张：…) as the message. */
function batchAnswer({ message, ...data }: BatchResult) {
  return okEnvelope<BatchResponse>(data, message);
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

export function voucherRoutes(app: App, db: Db): void {
  // What each call needs (auth/route-rights.ts): a read a page that shows vouchers, a write its buttons.
  const needs = {
    list: onLedger(Right.pages(Page.voucherList)),
    exportList: onLedger(Right.buttons([[Page.voucherList, 'export']])),
    editor: onLedger(Right.pages(Page.voucherAdd)),
    voucher: onLedger(Right.pages(...Readers.voucher)),
    save: onLedger(Right.buttons(VoucherRights.save)),
    delete: onLedger(Right.buttons(VoucherRights.delete)),
    renumber: onLedger(Right.buttons(VoucherRights.renumber)),
    summaries: onLedger(Right.buttons(VoucherRights.summaries)),
  };
  const q = db.kysely;
  const sessionYear = (request: FastifyRequest) => ztOf(request).year;

  app.get('/api/certificate', { schema: VoucherSchemas.list, ...needs.list }, async (request) =>
    okEnvelope(await listVouchers(q, ztOf(request).id, listFilterOf(request.query, sessionYear(request)))),
  );

  // Every voucher the list's filters select as .xlsx, streamed (however many pages the screen has).
  app.get('/api/certificate/exportList', { schema: VoucherSchemas.exportList, ...needs.exportList }, async (request, reply) =>
    exportVoucherList(q, ztOf(request).id, listFilterOf(request.query, sessionYear(request)), request, reply),
  );

  app.post('/api/certificate', { schema: VoucherSchemas.save, ...needs.save }, async (request, reply) => {
    const body = request.body;
    const modifying = isModification(body);
    await requireAnyButton(db, request, modifying ? VoucherRights.modify : VoucherRights.create);
    const saved = await saveVoucher(db, scopeOf(request), body);
    // Server time from request received to the saved voucher (guard, checks, transaction), for bench/voucher-save.ts.
    void reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
    return okEnvelope(saved, '保存成功');
  });

  app.delete(
    '/api/certificate',
    { schema: VoucherSchemas.delete, preValidation: detailsFromText('query'), ...needs.delete },
    async (request) => {
      const { year = sessionYear(request), details } = request.query;
      return batchAnswer(await batchChange(db, scopeOf(request), readTargets(detailsList(details), year), 'delete'));
    },
  );

  app.get('/api/certificate/detail', { schema: VoucherSchemas.detail, ...needs.voucher }, async (request) => {
    const ztId = ztOf(request).id;
    const { id, year = sessionYear(request), month, certificateType, pzNo } = request.query;
    if (id === undefined && (month === undefined || certificateType === undefined || pzNo === undefined)) {
      refuse('BadRequest', '缺少参数id（或month、certificateType和pzNo）');
    }
    const row = id
      ? await findVoucherRow(q, ztId, id)
      : await findVoucherByNumber(q, ztId, { year, month: month ?? 0, certificateType: certificateType ?? 0, pzNo: pzNo ?? 0 });
    if (!row) return id ? refuseMissingVoucher(q, ztId, id) : refuse('NotFound', '凭证不存在或已被删除');
    const [voucher] = await toVouchers(q, ztId, [row]);
    return okEnvelope(voucher ?? refuse('NotFound', '凭证不存在或已被删除'));
  });

  app.get('/api/certificate/neighbour', { schema: VoucherSchemas.neighbour, ...needs.editor }, async (request) => {
    const { id, year = sessionYear(request), direction } = request.query;
    return okEnvelope(await neighbour(q, ztOf(request).id, year, id, direction));
  });

  app.get('/api/certificate/emptyCertificate', { schema: VoucherSchemas.emptyCertificate, ...needs.editor }, async (request) => {
    const session = ztOf(request);
    const { year = session.year, certificateType: wanted } = request.query;
    const month = request.query.month ?? (await workingMonthOf(q, session.id, year));
    const types = await listCertificateTypes(q, session.id);
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

  const batchRoute = { preValidation: detailsFromText('body') };
  const batch = async (request: FastifyRequest, body: { year?: number; details: VoucherRef[] | string }, action: BatchAction) => {
    const targets = readTargets(detailsList(body.details), body.year ?? sessionYear(request));
    return batchAnswer(await batchChange(db, scopeOf(request), targets, action));
  };
  const buttons = (rights: readonly VoucherButton[]) => onLedger(Right.buttons(rights));
  app.post(
    '/api/certificate/review',
    { schema: VoucherSchemas.review, ...batchRoute, ...buttons(VoucherRights.review) },
    (request) => batch(request, request.body, request.body.isReview ? 'review' : 'unreview'),
  );
  app.post('/api/certificate/book', { schema: VoucherSchemas.book, ...batchRoute, ...buttons(VoucherRights.book) }, (request) =>
    batch(request, request.body, request.body.isBook ? 'book' : 'unbook'),
  );
  app.post(
    '/api/certificate/VoucherCashierSignature',
    { schema: VoucherSchemas.cashierSign, ...batchRoute, ...buttons(VoucherRights.sign) },
    (request) => batch(request, request.body, request.body.isSign ? 'sign' : 'unsign'),
  );

  app.post('/api/certificate/reloadBreak', { schema: VoucherSchemas.reloadBreak, ...needs.renumber }, async (request) => {
    const { year = sessionYear(request), month, certificateType } = request.body;
    const renumbered = await reloadBreak(db, scopeOf(request), { year, month, certificateType });
    return okEnvelope({ renumbered }, '整理断号成功');
  });

  app.get('/api/certificate/getCertificateManNo', { schema: VoucherSchemas.nextNumber, ...needs.editor }, async (request) => {
    const { year = sessionYear(request), month, certificateType } = request.query;
    return okEnvelope({ pzNo: await peekNextNumber(q, { ztId: ztOf(request).id, year, month, certificateType }) });
  });

  app.get('/api/certificate/subjectBalance', { schema: VoucherSchemas.subjectBalance, ...needs.editor }, async (request) => {
    const { code, year = sessionYear(request), month = 12 } = request.query;
    return okEnvelope(await subjectBalance(q, ztOf(request).id, year, month, code));
  });

  app.get('/api/certificate/audit', { schema: VoucherSchemas.audit, ...needs.voucher }, async (request) => {
    const { id } = request.query;
    const ztId = ztOf(request).id;
    const trail = await readAudit(q, ztId, id);
    // A deleted voucher keeps its trail; an id never seen in this set is not found.
    if (trail.length === 0 && !(await findVoucherRow(q, ztId, id))) await refuseMissingVoucher(q, ztId, id);
    return okEnvelope(trail);
  });

  app.get('/api/certificateType', { schema: VoucherSchemas.certificateTypes, ...needs.voucher }, async (request) =>
    okEnvelope(await listCertificateTypes(q, ztOf(request).id)),
  );

  app.get('/api/summary', { schema: VoucherSchemas.summaries, ...needs.editor }, async (request) =>
    okEnvelope(await listSummaries(q, ztOf(request).id, request.query.keyword)),
  );

  app.post('/api/summary', { schema: VoucherSchemas.saveSummaries, ...needs.summaries }, async (request) =>
    okEnvelope(await saveSummaries(db, ztOf(request).id, request.body.contents), '保存成功'),
  );

  app.get('/api/pzUser', { schema: VoucherSchemas.preparers, ...needs.voucher }, async (request) =>
    okEnvelope(await preparers(q, ztOf(request).id)),
  );
}
