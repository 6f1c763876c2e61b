/**
 * The close calls as declared (src/shared/api/schemas/close.ts): a malformed parameter is refused
 * 400/4000 naming the field and the rule before anything is written, every field the handlers
 * build reaches the caller through the answer's serializer, and the one amount of the check (the
 * opening difference) travels in yuan.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CloseCheckResult,
  CloseState,
  MonthlyResponse,
  NewYearResponse,
  UnMonthlyResponse,
} from '../../shared/api/close.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { formatFen } from '../../shared/money.js';
import { yuanToFen } from '../../shared/vouchers/amounts.js';
import { ApiClient, type Answer } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { refOf, request, save } from '../vouchers/voucher-test-kit.js';
import { closeCheck } from './check.js';

describe.each(TEST_DIALECTS)('close calls as declared (%s)', (dialect) => {
  let server: TestServer;
  let setId: number;
  let kuaiji: ApiClient;
  const SET = '结账参数工会';

  beforeAll(async () => {
    server = await startTestServer(dialect);
    setId = await createSet(server.db, { name: SET, code: 'JZ02', system: 'union-grassroots', users: ['kuaiji'] });
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET);
  });
  afterAll(() => server.close());

  /** What a refused call must leave as it was: closed months, backups, years and their openings. */
  const written = async () => {
    const [closed, backups, years] = await Promise.all([
      server.db.kysely.selectFrom('period_close').select(['year', 'month']).where('zt_id', '=', setId).execute(),
      server.db.kysely.selectFrom('backup').select('id').where('zt_id', '=', setId).execute(),
      server.db.kysely
        .selectFrom('zt_year')
        .select(['year', 'opening_source', 'subjects_initialised'])
        .where('zt_id', '=', setId)
        .execute(),
    ]);
    return { closed, backups: backups.length, years };
  };

  const refusedWith = (answer: Answer, message: string) => {
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, errorCode: ErrorCode.BadRequest, data: null });
    expect(answer.body.errorMsg).toContain(message);
  };

  it.each([
    [{ month: 13 }, '参数month：月份须在1到12之间'],
    [{ month: '三' }, '参数month：月份须在1到12之间'],
    [{ year: 26, month: 3 }, '参数year：年份须为四位数字'],
    [{ month: 3, beginMonth: 0 }, '参数beginMonth：月份须在1到12之间'],
    [{ month: 3, endMonth: 'x' }, '参数endMonth：月份须在1到12之间'],
    [{}, '缺少参数month'],
  ])('refuses the check of %j naming the field and the rule', async (query, message) => {
    refusedWith(await kuaiji.get(Paths.closeCheck, query), message);
  });

  it('keeps the check’s own rules after the schema: the session year, a range in order', async () => {
    const other = await kuaiji.get(Paths.closeCheck, { year: 2025, month: 3 });
    expect(other.body).toMatchObject({ errorCode: ErrorCode.BadRequest, errorMsg: '只能检查当前登录年度' });
    const backwards = await kuaiji.get(Paths.closeCheck, { month: 5, beginMonth: 4, endMonth: 2 });
    expect(backwards.body).toMatchObject({ errorCode: ErrorCode.BadRequest, errorMsg: '开始月份不能大于结束月份' });
  });

  it.each([
    [Paths.monthly, { year: 2026 }, '缺少参数month'],
    [Paths.monthly, { year: '2026年', month: 1 }, '参数year：年份须为四位数字'],
    [Paths.monthly, { year: 2026, month: 1, isCoverNextData: 'maybe' }, '参数isCoverNextData：须为true或false'],
    [Paths.monthly, { year: 2026, month: 1, ignoreBalance: { yes: 1 } }, '参数ignoreBalance：须为true或false'],
    [Paths.unMonthly, { year: 2026, month: 0 }, '参数month：月份须在1到12之间'],
    [Paths.unMonthly, { year: 2026, month: 1, rotateBackup: 'yes' }, '参数rotateBackup：须为true或false'],
    [Paths.carryOver, {}, '缺少参数whetherIsManual'],
    [Paths.carryOver, { whetherIsManual: 'auto' }, '参数whetherIsManual：须为true或false'],
  ])('refuses POST %s %j naming the field and the rule, writing nothing', async (path, body, message) => {
    const before = await written();
    refusedWith(await kuaiji.post(path, body), message);
    expect(await written()).toEqual(before);
  });

  it('answers every field of the check that the check builds (nothing dropped by the serializer)', async () => {
    // Three vouchers in March, the second deleted: unreviewed months and a number gap fill the lists.
    const saved = [];
    for (let i = 0; i < 3; i++) {
      const answer = await save(kuaiji, request({ month: 3, pzDate: '2026-03-10' }));
      expect(answer.body.errorMsg).toBeNull();
      saved.push(answer.body.data);
    }
    const second = saved[1];
    if (!second) throw new Error('the vouchers were not saved');
    const deleted = await kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(second)]) });
    expect(deleted.body.errorMsg).toBeNull();

    const scope = {
      ztId: setId,
      year: 2026,
      system: 'union-grassroots' as const,
      isZJ: false,
      isCheckCertificateSign: false,
      whetherOpenMonthEndCarryover: false,
    };
    for (const [month, beginMonth] of [
      [3, 1],
      [12, 1],
    ] as const) {
      const answer = await kuaiji.get<CloseCheckResult>(Paths.closeCheck, { year: 2026, month });
      expect(answer.body.errorMsg).toBeNull();
      const built = await closeCheck(server.db, scope, beginMonth, month);
      expect(built.review.unMonthReviewed.length).toBeGreaterThan(0);
      expect(built.breakNo.gaps.length).toBeGreaterThan(0);
      expect(answer.body.data).toEqual(built);
    }

    // The vouchers go again, so the later calls start from an empty set.
    const rest = [saved[0], saved[2]].flatMap((v) => (v ? [refOf(v)] : []));
    expect((await kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify(rest) })).body.errorMsg).toBeNull();
  });

  it('answers the close state, a new year and a close with every field', async () => {
    const state = await kuaiji.get<CloseState>(Paths.closeState);
    expect(state.body.data).toEqual({
      beginYear: 2026,
      years: [{ year: 2026, startMonth: 1, closedMonths: [] }],
      nextOpenMonth: 1,
      laterYearExists: false,
    });
    const opened = await kuaiji.post<NewYearResponse>(Paths.newYear, {});
    expect(opened.body.data).toEqual({ year: 2027 });
    expect((await kuaiji.get<CloseState>(Paths.closeState)).body.data.laterYearExists).toBe(true);

    const backupIds = async () =>
      (
        await server.db.kysely
          .selectFrom('backup')
          .select('id')
          .where('zt_id', '=', setId)
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      ).map((b) => b.id);
    const closed = await kuaiji.post<MonthlyResponse>(Paths.monthly, { month: 1, rotateBackup: true });
    expect(closed.body.errorMsg).toBeNull();
    const [closeBackup] = await backupIds();
    expect(closed.body.data).toEqual({ year: 2026, month: 1, backupId: closeBackup, nextYear: null, accountMonth: 2 });
    const reopened = await kuaiji.post<UnMonthlyResponse>(Paths.unMonthly, { month: 1, rotateBackup: true });
    const [, reopenBackup] = await backupIds();
    expect(reopened.body.data).toEqual({ reopened: [{ year: 2026, month: 1 }], backupId: reopenBackup, accountMonth: 1 });
  });

  it('tells an unbalanced opening’s difference in yuan, the exact yuan of its fen (property)', async () => {
    // A government set keeps both sides, financial and budget, each of which must balance.
    const GOV = '结账参数档案馆';
    const govId = await createSet(server.db, { name: GOV, code: 'JZ03', system: 'government', users: ['kuaiji'] });
    const gov = new ApiClient(server.url);
    await gov.openSet(server.db, 'kuaiji', 'Kuaiji@123', GOV);
    const lastLevel = async (budget: number) =>
      (
        await server.db.kysely
          .selectFrom('subject')
          .select('code')
          .where('zt_id', '=', govId)
          .where('year', '=', 2026)
          .where('last_level', '=', 1)
          .where('is_budget', '=', budget)
          .orderBy('code')
          .executeTakeFirstOrThrow()
      ).code;
    const sides = [await lastLevel(0), await lastLevel(1)];
    const setOpening = (code: string, fen: number) =>
      server.db.kysely
        .updateTable('subject')
        .set({ init_amount: fen })
        .where('zt_id', '=', govId)
        .where('year', '=', 2026)
        .where('code', '=', code)
        .execute();
    const startBalance = async () => (await gov.get<CloseCheckResult>(Paths.closeCheck, { month: 1 })).body.data.startBalance;
    try {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...sides), fc.integer({ min: 1, max: 99_999_999_999_99 }), async (code, fen) => {
          await setOpening(code, fen);
          const part = await startBalance();
          await setOpening(code, 0);
          expect(part.status).toBe(false);
          expect(yuanToFen(part.difference)).toEqual({ ok: true, fen });
          expect(part.message).toContain(`${formatFen(fen, { thousands: true })}元`);
        }),
        { numRuns: 16 },
      );
    } finally {
      for (const code of sides) await setOpening(code, 0);
    }
    expect(await startBalance()).toMatchObject({ status: true, difference: 0 });
  });
});
