/**
 * Create and modify a voucher (POST certificate), in one transaction: the shared rules and the
 * auxiliary items checked first (4003 with the list, nothing written), closed periods refused
 * (4014), reviewed or booked vouchers locked (4011), the number taken under the period's lock
 * (numbering.ts), lines and items written, the audit row added.
 */
import type { ValidationIssue } from '../../shared/envelope.js';
import type { AccountingSystem } from '../../shared/api/auth.js';
import type { CertificateTypeItem, SaveVoucherRequest, Voucher } from '../../shared/api/vouchers.js';
import { AuxiMessages } from '../../shared/subjects/auxiliary-rules.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { validateVoucher, type RuleSubject, type VoucherDraft } from '../../shared/vouchers/rules.js';
import type { Db } from '../db/database.js';
import { cachedRead, isCaching } from '../db/read-cache.js';
import type { VoucherRow } from '../db/schema.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { writeAudit, type Actor } from './audit.js';
import { listCertificateTypes } from './certificate-types.js';
import { readDraft } from './draft.js';
import { closeGapAt, lockPeriods, takeNextNumber, type PeriodKey } from './numbering.js';
import { assertPeriodsOpen } from './periods.js';
import { writeNewVouchers, type NewVoucher } from './new-vouchers.js';
import {
  assembleVoucher,
  findVoucherRow,
  loadSubjectIndex,
  readLineRows,
  refuseMissingVoucher,
  toVouchers,
  type AssembleContext,
  type SubjectIndex,
} from './repository.js';
import { lineRowsOf, replaceLines } from './line-writes.js';
import { assertAsSeen, isModification, readSaveTarget } from './voucher-target.js';
import { runSetWrite, runWrite } from './write-queue.js';
import { postWrittenLines } from '../books/balances.js';
import { postBudgetSpent } from '../budget/spent-posting.js';
import { targetIssues } from '../budget/voucher-targets.js';
import { countOfVoucher } from '../files/repository.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { requireVoucherCategory } from '../rights/voucher-categories.js';

/** A voucher changed by someone else between reading and writing. */
export const ConcurrentChange = VoucherMessages.changedByOthers;

export interface VoucherScope {
  ztId: number;
  system: AccountingSystem;
  actor: Actor;
}

/** Spec: two-table vouchers for sets on the government accounting system. */
export function isTwoTable(system: AccountingSystem): boolean {
  return system === 'government';
}

function ruleSubject(index: SubjectIndex, code: string): RuleSubject | undefined {
  const row = index.byCode.get(code);
  if (!row) return undefined;
  return {
    code,
    lastLevel: !!row.last_level,
    enable: !!row.enable,
    isGovernment: !!row.is_budget,
    auxiTypeNos: index.types.get(code) ?? [],
  };
}

interface AuxiRows {
  types: { type_no: string; type_name: string }[];
  items: { type_no: string; info_no: string; info_name: string; parent_no: string | null; is_enable: number }[];
}

const ITEM_COLUMNS = ['type_no', 'info_no', 'info_name', 'parent_no', 'is_enable'] as const;

function readTypes(q: Q, ztId: number, typeNos: readonly string[]) {
  return q
    .selectFrom('auxi_type')
    .select(['type_no', 'type_name'])
    .where('zt_id', '=', ztId)
    .where('type_no', 'in', typeNos)
    .execute();
}

function itemsOf(q: Q, ztId: number, typeNos: readonly string[]) {
  return q.selectFrom('auxi_info').select(ITEM_COLUMNS).where('zt_id', '=', ztId).where('type_no', 'in', typeNos);
}

/**
 * The auxiliary types a draft's lines name, with the items it names and their children (what
 * tells a leaf): a type may hold thousands of items (a year's budget projects), a save names few.
 */
async function readNamedAuxi(q: Q, ztId: number, typeNos: readonly string[], infoNos: readonly string[]): Promise<AuxiRows> {
  const [types, items, children] = await Promise.all([
    readTypes(q, ztId, typeNos),
    itemsOf(q, ztId, typeNos).where('info_no', 'in', infoNos).execute(),
    itemsOf(q, ztId, typeNos).where('parent_no', 'in', infoNos).execute(),
  ]);
  return { types, items: [...items, ...children] };
}

/** The auxiliary types and all their items (many drafts checked together read each type once). */
async function readAuxi(q: Q, ztId: number, typeNos: readonly string[]): Promise<AuxiRows> {
  const [types, items] = await Promise.all([readTypes(q, ztId, typeNos), itemsOf(q, ztId, typeNos).execute()]);
  return { types, items };
}

/** The chosen auxiliary items must exist and be enabled leaves (the rules only see type numbers). */
export async function auxiItemIssues(
  reads: DraftReads,
  draft: VoucherDraft,
): Promise<{ issues: ValidationIssue[]; names: Map<string, string> }> {
  const wanted = draft.lines.flatMap((l) => l.auxis.filter((a) => a.infoNo !== '').map((a) => ({ ...a, rowId: l.rowId })));
  if (wanted.length === 0) return { issues: [], names: new Map() };
  const typeNos = [...new Set(wanted.map((w) => w.typeNo))];
  const { types, items } = await reads.auxi(typeNos, [...new Set(wanted.map((w) => w.infoNo))]);
  const typeName = new Map(types.map((t) => [t.type_no, t.type_name]));
  const byKey = new Map(items.map((i) => [`${i.type_no}\u0000${i.info_no}`, i]));
  const parents = new Set(items.filter((i) => i.parent_no).map((i) => `${i.type_no}\u0000${i.parent_no ?? ''}`));
  const issues: ValidationIssue[] = [];
  for (const w of wanted) {
    const name = typeName.get(w.typeNo) ?? w.typeNo;
    const key = `${w.typeNo}\u0000${w.infoNo}`;
    const item = byKey.get(key);
    const message = !item
      ? AuxiMessages.itemMissing(name)
      : parents.has(key)
        ? AuxiMessages.leafOnly(name)
        : !item.is_enable
          ? AuxiMessages.itemDisabled(name, item.info_name)
          : null;
    if (message) issues.push({ message: `第${w.rowId}行${message}`, rowId: w.rowId, fieldId: 'auxis' });
  }
  return { issues, names: new Map(items.map((i) => [`${i.type_no}\u0000${i.info_no}`, i.info_name])) };
}

function sums(draft: VoucherDraft): { debit: number; credit: number } {
  let debit = 0;
  let credit = 0;
  for (const l of draft.lines) {
    debit += l.debitFen ?? 0;
    credit += l.creditFen ?? 0;
  }
  return { debit, credit };
}

interface Checked {
  draft: VoucherDraft;
  lineIds: Map<string, string>;
  /** What the answer is built from without reading the voucher back. */
  assemble: AssembleContext;
}

/** What a voucher of a set and year is checked against. */
interface Chart {
  yearExists: boolean;
  index: SubjectIndex;
  types: CertificateTypeItem[];
}

async function loadChart(q: Q, ztId: number, year: number | null, codes?: readonly string[]): Promise<Chart> {
  const [yearRow, index, types] = await Promise.all([
    year === null
      ? undefined
      : q.selectFrom('zt_year').select('year').where('zt_id', '=', ztId).where('year', '=', year).executeTakeFirst(),
    loadSubjectIndex(q, ztId, year ?? 0, codes),
    listCertificateTypes(q, ztId),
  ]);
  return { yearExists: !!yearRow, index, types };
}

/**
 * On SQLite the whole chart of the set and year, kept while no subject, auxiliary type, category
 * or year is written (db/read-cache.ts); elsewhere only the lines' subjects and their ancestors.
 */
function chartFor(db: Db, ztId: number, year: number | null, codes: readonly string[]): Promise<Chart> {
  if (!isCaching(db)) return loadChart(db.kysely, ztId, year, codes);
  return cachedRead(db, 'chart', `${ztId}:${year ?? ''}`, (q) => loadChart(q, ztId, year));
}

/** What a draft is checked against, read from the database. */
export interface DraftReads {
  chart(year: number | null, codes: readonly string[]): Promise<Chart>;
  auxi(typeNos: readonly string[], infoNos: readonly string[]): Promise<AuxiRows>;
}

/** A save's reads: the chart as chartFor reads it, the items it names. */
export function readsOf(db: Db, ztId: number): DraftReads {
  return {
    chart: (year, codes) => chartFor(db, ztId, year, codes),
    auxi: (typeNos, infoNos) => readNamedAuxi(db.kysely, ztId, typeNos, infoNos),
  };
}

/**
 * Reads shared by many new vouchers of one set checked together: the year's whole chart once, each
 * auxiliary type's items once. The checks are the same; only the reads are not repeated.
 */
function sharedReadsOf(db: Db, ztId: number): DraftReads {
  const charts = new Map<string, Promise<Chart>>();
  const auxis = new Map<string, Promise<AuxiRows>>();
  return {
    chart: (year) => {
      const key = String(year);
      let chart = charts.get(key);
      if (!chart) {
        chart = loadChart(db.kysely, ztId, year);
        charts.set(key, chart);
      }
      return chart;
    },
    auxi: async (typeNos) => {
      const parts = await Promise.all(
        typeNos.map((typeNo) => {
          let rows = auxis.get(typeNo);
          if (!rows) {
            rows = readAuxi(db.kysely, ztId, [typeNo]);
            auxis.set(typeNo, rows);
          }
          return rows;
        }),
      );
      return { types: parts.flatMap((p) => p.types), items: parts.flatMap((p) => p.items) };
    },
  };
}

/** Validates everything that needs no lock; refuses with 4003 and the list, before anything is written. */
async function checkDraft(
  db: Db,
  scope: VoucherScope,
  body: SaveVoucherRequest,
  reads = readsOf(db, scope.ztId),
): Promise<Checked> {
  const { draft, issues: conversion, lineIds } = readDraft(body);
  const issues: ValidationIssue[] = [];
  const codes = draft.lines.map((l) => l.subjectCode ?? '').filter((c) => c !== '');
  // A year the rules will refuse is not sent to the database (PostgreSQL would fail on its range).
  const year =
    draft.year !== null && Number.isInteger(draft.year) && draft.year >= 1000 && draft.year <= 9999 ? draft.year : null;
  const { yearExists, index, types } = await reads.chart(year, codes);
  if (year !== null && !yearExists) issues.push({ message: `账套没有${draft.year}年度`, fieldId: 'period' });
  const ruled = validateVoucher(draft, { subject: (code) => ruleSubject(index, code), twoTable: isTwoTable(scope.system) });
  // A converted amount that failed is reported once, by the conversion, not again as missing.
  const failedRows = new Set(conversion.map((i) => String(i.rowId)));
  issues.push(
    ...conversion,
    ...ruled.filter(
      (i) =>
        !(failedRows.has(String(i.rowId)) && (i.fieldId === 'debitAmount' || i.fieldId === 'creditAmount')) &&
        !(conversion.length > 0 && i.rowId === undefined && i.message.includes('不平衡')),
    ),
  );
  if (!ruled.some((i) => i.fieldId === 'certificateType') && !types.some((t) => t.value === draft.certificateType)) {
    issues.push({ message: '凭证分类不存在', fieldId: 'certificateType' });
  }
  const auxi = issues.length === 0 ? await auxiItemIssues(reads, draft) : { issues: [], names: new Map<string, string>() };
  issues.push(...auxi.issues);
  // The budget indicator of a two-table voucher's budget line (budget/indicators.ts).
  if (issues.length === 0 && year !== null) {
    const twoTable = isTwoTable(scope.system);
    const lines = draft.lines.map((l) => ({
      rowId: l.rowId,
      budgetSide: twoTable && !!ruleSubject(index, l.subjectCode ?? '')?.isGovernment,
      auxis: l.auxis,
    }));
    issues.push(...(await targetIssues(db.kysely, scope.ztId, year, lines)));
  }
  if (issues.length > 0) refuse('ValidationFailed', issues[0]?.message, issues);
  return {
    draft,
    lineIds,
    assemble: {
      index: (year) => (year === draft.year ? index : undefined),
      types: new Map(types.map((t) => [t.value, t])),
      itemName: (typeNo, infoNo) => auxi.names.get(`${typeNo}\u0000${infoNo}`) ?? '',
    },
  };
}

function optionalName(value: string | undefined): string | undefined {
  return value?.trim().slice(0, 64);
}

/** Writes one renumber audit row per voucher whose number changed (before and after). */
export async function auditRenumbered(
  trx: Q,
  scope: VoucherScope,
  changes: readonly { id: string; from: number }[],
  at: number,
): Promise<void> {
  if (changes.length === 0) return;
  const rows = await trx
    .selectFrom('voucher')
    .selectAll()
    .where('zt_id', '=', scope.ztId)
    .where(
      'id',
      'in',
      changes.map((c) => c.id),
    )
    .execute();
  const after = await toVouchers(trx, scope.ztId, rows);
  for (const v of after) {
    const from = changes.find((c) => c.id === v.id)?.from ?? v.pzNo;
    // Renumbering raised the revision by one (numbering.ts).
    await writeAudit(trx, scope.ztId, v.id, 'renumber', scope.actor, { ...v, pzNo: from, revision: v.revision - 1 }, v, at);
  }
}

/** A new voucher's rows, checked, waiting for its number (new-vouchers.ts writes it). */
function newVoucherOf(scope: VoucherScope, body: SaveVoucherRequest, checked: Checked, carryOver: 0 | 1 | 2): NewVoucher {
  const { draft, assemble } = checked;
  const { debit, credit } = sums(draft);
  const now = Date.now();
  const id = timeOrderedId();
  return {
    row: {
      zt_id: scope.ztId,
      id,
      year: draft.year ?? 0,
      month: draft.month ?? 0,
      certificate_type: draft.certificateType ?? 0,
      pz_no: 0,
      pz_date: draft.pzDate ?? '',
      number_of_document: draft.numberOfDocument ?? 0,
      financial_officer: optionalName(body.financialOfficer) ?? '',
      bookkeeper: optionalName(body.bookkeeper) ?? '',
      cashier: optionalName(body.cashier) ?? '',
      prepared_by: optionalName(body.preparedBy) || scope.actor.name,
      created_by: scope.actor.id,
      reviewer: '',
      is_review: 0,
      is_book: 0,
      is_cashier_signed: 0,
      debit_total: debit,
      credit_total: credit,
      created_at: now,
      updated_at: now,
      carry_over: carryOver,
      revision: 1,
    },
    written: lineRowsOf(scope.ztId, id, draft, new Map()),
    assemble,
    actor: scope.actor,
  };
}

/**
 * New vouchers of the session's set, each checked by every rule of the save (the shared rules, the
 * auxiliary items, the category and the user's right to it), ready for writeNewVouchers: for a
 * caller that writes vouchers together with its own rows in one transaction (the union-fund
 * vouchers of funds/). What they are checked against is read once for all of them.
 */
export async function prepareNewVouchers(
  db: Db,
  scope: VoucherScope,
  bodies: readonly SaveVoucherRequest[],
): Promise<NewVoucher[]> {
  const reads = sharedReadsOf(db, scope.ztId);
  const categories = new Map<number, Promise<void>>();
  const out: NewVoucher[] = [];
  for (const body of bodies) {
    const checked = await checkDraft(db, scope, body, reads);
    const category = checked.draft.certificateType ?? 0;
    let allowed = categories.get(category);
    if (!allowed) {
      allowed = requireVoucherCategory(db, scope.ztId, scope.actor.id, category);
      categories.set(category, allowed);
    }
    await allowed;
    out.push(newVoucherOf(scope, body, checked, 0));
  }
  return out;
}

/** carryOver marks a new voucher written by a carry-forward (voucher.carry_over: 1 month-end, 2 year-end). */
export async function saveVoucher(
  db: Db,
  scope: VoucherScope,
  body: SaveVoucherRequest,
  options: { carryOver?: 1 | 2 } = {},
): Promise<Voucher> {
  const target = isModification(body) ? readSaveTarget(body) : null;
  const { draft, lineIds, assemble } = await checkDraft(db, scope, body);
  const year = draft.year ?? 0;
  const month = draft.month ?? 0;
  const certificateType = draft.certificateType ?? 0;
  await requireVoucherCategory(db, scope.ztId, scope.actor.id, certificateType);
  const { debit, credit } = sums(draft);
  const newKey: PeriodKey = { ztId: scope.ztId, year, month, certificateType };

  if (!target) {
    const created = newVoucherOf(scope, body, { draft, lineIds, assemble }, options.carryOver ?? 0);
    return runSetWrite(db, `voucher.create:${scope.ztId}`, writeNewVouchers, created);
  }

  return runWrite(db, async (trx) => {
    const now = Date.now();
    // The voucher by its id, as the user saw it (revision, and the number they were shown).
    const row = await findVoucherRow(trx, scope.ztId, target.id);
    if (!row) return refuseMissingVoucher(trx, scope.ztId, target.id);
    const oldKey: PeriodKey = { ztId: scope.ztId, year: row.year, month: row.month, certificateType: row.certificate_type };
    // A closed period refuses whatever the user saw; anything else is judged on the voucher as they saw it.
    await assertPeriodsOpen(trx, scope.ztId, [
      { year: row.year, month: row.month },
      { year, month },
    ]);
    assertAsSeen(row, target);
    if (row.is_book) refuse('BusinessRule', VoucherMessages.bookedLocked);
    if (row.is_review) refuse('BusinessRule', VoucherMessages.reviewedLocked);
    const moved = oldKey.year !== year || oldKey.month !== month || oldKey.certificateType !== certificateType;
    await lockPeriods(trx, moved ? [oldKey, newKey] : [newKey]);
    const stored = await readLineRows(trx, scope.ztId, [row.id]);
    const before = (await toVouchers(trx, scope.ztId, [row], stored))[0] ?? null;
    const ownLineIds = new Set(stored.lines.map((l) => l.id));
    const keepIds = new Map([...lineIds].filter(([, lineId]) => ownLineIds.has(lineId)));
    const changed: VoucherRow = {
      ...row,
      year,
      month,
      certificate_type: certificateType,
      pz_no: moved ? await takeNextNumber(trx, newKey) : row.pz_no,
      pz_date: draft.pzDate ?? '',
      // Never fewer documents than the files attached to it (files/).
      number_of_document: Math.max(draft.numberOfDocument ?? 0, await countOfVoucher(trx, scope.ztId, row.id)),
      financial_officer: optionalName(body.financialOfficer) ?? row.financial_officer,
      bookkeeper: optionalName(body.bookkeeper) ?? row.bookkeeper,
      cashier: optionalName(body.cashier) ?? row.cashier,
      prepared_by: optionalName(body.preparedBy) || row.prepared_by,
      // A changed voucher needs the cashier's signature again.
      is_cashier_signed: 0,
      debit_total: debit,
      credit_total: credit,
      updated_at: Math.max(now, row.updated_at + 1),
      revision: row.revision + 1,
    };
    const { zt_id: _zt, id: _id, ...fields } = changed;
    // Only if still unreviewed and at the revision read (a concurrent writer's row lock is waited for on PostgreSQL, then this is re-checked).
    const updated = await trx
      .updateTable('voucher')
      .set(fields)
      .where('zt_id', '=', scope.ztId)
      .where('id', '=', row.id)
      .where('is_review', '=', 0)
      .where('is_book', '=', 0)
      .where('revision', '=', row.revision)
      .executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) refuse('Conflict', ConcurrentChange);
    const next = lineRowsOf(scope.ztId, row.id, draft, keepIds);
    const { gone, came } = await replaceLines(trx, scope.ztId, row.id, stored, next);
    // The lines that leave or change leave the balances, and their new state enters them (books/balances.ts).
    await postWrittenLines(trx, scope.ztId, gone.lines, gone.auxis, -1);
    await postWrittenLines(trx, scope.ztId, came.lines, came.auxis);
    // What budgets have spent follows, and a forbid budget refuses a raise past it (budget/).
    if (!row.carry_over)
      await postBudgetSpent(trx, scope.ztId, [
        { lines: gone.lines, auxis: gone.auxis, sign: -1 },
        { lines: came.lines, auxis: came.auxis, sign: 1 },
      ]);
    const shifted = moved ? await closeGapAt(trx, oldKey, row.pz_no) : [];
    const after = assembleVoucher(changed, next.lines, next.auxis, assemble);
    await writeAudit(trx, scope.ztId, row.id, 'modify', scope.actor, before, after, now);
    await auditRenumbered(trx, scope, shifted, now);
    return after;
  });
}
