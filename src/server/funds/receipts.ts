/**
 * The funds-entry receipts of a voucher period (funds_receipt): read with the set's units and
 * their ratios in force, and saved as the grid's rows.
 *
 * What must stay true: a save is checked by the grid's own rules (grids/funds-entry.ts
 * fundsEntryIssues, with the set's units and chart) and refused whole (4003, the list) before
 * anything is written; every id sent must be a receipt of the session's set and that period
 * without a voucher (else 4004 or, for a receipt whose voucher exists, 4010); a receipt whose
 * voucher exists is never changed or removed by a save; adding needs the page's add button,
 * changing or removing its edit button.
 */
import type { FastifyRequest } from 'fastify';
import {
  blankFundsEntryRow,
  fundsEntryIssues,
  isBlankReceipt,
  type FundsEntryContext,
  type FundsEntryRow,
} from '../../../grids/funds-entry.js';
import type {
  FundsEntryData,
  FundsEntryUnit,
  FundsReceipt,
  FundsRatiosOut,
  SaveFundsReceiptsRequest,
} from '../../shared/api/schemas/funds-entry.js';
import { FundsEntryMessages } from '../../shared/funds/entry-messages.js';
import { ppmToPercent, SHARE_KINDS, type RatioSet } from '../../shared/funds/ratios.js';
import { fenToYuan, yuanToFen } from '../../shared/vouchers/amounts.js';
import { requireAnyButton } from '../auth/permissions.js';
import { Page } from '../auth/pages.js';
import type { Db } from '../db/database.js';
import { assertPeriodsOpen } from '../vouchers/periods.js';
import type { FundsReceiptTable } from '../db/schema.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { listCertificateTypes } from '../vouchers/certificate-types.js';
import { loadSubjectIndex } from '../vouchers/repository.js';
import { ratioSetOf, ratiosInForce, type RatioRow } from './ratio-lookup.js';

export const FundsEntryRights = {
  read: [Page.fundsEntry],
  save: [
    [Page.fundsEntry, 'add'],
    [Page.fundsEntry, 'edit'],
  ],
  add: [[Page.fundsEntry, 'add']],
  edit: [[Page.fundsEntry, 'edit']],
  generate: [[Page.fundsEntry, 'add']],
} as const;

export interface PeriodUnit {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  /** The split ratios in force (null: 经费比例没有配置), and their row (the shares' subjects). */
  readonly ratios: RatioSet | null;
  readonly ratioRow: RatioRow | null;
}

/** The set's enabled units with their ratios in force in the period, by code. */
export async function periodUnits(q: Q, ztId: number, year: number, month: number): Promise<PeriodUnit[]> {
  const units = await q
    .selectFrom('funds_unit')
    .select(['id', 'code', 'name'])
    .where('zt_id', '=', ztId)
    .where('enable', '=', 1)
    .orderBy('code')
    .execute();
  const ratios = await ratiosInForce(
    q,
    ztId,
    units.map((u) => u.id),
    year,
    month,
  );
  return units.map((u) => {
    const row = ratios.get(u.id);
    return { ...u, ratios: row ? ratioSetOf(row) : null, ratioRow: row ?? null };
  });
}

function ratiosOut(ratios: RatioSet | null): FundsRatiosOut | null {
  if (!ratios) return null;
  return {
    ...(Object.fromEntries(SHARE_KINDS.map((k) => [k, ppmToPercent(ratios.sharesPpm[k])])) as Omit<
      FundsRatiosOut,
      'collectionFee'
    >),
    collectionFee: ppmToPercent(ratios.collectionFeePpm),
  };
}

export type ReceiptRow = FundsReceiptTable;

export function periodReceipts(q: Q, ztId: number, year: number, month: number): Promise<ReceiptRow[]> {
  return q
    .selectFrom('funds_receipt')
    .selectAll()
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .where('month', '=', month)
    .orderBy('row_no')
    .execute();
}

const yuanOrNull = (fen: number | null): number | null => (fen === null ? null : fenToYuan(Number(fen)));

/** 记-3: a voucher's category word and number, for each voucher id among the receipts. */
export async function voucherTexts(q: Q, ztId: number, voucherIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(voucherIds)];
  if (ids.length === 0) return new Map();
  const [vouchers, types] = await Promise.all([
    q
      .selectFrom('voucher')
      .select(['id', 'pz_no', 'certificate_type'])
      .where('zt_id', '=', ztId)
      .where('id', 'in', ids)
      .execute(),
    listCertificateTypes(q, ztId),
  ]);
  const entry = new Map(types.map((t) => [t.value, t.entry]));
  return new Map(vouchers.map((v) => [v.id, `${entry.get(v.certificate_type) ?? ''}-${v.pz_no}`]));
}

export async function readFundsEntry(q: Q, ztId: number, year: number, month: number): Promise<FundsEntryData> {
  const [units, rows] = await Promise.all([periodUnits(q, ztId, year, month), periodReceipts(q, ztId, year, month)]);
  const byId = new Map(units.map((u) => [u.id, u]));
  const texts = await voucherTexts(
    q,
    ztId,
    rows.flatMap((r) => (r.voucher_id ? [r.voucher_id] : [])),
  );
  const receipts: FundsReceipt[] = rows.map((r) => {
    const unit = byId.get(r.unit_id);
    return {
      id: r.id,
      rowNo: r.row_no,
      unitCode: unit?.code ?? '',
      unitName: unit?.name ?? '',
      fundsAmount: fenToYuan(Number(r.amount)),
      bankCode: r.bank_code,
      auxiliaryDateTime: r.paid_on,
      summary: r.summary ?? '',
      retainedAmount: yuanOrNull(r.retained_amount),
      superiorOneAmount: yuanOrNull(r.superior_one_amount),
      superiorTwoAmount: yuanOrNull(r.superior_two_amount),
      lowerAmount: yuanOrNull(r.lower_amount),
      preparatoryAmount: yuanOrNull(r.preparatory_amount),
      smallBusinessAmount: yuanOrNull(r.small_business_amount),
      collectionFeeAmount: yuanOrNull(r.collection_fee_amount),
      voucherId: r.voucher_id,
      voucherText: r.voucher_id ? (texts.get(r.voucher_id) ?? '') : '',
    };
  });
  const unitsOut: FundsEntryUnit[] = units.map((u) => ({ code: u.code, name: u.name, ratios: ratiosOut(u.ratios) }));
  return { year, month, units: unitsOut, rows: receipts };
}

/** The grid's rules' context on the server: the period, the set's units, its chart of the year. */
export async function entryContext(
  q: Q,
  ztId: number,
  year: number,
  month: number,
  units: readonly PeriodUnit[],
  bankCodes: readonly string[],
): Promise<FundsEntryContext> {
  const index = await loadSubjectIndex(q, ztId, year, bankCodes);
  return {
    year,
    month,
    units,
    subject: (code) => {
      const row = index.byCode.get(code);
      return row ? { lastLevel: !!row.last_level, enable: !!row.enable } : undefined;
    },
  };
}

const INSERT_CHUNK = 500;

interface SaveScope {
  readonly ztId: number;
  readonly userId: number;
}

/** A row as stored, to tell a change from a row sent back as it was. */
const sameReceipt = (a: ReceiptRow, b: Omit<ReceiptRow, 'zt_id' | 'id' | 'created_by' | 'created_at'>) =>
  a.unit_id === b.unit_id &&
  Number(a.amount) === b.amount &&
  a.bank_code === b.bank_code &&
  a.paid_on === b.paid_on &&
  (a.summary ?? '') === (b.summary ?? '') &&
  a.row_no === b.row_no;

export async function saveReceipts(
  db: Db,
  request: FastifyRequest,
  scope: SaveScope,
  body: SaveFundsReceiptsRequest,
): Promise<void> {
  const { ztId } = scope;
  const { year, month } = body;
  const q = db.kysely;
  // A closed month takes no receipt: none could become a voucher there (4014, as the vouchers).
  await assertPeriodsOpen(q, ztId, [{ year, month }]);
  const [units, stored] = await Promise.all([periodUnits(q, ztId, year, month), periodReceipts(q, ztId, year, month)]);
  const storedById = new Map(stored.map((r) => [r.id, r]));
  const sentIds = body.rows.flatMap((r) => (r.id ? [r.id] : []));
  if (new Set(sentIds).size !== sentIds.length) refuse('BadRequest', '经费记录重复提交');
  for (const id of sentIds) {
    const row = storedById.get(id);
    if (!row) refuse('NotFound', FundsEntryMessages.receiptMissing);
    if (row.voucher_id) refuse('BusinessRule', FundsEntryMessages.generated);
  }

  const gridRows: FundsEntryRow[] = body.rows.map((r, i) => {
    const fen = r.fundsAmount === undefined ? null : yuanToFen(r.fundsAmount);
    return {
      ...blankFundsEntryRow(String(i + 1), r.bankCode ?? null),
      id: r.id ?? null,
      unitCode: r.unitCode ?? null,
      fundsAmount: fen?.ok ? fen.fen : null,
      auxiliaryDateTime: r.auxiliaryDateTime ?? null,
      summary: r.summary ?? null,
    };
  });
  const context = await entryContext(
    q,
    ztId,
    year,
    month,
    units,
    body.rows.flatMap((r) => (r.bankCode ? [r.bankCode] : [])),
  );
  const issues = fundsEntryIssues(gridRows, context).map((i) => ({ ...i, message: `第${String(i.rowId)}行${i.message}` }));
  if (issues.length > 0) refuse('ValidationFailed', FundsEntryMessages.incomplete, issues);

  const unitId = new Map(units.map((u) => [u.code, u.id]));
  const firstRowNo = stored.filter((r) => r.voucher_id).reduce((max, r) => Math.max(max, r.row_no), 0) + 1;
  const now = Date.now();
  // A row sent with nothing typed in it is no receipt (the page sends none): as if not sent.
  const receipts = gridRows.filter((r) => !isBlankReceipt(r));
  const wanted = receipts.map((r, i) => ({
    id: r.id,
    fields: {
      year,
      month,
      row_no: firstRowNo + i,
      unit_id: unitId.get(r.unitCode ?? '') ?? '',
      amount: r.fundsAmount ?? 0,
      bank_code: r.bankCode ?? '',
      paid_on: r.auxiliaryDateTime ?? '',
      summary: r.summary?.trim() ? r.summary.trim() : null,
    },
  }));
  const added = wanted.filter((w) => w.id === null);
  const changed = wanted.filter((w) => {
    const before = w.id === null ? undefined : storedById.get(w.id);
    return before !== undefined && !sameReceipt(before, { ...before, ...w.fields });
  });
  const sent = new Set(receipts.flatMap((r) => (r.id ? [r.id] : [])));
  const removed = stored.filter((r) => !r.voucher_id && !sent.has(r.id)).map((r) => r.id);
  if (added.length > 0) await requireAnyButton(db, request, FundsEntryRights.add);
  if (changed.length > 0 || removed.length > 0) await requireAnyButton(db, request, FundsEntryRights.edit);

  await q.transaction().execute(async (trx) => {
    if (removed.length > 0) {
      await trx
        .deleteFrom('funds_receipt')
        .where('zt_id', '=', ztId)
        .where('id', 'in', removed)
        .where('voucher_id', 'is', null)
        .execute();
    }
    for (const w of changed) {
      const done = await trx
        .updateTable('funds_receipt')
        .set(w.fields)
        .where('zt_id', '=', ztId)
        .where('id', '=', w.id ?? '')
        .where('voucher_id', 'is', null)
        .executeTakeFirst();
      // Its voucher was generated meanwhile.
      if (done.numUpdatedRows !== 1n) refuse('Conflict', FundsEntryMessages.generated);
    }
    // A chunk's parameters stay well within SQLite's and PostgreSQL's limits.
    for (let start = 0; start < added.length; start += INSERT_CHUNK) {
      await trx
        .insertInto('funds_receipt')
        .values(
          added.slice(start, start + INSERT_CHUNK).map((w) => ({
            zt_id: ztId,
            id: timeOrderedId(),
            ...w.fields,
            retained_amount: null,
            superior_one_amount: null,
            superior_two_amount: null,
            lower_amount: null,
            preparatory_amount: null,
            small_business_amount: null,
            collection_fee_amount: null,
            voucher_id: null,
            created_by: scope.userId,
            created_at: now,
          })),
        )
        .execute();
    }
  });
}
