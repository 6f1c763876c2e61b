/**
 * Asset initialisation (资产初始化, issue 23 §1): the cards keyed with their accumulated depreciation are checked per
 * class against the ledger's openings of the init year (union 162/163, 171/172, 141; government 1601/1602,
 * 1701/1702, 1302); the finish needs every class to agree, the cancel is refused once an asset voucher or a provision
 * exists. And the spec's 2022 rules: the accrual check, the catch-up depreciation of the init cards as of
 * 2022-01-01 (Dr 301 资产基金 / Cr 163 or 172) as one 调账凭证 (category 10000), and declining it (isProvision).
 */
import type { AccountingSystem } from '../../shared/api/auth.js';
import type { AccrualPreview, AssetInitState } from '../../shared/api/schemas/assets-cards.js';
import type { SaveVoucherRequest } from '../../shared/api/schemas/vouchers.js';
import { ASSET_CLASSES, GOVERNMENT_LEDGER, UNION_LEDGER, type AssetClassCode } from '../../shared/assets/constants.js';
import { AssetCardMessages as M } from '../../shared/assets/cards-messages.js';
import { accumulatedThrough } from '../../shared/assets/depreciation.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { refuse } from '../http/app-error.js';
import { ADJUSTMENT_CERTIFICATE_TYPE } from '../vouchers/certificate-type-defaults.js';
import { listCertificateTypes } from '../vouchers/certificate-types.js';
import type { VoucherScope } from '../vouchers/save-service.js';
import type { AssetContext, Q } from './context.js';
import { existingVoucherIds, writeAssetVouchers } from './voucher-writer.js';
import { likePrefix } from '../db/like.js';

export function ledgerOf(system: AccountingSystem) {
  return system === 'government' ? GOVERNMENT_LEDGER : UNION_LEDGER;
}

async function openingOf(q: Q, ztId: number, year: number, code: string | undefined): Promise<number> {
  if (!code) return 0;
  const row = await q
    .selectFrom('subject')
    .select('init_amount')
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .where('code', '=', code)
    .executeTakeFirst();
  return Number(row?.init_amount ?? 0);
}

/** Whether any asset voucher (card, provision, document, the catch-up accrual) or any provision exists. */
export async function hasAssetVouchers(q: Q, ztId: number): Promise<boolean> {
  const provision = await q.selectFrom('asset_provision').select('card_id').where('zt_id', '=', ztId).executeTakeFirst();
  if (provision) return true;
  const run = await q.selectFrom('asset_provision_run').select('year').where('zt_id', '=', ztId).executeTakeFirst();
  if (run) return true;
  const linked = [
    ...(
      await q
        .selectFrom('asset_card')
        .select('voucher_id')
        .where('zt_id', '=', ztId)
        .where('voucher_id', 'is not', null)
        .execute()
    ).map((r) => r.voucher_id ?? ''),
    ...(
      await q
        .selectFrom('asset_document')
        .select('voucher_id')
        .where('zt_id', '=', ztId)
        .where('voucher_id', 'is not', null)
        .execute()
    ).map((r) => r.voucher_id ?? ''),
    ...(
      await q
        .selectFrom('asset_setting')
        .select('provision_voucher_id')
        .where('zt_id', '=', ztId)
        .where('provision_voucher_id', 'is not', null)
        .execute()
    ).map((r) => r.provision_voucher_id ?? ''),
  ];
  return (await existingVoucherIds(q, ztId, linked)).size > 0;
}

export async function initState(q: Q, ctx: AssetContext, system: AccountingSystem): Promise<AssetInitState> {
  const ledger = ledgerOf(system);
  const sums = await q
    .selectFrom('asset_card')
    .select((eb) => [
      'asset_class',
      eb.fn.sum<number>('original_value').as('original'),
      eb.fn.sum<number>('init_depreciation').as('accumulated'),
    ])
    .where('zt_id', '=', ctx.ztId)
    .where('is_init', '=', 1)
    .groupBy('asset_class')
    .execute();
  const classes = [];
  for (const c of ASSET_CLASSES) {
    const s = sums.find((r) => r.asset_class === c.value);
    const subjects = ledger[c.value];
    const cardsOriginal = Number(s?.original ?? 0);
    const cardsAccumulated = subjects.provision ? Number(s?.accumulated ?? 0) : 0;
    const ledgerOriginal = await openingOf(q, ctx.ztId, ctx.initYear, subjects.cost);
    const ledgerAccumulated = await openingOf(q, ctx.ztId, ctx.initYear, subjects.provision);
    classes.push({
      assetClass: c.value,
      name: c.name,
      costSubject: subjects.cost,
      provisionSubject: subjects.provision ?? null,
      cardsOriginal: fenToYuan(cardsOriginal),
      ledgerOriginal: fenToYuan(ledgerOriginal),
      cardsAccumulated: fenToYuan(cardsAccumulated),
      ledgerAccumulated: fenToYuan(ledgerAccumulated),
      agrees: cardsOriginal === ledgerOriginal && cardsAccumulated === ledgerAccumulated,
    });
  }
  return {
    initDone: ctx.initDone,
    initYear: ctx.initYear,
    classes,
    agrees: classes.every((c) => c.agrees),
    hasVouchers: await hasAssetVouchers(q, ctx.ztId),
  };
}

export async function finishInit(q: Q, ctx: AssetContext, system: AccountingSystem, userId: number): Promise<void> {
  const state = await initState(q, ctx, system);
  if (!state.agrees) refuse('BusinessRule', M.initMismatch);
  await q
    .updateTable('asset_setting')
    .set((eb) => ({
      init_done: 1,
      init_at: Date.now(),
      init_by: userId,
      updated_at: Date.now(),
      revision: eb('revision', '+', 1),
    }))
    .where('zt_id', '=', ctx.ztId)
    .execute();
}

export async function cancelInit(q: Q, ctx: AssetContext): Promise<void> {
  if (await hasAssetVouchers(q, ctx.ztId)) refuse('BusinessRule', M.initHasVouchers);
  await q
    .updateTable('asset_setting')
    .set((eb) => ({ init_done: 0, init_at: null, init_by: null, updated_at: Date.now(), revision: eb('revision', '+', 1) }))
    .where('zt_id', '=', ctx.ztId)
    .execute();
}

/* ---------------- the 2022 catch-up accrual ---------------- */

const CATCH_UP_YEAR = 2021;
const CATCH_UP_MONTH = 12;

interface CatchUpRow {
  cardId: string;
  cardNo: string;
  name: string;
  assetClass: AssetClassCode;
  amountFen: number;
}

async function catchUpRows(q: Q, ztId: number): Promise<CatchUpRow[]> {
  const rows = await q
    .selectFrom('asset_card as c')
    .innerJoin('asset_category as t', (j) => j.onRef('t.zt_id', '=', 'c.zt_id').onRef('t.id', '=', 'c.category_id'))
    .select([
      'c.id',
      'c.card_no',
      'c.name',
      'c.asset_class',
      'c.original_value',
      'c.accumulated_depreciation',
      'c.life_months',
      'c.activation_date',
      't.depreciates',
    ])
    .where('c.zt_id', '=', ztId)
    .where('c.is_init', '=', 1)
    .where('c.asset_class', 'in', [1, 2])
    .orderBy('c.card_no')
    .execute();
  const out: CatchUpRow[] = [];
  for (const r of rows) {
    const due = accumulatedThrough(
      {
        originalFen: r.original_value,
        lifeMonths: r.life_months,
        activationDate: r.activation_date,
        depreciates: r.depreciates === 1,
      },
      CATCH_UP_YEAR,
      CATCH_UP_MONTH,
    );
    const amountFen = due - r.accumulated_depreciation;
    if (amountFen > 0)
      out.push({ cardId: r.id, cardNo: r.card_no, name: r.name, assetClass: r.asset_class as AssetClassCode, amountFen });
  }
  return out;
}

/** The last-level subject under `code` (itself when it has none), or under the 301 child named `childName`. */
async function leafUnder(q: Q, ztId: number, year: number, code: string, childName?: string): Promise<string> {
  const subjects = await q
    .selectFrom('subject')
    .select(['code', 'name', 'parent_code', 'last_level'])
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .where(likePrefix('code', code))
    .orderBy('code')
    .execute();
  let start = subjects.find((s) => s.code === code);
  if (childName) start = subjects.find((s) => s.parent_code === code && s.name === childName) ?? start;
  if (!start) refuse('BusinessRule', `科目${code}不存在`);
  if (start.last_level === 1) return start.code;
  const leaf = subjects.find((s) => s.code.startsWith(start.code) && s.code !== start.code && s.last_level === 1);
  if (!leaf) refuse('BusinessRule', `科目${start.code}没有末级科目`);
  return leaf.code;
}

async function catchUpEntries(q: Q, ztId: number, year: number, rows: readonly CatchUpRow[]) {
  const entries: { summary: string; subjectCode: string; balanceDirection: 1 | 2; fen: number }[] = [];
  for (const cls of [1, 2] as const) {
    const fen = rows.filter((r) => r.assetClass === cls).reduce((s, r) => s + r.amountFen, 0);
    if (fen === 0) continue;
    const fund = await leafUnder(q, ztId, year, '301', cls === 1 ? '固定资产' : '无形资产');
    const provision = await leafUnder(q, ztId, year, cls === 1 ? '163' : '172');
    const summary = cls === 1 ? '期初固定资产补提折旧' : '期初无形资产补提摊销';
    entries.push({ summary, subjectCode: fund, balanceDirection: 1, fen });
    entries.push({ summary, subjectCode: provision, balanceDirection: 2, fen });
  }
  return entries;
}

export async function accrualPreview(q: Q, ctx: AssetContext, system: AccountingSystem): Promise<AccrualPreview> {
  if (system === 'government') return { rows: [], total: 0, entries: [] };
  const rows = await catchUpRows(q, ctx.ztId);
  const entries = await catchUpEntries(q, ctx.ztId, ctx.year, rows);
  return {
    rows: rows.map((r) => ({
      cardId: r.cardId,
      cardNo: r.cardNo,
      name: r.name,
      assetClass: r.assetClass,
      amount: fenToYuan(r.amountFen),
    })),
    total: fenToYuan(rows.reduce((s, r) => s + r.amountFen, 0)),
    entries: entries.map((e) => ({
      summary: e.summary,
      subjectCode: e.subjectCode,
      balanceDirection: e.balanceDirection,
      moneyAmount: fenToYuan(e.fen),
    })),
  };
}

/**
 * Writes the catch-up voucher (调账凭证, category 10000) and raises the init cards' accumulated depreciation (their
 * init_depreciation stays what the ledger's openings were checked against).
 */
export async function addAccrual(
  db: Db,
  ctx: AssetContext,
  scope: VoucherScope,
  date = '2022-01-01',
): Promise<{ voucherId: string; totalFen: number }> {
  const q = db.kysely;
  if (ctx.isProvision) refuse('BusinessRule', M.accrualDone);
  if (!ctx.initDone) refuse('BusinessRule', M.initNotDone);
  if (date <= '2021-12-31') refuse('ValidationFailed', M.accrualDateTooEarly);
  const rows = await catchUpRows(q, ctx.ztId);
  if (rows.length === 0) refuse('BusinessRule', M.accrualNothing);
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const entries = await catchUpEntries(q, ctx.ztId, year, rows);
  const types = await listCertificateTypes(q, ctx.ztId);
  if (!types.some((t) => t.value === ADJUSTMENT_CERTIFICATE_TYPE)) refuse('BusinessRule', '账套没有调账凭证类别');
  const request: SaveVoucherRequest = {
    year,
    month,
    pzDate: date,
    certificateType: ADJUSTMENT_CERTIFICATE_TYPE,
    numberOfDocument: 0,
    certiDetails: entries.map((e) => {
      const yuan = fenToYuan(e.fen).toFixed(2);
      return {
        summary: e.summary,
        subjectCode: e.subjectCode,
        debitAmount: e.balanceDirection === 1 ? yuan : null,
        creditAmount: e.balanceDirection === 2 ? yuan : null,
      };
    }),
  };
  const totalFen = rows.reduce((s, r) => s + r.amountFen, 0);
  const [voucher] = await writeAssetVouchers(db, scope, [request], async (trx, vouchers) => {
    const voucherId = vouchers[0]?.id ?? '';
    const marked = await trx
      .updateTable('asset_setting')
      .set((eb) => ({
        is_provision: 1,
        provision_voucher_id: voucherId,
        updated_at: Date.now(),
        revision: eb('revision', '+', 1),
      }))
      .where('zt_id', '=', ctx.ztId)
      .where('is_provision', '=', 0)
      .executeTakeFirst();
    for (const r of rows) {
      await trx
        .updateTable('asset_card')
        .set((eb) => ({
          accumulated_depreciation: eb('accumulated_depreciation', '+', r.amountFen),
          updated_at: Date.now(),
          revision: eb('revision', '+', 1),
        }))
        .where('zt_id', '=', ctx.ztId)
        .where('id', '=', r.cardId)
        .execute();
    }
    return { marked: Number(marked.numUpdatedRows), expected: 1 };
  });
  if (!voucher) refuse('Conflict', M.accrualDone);
  return { voucherId: voucher.id, totalFen };
}

export async function setIsProvision(q: Q, ztId: number, isProvision: boolean): Promise<void> {
  await q
    .updateTable('asset_setting')
    .set((eb) => ({ is_provision: isProvision ? 1 : 0, updated_at: Date.now(), revision: eb('revision', '+', 1) }))
    .where('zt_id', '=', ztId)
    .execute();
}
