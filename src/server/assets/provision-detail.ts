/**
 * A month's depreciation or amortisation detail (spec "Depreciation row", footer.accruedValueSum), its classification
 * (item1 nature, item2 type, item3 department) and the rows the dialog's filters keep (department, nature, the
 * category tree: a category selected keeps its children's cards too). Every query filters the session's set.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type {
  ProvisionClassification,
  ProvisionDetailPage,
  ProvisionDetailQuery,
  ProvisionRow,
} from '../../shared/api/schemas/assets-vouchers.js';
import { ASSET_NATURES } from '../../shared/assets/constants.js';
import { monthIndex, monthIndexOfDate } from '../../shared/assets/depreciation.js';
import { fenToYuan } from '../../shared/vouchers/amounts.js';
import type { Database } from '../db/schema.js';
import type { Q } from './context.js';

export type ProvisionFilter = Omit<ProvisionDetailQuery, 'pageIndex' | 'pageSize'>;

export function stageOf(accruedStage: string): { year: number; month: number } {
  const [y, m] = accruedStage.split('-').map(Number);
  return { year: y ?? 0, month: m ?? 1 };
}

/** The category ids a filter keeps: those selected and their descendants. */
async function categoryIds(q: Q, ztId: number, list: string | undefined): Promise<number[] | null> {
  if (!list) return null;
  const asked = new Set(list.split(',').map(Number));
  const all = await q.selectFrom('asset_category').select(['id', 'parent_id']).where('zt_id', '=', ztId).execute();
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of all)
      if (c.parent_id !== null && asked.has(c.parent_id) && !asked.has(c.id)) {
        asked.add(c.id);
        grew = true;
      }
  }
  return [...asked];
}

type From = ExpressionBuilder<Database & { p: Database['asset_provision']; c: Database['asset_card'] }, 'p' | 'c'>;

async function filtered(q: Q, ztId: number, f: ProvisionFilter) {
  const { year, month } = stageOf(f.accruedStage);
  const cats = await categoryIds(q, ztId, f.aetTypeArr);
  return q
    .selectFrom('asset_provision as p')
    .innerJoin('asset_card as c', (j) => j.onRef('c.zt_id', '=', 'p.zt_id').onRef('c.id', '=', 'p.card_id'))
    .where('p.zt_id', '=', ztId)
    .where('p.asset_class', '=', f.assetClass)
    .where('p.year', '=', year)
    .where('p.month', '=', month)
    .$if(f.departmentId !== undefined, (w) => w.where('c.department_id', '=', f.departmentId ?? 0))
    .$if(f.nature !== undefined, (w) => w.where('c.nature', '=', f.nature ?? 0))
    .$if(cats !== null, (w) =>
      w.where((eb: From) => (cats && cats.length > 0 ? eb('c.category_id', 'in', cats) : eb.lit(false))),
    );
}

/**
 * The provisions a filter keeps, from asset_provision alone: a run keeps each card's number, original value and
 * accumulation there, so paging and totals read one index range; a card filter (department, nature, categories)
 * adds a subquery on the cards.
 */
async function provisionRows(q: Q, ztId: number, f: ProvisionFilter) {
  const { year, month } = stageOf(f.accruedStage);
  const cats = await categoryIds(q, ztId, f.aetTypeArr);
  const byCard = f.departmentId !== undefined || f.nature !== undefined || cats !== null;
  return q
    .selectFrom('asset_provision as p')
    .where('p.zt_id', '=', ztId)
    .where('p.asset_class', '=', f.assetClass)
    .where('p.year', '=', year)
    .where('p.month', '=', month)
    .$if(byCard, (w) =>
      w.where('p.card_id', 'in', (eb) =>
        eb
          .selectFrom('asset_card as c')
          .select('c.id')
          .where('c.zt_id', '=', ztId)
          .$if(f.departmentId !== undefined, (c) => c.where('c.department_id', '=', f.departmentId ?? 0))
          .$if(f.nature !== undefined, (c) => c.where('c.nature', '=', f.nature ?? 0))
          .$if(cats !== null, (c) => c.where((e) => (cats && cats.length > 0 ? e('c.category_id', 'in', cats) : e.lit(false)))),
      ),
    );
}

/** The rows of a list of provisions, with their cards' names, category and department (one read for the list). */
async function detailRows(
  q: Q,
  ztId: number,
  f: ProvisionFilter,
  provisions: readonly {
    card_id: string;
    card_no: string;
    amount: number | string;
    original_value: number | string;
    cumulative: number | string;
  }[],
): Promise<ProvisionRow[]> {
  const { year, month } = stageOf(f.accruedStage);
  const cards = new Map<
    string,
    { name: string; life_months: number; activation_date: string; category: string | null; department: string | null }
  >();
  const ids = provisions.map((p) => p.card_id);
  for (let start = 0; start < ids.length; start += 500) {
    const found = await q
      .selectFrom('asset_card as c')
      .leftJoin('asset_category as t', (j) => j.onRef('t.zt_id', '=', 'c.zt_id').onRef('t.id', '=', 'c.category_id'))
      .leftJoin('department as d', (j) => j.onRef('d.zt_id', '=', 'c.zt_id').onRef('d.id', '=', 'c.department_id'))
      .select(['c.id', 'c.name', 'c.life_months', 'c.activation_date', 't.name as category', 'd.name as department'])
      .where('c.zt_id', '=', ztId)
      .where('c.id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const c of found) cards.set(c.id, c);
  }
  return provisions.map((p) => {
    const card = cards.get(p.card_id);
    const lifeMonths = card?.life_months ?? 0;
    const nth = card ? monthIndex(year, month) - monthIndexOfDate(card.activation_date) + 1 : 0;
    const original = Number(p.original_value);
    const cumulative = Number(p.cumulative);
    return {
      cardId: p.card_id,
      detailFixedNo: p.card_no,
      fixedName: card?.name ?? '',
      sortsTypeName: card?.category ?? '',
      departmentName: card?.department ?? '',
      accruedStage: f.accruedStage,
      accrueddate: String(nth),
      accruedStageMonthsString: `${year}年${month}月`,
      accrueddateString: `${nth}/${lifeMonths}`,
      originalValue: fenToYuan(original),
      residualValue: fenToYuan(original - cumulative),
      accruedValue: fenToYuan(Number(p.amount)),
      cumulativeValue: fenToYuan(cumulative),
      dateOfActivation: card?.activation_date ?? '',
      estimatedServiceLife: lifeMonths,
    };
  });
}

const ROW_COLUMNS = ['p.card_id', 'p.card_no', 'p.amount', 'p.original_value', 'p.cumulative'] as const;

export async function provisionDetail(q: Q, ztId: number, query: ProvisionDetailQuery): Promise<ProvisionDetailPage> {
  const size = query.pageSize ?? 20;
  const index = query.pageIndex ?? 1;
  const base = await provisionRows(q, ztId, query);
  const [totals, page] = await Promise.all([
    base
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number | string>('p.amount'), sql<number>`0`).as('accrued'),
        eb.fn.coalesce(eb.fn.sum<number | string>('p.original_value'), sql<number>`0`).as('original'),
        eb.fn.coalesce(eb.fn.sum<number | string>('p.cumulative'), sql<number>`0`).as('cumulative'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .select(ROW_COLUMNS)
      .orderBy('p.card_no')
      .orderBy('p.card_id')
      .limit(size)
      .offset((index - 1) * size)
      .execute(),
  ]);
  return {
    currentPageItems: await detailRows(q, ztId, query, page),
    totalItemCount: Number(totals.n),
    footer: {
      accruedValueSum: fenToYuan(Number(totals.accrued)),
      originalValueSum: fenToYuan(Number(totals.original)),
      cumulativeValueSum: fenToYuan(Number(totals.cumulative)),
    },
  };
}

export async function provisionClassification(q: Q, ztId: number, f: ProvisionFilter): Promise<ProvisionClassification> {
  const base = await filtered(q, ztId, f);
  const [natures, types, departments] = await Promise.all([
    base
      .select([
        'c.nature as key',
        (eb) => eb.fn.sum<number | string>('p.amount').as('s'),
        (eb) => eb.fn.countAll<number | string>().as('n'),
      ])
      .groupBy('c.nature')
      .execute(),
    base
      .leftJoin('asset_category as t', (j) => j.onRef('t.zt_id', '=', 'c.zt_id').onRef('t.id', '=', 'c.category_id'))
      .select([
        't.name as key',
        (eb) => eb.fn.sum<number | string>('p.amount').as('s'),
        (eb) => eb.fn.countAll<number | string>().as('n'),
      ])
      .groupBy('t.name')
      .execute(),
    base
      .leftJoin('department as d', (j) => j.onRef('d.zt_id', '=', 'c.zt_id').onRef('d.id', '=', 'c.department_id'))
      .select([
        'd.name as key',
        (eb) => eb.fn.sum<number | string>('p.amount').as('s'),
        (eb) => eb.fn.countAll<number | string>().as('n'),
      ])
      .groupBy('d.name')
      .execute(),
  ]);
  const rowsOf = (list: { key: unknown; s: number | string; n: number | string }[], name: (k: unknown) => string) =>
    list
      .map((r) => ({ sortsTypeName: name(r.key), accruedValue: fenToYuan(Number(r.s)), cardCount: Number(r.n) }))
      .sort((a, b) => a.sortsTypeName.localeCompare(b.sortsTypeName, 'zh'));
  return {
    item1: rowsOf(natures, (k) => ASSET_NATURES.find((n) => n.value === Number(k))?.name ?? String(k)),
    item2: rowsOf(types, (k) => (typeof k === 'string' && k ? k : '未分类')),
    item3: rowsOf(departments, (k) => (typeof k === 'string' && k ? k : '未分配部门')),
  };
}

/** Every filtered row (the export): one read of the provisions, one of their cards per 500. */
export async function provisionRowsForExport(q: Q, ztId: number, f: ProvisionFilter): Promise<ProvisionRow[]> {
  const base = await provisionRows(q, ztId, f);
  const all = await base.select(ROW_COLUMNS).orderBy('p.card_no').orderBy('p.card_id').execute();
  return detailRows(q, ztId, f, all);
}
