/**
 * Property: for random chart edits in both years (details added under last-level subjects, with
 * and without auxiliary items and of either balance direction, auxiliary types changed, details
 * disabled or deleted) and random vouchers in both years, every carry into next year — December's
 * close into a new year, into an existing one kept or covered, and the period-switch carry-over —
 * either writes exactly what an independent model (year-carry-model.ts) expects or is refused
 * naming a subject the model names, changing nothing. After a carry, through the API: next year's
 * chart is both charts merged, its openings per subject and auxiliary item are the model's, per
 * first-level subject they equal this year's closing balances, its trial balance balances and the
 * balance sheet answers 200 and balances. Every chart edit the API refuses is one the model refuses.
 *
 * The sets start in December (start_month 12), so December is the only month to close and a run
 * stays short. CARRY_PROPERTY_RUNS and CARRY_PROPERTY_SEED override the runs and the seed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { SubjectMessages } from '../../shared/subjects/subject-code.js';
import type { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import {
  addBalance,
  copyChart,
  expectCarry,
  hasChildren,
  keyOfItems,
  type ExpectedCarry,
  type ModelBalances,
  type ModelChart,
} from './year-carry-model.js';
import {
  auxLine,
  balanceSheetOf,
  bookedVoucher,
  closeMonth,
  deleteSubject,
  firstLevelBalances,
  openingsOf,
  setEnable,
  setTypes,
  trialOf,
  useYear,
  type Book,
  openBook,
} from './year-carry-kit.js';

const THIS = 2026;
const NEXT = 2027;
/** First-level subjects on the balance sheet whose subtrees the runs edit and post to. */
const ROOTS = ['101', '131', '135', '141', '211', '215'];
const ITEMS: Record<string, string[]> = { ZJLY: ['001', '002'], JFHS: ['001001', '001002', '002'] };
const TYPE_LISTS = { none: [], ZJLY: ['ZJLY'], both: ['JFHS', 'ZJLY'] } as const;
type TypeList = keyof typeof TYPE_LISTS;

type Op =
  | { kind: 'add'; next: boolean; pick: number; types: TypeList | 'inherit'; otherSide: boolean }
  | { kind: 'voucher'; next: boolean; a: number; b: number; fen: number; items: number[] }
  | { kind: 'types'; next: boolean; pick: number; types: TypeList }
  | { kind: 'disable'; next: boolean; pick: number }
  | { kind: 'delete'; next: boolean; pick: number };

interface Scenario {
  /** How next year gets its openings. */
  mode: 'created' | 'switch' | 'kept' | 'covered';
  /** Edits of this year before next year is opened. */
  before: Op[];
  /** Edits of either year once next year is open. */
  between: Op[];
  /** kept and covered: the period-switch carry-over first, then `after`, then December's close. */
  switchFirst: boolean;
  after: Op[];
}

const typeList = fc.constantFrom<TypeList>('none', 'ZJLY', 'both');
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      next: fc.boolean(),
      pick: fc.nat(),
      types: fc.oneof(fc.constant('inherit' as const), typeList),
      otherSide: fc.constantFrom(false, false, false, true),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('voucher' as const),
      next: fc.boolean(),
      a: fc.nat(),
      b: fc.nat(),
      fen: fc.integer({ min: 1, max: 5_000_000 }),
      items: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('types' as const), next: fc.boolean(), pick: fc.nat(), types: typeList }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('disable' as const), next: fc.boolean(), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), next: fc.boolean(), pick: fc.nat() }) },
);
const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  mode: fc.constantFrom('created', 'switch', 'kept', 'covered'),
  before: fc.array(opArb, { maxLength: 6 }),
  between: fc.array(opArb, { maxLength: 8 }),
  switchFirst: fc.boolean(),
  after: fc.array(opArb, { maxLength: 4 }),
});

interface Stats {
  runs: number;
  carries: Record<string, number>;
  refusedCarries: number;
  movedBalances: number;
  chartEdits: number;
  refusedEdits: number;
  vouchers: number;
}

describe.each(TEST_DIALECTS)('year carry property (%s)', (dialect) => {
  let server: TestServer;
  let client: ApiClient;
  let reviewer: ApiClient;
  let sets = 0;
  const stats: Stats = { runs: 0, carries: {}, refusedCarries: 0, movedBalances: 0, chartEdits: 0, refusedEdits: 0, vouchers: 0 };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ({ client, reviewer } = await openBook(server, '结转性质测试工会', 'JXP0'));
  });
  afterAll(() => server.close());

  /** One run: a fresh set that started in December of this year, and the model of its two years. */
  class Run {
    readonly charts = new Map<number, ModelChart>();
    readonly balances = new Map<number, ModelBalances>([
      [THIS, new Map()],
      [NEXT, new Map()],
    ]);
    readonly used = new Map<number, Set<string>>([
      [THIS, new Set()],
      [NEXT, new Set()],
    ]);
    /** Next year's non-zero openings once carried (`code` or `code#key`). */
    nextOpenings = new Map<string, number>();
    nextInitialised = false;

    constructor(readonly book: Book) {}

    static async start(): Promise<Run> {
      sets++;
      const setId = await createSet(server.db, {
        name: `结转性质测试工会${sets}`,
        code: `JXP${sets}`,
        system: 'union-grassroots',
        users: ['kuaiji', 'shenhe'],
      });
      await server.db.kysely.updateTable('zt_year').set({ start_month: 12 }).where('zt_id', '=', setId).execute();
      const run = new Run({ client, reviewer, setId });
      await useYear(run.book, THIS);
      run.charts.set(THIS, await run.chartFromApi());
      return run;
    }

    async chartFromApi(): Promise<ModelChart> {
      const answer = await client.get<SubjectItem[]>(Paths.subjectList);
      expect(answer.body.errorMsg).toBeNull();
      return new Map(
        answer.body.data.map((s) => [
          s.code,
          {
            code: s.code,
            parent: s.parentCode,
            direction: s.balanceDirection,
            types: s.auxiTypeList.map((t) => t.typeNo).sort(),
            enable: s.enable,
            standard: s.isStandard,
          },
        ]),
      );
    }

    chart(year: number): ModelChart {
      const chart = this.charts.get(year);
      if (!chart) throw new Error(`no chart of ${year}`);
      return chart;
    }

    /** Last-level subjects of the edited subtrees, in code order. */
    leaves(year: number, filter: (code: string) => boolean = () => true): string[] {
      const chart = this.chart(year);
      return [...chart.keys()].filter((c) => ROOTS.some((r) => c.startsWith(r)) && !hasChildren(chart, c) && filter(c)).sort();
    }

    hasOpening(year: number, code: string): boolean {
      return year === NEXT && [...this.nextOpenings.keys()].some((slot) => slot === code || slot.startsWith(`${code}#`));
    }

    /** Applies one edit through the API and to the model, checking the API refuses exactly what the model does. */
    async apply(op: Op): Promise<void> {
      const year = op.next && this.charts.has(NEXT) ? NEXT : THIS;
      await useYear(this.book, year);
      const chart = this.chart(year);
      const enabled = (c: string) => chart.get(c)?.enable === true;
      const pick = <T>(list: readonly T[], n: number): T | undefined => (list.length > 0 ? list[n % list.length] : undefined);

      if (op.kind === 'voucher') {
        const leaves = this.leaves(year, enabled);
        if (leaves.length < 2) return;
        const a = leaves[op.a % leaves.length] as string;
        const b = leaves[(op.a + 1 + (op.b % (leaves.length - 1))) % leaves.length] as string;
        const itemsOf = (code: string) =>
          (chart.get(code)?.types ?? []).map((typeNo, i) => {
            const list = ITEMS[typeNo] ?? [];
            return `${typeNo}:${list[(op.items[i] ?? 0) % list.length]}`;
          });
        const yuan = (op.fen / 100).toFixed(2);
        await bookedVoucher(this.book, year, year === THIS ? 12 : 1, [
          auxLine(a, yuan, null, itemsOf(a)),
          auxLine(b, null, yuan, itemsOf(b)),
        ]);
        const key = (code: string) =>
          keyOfItems(itemsOf(code).map((p) => ({ typeNo: p.split(':')[0] ?? '', infoNo: p.split(':')[1] ?? '' })));
        const balances = this.balances.get(year) as ModelBalances;
        addBalance(balances, a, key(a), op.fen);
        addBalance(balances, b, key(b), -op.fen);
        this.used.get(year)?.add(a);
        this.used.get(year)?.add(b);
        stats.vouchers++;
        return;
      }

      stats.chartEdits++;
      if (op.kind === 'add') {
        const parent = pick(
          this.leaves(year, (c) => enabled(c) && c.length <= 7),
          op.pick,
        );
        if (!parent) return;
        const parentRow = chart.get(parent);
        if (!parentRow) return;
        let code = '';
        for (let i = 1; i <= 99 && !code; i++)
          if (!chart.has(`${parent}${String(i).padStart(2, '0')}`)) code = `${parent}${String(i).padStart(2, '0')}`;
        const direction = op.otherSide ? 3 - parentRow.direction : parentRow.direction;
        const answer = await client.post(Paths.subjectList, {
          code,
          codeName: `明细${code}`,
          parentCode: parent,
          ...(op.otherSide ? { balanceDirection: direction } : {}),
          ...(op.types === 'inherit' ? {} : { auxiTypeList: [...TYPE_LISTS[op.types]] }),
        });
        const refusal = this.used.get(year)?.has(parent)
          ? SubjectMessages.parentHasVouchers(parent)
          : this.hasOpening(year, parent)
            ? SubjectMessages.parentHasBalance
            : null;
        if (refusal) {
          expect(answer.body.errorMsg).toBe(refusal);
          stats.refusedEdits++;
          return;
        }
        expect(answer.body.errorMsg).toBeNull();
        chart.set(code, {
          code,
          parent,
          direction,
          types: op.types === 'inherit' ? [...parentRow.types] : [...TYPE_LISTS[op.types]].sort(),
          enable: true,
          standard: false,
        });
        parentRow.types = [];
        return;
      }

      if (op.kind === 'types') {
        const code = pick(this.leaves(year), op.pick);
        const row = code ? chart.get(code) : undefined;
        if (!code || !row) return;
        const types = [...TYPE_LISTS[op.types]].sort();
        const answer = await setTypes(this.book, code, types);
        if (this.hasOpening(year, code) && types.join() !== row.types.join()) {
          expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
          stats.refusedEdits++;
          return;
        }
        expect(answer.body.errorMsg).toBeNull();
        row.types = types;
        return;
      }

      if (op.kind === 'disable') {
        const code = pick(this.leaves(year, enabled), op.pick);
        const row = code ? chart.get(code) : undefined;
        if (!code || !row) return;
        const answer = await setEnable(this.book, code, false);
        if (this.hasOpening(year, code)) {
          expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
          stats.refusedEdits++;
          return;
        }
        expect(answer.body.errorMsg).toBeNull();
        row.enable = false;
        return;
      }

      const code = pick(
        this.leaves(year, (c) => chart.get(c)?.standard === false),
        op.pick,
      );
      if (!code) return;
      const answer = await deleteSubject(this.book, code);
      if (this.used.get(year)?.has(code) || this.hasOpening(year, code)) {
        expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
        stats.refusedEdits++;
        return;
      }
      expect(answer.body.errorMsg).toBeNull();
      chart.delete(code);
    }

    async applyAll(ops: readonly Op[]): Promise<void> {
      for (const op of ops) await this.apply(op);
    }

    async openNextYear(): Promise<void> {
      await useYear(this.book, THIS);
      expect((await client.post(Paths.newYear, {})).body.errorMsg).toBeNull();
      this.charts.set(NEXT, copyChart(this.chart(THIS)));
    }

    /** Next year's openings and chart as the API shows them, to tell that a refused carry changed nothing. */
    async nextSnapshot(): Promise<string> {
      await useYear(this.book, NEXT);
      const chart = await this.chartFromApi();
      return JSON.stringify([
        [...(await openingsOf(this.book))].sort(),
        [...chart.values()].sort((a, b) => (a.code < b.code ? -1 : 1)),
      ]);
    }

    expectation(): ExpectedCarry {
      return expectCarry(
        this.chart(THIS),
        this.charts.get(NEXT) ?? (new Map() as ModelChart),
        this.balances.get(THIS) as ModelBalances,
        this.used.get(NEXT) as Set<string>,
      );
    }

    /** After a carry: next year's chart, openings and books as the model says, first-level balances carried. */
    async expectCarried(expected: ExpectedCarry): Promise<void> {
      await useYear(this.book, THIS);
      const closing = firstLevelBalances(await trialOf(this.book, THIS, 12, 12), 'closing');
      await useYear(this.book, NEXT);
      const chart = await this.chartFromApi();
      const shape = (c: ModelChart) =>
        [...c.values()]
          .map((s) => [s.code, hasChildren(c, s.code), s.enable, s.types.join('+'), s.direction])
          .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1));
      expect(shape(chart)).toEqual(shape(expected.merged));
      const lastLevel = (await client.get<SubjectItem[]>(Paths.subjectList)).body.data;
      for (const s of lastLevel) expect(s.lastLevel).toBe(!hasChildren(chart, s.code));

      const openings = new Map([...(await openingsOf(this.book))].filter(([, v]) => v !== 0));
      expect(openings).toEqual(expected.openings);
      const trial = await trialOf(this.book, NEXT, 1);
      expect(firstLevelBalances(trial, 'opening')).toEqual(closing);
      await this.expectNextSound();
      this.charts.set(NEXT, copyChart(expected.merged));
      this.nextOpenings = expected.openings;
      this.nextInitialised = true;
      const merged = expected.merged;
      for (const [code] of this.balances.get(THIS) ?? []) if (hasChildren(merged, code)) stats.movedBalances++;
    }

    async expectNextSound(): Promise<void> {
      await useYear(this.book, NEXT);
      expect((await trialOf(this.book, NEXT, 1)).financial.balanced).toBe(true);
      const sheet = await balanceSheetOf(this.book, NEXT, 1);
      expect(sheet.status).toBe(200);
      expect(sheet.body.errorMsg).toBeNull();
      expect(sheet.body.data.balanced).toBe(true);
    }

    /** A refused carry names a subject the model names and leaves next year as it was. */
    expectRefused(errorCode: number | null, message: string | null, expected: ExpectedCarry): void {
      expect(errorCode).toBe(ErrorCode.BusinessRule);
      expect(expected.refusedFor.some((code) => message?.includes(`科目${code}`))).toBe(true);
      stats.refusedCarries++;
    }

    async switchCarry(): Promise<void> {
      stats.carries.switch = (stats.carries.switch ?? 0) + 1;
      const expected = this.expectation();
      const before = await this.nextSnapshot();
      const answer = await client.post(Paths.carryOver, { whetherIsManual: false });
      if (expected.refusedFor.length > 0) {
        this.expectRefused(answer.body.errorCode, answer.body.errorMsg, expected);
        expect(await this.nextSnapshot()).toBe(before);
        return;
      }
      expect(answer.body.errorMsg).toBeNull();
      await this.expectCarried(expected);
    }

    async closeDecember(cover: boolean): Promise<void> {
      const exists = this.charts.has(NEXT);
      const kind = !exists ? 'created' : cover ? 'covered' : 'kept';
      stats.carries[kind] = (stats.carries[kind] ?? 0) + 1;
      const expected = this.expectation();
      const before = exists ? await this.nextSnapshot() : '';
      await useYear(this.book, THIS);
      const answer = await closeMonth(this.book, THIS, 12, { isCoverNextData: cover });
      if (kind === 'kept') {
        expect(answer.body.data.nextYear).toBe('kept');
        expect(await this.nextSnapshot()).toBe(before);
        await this.expectNextSound();
        return;
      }
      if (expected.refusedFor.length > 0) {
        this.expectRefused(answer.body.errorCode, answer.body.errorMsg, expected);
        if (exists) expect(await this.nextSnapshot()).toBe(before);
        return;
      }
      expect(answer.body.errorMsg).toBeNull();
      expect(answer.body.data.nextYear).toBe(kind);
      await this.expectCarried(expected);
    }
  }

  it('carries every balance once, or refuses naming the subject', async () => {
    const runs = Number(process.env.CARRY_PROPERTY_RUNS ?? (dialect === 'sqlite' ? 40 : 15));
    const seed = Number(process.env.CARRY_PROPERTY_SEED ?? 20260101);
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        stats.runs++;
        const run = await Run.start();
        await run.applyAll(scenario.before);
        if (scenario.mode === 'created') return run.closeDecember(false);
        await run.openNextYear();
        await run.applyAll(scenario.between);
        if (scenario.mode === 'switch') return run.switchCarry();
        if (scenario.switchFirst) {
          await run.switchCarry();
          await run.applyAll(scenario.after);
        }
        return run.closeDecember(scenario.mode === 'covered');
      }),
      { numRuns: runs, seed, endOnFailure: true },
    );
    console.log(`year carry property (${dialect}): ${JSON.stringify(stats)}`);
    // The default runs reach every kind of carry, successes and refusals, and balances that moved to a detail.
    if (runs >= 15) {
      expect(Object.keys(stats.carries).sort()).toEqual(['covered', 'created', 'kept', 'switch']);
      expect(stats.refusedCarries).toBeGreaterThan(0);
      expect(stats.movedBalances).toBeGreaterThan(0);
      expect(stats.refusedEdits).toBeGreaterThan(0);
    }
  }, 300_000);
});
