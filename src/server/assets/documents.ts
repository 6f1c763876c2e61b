/**
 * The asset documents (资产处置、库存物品出库) and the asset changes (后续支出), with what they do to the cards.
 *
 * What must stay true:
 * - Every id is the session's set's; a document takes out reviewed cards of its class still held (inventory: a
 *   quantity no more than on hand, its value in proportion to the value on hand, the last unit taking the remainder).
 * - A disposed card gets left_year/left_month = the document's period (no depreciation from that month, 当月减少当月不再
 *   计提); when that month's (or a later month's) depreciation already includes the card, the document is refused.
 * - cumulative = the card's accumulated depreciation at that time, residual = original − cumulative.
 * - A document whose voucher still exists cannot be changed or deleted; deleting (or editing) one restores its cards;
 *   a closed period cannot be written.
 * - An asset change adds its amount to the card's original value (and may set a new life); it is a document of
 *   DocumentKind.Change with one line whose original_amount is the change, and its voucher is the asset-change voucher.
 */
import type {
  AssetChangeMoney,
  AssetDocumentCard,
  AssetDocumentRow,
  NotGenerated,
  SaveAssetChange,
  SaveAssetDocument,
} from '../../shared/api/schemas/assets-documents.js';
import { AssetClass, DISPOSE_TYPES, DocumentKind, type AssetClassCode } from '../../shared/assets/constants.js';
import { monthIndex, monthIndexOfDate } from '../../shared/assets/depreciation.js';
import { AssetDocumentMessages as M } from '../../shared/assets/documents-messages.js';
import { fenToYuan, yuanToFen } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { timeOrderedId } from '../db/time-ordered-id.js';
import { refuse } from '../http/app-error.js';
import type { Q } from '../subjects/subject-repository.js';
import { voucherTexts } from '../funds/receipts.js';
import { assertPeriodsOpen } from '../vouchers/periods.js';
import { runWrite } from '../vouchers/write-queue.js';
import type { AssetContext } from './context.js';
import { existingVoucherIds } from './voucher-writer.js';
import { likePrefix } from '../db/like.js';

export interface DocumentRecord {
  id: string;
  documentNo: string;
  assetClass: AssetClassCode;
  kind: number;
  year: number;
  month: number;
  docDate: string;
  disposeType: number;
  disposeAmountFen: number;
  disposeCostFen: number;
  remark: string;
  voucherId: string | null;
  /** The voucher exists (a deleted voucher leaves the document not generated). */
  generated: boolean;
  createdAt: number;
  revision: number;
  lines: DocumentLineRecord[];
}
export interface DocumentLineRecord {
  cardId: string;
  cardNo: string;
  name: string;
  nature: number;
  quantity: number;
  originalFen: number;
  cumulativeFen: number;
  residualFen: number;
}

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

function fenOf(yuan: string | number | undefined): number {
  if (yuan === undefined || yuan === '') return 0;
  const r = yuanToFen(yuan);
  return r.ok ? r.fen : refuse('ValidationFailed', r.message);
}

const pad = (n: number) => String(n).padStart(2, '0');
function periodOf(date: string): { year: number; month: number } {
  const [y, m] = date.split('-').map(Number);
  return { year: y ?? 0, month: m ?? 1 };
}

/** Loads documents (with lines and card names) of the set: by ids, or by class and kind. */
export async function loadDocuments(
  q: Q,
  ztId: number,
  filter: { ids?: readonly string[]; assetClass?: number; kinds?: readonly number[]; year?: number },
): Promise<DocumentRecord[]> {
  if (filter.ids && filter.ids.length === 0) return [];
  const docs = await q
    .selectFrom('asset_document')
    .selectAll()
    .where('zt_id', '=', ztId)
    .$if(!!filter.ids, (w) => w.where('id', 'in', filter.ids ?? []))
    .$if(filter.assetClass !== undefined, (w) => w.where('asset_class', '=', filter.assetClass ?? 0))
    .$if(!!filter.kinds, (w) => w.where('kind', 'in', filter.kinds ?? []))
    .$if(filter.year !== undefined, (w) => w.where('year', '=', filter.year ?? 0))
    .orderBy('doc_date', 'desc')
    .orderBy('document_no', 'desc')
    .execute();
  if (docs.length === 0) return [];
  const ids = docs.map((d) => d.id);
  const lines = [];
  for (let start = 0; start < ids.length; start += 500) {
    lines.push(
      ...(await q
        .selectFrom('asset_document_line as l')
        .innerJoin('asset_card as c', (j) => j.onRef('c.zt_id', '=', 'l.zt_id').onRef('c.id', '=', 'l.card_id'))
        .select(['l.document_id', 'l.card_id', 'l.quantity', 'l.original_amount', 'l.cumulative_amount', 'l.residual_amount'])
        .select(['c.card_no', 'c.name', 'c.nature'])
        .where('l.zt_id', '=', ztId)
        .where('l.document_id', 'in', ids.slice(start, start + 500))
        .orderBy('c.card_no')
        .execute()),
    );
  }
  const live = await existingVoucherIds(
    q,
    ztId,
    docs.flatMap((d) => (d.voucher_id ? [d.voucher_id] : [])),
  );
  const byDoc = new Map<string, DocumentLineRecord[]>();
  for (const l of lines) {
    const list = byDoc.get(l.document_id) ?? [];
    list.push({
      cardId: l.card_id,
      cardNo: l.card_no,
      name: l.name,
      nature: Number(l.nature),
      quantity: Number(l.quantity),
      originalFen: Number(l.original_amount),
      cumulativeFen: Number(l.cumulative_amount),
      residualFen: Number(l.residual_amount),
    });
    byDoc.set(l.document_id, list);
  }
  return docs.map((d) => ({
    id: d.id,
    documentNo: d.document_no,
    assetClass: Number(d.asset_class) as AssetClassCode,
    kind: Number(d.kind),
    year: Number(d.year),
    month: Number(d.month),
    docDate: d.doc_date,
    disposeType: Number(d.dispose_type),
    disposeAmountFen: Number(d.dispose_amount),
    disposeCostFen: Number(d.dispose_cost),
    remark: d.remark,
    voucherId: d.voucher_id,
    generated: !!d.voucher_id && live.has(d.voucher_id),
    createdAt: Number(d.created_at),
    revision: Number(d.revision),
    lines: byDoc.get(d.id) ?? [],
  }));
}

function timeText(ms: number): string {
  const d = new Date(ms + 8 * 3600_000); // 北京时间
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export async function documentRows(q: Q, ztId: number, docs: readonly DocumentRecord[]): Promise<AssetDocumentRow[]> {
  const texts = await voucherTexts(
    q,
    ztId,
    docs.flatMap((d) => (d.generated && d.voucherId ? [d.voucherId] : [])),
  );
  return docs.map((d) => ({
    id: d.id,
    documentNo: d.documentNo,
    assetClass: d.assetClass,
    kind: d.kind,
    createTimeSpan: timeText(d.createdAt),
    repayDate: d.docDate,
    disposeOfType: d.disposeType,
    disposeOfTypeName:
      d.kind === DocumentKind.InventoryIssue
        ? '出库'
        : d.kind === DocumentKind.Change
          ? '资产变动'
          : (DISPOSE_TYPES.find((t) => t.value === d.disposeType)?.name ?? ''),
    disposeOfAmount: fenToYuan(d.disposeAmountFen),
    disposeCost: fenToYuan(d.disposeCostFen),
    originalAmount: fenToYuan(sum(d.lines.map((l) => l.originalFen))),
    cumulativeAmount: fenToYuan(sum(d.lines.map((l) => l.cumulativeFen))),
    residualAmount: fenToYuan(sum(d.lines.map((l) => l.residualFen))),
    isGenerateCertificate: d.generated,
    voucherText: d.generated && d.voucherId ? (texts.get(d.voucherId) ?? '') : '',
    remark: d.remark,
    revision: d.revision,
    lines: d.lines.map((l) => ({
      cardId: l.cardId,
      cardNo: l.cardNo,
      name: l.name,
      quantity: l.quantity,
      originalAmount: fenToYuan(l.originalFen),
      cumulativeAmount: fenToYuan(l.cumulativeFen),
      residualAmount: fenToYuan(l.residualFen),
    })),
  }));
}

const PREFIX: Record<string, string> = {
  '1:1': 'GZCZ',
  '2:1': 'WXCZ',
  '3:2': 'KCCK',
  '1:3': 'GZBD',
  '2:3': 'WXBD',
  '3:3': 'KCBD',
};

async function nextDocumentNo(q: Q, ztId: number, assetClass: number, kind: number, year: number): Promise<string> {
  const prefix = `${PREFIX[`${assetClass}:${kind}`] ?? 'ZC'}${year}`;
  const rows = await q
    .selectFrom('asset_document')
    .select('document_no')
    .where('zt_id', '=', ztId)
    .where('asset_class', '=', assetClass)
    .where(likePrefix('document_no', prefix))
    .execute();
  const max = Math.max(0, ...rows.map((r) => Number(r.document_no.slice(prefix.length)) || 0));
  return `${prefix}${String(max + 1).padStart(4, '0')}`;
}

/** Puts a document's cards back as they were before it (left cleared; inventory issued amounts taken back). */
async function restoreCards(trx: Q, ztId: number, doc: DocumentRecord, now: number): Promise<void> {
  for (const line of doc.lines) {
    if (doc.kind === DocumentKind.InventoryIssue) {
      const card = await trx
        .selectFrom('asset_card')
        .select(['issued_quantity', 'issued_value'])
        .where('zt_id', '=', ztId)
        .where('id', '=', line.cardId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('asset_card')
        .set({
          issued_quantity: Number(card.issued_quantity) - line.quantity,
          issued_value: Number(card.issued_value) - line.originalFen,
          left_year: null,
          left_month: null,
          updated_at: now,
        })
        .where('zt_id', '=', ztId)
        .where('id', '=', line.cardId)
        .execute();
    } else if (doc.kind === DocumentKind.Disposal) {
      await trx
        .updateTable('asset_card')
        .set({ left_year: null, left_month: null, updated_at: now })
        .where('zt_id', '=', ztId)
        .where('id', '=', line.cardId)
        .execute();
    }
  }
}

async function assertWritable(q: Q, ctx: AssetContext, period: { year: number; month: number }): Promise<void> {
  if (!ctx.initDone) refuse('BusinessRule', M.notInitialised);
  if (period.year !== ctx.year) refuse('BusinessRule', M.wrongYear(ctx.year));
  await assertPeriodsOpen(q, ctx.ztId, [period]);
}

/** The cards a document may take out, with their amounts at the date (accumulated so far). */
export async function documentCards(
  q: Q,
  ztId: number,
  assetClass: AssetClassCode,
  documentId?: string,
): Promise<AssetDocumentCard[]> {
  const own = documentId ? await loadDocuments(q, ztId, { ids: [documentId] }) : [];
  const ownLines = new Map((own[0]?.lines ?? []).map((l) => [l.cardId, l]));
  const rows = await q
    .selectFrom('asset_card as c')
    .leftJoin('asset_category as t', (j) => j.onRef('t.zt_id', '=', 'c.zt_id').onRef('t.id', '=', 'c.category_id'))
    .select([
      'c.id',
      'c.card_no',
      'c.name',
      'c.activation_date',
      'c.original_value',
      'c.accumulated_depreciation',
      'c.quantity',
      'c.issued_quantity',
      'c.issued_value',
      'c.left_year',
    ])
    .select('t.name as category_name')
    .where('c.zt_id', '=', ztId)
    .where('c.asset_class', '=', assetClass)
    .where('c.is_review', '=', 1)
    .orderBy('c.card_no')
    .execute();
  const out: AssetDocumentCard[] = [];
  for (const r of rows) {
    const mine = ownLines.get(r.id);
    const issuedQty = Number(r.issued_quantity) - (mine && assetClass === AssetClass.Inventory ? mine.quantity : 0);
    const issuedValue = Number(r.issued_value) - (mine && assetClass === AssetClass.Inventory ? mine.originalFen : 0);
    const held = mine !== undefined || r.left_year === null;
    const onHand = Number(r.quantity) - issuedQty;
    if (!held || (assetClass === AssetClass.Inventory && onHand <= 0)) continue;
    const original = assetClass === AssetClass.Inventory ? Number(r.original_value) - issuedValue : Number(r.original_value);
    const accumulated = assetClass === AssetClass.Inventory ? 0 : Number(r.accumulated_depreciation);
    out.push({
      id: r.id,
      cardNo: r.card_no,
      name: r.name,
      categoryName: r.category_name ?? '',
      activationDate: r.activation_date,
      originalValue: fenToYuan(original),
      accumulatedDepreciation: fenToYuan(accumulated),
      residualValue: fenToYuan(original - accumulated),
      quantity: onHand,
    });
  }
  return out;
}

/** Saves a disposal or inventory-issue document (new, or an edit of one without a live voucher). */
export async function saveDocument(db: Db, ctx: AssetContext, userId: number, body: SaveAssetDocument): Promise<string> {
  const q = db.kysely;
  const { ztId } = ctx;
  const assetClass = body.assetClass;
  const kind = assetClass === AssetClass.Inventory ? DocumentKind.InventoryIssue : DocumentKind.Disposal;
  const period = periodOf(body.docDate);
  await assertWritable(q, ctx, period);
  if (kind === DocumentKind.Disposal && !DISPOSE_TYPES.some((t) => t.value === body.disposeOfType))
    refuse('ValidationFailed', M.disposeTypeMissing);
  const disposeAmount = kind === DocumentKind.Disposal ? fenOf(body.disposeOfAmount) : 0;
  const disposeCost = kind === DocumentKind.Disposal ? fenOf(body.disposeCost) : 0;
  if (disposeAmount < 0 || disposeCost < 0) refuse('ValidationFailed', '金额不能为负数');
  const cardIds = [...new Set(body.lines.map((l) => l.cardId))];
  if (cardIds.length !== body.lines.length) refuse('ValidationFailed', '同一卡片不能重复选择');

  const old = body.id ? ((await loadDocuments(q, ztId, { ids: [body.id] }))[0] ?? refuse('NotFound', M.documentMissing)) : null;
  if (old) {
    if (old.kind !== kind || old.assetClass !== assetClass) refuse('NotFound', M.documentMissing);
    if (old.generated) refuse('BusinessRule', M.hasVoucher(old.documentNo));
    if (body.revision !== undefined && body.revision !== old.revision) refuse('Conflict', M.changedMeanwhile);
    await assertPeriodsOpen(q, ztId, [old]);
  }
  const now = Date.now();
  const docIndex = monthIndex(period.year, period.month);

  return runWrite(db, async (trx) => {
    if (old) {
      const bumped = await trx
        .updateTable('asset_document')
        .set({ revision: old.revision + 1, updated_at: now })
        .where('zt_id', '=', ztId)
        .where('id', '=', old.id)
        .where('revision', '=', old.revision)
        .executeTakeFirst();
      if (Number(bumped.numUpdatedRows) !== 1) refuse('Conflict', M.changedMeanwhile);
      await restoreCards(trx, ztId, old, now);
      await trx.deleteFrom('asset_document_line').where('zt_id', '=', ztId).where('document_id', '=', old.id).execute();
    }
    const cards = await trx.selectFrom('asset_card').selectAll().where('zt_id', '=', ztId).where('id', 'in', cardIds).execute();
    const byId = new Map(cards.map((c) => [c.id, c]));
    const provided = await trx
      .selectFrom('asset_provision')
      .select(['card_id', 'year', 'month'])
      .where('zt_id', '=', ztId)
      .where('card_id', 'in', cardIds)
      .where((eb) =>
        eb.or([eb('year', '>', period.year), eb.and([eb('year', '=', period.year), eb('month', '>=', period.month)])]),
      )
      .orderBy('year')
      .orderBy('month')
      .execute();
    const lines = body.lines.map((line) => {
      const card = byId.get(line.cardId) ?? refuse('NotFound', M.cardMissing);
      if (Number(card.asset_class) !== assetClass) refuse('BusinessRule', M.cardWrongClass(card.card_no));
      if (Number(card.is_review) !== 1) refuse('BusinessRule', M.cardNotReviewed(card.card_no));
      if (card.left_year !== null) refuse('BusinessRule', M.cardLeft(card.card_no));
      if (monthIndexOfDate(card.activation_date) > docIndex || card.activation_date > body.docDate)
        refuse('BusinessRule', M.cardNotActive(card.card_no));
      const run = provided.find((p) => p.card_id === card.id);
      if (run) refuse('BusinessRule', M.cardProvided(card.card_no, Number(run.year), Number(run.month)));
      const original = Number(card.original_value);
      if (kind === DocumentKind.InventoryIssue) {
        const onHandQty = Number(card.quantity) - Number(card.issued_quantity);
        const onHandValue = original - Number(card.issued_value);
        const quantity = line.quantity ?? refuse('ValidationFailed', M.quantityMissing);
        if (quantity > onHandQty) refuse('BusinessRule', M.quantityOver(card.card_no, onHandQty));
        const value = issueValue(onHandValue, onHandQty, quantity);
        return { card, quantity, originalFen: value, cumulativeFen: 0, residualFen: value, last: quantity === onHandQty };
      }
      const cumulative = Number(card.accumulated_depreciation);
      return {
        card,
        quantity: Number(card.quantity),
        originalFen: original,
        cumulativeFen: cumulative,
        residualFen: original - cumulative,
        last: true,
      };
    });
    const id = old?.id ?? timeOrderedId(now);
    if (old) {
      await trx
        .updateTable('asset_document')
        .set({
          year: period.year,
          month: period.month,
          doc_date: body.docDate,
          dispose_type: body.disposeOfType ?? 0,
          dispose_amount: disposeAmount,
          dispose_cost: disposeCost,
          remark: body.remark ?? '',
          voucher_id: null,
          updated_at: now,
        })
        .where('zt_id', '=', ztId)
        .where('id', '=', id)
        .execute();
    } else {
      await trx
        .insertInto('asset_document')
        .values({
          zt_id: ztId,
          id,
          document_no: await nextDocumentNo(trx, ztId, assetClass, kind, period.year),
          asset_class: assetClass,
          kind,
          year: period.year,
          month: period.month,
          doc_date: body.docDate,
          dispose_type: body.disposeOfType ?? 0,
          dispose_amount: disposeAmount,
          dispose_cost: disposeCost,
          remark: body.remark ?? '',
          created_by: userId,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await trx
      .insertInto('asset_document_line')
      .values(
        lines.map((l) => ({
          zt_id: ztId,
          document_id: id,
          card_id: l.card.id,
          quantity: l.quantity,
          original_amount: l.originalFen,
          cumulative_amount: l.cumulativeFen,
          residual_amount: l.residualFen,
        })),
      )
      .execute();
    for (const l of lines) {
      const set =
        kind === DocumentKind.InventoryIssue
          ? {
              issued_quantity: Number(l.card.issued_quantity) + l.quantity,
              issued_value: Number(l.card.issued_value) + l.originalFen,
              left_year: l.last ? period.year : null,
              left_month: l.last ? period.month : null,
              updated_at: now,
            }
          : { left_year: period.year, left_month: period.month, updated_at: now };
      const done = await trx
        .updateTable('asset_card')
        .set(set)
        .where('zt_id', '=', ztId)
        .where('id', '=', l.card.id)
        .where('left_year', 'is', null)
        .where('revision', '=', l.card.revision)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) refuse('Conflict', M.changedMeanwhile);
    }
    return id;
  });
}

/** The value of `quantity` units of a stock of `onHandQty` units worth `onHandValue` fen: in proportion, half up; all of it for the last units. */
export function issueValue(onHandValue: number, onHandQty: number, quantity: number): number {
  if (quantity >= onHandQty) return onHandValue;
  return Math.floor((onHandValue * quantity * 2 + onHandQty) / (onHandQty * 2));
}

/** Deletes documents without a live voucher, restoring their cards (a change takes its amount back off the card). */
export async function deleteDocuments(db: Db, ctx: AssetContext, ids: readonly string[]): Promise<number> {
  const q = db.kysely;
  const { ztId } = ctx;
  const docs = await loadDocuments(q, ztId, { ids: [...new Set(ids)] });
  if (docs.length !== new Set(ids).size) refuse('NotFound', M.documentMissing);
  for (const d of docs) if (d.generated) refuse('BusinessRule', M.hasVoucher(d.documentNo));
  if (!ctx.initDone) refuse('BusinessRule', M.notInitialised);
  await assertPeriodsOpen(q, ztId, docs);
  const now = Date.now();
  return runWrite(db, async (trx) => {
    for (const d of docs) {
      const gone = await trx
        .deleteFrom('asset_document')
        .where('zt_id', '=', ztId)
        .where('id', '=', d.id)
        .where('revision', '=', d.revision)
        .executeTakeFirst();
      if (Number(gone.numDeletedRows) !== 1) refuse('Conflict', M.changedMeanwhile);
      await trx.deleteFrom('asset_document_line').where('zt_id', '=', ztId).where('document_id', '=', d.id).execute();
      if (d.kind === DocumentKind.Change) await undoChange(trx, ztId, d, now);
      else await restoreCards(trx, ztId, d, now);
    }
    return docs.length;
  });
}

async function undoChange(trx: Q, ztId: number, d: DocumentRecord, now: number): Promise<void> {
  const line = d.lines[0];
  if (!line) return;
  const card = await trx
    .selectFrom('asset_card')
    .select(['original_value', 'accumulated_depreciation', 'card_no'])
    .where('zt_id', '=', ztId)
    .where('id', '=', line.cardId)
    .executeTakeFirstOrThrow();
  const next = Number(card.original_value) - line.originalFen;
  if (next < Number(card.accumulated_depreciation)) refuse('BusinessRule', M.changeBelowDepreciation(card.card_no));
  // The life before the change is kept in the line's quantity column when the change set a new one (0: unchanged).
  await trx
    .updateTable('asset_card')
    .set((eb) => ({
      original_value: next,
      life_months: line.quantity > 0 ? line.quantity : eb.ref('life_months'),
      updated_at: now,
    }))
    .where('zt_id', '=', ztId)
    .where('id', '=', line.cardId)
    .execute();
}

/** Records an asset change (后续支出) of a reviewed card still held: its original value (and life) change now. */
export async function saveChange(db: Db, ctx: AssetContext, userId: number, body: SaveAssetChange): Promise<string> {
  const q = db.kysely;
  const { ztId } = ctx;
  const period = periodOf(body.changeDate);
  await assertWritable(q, ctx, period);
  const amount = fenOf(body.amount);
  if (amount === 0) refuse('ValidationFailed', M.changeZero);
  const card =
    (await q.selectFrom('asset_card').selectAll().where('zt_id', '=', ztId).where('id', '=', body.cardId).executeTakeFirst()) ??
    refuse('NotFound', M.cardMissing);
  if (Number(card.is_review) !== 1) refuse('BusinessRule', M.cardNotReviewed(card.card_no));
  if (card.left_year !== null) refuse('BusinessRule', M.cardLeft(card.card_no));
  if (card.activation_date > body.changeDate) refuse('BusinessRule', M.cardNotActive(card.card_no));
  const next = Number(card.original_value) + amount;
  if (next < Number(card.accumulated_depreciation) || next < 0) refuse('BusinessRule', M.changeBelowDepreciation(card.card_no));
  const now = Date.now();
  const id = timeOrderedId(now);
  await runWrite(db, async (trx) => {
    await trx
      .insertInto('asset_document')
      .values({
        zt_id: ztId,
        id,
        document_no: await nextDocumentNo(trx, ztId, Number(card.asset_class), DocumentKind.Change, period.year),
        asset_class: Number(card.asset_class),
        kind: DocumentKind.Change,
        year: period.year,
        month: period.month,
        doc_date: body.changeDate,
        remark: body.remark ?? '',
        created_by: userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('asset_document_line')
      .values({
        zt_id: ztId,
        document_id: id,
        card_id: card.id,
        quantity: body.lifeMonths !== undefined ? Number(card.life_months) : 0,
        original_amount: amount,
        cumulative_amount: 0,
        residual_amount: amount,
      })
      .execute();
    const done = await trx
      .updateTable('asset_card')
      .set({ original_value: next, life_months: body.lifeMonths ?? Number(card.life_months), updated_at: now })
      .where('zt_id', '=', ztId)
      .where('id', '=', card.id)
      .where('revision', '=', card.revision)
      .where('original_value', '=', card.original_value)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) refuse('Conflict', M.changedMeanwhile);
  });
  return id;
}

export function changeMoney(docs: readonly DocumentRecord[]): AssetChangeMoney[] {
  return docs.flatMap((d) =>
    d.lines.map((l) => ({
      documentId: d.id,
      documentNo: d.documentNo,
      cardId: l.cardId,
      cardNo: l.cardNo,
      name: l.name,
      assetClass: d.assetClass,
      changeDate: d.docDate,
      amount: fenToYuan(l.originalFen),
      isGenerateCertificate: d.generated,
    })),
  );
}

/** The spec's *DocNotGeneratedList: the class's documents of the year, how many lack a voucher, per month. */
export async function notGenerated(q: Q, ztId: number, assetClass: number, year: number, month?: number): Promise<NotGenerated> {
  const kinds = [assetClass === AssetClass.Inventory ? DocumentKind.InventoryIssue : DocumentKind.Disposal];
  const docs = (await loadDocuments(q, ztId, { assetClass, kinds, year })).filter((d) => month === undefined || d.month <= month);
  const pending = docs.filter((d) => !d.generated);
  const months = [...new Set(pending.map((d) => d.month))].sort((a, b) => a - b);
  return {
    count: docs.length,
    unGenerateCertificate: pending.length,
    monthAssets: months.map((m) => ({ month: m, unGenerateCertificate: pending.filter((d) => d.month === m).length })),
    documents: pending.map(docAmount),
  };
}

export function docAmount(d: DocumentRecord) {
  return {
    documentId: d.id,
    documentNo: d.documentNo,
    originalAmount: fenToYuan(sum(d.lines.map((l) => l.originalFen))),
    cumulativeAmount: fenToYuan(sum(d.lines.map((l) => l.cumulativeFen))),
    residualAmount: fenToYuan(sum(d.lines.map((l) => l.residualFen))),
    disposeOfAmount: fenToYuan(d.disposeAmountFen),
    disposeCost: fenToYuan(d.disposeCostFen),
  };
}
