/**
 * 资产负债情况表 (spec GET /api/report/assetsDebtZero): every asset and liability subject of the set's chart (type 1
 * and 2 of the financial side; a government set's budget accounts are left out) for the range asked, its opening,
 * debit, credit and ending balance in the subject's own direction, and for the subjects kept by a register (the
 * cards: 162/163, 171/172, 141; the long-term deferred expenses: 181; a government chart's 1601/1602, 1701/1702,
 * 1302, 1901) the register's figure at the end of the range beside the ledger's, with the difference that must be
 * 0 (the "zero" of the spec's name). Amounts in fen.
 *
 * The register at the end of period P (choice, the spec is silent): every card activated on or before P's last day,
 * reviewed or not (a card keyed but not yet posted shows as a difference: that is what an auditor looks for), at
 * cost less what documents of periods up to P took out; accumulated depreciation = init_depreciation + provisions
 * of periods up to P − what documents up to P took out; 181 = spending paid up to P less its initial and monthly
 * amortisation up to P.
 */
import { sql } from 'kysely';
import { GOVERNMENT_LEDGER, LONG_AMORTION_SUBJECT, UNION_LEDGER, type AssetClassCode } from '../../shared/assets/constants.js';
import { ReportsMessages } from '../../shared/assets/reports-messages.js';
import type { Db } from '../db/database.js';
import { chartSubjects, monthTurnover, type PeriodRange } from '../books/trial-balance.js';
import { trialBalance } from '../books/trial-balance-calc.js';
import { listSubjects, type Q, type Scope } from '../subjects/subject-repository.js';

export interface AssetsDebtFenRow {
  code: string;
  name: string;
  level: number;
  parentCode: string | null;
  type: number;
  balanceDirection: 1 | 2;
  openingBalance: number;
  debitOccur: number;
  creditOccur: number;
  endBalance: number;
  register: number | null;
  difference: number | null;
}

/** The register subjects' names and directions, for a register whose subject the set's chart lacks. */
const REGISTER_SUBJECTS: Readonly<Record<string, { name: string; direction: 1 | 2 }>> = {
  '162': { name: '固定资产', direction: 1 },
  '163': { name: '累计折旧', direction: 2 },
  '171': { name: '无形资产', direction: 1 },
  '172': { name: '累计摊销', direction: 2 },
  '141': { name: '库存物品', direction: 1 },
  '181': { name: '长期待摊费用', direction: 1 },
  '1601': { name: '固定资产', direction: 1 },
  '1602': { name: '固定资产累计折旧', direction: 2 },
  '1701': { name: '无形资产', direction: 1 },
  '1702': { name: '无形资产累计摊销', direction: 2 },
  '1302': { name: '库存物品', direction: 1 },
  '1901': { name: '长期待摊费用', direction: 1 },
};

const lastDay = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-31`;

/** The register's figures per subject code at the end of (year, month), in the subject's own direction. */
export async function registerFigures(q: Q, scope: Scope, year: number, month: number): Promise<Map<string, number>> {
  const ledger = scope.system === 'government' ? GOVERNMENT_LEDGER : UNION_LEDGER;
  const longCode = scope.system === 'government' ? LONG_AMORTION_SUBJECT.government : LONG_AMORTION_SUBJECT.union;
  const end = lastDay(year, month);
  const key = year * 100 + month;
  const [cards, provisions, taken, longItems, longDetails] = await Promise.all([
    q
      .selectFrom('asset_card')
      .select((eb) => [
        'asset_class',
        eb.fn.sum<number>('original_value').as('cost'),
        eb.fn.sum<number>('init_depreciation').as('init'),
      ])
      .where('zt_id', '=', scope.ztId)
      .where('activation_date', '<=', end)
      .groupBy('asset_class')
      .execute(),
    q
      .selectFrom('asset_provision')
      .select((eb) => ['asset_class', eb.fn.sum<number>('amount').as('amount')])
      .where('zt_id', '=', scope.ztId)
      .where(sql<number>`year * 100 + month`, '<=', key)
      .groupBy('asset_class')
      .execute(),
    q
      .selectFrom('asset_document_line as l')
      .innerJoin('asset_document as d', (j) => j.onRef('d.zt_id', '=', 'l.zt_id').onRef('d.id', '=', 'l.document_id'))
      .select((eb) => [
        'd.asset_class',
        eb.fn.sum<number>('l.original_amount').as('cost'),
        eb.fn.sum<number>('l.cumulative_amount').as('depreciation'),
      ])
      .where('l.zt_id', '=', scope.ztId)
      .where(sql<number>`d.year * 100 + d.month`, '<=', key)
      .groupBy('d.asset_class')
      .execute(),
    q
      .selectFrom('long_amortion')
      .select((eb) => [eb.fn.sum<number>('pay_out_amount').as('paid'), eb.fn.sum<number>('init_amortized').as('init')])
      .where('zt_id', '=', scope.ztId)
      .where('pay_out_date', '<=', end)
      .executeTakeFirst(),
    q
      .selectFrom('long_amortion_detail')
      .select((eb) => eb.fn.sum<number>('amount').as('amount'))
      .where('zt_id', '=', scope.ztId)
      .where(sql<number>`year * 100 + month`, '<=', key)
      .executeTakeFirst(),
  ]);
  const figures = new Map<string, number>();
  for (const assetClass of [1, 2, 3] as AssetClassCode[]) {
    const card = cards.find((c) => Number(c.asset_class) === assetClass);
    const out = taken.find((t) => Number(t.asset_class) === assetClass);
    const provided = provisions.find((p) => Number(p.asset_class) === assetClass);
    const subjects = ledger[assetClass];
    figures.set(subjects.cost, Number(card?.cost ?? 0) - Number(out?.cost ?? 0));
    if (subjects.provision)
      figures.set(subjects.provision, Number(card?.init ?? 0) + Number(provided?.amount ?? 0) - Number(out?.depreciation ?? 0));
  }
  figures.set(longCode, Number(longItems?.paid ?? 0) - Number(longItems?.init ?? 0) - Number(longDetails?.amount ?? 0));
  return figures;
}

/** Signed debit-minus-credit of an amount shown with its side (1 借, 2 贷, 0 平). */
const signed = (amount: number, side: number) => (side === 2 ? -amount : amount);

export async function readAssetsDebt(db: Db, scope: Scope, range: PeriodRange): Promise<AssetsDebtFenRow[]> {
  const [chart, subjects, turnover, register] = await Promise.all([
    chartSubjects(db, scope),
    listSubjects(db.kysely, scope),
    monthTurnover(db, scope, range.endMonth, false),
    registerFigures(db.kysely, scope, scope.year, range.endMonth),
  ]);
  const typeOf = new Map(subjects.map((s) => [s.code, s.type]));
  const { rows } = trialBalance(chart, turnover, range);
  const directionOf = new Map(chart.map((s) => [s.code, s.balanceDirection]));
  const listed = rows
    .filter((r) => !r.isGovernment && (typeOf.get(r.code) === 1 || typeOf.get(r.code) === 2))
    .map((r): AssetsDebtFenRow => {
      const direction = directionOf.get(r.code) ?? 1;
      const own = (x: number) => (direction === 1 ? x : -x);
      const endBalance = own(signed(r.endBalance, r.endDirection));
      const kept = register.get(r.code);
      return {
        code: r.code,
        name: r.codeName,
        level: r.level,
        parentCode: r.parentCode,
        type: typeOf.get(r.code) ?? 1,
        balanceDirection: direction,
        openingBalance: own(signed(r.initialBalance, r.initialDirection)),
        debitOccur: r.debitOccur,
        creditOccur: r.creditOccur,
        endBalance,
        register: kept ?? null,
        difference: kept === undefined ? null : endBalance - kept,
      };
    });
  // A register the chart has no subject for (a grassroots chart keeps no 171/172/181) is shown when it holds anything.
  for (const [code, kept] of register) {
    if (kept === 0 || directionOf.has(code)) continue;
    const known = REGISTER_SUBJECTS[code];
    listed.push({
      code,
      name: ReportsMessages.notInChart(known?.name ?? code),
      level: 1,
      parentCode: null,
      type: 1,
      balanceDirection: known?.direction ?? 1,
      openingBalance: 0,
      debitOccur: 0,
      creditOccur: 0,
      endBalance: 0,
      register: kept,
      difference: -kept,
    });
  }
  return listed.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}
