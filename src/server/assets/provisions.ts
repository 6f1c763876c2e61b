/**
 * A month's depreciation (class 1) or amortisation (class 2): the run, its undo, the month list and the detail.
 *
 * Which cards: every card of the class that is reviewed or was keyed at initialisation (is_init), whose category
 * depreciates; provisionFor (shared/assets/depreciation.ts) decides the amount, from the month of activation (当月增加
 * 当月计提) until the month the card left (当月减少当月不再计提) or is fully depreciated. Only cards with an amount
 * above 0 get a provision row.
 *
 * What must stay true:
 * - A month is run once (the run's primary key, and the check), never with a gap: the first month run is the
 *   initialisation period, each later one follows the last run; never in a closed period.
 * - The run writes the provisions, adds each to its card's accumulated_depreciation and writes the run row in one
 *   transaction, set-based (PostgreSQL: unnest; SQLite: chunked multi-row inserts), so accumulated_depreciation
 *   always equals init_depreciation plus the card's provisions.
 * - The undo takes back the LAST run only, and only while none of its vouchers exists.
 * - A provision's voucher is read by join: a deleted voucher makes the month "done without voucher" again.
 */
import { sql } from 'kysely';
import type { ProvisionMonthRow, ProvisionRunBody } from '../../shared/api/schemas/assets-vouchers.js';
import { AssetVoucherMessages as M } from '../../shared/assets/vouchers-messages.js';
import { monthIndex, provisionFor } from '../../shared/assets/depreciation.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import type { Db } from '../db/database.js';
import { unnestInsert } from '../db/unnest-insert.js';
import { refuse } from '../http/app-error.js';
import { closedAmong } from '../vouchers/periods.js';
import { runWrite } from '../vouchers/write-queue.js';
import type { AssetContext, Q } from './context.js';
import { existingVoucherIds } from './voucher-writer.js';

const SQLITE_CHUNK = 150; // 6 columns a row: within SQLite's parameter limit

interface DueCard {
  id: string;
  original_value: number | string;
  accumulated_depreciation: number | string;
  life_months: number;
  activation_date: string;
  left_year: number | null;
  left_month: number | null;
  depreciates: number;
}

/** The cards a run considers (reviewed or keyed at initialisation). */
function dueCards(q: Q, ztId: number, assetClass: number): Promise<DueCard[]> {
  return q
    .selectFrom('asset_card as c')
    .innerJoin('asset_category as t', (j) => j.onRef('t.zt_id', '=', 'c.zt_id').onRef('t.id', '=', 'c.category_id'))
    .select([
      'c.id',
      'c.original_value',
      'c.accumulated_depreciation',
      'c.life_months',
      'c.activation_date',
      'c.left_year',
      'c.left_month',
      't.depreciates',
    ])
    .where('c.zt_id', '=', ztId)
    .where('c.asset_class', '=', assetClass)
    .where((eb) => eb.or([eb('c.is_review', '=', 1), eb('c.is_init', '=', 1)]))
    .execute();
}

/** The month's amounts per card (fen, above 0 only). */
export function computeProvisions(cards: readonly DueCard[], year: number, month: number): { cardId: string; amount: number }[] {
  const out: { cardId: string; amount: number }[] = [];
  for (const c of cards) {
    const amount = provisionFor(
      {
        originalFen: Number(c.original_value),
        accumulatedFen: Number(c.accumulated_depreciation),
        lifeMonths: c.life_months,
        activationDate: c.activation_date,
        depreciates: c.depreciates === 1,
        leftMonthIndex: c.left_year !== null && c.left_month !== null ? monthIndex(c.left_year, c.left_month) : null,
      },
      year,
      month,
    );
    if (amount > 0) out.push({ cardId: c.id, amount });
  }
  return out;
}

async function lastRun(q: Q, ztId: number, assetClass: number) {
  return q
    .selectFrom('asset_provision_run')
    .selectAll()
    .where('zt_id', '=', ztId)
    .where('asset_class', '=', assetClass)
    .orderBy('year', 'desc')
    .orderBy('month', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Refuses a month that cannot be run now (before initialisation, already run, a gap, closed). */
async function checkRunnable(q: Q, ctx: AssetContext, body: ProvisionRunBody): Promise<void> {
  const { assetClass, year, month } = body;
  const asked = monthIndex(year, month);
  const first = monthIndex(ctx.initYear, ctx.initMonth);
  if (asked < first) refuse('BusinessRule', M.beforeInit);
  const done = await q
    .selectFrom('asset_provision_run')
    .select('year')
    .where('zt_id', '=', ctx.ztId)
    .where('asset_class', '=', assetClass)
    .where('year', '=', year)
    .where('month', '=', month)
    .executeTakeFirst();
  if (done) refuse('Conflict', M.alreadyRun(year, month));
  const last = await lastRun(q, ctx.ztId, assetClass);
  const expected = last ? monthIndex(last.year, last.month) + 1 : first;
  if (asked > expected) refuse('BusinessRule', M.gapBefore(Math.floor(expected / 12), (expected % 12) + 1));
  if (asked < expected) refuse('Conflict', M.alreadyRun(year, month));
  const closed = await closedAmong(q, ctx.ztId, [{ year, month }]);
  if (closed.size > 0) refuse('BusinessRule', M.closedPeriod(year, month));
}

/** Runs a month: the provisions, the cards' accumulation and the run row, in one transaction. */
export async function runProvision(
  db: Db,
  ctx: AssetContext,
  actorId: number,
  body: ProvisionRunBody,
): Promise<{ cardCount: number; totalFen: number }> {
  const { assetClass, year, month } = body;
  const ztId = ctx.ztId;
  return runWrite(db, async (trx) => {
    await checkRunnable(trx, ctx, body);
    const provisions = computeProvisions(await dueCards(trx, ztId, assetClass), year, month);
    const totalFen = provisions.reduce((s, p) => s + p.amount, 0);
    if (db.dialect === 'postgres') {
      if (provisions.length > 0)
        await unnestInsert(
          'asset_provision',
          ztId,
          { asset_class: 'integer[]', year: 'integer[]', month: 'integer[]', card_id: 'text[]', amount: 'bigint[]' },
          provisions.map((p) => ({ asset_class: assetClass, year, month, card_id: p.cardId, amount: p.amount })),
        ).execute(trx);
    } else {
      for (let start = 0; start < provisions.length; start += SQLITE_CHUNK) {
        await trx
          .insertInto('asset_provision')
          .values(
            provisions.slice(start, start + SQLITE_CHUNK).map((p) => ({
              zt_id: ztId,
              asset_class: assetClass,
              year,
              month,
              card_id: p.cardId,
              amount: p.amount,
            })),
          )
          .execute();
      }
    }
    await addToCards(trx, ztId, body, 1);
    await trx
      .insertInto('asset_provision_run')
      .values({
        zt_id: ztId,
        asset_class: assetClass,
        year,
        month,
        card_count: provisions.length,
        total: totalFen,
        created_by: actorId,
        created_at: Date.now(),
      })
      .execute();
    return { cardCount: provisions.length, totalFen };
  });
}

/** accumulated_depreciation ± the month's provision of each card (one statement). */
async function addToCards(trx: Q, ztId: number, body: ProvisionRunBody, sign: 1 | -1): Promise<void> {
  const { assetClass, year, month } = body;
  const amount = sql`(select p.amount from asset_provision p where p.zt_id = asset_card.zt_id and p.asset_class = ${assetClass} and p.year = ${year} and p.month = ${month} and p.card_id = asset_card.id)`;
  await sql`update asset_card set accumulated_depreciation = accumulated_depreciation ${sql.raw(sign === 1 ? '+' : '-')} ${amount}
    where zt_id = ${ztId} and id in (select card_id from asset_provision where zt_id = ${ztId} and asset_class = ${assetClass} and year = ${year} and month = ${month})`.execute(
    trx,
  );
}

/** Undoes the last run of the class, while none of its vouchers exists. */
export async function undoProvision(
  db: Db,
  ctx: AssetContext,
  body: ProvisionRunBody,
): Promise<{ cardCount: number; totalFen: number }> {
  const { assetClass, year, month } = body;
  const ztId = ctx.ztId;
  return runWrite(db, async (trx) => {
    const last = await lastRun(trx, ztId, assetClass);
    if (!last) refuse('BusinessRule', M.nothingToUndo);
    if (last.year !== year || last.month !== month) refuse('BusinessRule', M.notLastRun);
    const vouchers = await trx
      .selectFrom('asset_provision')
      .select('voucher_id')
      .distinct()
      .where('zt_id', '=', ztId)
      .where('asset_class', '=', assetClass)
      .where('year', '=', year)
      .where('month', '=', month)
      .where('voucher_id', 'is not', null)
      .execute();
    const live = await existingVoucherIds(
      trx,
      ztId,
      vouchers.map((v) => v.voucher_id ?? ''),
    );
    if (live.size > 0) refuse('BusinessRule', M.runHasVoucher);
    const closed = await closedAmong(trx, ztId, [{ year, month }]);
    if (closed.size > 0) refuse('BusinessRule', M.closedPeriod(year, month));
    await addToCards(trx, ztId, body, -1);
    await trx
      .deleteFrom('asset_provision')
      .where('zt_id', '=', ztId)
      .where('asset_class', '=', assetClass)
      .where('year', '=', year)
      .where('month', '=', month)
      .execute();
    await trx
      .deleteFrom('asset_provision_run')
      .where('zt_id', '=', ztId)
      .where('asset_class', '=', assetClass)
      .where('year', '=', year)
      .where('month', '=', month)
      .execute();
    return { cardCount: last.card_count, totalFen: Number(last.total) };
  });
}

/** The provisions of the month without a live voucher (a deleted voucher's rows count again). */
export async function ungeneratedProvisions(
  q: Q,
  ztId: number,
  assetClass: number,
  year: number,
  month: number,
): Promise<{ card_id: string; amount: number }[]> {
  const rows = await q
    .selectFrom('asset_provision as p')
    .leftJoin('voucher as v', (j) => j.onRef('v.zt_id', '=', 'p.zt_id').onRef('v.id', '=', 'p.voucher_id'))
    .select(['p.card_id', 'p.amount'])
    .where('p.zt_id', '=', ztId)
    .where('p.asset_class', '=', assetClass)
    .where('p.year', '=', year)
    .where('p.month', '=', month)
    .where('v.id', 'is', null)
    .execute();
  return rows.map((r) => ({ card_id: r.card_id, amount: Number(r.amount) }));
}

/** The month list of a class and year. */
export async function provisionMonths(q: Q, ctx: AssetContext, assetClass: number, year: number): Promise<ProvisionMonthRow[]> {
  const ztId = ctx.ztId;
  const [runs, open, last, closed] = await Promise.all([
    q
      .selectFrom('asset_provision_run')
      .selectAll()
      .where('zt_id', '=', ztId)
      .where('asset_class', '=', assetClass)
      .where('year', '=', year)
      .execute(),
    q
      .selectFrom('asset_provision as p')
      .leftJoin('voucher as v', (j) => j.onRef('v.zt_id', '=', 'p.zt_id').onRef('v.id', '=', 'p.voucher_id'))
      .select('p.month')
      .distinct()
      .where('p.zt_id', '=', ztId)
      .where('p.asset_class', '=', assetClass)
      .where('p.year', '=', year)
      .where('v.id', 'is', null)
      .execute(),
    lastRun(q, ztId, assetClass),
    closedAmong(
      q,
      ztId,
      Array.from({ length: 12 }, (_, i) => ({ year, month: i + 1 })),
    ),
  ]);
  const runOf = new Map(runs.map((r) => [r.month, r]));
  const ungenerated = new Set(open.map((r) => r.month));
  const next = last ? monthIndex(last.year, last.month) + 1 : monthIndex(ctx.initYear, ctx.initMonth);
  const lastIndex = last ? monthIndex(last.year, last.month) : -1;
  return Array.from({ length: 12 }, (_, i) => {
    const month = i + 1;
    const run = runOf.get(month);
    const isClosed = closed.has(`${year}-${month}`);
    return {
      month,
      isProvision: !!run,
      unGenerateCertificate: !!run && ungenerated.has(month),
      cardCount: run?.card_count ?? 0,
      total: fenToYuan(Number(run?.total ?? 0)),
      canRun: !run && monthIndex(year, month) === next && !isClosed,
      canUndo: !!run && monthIndex(year, month) === lastIndex && !isClosed,
    };
  });
}
