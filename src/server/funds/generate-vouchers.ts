/**
 * The union-fund vouchers made from funds-entry receipts: one per receipt or one for the batch.
 *
 * What must stay true:
 * - Every id is a receipt of the session's set and the period asked (else 4004, nothing made);
 *   a receipt whose voucher exists is refused by name (4010), as is a unit without ratios in
 *   force (经费比例没有配置，无法生成凭证，请核实) or a share without a last-level subject.
 * - The vouchers go through the voucher save's own checks (prepareNewVoucher: the shared rules,
 *   the auxiliary items, the category and the user's right to it) and its writer
 *   (writeNewVouchers: closed periods refused, numbers taken under the period's lock), in one
 *   transaction with the receipts' marks: either every voucher exists and every receipt names
 *   its voucher and keeps its split, or nothing was written. Two generations of the same receipt
 *   cannot both succeed: the mark is written only where none is.
 */
import { generatedVouchers } from '../vouchers/generated-vouchers.js';
import { sql } from 'kysely';
import type { GenerateFundsVouchersRequest, GeneratedVoucher } from '../../shared/api/schemas/funds-entry.js';
import type { SaveVoucherRequest, Voucher } from '../../shared/api/vouchers.js';
import { FundsEntryMessages } from '../../shared/funds/entry-messages.js';
import type { ShareKind } from '../../shared/funds/ratios.js';
import type { Split } from '../../shared/funds/split.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { listCertificateTypes } from '../vouchers/certificate-types.js';
import { loadSubjectIndex } from '../vouchers/repository.js';
import { defaultVoucherDate } from '../vouchers/routes.js';
import { writeNewVouchers } from '../vouchers/new-vouchers.js';
import { prepareNewVouchers, type VoucherScope } from '../vouchers/save-service.js';
import { MAX_SET_BATCH, runWrite } from '../vouchers/write-queue.js';
import { periodReceipts, periodUnits, voucherTexts, type ReceiptRow } from './receipts.js';
import { ratioSubjects, settingSubjects, shareSubjects, standardSubjects } from './share-subjects.js';
import {
  batchLines,
  receiptLines,
  UNIT_AUXI_TYPE_NO,
  type PlannedLine,
  type UnitItemRule,
  type VoucherReceipt,
} from './voucher-lines.js';

interface Planned {
  readonly receipt: ReceiptRow;
  readonly voucher: VoucherReceipt;
  readonly split: Split;
}

/** The receipts asked, checked and with their subjects resolved. */
async function planReceipts(
  q: Q,
  scope: VoucherScope,
  body: GenerateFundsVouchersRequest,
): Promise<{ planned: Planned[]; rule: UnitItemRule }> {
  const { ztId } = scope;
  const { year, month } = body;
  const [stored, units, setting, index] = await Promise.all([
    periodReceipts(q, ztId, year, month),
    periodUnits(q, ztId, year, month),
    q.selectFrom('funds_setting').selectAll().where('zt_id', '=', ztId).executeTakeFirst(),
    loadSubjectIndex(q, ztId, year),
  ]);
  const byId = new Map(stored.map((r) => [r.id, r]));
  const wanted = [...new Set(body.ids)];
  const receipts = wanted.map((id) => byId.get(id) ?? refuse('NotFound', FundsEntryMessages.receiptMissing));
  const unitById = new Map(units.map((u) => [u.id, u]));
  const done = receipts.filter((r) => r.voucher_id);
  if (done.length > 0) {
    const texts = await voucherTexts(
      q,
      ztId,
      done.map((r) => r.voucher_id ?? ''),
    );
    const first = done[0] as ReceiptRow;
    refuse(
      'BusinessRule',
      FundsEntryMessages.alreadyGenerated(unitById.get(first.unit_id)?.name ?? '', texts.get(first.voucher_id ?? '') ?? ''),
    );
  }
  const standard = standardSubjects(scope.system);
  const settingOf = settingSubjects(setting);
  const isLastLevel = (code: string) => {
    const row = index.byCode.get(code);
    return !!row && !!row.last_level && !!row.enable;
  };
  const rule: UnitItemRule = { linkedToUnits: (code) => (index.types.get(code) ?? []).includes(UNIT_AUXI_TYPE_NO) };
  const planned = receipts.map((receipt) => {
    const unit = unitById.get(receipt.unit_id);
    const unitName = unit?.name ?? '';
    const ratios = unit?.ratios ?? null;
    const ratioRow = unit?.ratioRow ?? null;
    if (!unit || !ratios || !ratioRow) return refuse('BusinessRule', FundsEntryMessages.notConfiguredFor(unitName));
    const resolved = shareSubjects(ratios, { ratioRow: ratioSubjects(ratioRow), setting: settingOf, standard, isLastLevel });
    if (!resolved.ok) refuse('BusinessRule', `${unitName}：${resolved.message}`);
    const voucher: VoucherReceipt = {
      unitCode: unit.code,
      unitName,
      amountFen: Number(receipt.amount),
      bankCode: receipt.bank_code,
      summary: receipt.summary ?? FundsEntryMessages.summary(unitName),
      ratios,
      subjects: resolved.subjects,
    };
    return { receipt, voucher, split: receiptLines(voucher, rule).split };
  });
  return { planned, rule };
}

function saveRequest(
  body: GenerateFundsVouchersRequest,
  pzDate: string,
  certificateType: number,
  lines: readonly PlannedLine[],
): SaveVoucherRequest {
  return {
    year: body.year,
    month: body.month,
    pzDate,
    certificateType,
    numberOfDocument: 0,
    certiDetails: lines.map((l) => ({
      summary: l.summary,
      subjectCode: l.subjectCode,
      debitAmount: l.debitFen === 0 ? null : fenToYuan(l.debitFen),
      creditAmount: l.creditFen === 0 ? null : fenToYuan(l.creditFen),
      auxis: l.unitItem === null ? [] : [{ typeNo: UNIT_AUXI_TYPE_NO, infoNo: l.unitItem }],
    })),
  };
}

/** Makes the vouchers and marks their receipts; answers the vouchers in order. */
export async function generateFundsVouchers(
  db: Db,
  scope: VoucherScope,
  body: GenerateFundsVouchersRequest,
): Promise<GeneratedVoucher[]> {
  const q = db.kysely;
  const { planned, rule } = await planReceipts(q, scope, body);
  const pzDate = body.pzDate ?? defaultVoucherDate(body.year, body.month);
  const types = await listCertificateTypes(q, scope.ztId);
  const certificateType = body.certificateType ?? types[0]?.value ?? 1;
  const groups: Planned[][] = body.mode === 'batch' ? [planned] : planned.map((p) => [p]);
  const requests = groups.map((group) => {
    const lines =
      group.length === 1 && group[0]
        ? receiptLines(group[0].voucher, rule).lines
        : batchLines(
            group.map((p) => p.voucher),
            rule,
            FundsEntryMessages.batchSummary(body.year, body.month),
          );
    return saveRequest(body, pzDate, certificateType, lines);
  });
  const prepared = await prepareNewVouchers(db, scope, requests);
  // The voucher writer's statements: on PostgreSQL a batch of any size is one statement of
  // arrays; on SQLite a chunk's rows stay within its limit of parameters.
  const chunk = db.dialect === 'postgres' ? Math.max(1, prepared.length) : MAX_SET_BATCH;
  const written = await runWrite(db, async (trx) => {
    const vouchers: Voucher[] = [];
    for (let start = 0; start < prepared.length; start += chunk) {
      const outcomes = await writeNewVouchers(trx, prepared.slice(start, start + chunk));
      for (const o of outcomes) vouchers.push(o.ok ? o.value : refuseWith(o.error));
    }
    const marks = groups.flatMap((group, g) => group.map((p) => ({ planned: p, voucherId: vouchers[g]?.id ?? '' })));
    for (let start = 0; start < marks.length; start += MARK_CHUNK) {
      await markReceipts(trx, scope.ztId, marks.slice(start, start + MARK_CHUNK));
    }
    return vouchers;
  });
  return generatedVouchers(written);
}

const MARK_CHUNK = 200;

/**
 * Each receipt names its voucher and keeps its split, in one statement per chunk; only where no
 * voucher is named yet, so a receipt generated meanwhile by another call refuses this one.
 */
async function markReceipts(trx: Q, ztId: number, marks: readonly { planned: Planned; voucherId: string }[]): Promise<void> {
  if (marks.length === 0) return;
  // Typed casts: PostgreSQL types a CASE of bare parameters as text.
  const byId = <T extends string | number>(
    value: (m: { planned: Planned; voucherId: string }) => T,
    type: 'bigint' | 'varchar(40)',
  ) =>
    sql<T>`case id ${sql.join(
      marks.map((m) => sql`when ${m.planned.receipt.id} then cast(${value(m)} as ${sql.raw(type)})`),
      sql` `,
    )} end`;
  const fen = (value: (m: { planned: Planned }) => number) => byId(value, 'bigint');
  const share = (kind: ShareKind) => fen((m) => m.planned.split.shares[kind]);
  const done = await trx
    .updateTable('funds_receipt')
    .set({
      voucher_id: byId((m) => m.voucherId, 'varchar(40)'),
      retained_amount: share('retained'),
      superior_one_amount: share('superiorOne'),
      superior_two_amount: share('superiorTwo'),
      lower_amount: share('lower'),
      preparatory_amount: share('preparatory'),
      small_business_amount: share('smallBusiness'),
      collection_fee_amount: fen((m) => m.planned.split.collectionFee),
    })
    .where('zt_id', '=', ztId)
    .where(
      'id',
      'in',
      marks.map((m) => m.planned.receipt.id),
    )
    .where('voucher_id', 'is', null)
    .executeTakeFirst();
  if (done.numUpdatedRows !== BigInt(marks.length)) refuse('Conflict', FundsEntryMessages.generatedMeanwhile);
}

function refuseWith(error: unknown): never {
  throw error;
}
