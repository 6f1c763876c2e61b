/**
 * The finish and the cancel over random transitions (a 基层 set, whose chart lacks many targets, or a 县级以上 one with
 * 331 split five ways): random balanced
 * year-end figures on the 2009 chart, random splits within them, random balanced adjustment vouchers, and random
 * openings keyed before. After finishing, the openings are the worksheet's, the new trial balances and the old
 * total plus the adjustments is the new total; cancelling brings back every opening, auxiliary opening, zt_year flag
 * and the chart exactly as they were.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSubject, unionCounty2021 } from '../../../templates/charts/index.js';
import { transitionRows } from '../../../templates/transition/union-2009-to-2021.js';
import { Paths } from '../../shared/api/paths.js';
import { computeWorksheet, type SplitInput } from '../../shared/transition/worksheet.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import {
  insertAdjustment,
  lastLevelTrial,
  readOpeningState,
  type AdjustmentLineInput,
} from '../test-support/transition-fixtures.js';
import { newSubjectFacts, oldSubjectFacts, readAdjustmentLines, readSetSubjects } from './worksheet-read.js';

const fen = fc.integer({ min: 0, max: 50_000_000 });
/** A part of what is left: 0 to all of it. */
const share = fc.double({ min: 0, max: 1, noNaN: true });
const part = (amount: number, s: number) => Math.floor(amount * s);

// Old last-level subjects on each side, and the targets they reach (many missing from the 基层 chart).
const DEBITS = ['101', '11201', '13101', '13103', '132', '135', '141', '151', '162'] as const;
const CREDITS = ['201', '221', '22201', '225', '231', '301', '311', '32103', '322'] as const;
/** Targets an adjustment may touch: in the 基层 chart or added from the county chart. */
const ADJUSTED = ['102', '135', '141', '162', '163', '171', '215', '30104', '30105', '32205', '311'] as const;
/** Last-level 基层 subjects that may hold openings keyed before the transition. */
const KEYED = ['101', '102', '135', '141', '163', '211', '215', '30104', '32205'] as const;

const yuan = (amount: number) => (amount / 100).toFixed(2);

const caseArb = fc.record({
  level: fc.constantFrom('grassroots' as const, 'county' as const),
  debits: fc.tuple(...DEBITS.map(() => fen)),
  credits: fc.tuple(...CREDITS.map(() => fen)),
  extra331: fen,
  shares: fc.array(share, { minLength: 10, maxLength: 10 }),
  vouchers: fc.array(
    fc.array(
      fc.record({
        debit: fc.constantFrom(...ADJUSTED),
        credit: fc.constantFrom(...ADJUSTED),
        amount: fc.integer({ min: 1, max: 9_000_000 }),
      }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
    { maxLength: 2 },
  ),
  keyed: fc.array(fc.tuple(fc.constantFrom(...KEYED), fc.integer({ min: -1_000_000, max: 1_000_000 })), { maxLength: 4 }),
  keyedAux: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
  initialised: fc.constantFrom(0, 1),
  source: fc.constantFrom('', 'manual', 'carried'),
});

describe.each(TEST_DIALECTS)('finish then cancel over random transitions (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await createSet(server.db, {
      name: '衔接性质测试0',
      code: 'XJ-PROP-0',
      system: 'union-grassroots',
      year: 2022,
      users: ['kuaiji'],
    });
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', '衔接性质测试0', 2022);
  });
  afterAll(() => server.close());

  it('writes the worksheet, balances, keeps old + adjustments = new, and cancels back exactly', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        n += 1;
        const ztId = await createSet(server.db, {
          name: `衔接性质测试${n}`,
          code: `XJ-PROP-${n}`,
          system: c.level === 'county' ? 'union-county' : 'union-grassroots',
          year: 2022,
          users: ['kuaiji'],
        });
        expect((await kuaiji.post(Paths.setUserZtLevel, { ztId, year: 2022 })).body.success).toBe(true);

        // Balanced figures: 102 and 331 take up the difference, neither below zero.
        const balances = new Map<string, number>();
        DEBITS.forEach((code, i) => balances.set(code, c.debits[i] ?? 0));
        CREDITS.forEach((code, i) => balances.set(code, c.credits[i] ?? 0));
        const debit = c.debits.reduce((s, a) => s + a, 0);
        const credit = c.credits.reduce((s, a) => s + a, 0);
        const diff = credit + c.extra331 - debit;
        balances.set('102', Math.max(diff, 0));
        balances.set('331', c.extra331 + Math.max(-diff, 0));
        const saved = await kuaiji.post(Paths.transitionSaveFigures, {
          balances: [...balances].map(([code, amount]) => ({ code, amount: yuan(amount) })),
        });
        expect(saved.body.errorMsg).toBeNull();

        // Splits within each old balance.
        const [s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0, s8 = 0, s9 = 0, s10 = 0] = c.shares;
        const b = (code: string) => balances.get(code) ?? 0;
        const splits = new Map<string, number>();
        splits.set('162-171', part(b('162'), s1));
        splits.set('162-141', part(b('162') - (splits.get('162-171') ?? 0), s2));
        splits.set('301-30105', part(b('301'), s3));
        splits.set('301-30101', part(b('301') - (splits.get('301-30105') ?? 0), s4));
        splits.set('331-30101', part(b('331'), s5));
        splits.set('331-32104', part(b('331') - (splits.get('331-30101') ?? 0), s6));
        splits.set('221-215', part(b('221'), s7));
        splits.set('132-135', part(b('132'), s8));
        if (c.level === 'county') {
          const left = () =>
            b('331') - (splits.get('331-30101') ?? 0) - (splits.get('331-32104') ?? 0) - (splits.get('331-33104') ?? 0);
          splits.set('331-33104', part(left(), s9));
          splits.set('331-33205', part(left(), s10));
        }
        const savedSplits = await kuaiji.post(Paths.transitionSaveSplits, {
          splits: [...splits].map(([key, amount]) => ({ key, amount: yuan(amount) })),
        });
        expect(savedSplits.body.errorMsg).toBeNull();
        for (const [i, voucher] of c.vouchers.entries()) {
          const lines: AdjustmentLineInput[] = voucher.flatMap((l) => [
            { code: l.debit, debit: l.amount },
            { code: l.credit, credit: l.amount },
          ]);
          await insertAdjustment(server.db, ztId, i + 1, lines);
        }

        // Openings keyed before, one by auxiliary items, and the year's flags.
        const k = server.db.kysely;
        for (const [code, amount] of c.keyed)
          await k
            .updateTable('subject')
            .set({ init_amount: amount })
            .where('zt_id', '=', ztId)
            .where('code', '=', code)
            .execute();
        if (c.keyedAux !== undefined) {
          const type = await k
            .selectFrom('auxi_type')
            .select('type_no')
            .where('zt_id', '=', ztId)
            .orderBy('sort')
            .executeTakeFirstOrThrow();
          await k
            .insertInto('subject_auxi_type')
            .values({ zt_id: ztId, year: 2022, code: '182', type_no: type.type_no })
            .execute();
          await k
            .insertInto('auxi_opening')
            .values({
              zt_id: ztId,
              year: 2022,
              code: '182',
              auxi_key: `${type.type_no}:a`,
              init_amount: c.keyedAux,
              cumule_debit_amount: 0,
              cumule_credit_amount: 0,
            })
            .execute();
          await k
            .updateTable('subject')
            .set({ init_amount: c.keyedAux })
            .where('zt_id', '=', ztId)
            .where('code', '=', '182')
            .execute();
        }
        await k
          .updateTable('zt_year')
          .set({ subjects_initialised: c.initialised, opening_source: c.source })
          .where('zt_id', '=', ztId)
          .where('year', '=', 2022)
          .execute();

        // The worksheet as computeWorksheet gives it from these inputs, and the charts before finishing.
        const setSubjects = await readSetSubjects(k, ztId, 2022);
        const adjustments = await readAdjustmentLines(k, ztId);
        const expected = computeWorksheet({
          rows: transitionRows(c.level),
          oldBalances: balances,
          splits: new Map<string, SplitInput>([...splits].map(([key, amount]) => [key, { amount }])),
          adjustments,
          oldSubject: oldSubjectFacts,
          newSubject: newSubjectFacts(setSubjects),
        });
        expect(expected.problems).toEqual([]);
        const before = await readOpeningState(server.db, ztId, 2022);

        const finished = await kuaiji.get(Paths.reconciliationFinish);
        expect(finished.body.errorMsg).toBeNull();
        const after = await readOpeningState(server.db, ztId, 2022);
        const lastLevel = new Set(after.codes.filter((x) => x.endsWith(':1')).map((x) => x.slice(0, -2)));
        const written = Object.fromEntries(
          Object.entries(after.subjects)
            .filter(([code]) => lastLevel.has(code))
            .map(([code, [init]]) => [code, init]),
        );
        expect(written).toEqual(Object.fromEntries(expected.openings.map((o) => [o.code, o.amount])));
        expect(after.aux).toEqual({});
        expect([after.initialised, after.openingSource]).toEqual([1, 'transition']);
        const trial = await lastLevelTrial(server.db, ztId, 2022);
        expect(trial.debit).toBe(trial.credit);
        // old total + adjustments (in each subject's direction) = the new openings' total
        const direction = (code: string) =>
          setSubjects.get(code)?.balance_direction ?? findSubject(unionCounty2021, code)?.balanceDirection ?? 1;
        const netAdjustment = adjustments.reduce(
          (s, l) => s + (direction(l.subjectCode) === 1 ? l.debit - l.credit : l.credit - l.debit),
          0,
        );
        const oldTotal = [...balances.values()].reduce((s, a) => s + a, 0);
        const newTotal = Object.values(written).reduce((s, a) => s + a, 0);
        expect(oldTotal + netAdjustment).toBe(newTotal);

        const cancelled = await kuaiji.get(Paths.unReconciliationFinish);
        expect(cancelled.body.message).toBe(TransitionMessages.cancelled);
        expect(await readOpeningState(server.db, ztId, 2022)).toEqual(before);
        const snapshot = await k.selectFrom('transition_snapshot').select('code').where('zt_id', '=', ztId).execute();
        expect(snapshot).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });
});
