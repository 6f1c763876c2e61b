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

export async function provisionDetail(q: Q, ztId: number, query: ProvisionDetailQuery): Promise<ProvisionDetailPage> {
  const { year, month } = stageOf(query.accruedStage);
  const size = query.pageSize ?? 20;
  const index = query.pageIndex ?? 1;
  const base = await filtered(q, ztId, query);
  const [totals, rows] = await Promise.all([
    base
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number | string>('p.amount'), sql<number>`0`).as('accrued'),
        eb.fn.coalesce(eb.fn.sum<number | string>('c.original_value'), sql<number>`0`).as('original'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .leftJoin('asset_category as t', (j) => j.onRef('t.zt_id', '=', 'c.zt_id').onRef('t.id', '=', 'c.category_id'))
      .leftJoin('department as d', (j) => j.onRef('d.zt_id', '=', 'c.zt_id').onRef('d.id', '=', 'c.department_id'))
      .select([
        'c.id',
        'c.card_no',
        'c.name',
        'c.original_value',
        'c.init_depreciation',
        'c.life_months',
        'c.activation_date',
        'p.amount',
        't.name as category',
        'd.name as department',
      ])
      .orderBy('c.card_no')
      .limit(size)
      .offset((index - 1) * size)
      .execute(),
  ]);
  // Accumulated through the month asked: the opening plus the card's provisions up to it (this page's cards only).
  const ids = rows.map((r) => r.id);
  const through = new Map<string, number>();
  if (ids.length > 0) {
    const sums = await q
      .selectFrom('asset_provision')
      .select(['card_id', (eb) => eb.fn.sum<number | string>('amount').as('s')])
      .where('zt_id', '=', ztId)
      .where('asset_class', '=', query.assetClass)
      .where('card_id', 'in', ids)
      .where((eb) => eb.or([eb('year', '<', year), eb.and([eb('year', '=', year), eb('month', '<=', month)])]))
      .groupBy('card_id')
      .execute();
    for (const s of sums) through.set(s.card_id, Number(s.s));
  }
  let cumulativeSum = 0;
  const items: ProvisionRow[] = rows.map((r) => {
    const cumulative = Number(r.init_depreciation) + (through.get(r.id) ?? 0);
    cumulativeSum += cumulative;
    const nth = monthIndex(year, month) - monthIndexOfDate(r.activation_date) + 1;
    return {
      cardId: r.id,
      detailFixedNo: r.card_no,
      fixedName: r.name,
      sortsTypeName: r.category ?? '',
      departmentName: r.department ?? '',
      accruedStage: query.accruedStage,
      accrueddate: String(nth),
      accruedStageMonthsString: `${year}年${month}月`,
      accrueddateString: `${nth}/${r.life_months}`,
      originalValue: fenToYuan(Number(r.original_value)),
      residualValue: fenToYuan(Number(r.original_value) - cumulative),
      accruedValue: fenToYuan(Number(r.amount)),
      cumulativeValue: fenToYuan(cumulative),
      dateOfActivation: r.activation_date,
      estimatedServiceLife: r.life_months,
    };
  });
  return {
    currentPageItems: items,
    totalItemCount: Number(totals.n),
    footer: {
      accruedValueSum: fenToYuan(Number(totals.accrued)),
      originalValueSum: fenToYuan(Number(totals.original)),
      // The page's cards (the accumulation through a month is per card; the whole list's is the export's).
      cumulativeValueSum: fenToYuan(cumulativeSum),
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

/** Every filtered row (the export): card no, name, category, department, original, accrued, cumulative. */
export async function provisionRowsForExport(q: Q, ztId: number, f: ProvisionFilter): Promise<ProvisionRow[]> {
  const first = await provisionDetail(q, ztId, { ...f, pageIndex: 1, pageSize: 50 });
  const pages = Math.ceil(first.totalItemCount / 50);
  const out = [...first.currentPageItems];
  for (let i = 2; i <= pages; i++)
    out.push(...(await provisionDetail(q, ztId, { ...f, pageIndex: i, pageSize: 50 })).currentPageItems);
  return out;
}
