import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPEND_CLASSES } from './classes.js';
import {
  executionRows,
  executionTotal,
  rateHundredths,
  rateText,
  reportClassOf,
  warningRows,
  type ExecutionCategoryInput,
  type ExecutionDetailInput,
  type ExecutionRow,
} from './execution-rows.js';

const CATEGORY_KINDS = [
  { auxiType: 'XMYS', expendClass: null },
  { auxiType: 'XMZC', expendClass: null },
  { auxiType: 'JBZC', expendClass: '001' },
  { auxiType: 'RYJF', expendClass: '00101' },
  { auxiType: 'GYJF', expendClass: '00102' },
  { auxiType: 'XMYS', expendClass: '002' },
] as const;

const inputArb = fc
  .record({
    kinds: fc.array(fc.integer({ min: 0, max: CATEGORY_KINDS.length - 1 }), { minLength: 0, maxLength: 6 }),
    details: fc.array(
      fc.record({
        category: fc.nat(),
        orphan: fc.boolean(),
        opening: fc.integer({ min: 0, max: 10_000_000_000 }),
        adjusted: fc.integer({ min: 0, max: 10_000_000_000 }),
        spent: fc.integer({ min: -1_000_000_000, max: 20_000_000_000 }),
        control: fc.constantFrom(0, 2, 3),
        warnPpm: fc.integer({ min: 0, max: 1_200_000 }),
      }),
      { maxLength: 25 },
    ),
  })
  .map(({ kinds, details }) => {
    const categories: ExecutionCategoryInput[] = kinds.map((k, i) => ({
      id: `c${i}`,
      name: `类别${i}`,
      infoNo: String(100 + i),
      ...CATEGORY_KINDS[k]!,
    }));
    const rows: ExecutionDetailInput[] = details.map((d, i) => {
      const category = categories.length === 0 || d.orphan ? null : categories[d.category % categories.length]!;
      return {
        id: `d${i}`,
        typeId: category?.id ?? `gone${i}`,
        auxiType: category?.auxiType ?? 'XMYS',
        typeNo: 'XMYS',
        infoNo: `${category?.infoNo ?? '999'}${String(i).padStart(3, '0')}`,
        name: `明细${i}`,
        expendClass: category?.expendClass ?? null,
        opening: d.opening,
        adjusted: d.adjusted,
        spent: d.spent,
        control: d.control,
        warnPpm: d.warnPpm,
      };
    });
    return { categories, details: rows };
  });

/** The details in the block under row i (rows after it that are deeper). */
function blockOf(rows: readonly ExecutionRow[], i: number): ExecutionRow[] {
  const out: ExecutionRow[] = [];
  for (let j = i + 1; j < rows.length && rows[j]!.depth > rows[i]!.depth; j++) out.push(rows[j]!);
  return out.filter((r) => r.kind === 'detail');
}

const sum = (rows: readonly ExecutionRow[], key: 'opening' | 'adjusted' | 'spent') => rows.reduce((s, r) => s + r[key], 0);

describe('the execution rows', () => {
  it('list every detail once; each subtotal is its block, remaining = adjusted − spent, the total all details', () => {
    fc.assert(
      fc.property(inputArb, ({ categories, details }) => {
        const rows = executionRows(categories, details);
        expect(
          rows
            .filter((r) => r.kind === 'detail')
            .map((r) => r.budgetId)
            .sort(),
        ).toEqual(details.map((d) => d.id).sort());
        rows.forEach((r, i) => {
          expect(r.remaining).toBe(r.adjusted - r.spent);
          expect(r.rateHundredths).toBe(rateHundredths(r.spent, r.adjusted));
          if (r.kind === 'detail') return;
          const block = blockOf(rows, i);
          expect([r.opening, r.adjusted, r.spent]).toEqual([sum(block, 'opening'), sum(block, 'adjusted'), sum(block, 'spent')]);
          if (i + 1 < rows.length) expect(rows[i + 1]!.depth).toBeLessThanOrEqual(r.depth + 1);
        });
        const total = executionTotal(rows);
        expect([total.opening, total.adjusted, total.spent, total.remaining]).toEqual([
          details.reduce((s, d) => s + d.opening, 0),
          details.reduce((s, d) => s + d.adjusted, 0),
          details.reduce((s, d) => s + d.spent, 0),
          details.reduce((s, d) => s + d.adjusted - d.spent, 0),
        ]);
      }),
      { numRuns: 200 },
    );
  });

  it('narrow to a class (with its sub-classes) or to a category, whose first row is the top', () => {
    fc.assert(
      fc.property(inputArb, ({ categories, details }) => {
        const all = executionRows(categories, details);
        const classOfDetail = (id: string) => all.find((r) => r.budgetId === id)?.classCode;
        const basic = executionRows(categories, details, { expendClass: '001' });
        expect(
          basic
            .filter((r) => r.kind === 'detail')
            .map((r) => r.budgetId)
            .sort(),
        ).toEqual(
          details
            .filter((d) => ['001', '00101', '00102'].includes(classOfDetail(d.id) ?? ''))
            .map((d) => d.id)
            .sort(),
        );
        if (basic.length > 0) expect(basic[0]).toMatchObject({ kind: 'class', code: '001', depth: 0 });
        for (const c of categories) {
          const one = executionRows(categories, details, { typeId: c.id });
          expect(one[0]).toMatchObject({ kind: 'category', typeId: c.id, depth: 0 });
          expect(one.slice(1).every((r) => r.kind === 'detail' && r.typeId === c.id && r.depth === 1)).toBe(true);
          expect(executionTotal(one).spent).toBe(sum(one.slice(1), 'spent'));
        }
        expect(executionRows(categories, details, { typeId: 'nope' })).toEqual([]);
      }),
    );
  });

  it('put the project budgets under 项目支出 and each branch under its class', () => {
    expect(reportClassOf(null, 'XMYS')).toBe('002');
    expect(reportClassOf(null, 'XMZC')).toBe('002');
    expect(reportClassOf(null, 'RYJF')).toBe('00101');
    expect(reportClassOf('00102', 'GYJF')).toBe('00102');
    expect(reportClassOf(null, 'JBZC')).toBe('001');
    const rows = executionRows(
      [{ id: 'p', auxiType: 'XMYS', name: '工会活动', infoNo: '001', expendClass: null }],
      [
        {
          id: 'd',
          typeId: 'p',
          auxiType: 'XMYS',
          typeNo: 'XMYS',
          infoNo: '001001',
          name: '职工书屋',
          expendClass: null,
          opening: 100,
          adjusted: 100,
          spent: 85,
          control: 2,
          warnPpm: 800_000,
        },
      ],
    );
    expect(rows.map((r) => [r.kind, r.depth, r.code, r.name])).toEqual([
      ['class', 0, '002', EXPEND_CLASSES[3].name],
      ['category', 1, '001', '工会活动'],
      ['detail', 2, '001001', '职工书屋'],
    ]);
  });
});

describe('the execution rate', () => {
  it('is spent / budget in hundredths of a percent, half away from zero', () => {
    expect(rateHundredths(8525, 10_000)).toBe(8525);
    expect(rateHundredths(1, 20_000)).toBe(1); // 0.005% → 0.01
    expect(rateHundredths(-1, 20_000)).toBe(-1);
    expect(rateHundredths(1, 30_000)).toBe(0);
    expect(rateHundredths(5, 0)).toBeNull();
    expect(rateText(8525)).toBe('85.25');
    expect(rateText(-7)).toBe('-0.07');
    expect(rateText(null)).toBe('');
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e12 }), (spent, budget) => {
        const rate = rateHundredths(spent, budget)!;
        // |rate − spent·10000/budget| ≤ ½, ties away from zero.
        const diff = BigInt(rate) * BigInt(budget) * 2n - BigInt(spent) * 20_000n;
        expect(diff <= BigInt(budget) && diff >= -BigInt(budget)).toBe(true);
      }),
    );
  });
});

describe('the warnings', () => {
  const detail = (id: string, adjusted: number, spent: number, warnPpm = 800_000): ExecutionRow => ({
    kind: 'detail',
    depth: 2,
    code: id,
    name: id,
    classCode: '002',
    typeId: 't',
    budgetId: id,
    opening: adjusted,
    adjusted,
    spent,
    remaining: adjusted - spent,
    rateHundredths: rateHundredths(spent, adjusted),
    control: 0,
    warnPpm,
  });

  it('keep the details at their threshold or past their budget, worst first', () => {
    const rows = [
      detail('under', 1000, 799),
      detail('at', 1000, 800),
      detail('over', 1000, 1200),
      detail('nobudget', 0, 1),
      detail('empty', 0, 0),
      detail('low', 1000, 500, 400_000),
      detail('over2', 2000, 2400),
    ];
    expect(warningRows(rows).map((r) => r.code)).toEqual(['nobudget', 'over2', 'over', 'at', 'low']);
  });
});
