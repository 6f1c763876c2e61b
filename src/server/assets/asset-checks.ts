/**
 * The close check's asset parts (spec doc 1 §3 "Close-check result": fixedAssetsVO, intangibleAssetsVO,
 * inventoryAssetsVO, longAmortionVO). For the checked months, per class: cards added without a voucher (assetsAdd), a
 * month's depreciation or amortisation due but not run, or run without a voucher (assetsProvision), documents without
 * a voucher (assetsDocument), and the cards' totals against the ledger's 162/163, 171/172, 141 balances at the end of
 * the last month (government: 1601/1602, 1701/1702, 1302; and no fixed-asset additions check, which the spec shows
 * for institution 3 only); for 181, the items added without voucher
 * (longAmortionAdd), the month's amortisation (amortionDetailsAdd) and the items against the 181 (1901) balance.
 *
 * A part applies when the set has the assets platform and something in it (a card of the class, an item of 181);
 * otherwise it passes. A balance mismatch alone can be ignored for the session (as the opening balance).
 * Pure reads; voucher links are read by join to the voucher (a deleted voucher is no voucher).
 */
import type { AccountingSystem } from '../../shared/api/auth.js';
import type { AssetClosePart, LongClosePart } from '../../shared/api/schemas/close.js';
import {
  ASSET_CLASSES,
  GOVERNMENT_LEDGER,
  LONG_AMORTION_SUBJECT,
  UNION_LEDGER,
  type AssetClassCode,
} from '../../shared/assets/constants.js';
import { monthIndex, provisionFor } from '../../shared/assets/depreciation.js';
import { AssetCheckMessages } from '../../shared/assets/long-messages.js';
import { FINANCIAL_INSTITUTION_NEW, financialInstitutionOf } from '../../shared/constants.js';
import { formatFen } from '../../shared/money.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import { likePrefix } from '../db/like.js';
import type { Q } from '../subjects/subject-repository.js';
import { existingVoucherIds } from './voucher-writer.js';
import { longCloseFigures, longMonthCheck } from './long-months.js';

export interface AssetCheckScope {
  ztId: number;
  year: number;
  system: AccountingSystem;
}

async function hasAssetsPlatform(q: Q, ztId: number): Promise<boolean> {
  const row = await q
    .selectFrom('zt_platform as z')
    .innerJoin('platform as p', 'p.id', 'z.platform_id')
    .select('p.id')
    .where('z.zt_id', '=', ztId)
    .where('p.code', '=', 'assets')
    .executeTakeFirst();
  return !!row;
}

/** A subject's balance (its own code and every code under it) at the end of the month, fen, in its direction; 0 when the chart has none. */
export async function ledgerBalanceFen(q: Q, ztId: number, year: number, month: number, code: string): Promise<number> {
  const top = await q
    .selectFrom('subject')
    .select('balance_direction')
    .where('zt_id', '=', ztId)
    .where('year', '=', year)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!top) return 0;
  const [opening, sums] = await Promise.all([
    q
      .selectFrom('subject')
      .select((eb) => eb.fn.sum<number | string | null>('init_amount').as('s'))
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .where('last_level', '=', 1)
      .where(likePrefix('code', code))
      .executeTakeFirst(),
    q
      .selectFrom('voucher_line')
      .select((eb) => [
        eb.fn.sum<number | string | null>('debit_amount').as('d'),
        eb.fn.sum<number | string | null>('credit_amount').as('c'),
      ])
      .where('zt_id', '=', ztId)
      .where('year', '=', year)
      .where('month', '<=', month)
      .where(likePrefix('subject_code', code))
      .executeTakeFirst(),
  ]);
  const net = Number(sums?.d ?? 0) - Number(sums?.c ?? 0);
  return Number(opening?.s ?? 0) + (top.balance_direction === 1 ? net : -net);
}

const NAMES: Record<AssetClassCode, string> = { 1: '固定资产', 2: '无形资产', 3: '库存物品' };
const PROVISION_NAMES: Record<AssetClassCode, string> = { 1: '折旧', 2: '摊销', 3: '' };
const lastDay = (year: number, month: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;

function notApplicable(what: string): AssetClosePart {
  return {
    applicable: false,
    status: true,
    balanceOnly: false,
    message: AssetCheckMessages.notApplicable(what),
    assetsAdd: { status: true, count: 0 },
    assetsProvision: { status: true, months: [], unGenerated: 0 },
    assetsDocument: { status: true, count: 0 },
    balance: { status: true, cardsCost: 0, ledgerCost: 0, cardsProvision: 0, ledgerProvision: 0 },
  };
}

async function classPart(
  q: Q,
  scope: AssetCheckScope,
  assetClass: AssetClassCode,
  beginMonth: number,
  endMonth: number,
): Promise<AssetClosePart> {
  const { ztId, year } = scope;
  const what = NAMES[assetClass];
  const cards = await q
    .selectFrom('asset_card as c')
    .innerJoin('asset_category as g', (j) => j.onRef('g.zt_id', '=', 'c.zt_id').onRef('g.id', '=', 'c.category_id'))
    .select([
      'c.id',
      'c.is_init',
      'c.voucher_id',
      'c.original_value',
      'c.init_depreciation',
      'c.issued_value',
      'c.life_months',
      'c.activation_date',
      'c.left_year',
      'c.left_month',
      'g.depreciates',
    ])
    .where('c.zt_id', '=', ztId)
    .where('c.asset_class', '=', assetClass)
    .execute();
  if (cards.length === 0) return notApplicable(what);
  const end = lastDay(year, endMonth);
  const endIndex = monthIndex(year, endMonth);
  const [provisions, runs, documents] = await Promise.all([
    q
      .selectFrom('asset_provision')
      .select(['card_id', 'year', 'month', 'amount', 'voucher_id'])
      .where('zt_id', '=', ztId)
      .where('asset_class', '=', assetClass)
      .where('year', '<=', year)
      .execute(),
    q
      .selectFrom('asset_provision_run')
      .select('month')
      .where('zt_id', '=', ztId)
      .where('asset_class', '=', assetClass)
      .where('year', '=', year)
      .execute(),
    q
      .selectFrom('asset_document')
      .select(['id', 'voucher_id'])
      .where('zt_id', '=', ztId)
      .where('asset_class', '=', assetClass)
      .where('year', '=', year)
      .where('month', '<=', endMonth)
      .execute(),
  ]);
  const live = await existingVoucherIds(q, ztId, [
    ...cards.flatMap((c) => (c.voucher_id ? [c.voucher_id] : [])),
    ...provisions.flatMap((p) => (p.voucher_id ? [p.voucher_id] : [])),
    ...documents.flatMap((d) => (d.voucher_id ? [d.voucher_id] : [])),
  ]);
  const hasLive = (id: string | null) => !!id && live.has(id);

  // Spec: the fixed-asset voucher check shows when the institution is 3 (the union system); a government set's
  // fixed-asset purchases are vouchered in its two-table vouchers, not from the cards.
  const checksAdditions = assetClass !== 1 || financialInstitutionOf(scope.system) === FINANCIAL_INSTITUTION_NEW;
  const addCount = checksAdditions
    ? cards.filter((c) => c.is_init !== 1 && c.activation_date <= end && !hasLive(c.voucher_id)).length
    : 0;

  // Depreciation or amortisation per checked month: due and not run, or run with rows without voucher.
  const ranMonths = new Set(runs.map((r) => r.month));
  const missingMonths: number[] = [];
  let unGenerated = 0;
  if (assetClass !== 3) {
    for (let m = beginMonth; m <= endMonth; m++) {
      const at = monthIndex(year, m);
      if (ranMonths.has(m)) {
        unGenerated += provisions.filter(
          (p) => p.year === year && p.month === m && Number(p.amount) > 0 && !hasLive(p.voucher_id),
        ).length;
        continue;
      }
      const due = cards.some((c) => {
        const before = provisions
          .filter((p) => p.card_id === c.id && monthIndex(p.year, p.month) < at)
          .reduce((s, p) => s + Number(p.amount), 0);
        return (
          provisionFor(
            {
              originalFen: Number(c.original_value),
              accumulatedFen: Number(c.init_depreciation) + before,
              lifeMonths: c.life_months,
              activationDate: c.activation_date,
              depreciates: c.depreciates === 1,
              leftMonthIndex: c.left_year ? monthIndex(c.left_year, c.left_month ?? 1) : null,
            },
            year,
            m,
          ) > 0
        );
      });
      if (due) missingMonths.push(m);
    }
  }
  const docCount = documents.filter((d) => !hasLive(d.voucher_id)).length;

  // The cards held at the end of the month against the ledger.
  const held = cards.filter(
    (c) => c.activation_date <= end && !(c.left_year && monthIndex(c.left_year, c.left_month ?? 1) <= endIndex),
  );
  const heldIds = new Set(held.map((c) => c.id));
  const cardsCost = held.reduce((s, c) => s + Number(c.original_value) - (assetClass === 3 ? Number(c.issued_value) : 0), 0);
  const cardsProvision =
    held.reduce((s, c) => s + Number(c.init_depreciation), 0) +
    provisions
      .filter((p) => heldIds.has(p.card_id) && monthIndex(p.year, p.month) <= endIndex)
      .reduce((s, p) => s + Number(p.amount), 0);
  const subjects = (scope.system === 'government' ? GOVERNMENT_LEDGER : UNION_LEDGER)[assetClass];
  const ledgerCost = await ledgerBalanceFen(q, ztId, year, endMonth, subjects.cost);
  const ledgerProvision = subjects.provision ? await ledgerBalanceFen(q, ztId, year, endMonth, subjects.provision) : 0;
  const balanceOk = cardsCost === ledgerCost && (!subjects.provision || cardsProvision === ledgerProvision);

  const problems: string[] = [];
  if (addCount > 0) problems.push(AssetCheckMessages.cardsWithoutVoucher(addCount));
  for (const m of missingMonths) problems.push(AssetCheckMessages.provisionNotDone(PROVISION_NAMES[assetClass], m));
  if (unGenerated > 0) problems.push(AssetCheckMessages.provisionWithoutVoucher(PROVISION_NAMES[assetClass], endMonth));
  if (docCount > 0) problems.push(AssetCheckMessages.documentsWithoutVoucher(docCount));
  const voucherProblems = problems.length;
  if (cardsCost !== ledgerCost)
    problems.push(
      AssetCheckMessages.balanceDiffers(
        `${what}原值`,
        formatFen(cardsCost, { thousands: true }),
        formatFen(ledgerCost, { thousands: true }),
      ),
    );
  if (subjects.provision && cardsProvision !== ledgerProvision)
    problems.push(
      AssetCheckMessages.balanceDiffers(
        `${what}${PROVISION_NAMES[assetClass] === '折旧' ? '累计折旧' : '累计摊销'}`,
        formatFen(cardsProvision, { thousands: true }),
        formatFen(ledgerProvision, { thousands: true }),
      ),
    );
  return {
    applicable: true,
    status: problems.length === 0,
    balanceOnly: voucherProblems === 0 && !balanceOk,
    message: problems.length === 0 ? AssetCheckMessages.passed(what) : problems.join('；'),
    assetsAdd: { status: addCount === 0, count: addCount },
    assetsProvision: { status: missingMonths.length === 0 && unGenerated === 0, months: missingMonths, unGenerated },
    assetsDocument: { status: docCount === 0, count: docCount },
    balance: {
      status: balanceOk,
      cardsCost: fenToYuan(cardsCost),
      ledgerCost: fenToYuan(ledgerCost),
      cardsProvision: fenToYuan(cardsProvision),
      ledgerProvision: fenToYuan(ledgerProvision),
    },
  };
}

function longNotApplicable(): LongClosePart {
  return {
    applicable: false,
    status: true,
    balanceOnly: false,
    message: AssetCheckMessages.notApplicable('长期待摊费用'),
    longAmortionAdd: { status: true, count: 0 },
    amortionDetailsAdd: { status: true, months: [], unGenerated: 0 },
    balance: { status: true, items: 0, ledger: 0 },
  };
}

async function longPart(q: Q, scope: AssetCheckScope, beginMonth: number, endMonth: number): Promise<LongClosePart> {
  const { ztId, year } = scope;
  const figures = await longCloseFigures(q, ztId, year, endMonth);
  if (!figures.any) return longNotApplicable();
  const months: number[] = [];
  let unGenerated = 0;
  for (let m = beginMonth; m <= endMonth; m++) {
    const state = await longMonthCheck(q, ztId, year, m);
    if (state.due && !state.done) months.push(m);
    unGenerated += state.unGenerated;
  }
  const code = scope.system === 'government' ? LONG_AMORTION_SUBJECT.government : LONG_AMORTION_SUBJECT.union;
  const ledger = await ledgerBalanceFen(q, ztId, year, endMonth, code);
  const problems: string[] = [];
  if (figures.unGeneratedAdds > 0) problems.push(AssetCheckMessages.itemsWithoutVoucher(figures.unGeneratedAdds));
  for (const m of months) problems.push(AssetCheckMessages.provisionNotDone('长期待摊费用摊销', m));
  if (unGenerated > 0) problems.push(AssetCheckMessages.provisionWithoutVoucher('长期待摊费用摊销', endMonth));
  const voucherProblems = problems.length;
  const balanceOk = figures.balanceFen === ledger;
  if (!balanceOk)
    problems.push(
      AssetCheckMessages.balanceDiffers(
        '长期待摊费用',
        formatFen(figures.balanceFen, { thousands: true }),
        formatFen(ledger, { thousands: true }),
      ),
    );
  return {
    applicable: true,
    status: problems.length === 0,
    balanceOnly: voucherProblems === 0 && !balanceOk,
    message: problems.length === 0 ? AssetCheckMessages.passed('长期待摊费用') : problems.join('；'),
    longAmortionAdd: { status: figures.unGeneratedAdds === 0, count: figures.unGeneratedAdds },
    amortionDetailsAdd: { status: months.length === 0 && unGenerated === 0, months, unGenerated },
    balance: { status: balanceOk, items: fenToYuan(figures.balanceFen), ledger: fenToYuan(ledger) },
  };
}

export interface AssetCloseParts {
  fixedAssetsVO: AssetClosePart;
  intangibleAssetsVO: AssetClosePart;
  inventoryAssetsVO: AssetClosePart;
  longAmortionVO: LongClosePart;
}

export async function assetCloseParts(
  q: Q,
  scope: AssetCheckScope,
  beginMonth: number,
  endMonth: number,
): Promise<AssetCloseParts> {
  if (!(await hasAssetsPlatform(q, scope.ztId)))
    return {
      fixedAssetsVO: notApplicable(NAMES[1]),
      intangibleAssetsVO: notApplicable(NAMES[2]),
      inventoryAssetsVO: notApplicable(NAMES[3]),
      longAmortionVO: longNotApplicable(),
    };
  const [fixed, intangible, inventory] = await Promise.all(
    ASSET_CLASSES.map((c) => classPart(q, scope, c.value, beginMonth, endMonth)),
  );
  return {
    fixedAssetsVO: fixed ?? notApplicable(NAMES[1]),
    intangibleAssetsVO: intangible ?? notApplicable(NAMES[2]),
    inventoryAssetsVO: inventory ?? notApplicable(NAMES[3]),
    longAmortionVO: await longPart(q, scope, beginMonth, endMonth),
  };
}
