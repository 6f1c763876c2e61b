/**
 * The adjustment vouchers of the zero period (调账凭证, category 10000): read, list, add or change, delete. They live in
 * transition_voucher(_line), apart from the year's vouchers: no book, balance, budget or close reads them; the
 * worksheet reads their lines as adjustments (worksheet-read.ts) and the finish writes the openings from it.
 *
 * What must stay true:
 * - A line's subject is a last-level subject of the new chart as the worksheet sees it: the set's chart of the
 *   first year, or, for a code the set lacks, the county chart (the finish adds it; worksheet-read.ts).
 * - The shared voucher rules (src/shared/vouchers/rules.ts) decide the lines, with the editor's messages (借贷不平衡…);
 *   the date, period and category are fixed (January 1 of the first year, 0期, 10000), so their checks do not apply.
 * - Numbers run 1..n without gaps per set: a delete closes the gap (the later vouchers move down and their revision
 *   rises, as the normal vouchers' renumbering does). Writes take the state row's lock (PostgreSQL) so two adds
 *   cannot take one number.
 * - Nothing is written by a refused call; every id is the session set's (another set's: 4005).
 * - Files attach to them through the attachment calls (files/voucher-link-db.ts); a deleted voucher's files are
 *   removed by the attachment sweep, as the year's vouchers' are.
 */
import { PostgresAdapter } from 'kysely';
import type { SaveVoucherRequest, VoucherLine } from '../../shared/api/vouchers.js';
import {
  ZERO_VOUCHER_CATEGORY,
  ZERO_VOUCHER_CATEGORY_NAME,
  type SaveZeroVoucherRequest,
  type ZeroVoucher,
  type ZeroVoucherSummary,
} from '../../shared/api/schemas/transition-vouchers.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { auxiKeyOf, parseAuxiKey } from '../../shared/subjects/auxiliary-rules.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { isBlankLine, validateVoucher, type RuleSubject } from '../../shared/vouchers/rules.js';
import type { Db } from '../db/database.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { countOfVoucher } from '../files/repository.js';
import { refuse } from '../http/app-error.js';
import { readDraft } from '../vouchers/draft.js';
import { auxiItemIssues, readsOf } from '../vouchers/save-service.js';
import { assertOpen, type Q, type TransitionContext } from './context.js';
import { newSubjectFacts, readSetSubjects } from './worksheet-read.js';

export const zeroVoucherNo = (pzNo: number): string => `调-${pzNo}`;
export const zeroVoucherDate = (year: number): string => `${year}-01-01`;

/** The header checks that do not apply: the server fixes the date, the period and the category. */
const FIXED_FIELDS = new Set(['pzDate', 'period', 'certificateType']);

/** Refused unless the set may still change its adjustment vouchers (figures saved, not reconciled). */
export function assertVouchersWritable(ctx: TransitionContext): void {
  assertOpen(ctx);
  if (!ctx.figuresSaved) refuse('BusinessRule', TransitionMessages.saveFiguresFirst(ctx.year - 1));
}

/** The new chart the lines are checked against: subject facts and the auxiliary types of the set's details. */
async function ruleSubjects(q: Q, ctx: TransitionContext) {
  const [setSubjects, typeRows] = await Promise.all([
    readSetSubjects(q, ctx.ztId, ctx.year),
    q
      .selectFrom('subject_auxi_type')
      .select(['code', 'type_no'])
      .where('zt_id', '=', ctx.ztId)
      .where('year', '=', ctx.year)
      .execute(),
  ]);
  const types = new Map<string, string[]>();
  for (const r of typeRows) types.set(r.code, [...(types.get(r.code) ?? []), r.type_no]);
  const facts = newSubjectFacts(setSubjects);
  const subject = (code: string): RuleSubject | undefined => {
    const f = facts(code);
    return f && { code, lastLevel: f.lastLevel, enable: true, isGovernment: false, auxiTypeNos: types.get(code) ?? [] };
  };
  return { facts, subject };
}

interface CheckedLine {
  summary: string;
  subjectCode: string;
  debit: number;
  credit: number;
  auxiKey: string;
}

/** The request's lines checked by the shared rules; refuses with 4003 and the list, else the lines in fen. */
async function checkLines(db: Db, ctx: TransitionContext, body: SaveZeroVoucherRequest): Promise<CheckedLine[]> {
  const request: SaveVoucherRequest = {
    year: ctx.year,
    month: 1,
    pzDate: zeroVoucherDate(ctx.year),
    certificateType: ZERO_VOUCHER_CATEGORY,
    numberOfDocument: body.numberOfDocument,
    certiDetails: body.certiDetails,
  };
  const { draft, issues: conversion } = readDraft(request);
  const { subject } = await ruleSubjects(db.kysely, ctx);
  const issues: ValidationIssue[] = [...conversion];
  const filled = draft.lines.filter((l) => !isBlankLine(l));
  if (filled.length === 1) issues.push({ message: TransitionMessages.zeroVoucherTwoLines });
  const failedRows = new Set(conversion.map((i) => String(i.rowId)));
  issues.push(
    ...validateVoucher(draft, { subject, twoTable: false }).filter(
      (i) =>
        !FIXED_FIELDS.has(i.fieldId ?? '') &&
        !(failedRows.has(String(i.rowId)) && (i.fieldId === 'debitAmount' || i.fieldId === 'creditAmount')) &&
        !(conversion.length > 0 && i.rowId === undefined && i.message.includes('不平衡')),
    ),
  );
  if (issues.length === 0) issues.push(...(await auxiItemIssues(readsOf(db, ctx.ztId), draft)).issues);
  if (issues.length > 0) refuse('ValidationFailed', issues[0]?.message, issues);
  return filled.map((l) => ({
    summary: (l.summary ?? '').trim(),
    subjectCode: (l.subjectCode ?? '').trim(),
    debit: l.debitFen ?? 0,
    credit: l.creditFen ?? 0,
    auxiKey: auxiKeyOf(l.auxis.filter((a) => a.infoNo !== '')),
  }));
}

/** Takes the state row's lock (PostgreSQL) and checks again, under it, that the vouchers may change. */
async function lockState(trx: Q, ctx: TransitionContext): Promise<void> {
  let read = trx.selectFrom('transition_state').select(['reconciled', 'figures_saved']).where('zt_id', '=', ctx.ztId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) read = read.forUpdate();
  const state = await read.executeTakeFirst();
  assertVouchersWritable({ ...ctx, reconciled: state?.reconciled === 1, figuresSaved: state?.figures_saved === 1 });
}

/** A voucher id that is not the set's: another set's is 4005, none at all 4015. */
async function refuseMissing(q: Q, ztId: number, id: string): Promise<never> {
  const other = await q
    .selectFrom('transition_voucher')
    .select('zt_id')
    .where('id', '=', id)
    .where('zt_id', '!=', ztId)
    .limit(1)
    .executeTakeFirst();
  if (other) refuse('Forbidden', TransitionMessages.zeroVoucherOtherSet);
  refuse('NotFound', TransitionMessages.zeroVoucherMissing);
}

async function nextNumber(q: Q, ztId: number): Promise<number> {
  const row = await q
    .selectFrom('transition_voucher')
    .select((eb) => eb.fn.max<number>('pz_no').as('n'))
    .where('zt_id', '=', ztId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/** Adds or changes a voucher; answers its id. */
export async function saveZeroVoucher(
  db: Db,
  ctx: TransitionContext,
  user: { id: number; name: string },
  body: SaveZeroVoucherRequest,
): Promise<string> {
  assertVouchersWritable(ctx);
  if (body.id !== undefined && body.revision === undefined) refuse('BadRequest', VoucherMessages.targetMissing);
  const lines = await checkLines(db, ctx, body);
  const debitTotal = lines.reduce((s, l) => s + l.debit, 0);
  const creditTotal = lines.reduce((s, l) => s + l.credit, 0);
  const now = Date.now();
  return db.kysely.transaction().execute(async (trx) => {
    await lockState(trx, ctx);
    let id = body.id;
    if (id === undefined) {
      id = timeOrderedId(now);
      await trx
        .insertInto('transition_voucher')
        .values({
          zt_id: ctx.ztId,
          id,
          pz_no: await nextNumber(trx, ctx.ztId),
          pz_date: zeroVoucherDate(ctx.year),
          certificate_type: ZERO_VOUCHER_CATEGORY,
          number_of_document: body.numberOfDocument,
          prepared_by: user.name.slice(0, 50),
          created_by: user.id,
          debit_total: debitTotal,
          credit_total: creditTotal,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } else {
      // Never fewer attached documents than attached files (as the year's vouchers, files/voucher-link-db.ts).
      const files = await countOfVoucher(trx, ctx.ztId, id);
      const changed = await trx
        .updateTable('transition_voucher')
        .set((eb) => ({
          number_of_document: Math.max(body.numberOfDocument, files),
          debit_total: debitTotal,
          credit_total: creditTotal,
          updated_at: now,
          revision: eb('revision', '+', 1),
        }))
        .where('zt_id', '=', ctx.ztId)
        .where('id', '=', id)
        .where('revision', '=', body.revision ?? 0)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) {
        const exists = await trx
          .selectFrom('transition_voucher')
          .select('id')
          .where('zt_id', '=', ctx.ztId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (exists) refuse('Conflict', VoucherMessages.changedByOthers);
        await refuseMissing(trx, ctx.ztId, id);
      }
      await trx.deleteFrom('transition_voucher_line').where('zt_id', '=', ctx.ztId).where('voucher_id', '=', id).execute();
    }
    const voucherId = id;
    await trx
      .insertInto('transition_voucher_line')
      .values(
        lines.map((l, i) => ({
          zt_id: ctx.ztId,
          voucher_id: voucherId,
          line_no: i + 1,
          summary: l.summary,
          subject_code: l.subjectCode,
          debit_amount: l.debit,
          credit_amount: l.credit,
          auxi_key: l.auxiKey,
        })),
      )
      .execute();
    return voucherId;
  });
}

/**
 * Deletes the vouchers and closes the gaps: the remaining ones are numbered 1..n in their order (through negative
 * numbers first, so the unique index never sees two vouchers on one number). Answers how many were deleted.
 */
export async function deleteZeroVouchers(db: Db, ctx: TransitionContext, ids: readonly string[]): Promise<number> {
  assertVouchersWritable(ctx);
  const wanted = [...new Set(ids)];
  return db.kysely.transaction().execute(async (trx) => {
    await lockState(trx, ctx);
    const found = await trx
      .selectFrom('transition_voucher')
      .select('id')
      .where('zt_id', '=', ctx.ztId)
      .where('id', 'in', wanted)
      .execute();
    const missing = wanted.find((id) => !found.some((f) => f.id === id));
    if (missing !== undefined) await refuseMissing(trx, ctx.ztId, missing);
    await trx.deleteFrom('transition_voucher_line').where('zt_id', '=', ctx.ztId).where('voucher_id', 'in', wanted).execute();
    await trx.deleteFrom('transition_voucher').where('zt_id', '=', ctx.ztId).where('id', 'in', wanted).execute();
    const rest = await trx
      .selectFrom('transition_voucher')
      .select(['id', 'pz_no'])
      .where('zt_id', '=', ctx.ztId)
      .orderBy('pz_no')
      .execute();
    const moved = rest.map((r, i) => ({ id: r.id, from: r.pz_no, to: i + 1 })).filter((r) => r.from !== r.to);
    for (const m of moved)
      await trx
        .updateTable('transition_voucher')
        .set({ pz_no: -m.to })
        .where('zt_id', '=', ctx.ztId)
        .where('id', '=', m.id)
        .execute();
    for (const m of moved)
      await trx
        .updateTable('transition_voucher')
        .set((eb) => ({ pz_no: m.to, revision: eb('revision', '+', 1) }))
        .where('zt_id', '=', ctx.ztId)
        .where('id', '=', m.id)
        .execute();
    return found.length;
  });
}

export async function listZeroVouchers(q: Q, ctx: TransitionContext): Promise<ZeroVoucherSummary[]> {
  const [vouchers, firstLines, files] = await Promise.all([
    q.selectFrom('transition_voucher').selectAll().where('zt_id', '=', ctx.ztId).orderBy('pz_no').execute(),
    q
      .selectFrom('transition_voucher_line')
      .select(['voucher_id', 'summary'])
      .where('zt_id', '=', ctx.ztId)
      .where('line_no', '=', 1)
      .execute(),
    q
      .selectFrom('file_relation')
      .select((eb) => ['voucher_id', eb.fn.countAll<number>().as('n')])
      .where('zt_id', '=', ctx.ztId)
      .where('voucher_id', 'is not', null)
      .groupBy('voucher_id')
      .execute(),
  ]);
  const summaries = new Map(firstLines.map((l) => [l.voucher_id, l.summary]));
  const fileCounts = new Map(files.map((f) => [f.voucher_id, Number(f.n)]));
  return vouchers.map((v) => ({
    id: v.id,
    pzNo: v.pz_no,
    voucherNo: zeroVoucherNo(v.pz_no),
    pzDate: v.pz_date,
    summary: summaries.get(v.id) ?? '',
    debitTotal: fenToYuan(Number(v.debit_total)),
    creditTotal: fenToYuan(Number(v.credit_total)),
    numberOfDocument: v.number_of_document,
    fileCount: fileCounts.get(v.id) ?? 0,
    preparedBy: v.prepared_by,
    revision: v.revision,
  }));
}

async function itemNames(q: Q, ztId: number, keys: readonly string[]): Promise<Map<string, string>> {
  const pairs = keys.flatMap((k) => parseAuxiKey(k));
  if (pairs.length === 0) return new Map();
  const rows = await q
    .selectFrom('auxi_info')
    .select(['type_no', 'info_no', 'info_name'])
    .where('zt_id', '=', ztId)
    .where('info_no', 'in', [...new Set(pairs.map((p) => p.infoNo))])
    .execute();
  return new Map(rows.map((r) => [`${r.type_no}:${r.info_no}`, r.info_name]));
}

/** A voucher of the set with its lines, or (without an id) an empty one with the next number. */
export async function readZeroVoucher(q: Q, ctx: TransitionContext, userName: string, id?: string): Promise<ZeroVoucher> {
  const head = {
    year: ctx.year,
    pzDate: zeroVoucherDate(ctx.year),
    certificateType: ZERO_VOUCHER_CATEGORY,
    certificateTypeName: ZERO_VOUCHER_CATEGORY_NAME,
  };
  if (id === undefined) {
    const pzNo = await nextNumber(q, ctx.ztId);
    return {
      ...head,
      id: '',
      pzNo,
      voucherNo: zeroVoucherNo(pzNo),
      numberOfDocument: 0,
      preparedBy: userName,
      debitTotal: 0,
      creditTotal: 0,
      revision: 0,
      certiDetails: [],
    };
  }
  const v = await q
    .selectFrom('transition_voucher')
    .selectAll()
    .where('zt_id', '=', ctx.ztId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!v) return refuseMissing(q, ctx.ztId, id);
  const [lines, { facts }] = await Promise.all([
    q
      .selectFrom('transition_voucher_line')
      .selectAll()
      .where('zt_id', '=', ctx.ztId)
      .where('voucher_id', '=', id)
      .orderBy('line_no')
      .execute(),
    ruleSubjects(q, ctx),
  ]);
  const names = await itemNames(
    q,
    ctx.ztId,
    lines.map((l) => l.auxi_key),
  );
  const money = (fen: number): number | null => (fen === 0 ? null : fenToYuan(fen));
  const certiDetails: VoucherLine[] = lines.map((l) => {
    const f = facts(l.subject_code);
    const name = f?.name ?? '';
    return {
      id: `${id}-${l.line_no}`,
      numberRow: l.line_no,
      summary: l.summary,
      subjectCode: l.subject_code,
      code: l.subject_code,
      codeName: name,
      codeAndFullName: `${l.subject_code} ${name}`,
      balanceDirection: f?.balanceDirection ?? 1,
      debitAmount: money(Number(l.debit_amount)),
      creditAmount: money(Number(l.credit_amount)),
      auxis: parseAuxiKey(l.auxi_key).map((a) => ({ ...a, infoName: names.get(`${a.typeNo}:${a.infoNo}`) ?? a.infoNo })),
      isGovernment: false,
    };
  });
  return {
    ...head,
    id: v.id,
    pzNo: v.pz_no,
    voucherNo: zeroVoucherNo(v.pz_no),
    numberOfDocument: v.number_of_document,
    preparedBy: v.prepared_by,
    debitTotal: fenToYuan(Number(v.debit_total)),
    creditTotal: fenToYuan(Number(v.credit_total)),
    revision: v.revision,
    certiDetails,
  };
}
