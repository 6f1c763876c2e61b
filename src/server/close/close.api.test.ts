import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloseCheckResult, CloseState, MonthlyResponse, UnMonthlyResponse } from '../../shared/api/close.js';
import type { AuthInfo } from '../../shared/api/auth.js';
import type { BatchResponse, EmptyVoucherResponse, Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { CloseMessages } from '../../shared/close/messages.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { FinancialState } from '../../shared/financial-state.js';
import { ApiClient } from '../test-support/api-client.js';
import { unionGrassroots2021 } from '../../../templates/charts/index.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { afterBatch, line, refOf, request, save } from '../vouchers/voucher-test-kit.js';

describe.each(TEST_DIALECTS)('month-end and year-end close (%s)', (dialect) => {
  let server: TestServer;
  let setId: number;
  let kuaiji: ApiClient;
  let shenhe: ApiClient;
  const SET = '结账测试工会';

  beforeAll(async () => {
    server = await startTestServer(dialect);
    setId = await createSet(server.db, { name: SET, code: 'JZ01', system: 'union-grassroots', users: ['kuaiji', 'shenhe'] });
    // shenhe is the set's reviewer: reviews, books and closes, but may not reverse a close.
    const reviewer = await server.db.kysely
      .selectFrom('user_level')
      .select('id')
      .where('code', '=', 'reviewer')
      .executeTakeFirstOrThrow();
    const user = await server.db.kysely
      .selectFrom('app_user')
      .select('id')
      .where('login_name', '=', 'shenhe')
      .executeTakeFirstOrThrow();
    await server.db.kysely
      .updateTable('user_zt_level')
      .set({ user_level_id: reviewer.id })
      .where('zt_id', '=', setId)
      .where('user_id', '=', user.id)
      .execute();
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET);
    shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', SET);
  });
  afterAll(() => server.close());

  const voucher = async (month: number, lines = request().certiDetails, by = kuaiji): Promise<Voucher> => {
    const answer = await save(by, request({ month, pzDate: `2026-${String(month).padStart(2, '0')}-10`, certiDetails: lines }));
    expect(answer.body.errorMsg).toBeNull();
    return answer.body.data;
  };
  const reviewAndBook = async (vouchers: Voucher[]) => {
    const details = vouchers.map(refOf);
    const reviewed = await shenhe.post<BatchResponse>(Paths.certificateReview, { year: 2026, details, isReview: true });
    expect(reviewed.body.errorMsg).toBeNull();
    const booked = await shenhe.post(Paths.certificateBook, { year: 2026, details: afterBatch(details, reviewed), isBook: true });
    expect(booked.body.errorMsg).toBeNull();
  };
  const check = async (month: number) => (await kuaiji.get<CloseCheckResult>(Paths.closeCheck, { year: 2026, month })).body;
  const close = (month: number, extra: Record<string, unknown> = {}, client = kuaiji) =>
    client.post<MonthlyResponse>(Paths.monthly, { year: 2026, month, ...extra });
  const backups = async () =>
    (await server.db.kysely.selectFrom('backup').select(['type']).where('zt_id', '=', setId).orderBy('created_at').execute()).map(
      (b) => b.type,
    );
  const closedRows = async () =>
    (
      await server.db.kysely
        .selectFrom('period_close')
        .select(['year', 'month'])
        .where('zt_id', '=', setId)
        .orderBy('year')
        .orderBy('month')
        .execute()
    ).map((r) => `${r.year}-${r.month}`);

  it('lists every problem of the month and refuses to close, writing nothing', async () => {
    const v1 = await voucher(1);
    const v2 = await voucher(1);
    await voucher(1);
    // Delete the second: a gap at 2.
    expect(
      (await kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(v2)]) })).body.errorMsg,
    ).toBeNull();
    await reviewAndBook([v1]);

    const body = await check(1);
    expect(body.success).toBe(true);
    const r = body.data;
    expect(r.flag).toBe(false);
    expect(r.review).toMatchObject({ status: false, total: 2, reviewed: 1, unReviewed: 1, unBooked: 1 });
    expect(r.review.unMonthReviewed).toEqual([{ month: 1, unreviewCount: 1, unbookCount: 1 }]);
    expect(r.breakNo.status).toBe(false);
    expect(r.breakNo.gaps[0]).toMatchObject({ month: 1, missing: [2] });
    expect(r.carryOver).toMatchObject({ status: false, earnings: false, expenses: true, skipped: false });
    expect(r.startBalance.status).toBe(true);
    expect(r.endInspection.status).toBe(true);
    expect(r.fixedAssetsVO).toMatchObject({ applicable: false, status: true });

    const refused = await close(1);
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toContain('凭证审核记账');
    expect(refused.body.errorMsg).toContain('凭证断号');
    expect(refused.body.errorMsg).toContain('收支结转');
    expect(await closedRows()).toEqual([]);
    expect(await backups()).toEqual([]);
  });

  it('closes once the problems are fixed, takes a type-41 backup, and the month refuses every write', async () => {
    const listed = await kuaiji.get<{ currentPageItems: Voucher[] }>(Paths.certificate, {
      year: 2026,
      beginMonth: 1,
      endMonth: 1,
    });
    expect((await kuaiji.post(Paths.reloadBreak, { year: 2026, month: 1 })).body.errorMsg).toBeNull();
    const carry = await voucher(1, [line('401', 200, null, '结转收入'), line('32203', null, 200, '结转收入')]);
    const all = (await kuaiji.get<{ currentPageItems: Voucher[] }>(Paths.certificate, { year: 2026, beginMonth: 1, endMonth: 1 }))
      .body.data.currentPageItems;
    expect(listed.body.data.currentPageItems.length).toBe(2);
    await reviewAndBook(
      all
        .filter((v) => !v.isBook)
        .concat(carry)
        .filter((v, i, a) => a.findIndex((x) => x.id === v.id) === i && !v.isBook),
    );

    const r = (await check(1)).data;
    expect(r.flag).toBe(true);
    const closed = await close(1);
    expect(closed.body.errorMsg).toBeNull();
    expect(closed.body.data).toMatchObject({ year: 2026, month: 1, nextYear: null, accountMonth: 2 });
    expect(await closedRows()).toEqual(['2026-1']);
    expect(await backups()).toEqual([41]);

    const write = await save(kuaiji, request({ month: 1, pzDate: '2026-01-15' }));
    expect(write.body.errorCode).toBe(ErrorCode.PeriodClosed);
    const unreview = await shenhe.post(Paths.certificateReview, {
      year: 2026,
      details: JSON.stringify([refOf(carry)]),
      isReview: false,
    });
    expect(unreview.body.errorCode).toBe(ErrorCode.PeriodClosed);
    const again = await close(1);
    expect(again.body.errorMsg).toBe(CloseMessages.alreadyClosed(2026, 1));
  });

  it('closes months in order and refuses a reviewer the reverse close', async () => {
    // Where the work is: after January closed, the session and a new voucher are on February, whatever today's date.
    const workingMonth = async () => (await kuaiji.get<AuthInfo>(Paths.getInfo)).body.data.workingMonth;
    const proposed = async () => (await kuaiji.get<EmptyVoucherResponse>(Paths.emptyCertificate)).body.data;
    expect(await workingMonth()).toBe(2);
    expect(await proposed()).toMatchObject({ year: 2026, month: 2, closed: false });
    expect((await close(3)).body.errorMsg).toBe(CloseMessages.earlierOpen(2026, 2));
    expect((await close(2, {}, shenhe)).body.errorMsg).toBeNull();
    expect((await close(3)).body.errorMsg).toBeNull();
    const state = (await kuaiji.get<CloseState>(Paths.closeState)).body.data;
    expect(state.years.find((y) => y.year === 2026)?.closedMonths).toEqual([1, 2, 3]);
    expect(state.nextOpenMonth).toBe(4);
    expect(await workingMonth()).toBe(4);
    expect(await proposed()).toMatchObject({ month: 4, pzDate: '2026-04-30', closed: false });
    // A month asked for by name is answered as it is, closed or not.
    expect((await kuaiji.get<EmptyVoucherResponse>(Paths.emptyCertificate, { month: 2 })).body.data).toMatchObject({
      month: 2,
      closed: true,
    });
    const refused = await shenhe.post(Paths.unMonthly, { year: 2026, month: 3 });
    expect(refused.body.errorCode).toBe(ErrorCode.Forbidden);
    expect(await closedRows()).toEqual(['2026-1', '2026-2', '2026-3']);
  });

  it('reverse close: an open month is refused with the spec message; an earlier one reopens the later ones, latest first', async () => {
    expect((await kuaiji.post(Paths.unMonthly, { year: 2026, month: 5 })).body.errorMsg).toBe(CloseMessages.notClosed);
    const reopened = await kuaiji.post<UnMonthlyResponse>(Paths.unMonthly, { year: 2026, month: 2 });
    expect(reopened.body.errorMsg).toBeNull();
    expect(reopened.body.data.reopened).toEqual([
      { year: 2026, month: 3 },
      { year: 2026, month: 2 },
    ]);
    expect(reopened.body.data.accountMonth).toBe(2);
    expect(await closedRows()).toEqual(['2026-1']);
    expect((await backups()).slice(-1)).toEqual([42]);
  });

  it('year-end: December writes next year from the closing balances; a kept year stays, a covered one follows', async () => {
    // Cash 101 holds 100 + 100 from January; stock bought in April moves 30 to 141 库存物品.
    const april = await voucher(4, [line('141', 30, null, '预付'), line('101', null, 30, '预付')]);
    await reviewAndBook([april]);
    for (let m = 2; m <= 11; m++) expect((await close(m)).body.errorMsg).toBeNull();
    // December first asks for the year-end roll of 本年收支结转 into 累计结余.
    const unrolled = (await check(12)).data;
    expect(unrolled.yearEndInspection).toMatchObject({ applicable: true, status: false });
    expect(unrolled.yearEndInspection.message).toContain('32203');
    const roll = await voucher(12, [line('32203', 200, null, '年末结转'), line('32205', null, 200, '年末结转')]);
    await reviewAndBook([roll]);
    const dec = await close(12);
    expect(dec.body.errorMsg).toBeNull();
    expect(dec.body.data.nextYear).toBe('created');
    expect((await backups()).slice(-1)).toEqual([43]);
    const opening = async (code: string) =>
      Number(
        (
          await server.db.kysely
            .selectFrom('subject')
            .select('init_amount')
            .where('zt_id', '=', setId)
            .where('year', '=', 2027)
            .where('code', '=', code)
            .executeTakeFirstOrThrow()
        ).init_amount,
      );
    expect(await opening('101')).toBe(17000);
    expect(await opening('141')).toBe(3000);
    expect(await opening('32203')).toBe(0);
    expect(await opening('32205')).toBe(20000);
    expect(await opening('401')).toBe(0);
    const year = await server.db.kysely
      .selectFrom('zt_year')
      .selectAll()
      .where('zt_id', '=', setId)
      .where('year', '=', 2027)
      .executeTakeFirstOrThrow();
    expect([year.subjects_initialised, year.opening_source]).toEqual([1, 'carried']);

    // Reverse the year end, add a December voucher, close again keeping next year: 101 unchanged.
    const back = await kuaiji.post<UnMonthlyResponse>(Paths.unMonthly, { year: 2026, month: 12 });
    expect(back.body.errorMsg).toBeNull();
    expect((await backups()).slice(-1)).toEqual([44]);
    const decVoucher = await voucher(12, [line('141', 10, null, '预付'), line('101', null, 10, '预付')]);
    await reviewAndBook([decVoucher]);
    const kept = await close(12);
    expect(kept.body.data.nextYear).toBe('kept');
    expect(await opening('101')).toBe(17000);
    await kuaiji.post(Paths.unMonthly, { year: 2026, month: 12 });
    const covered = await close(12, { isCoverNextData: true });
    expect(covered.body.data.nextYear).toBe('covered');
    expect(await opening('101')).toBe(16000);
    expect(await opening('141')).toBe(4000);
  });

  it('January waits for the previous year in use to be closed; an unused previous year does not hold it', async () => {
    const other = '跨年结账工会';
    const id = await createSet(server.db, {
      name: other,
      code: 'JZ04',
      system: 'union-grassroots',
      year: 2025,
      users: ['chuna'],
    });
    const client = new ApiClient(server.url);
    await client.openSet(server.db, 'chuna', 'Chuna@123', other, 2025);
    expect((await client.post(Paths.newYear, {})).body.errorMsg).toBeNull();
    await client.post(Paths.setUserZtLevel, { ztId: id, year: 2026 });
    // 2025 holds nothing: January 2026 closes.
    expect((await client.post(Paths.monthly, { year: 2026, month: 1 })).body.errorMsg).toBeNull();
    expect((await client.post(Paths.unMonthly, { year: 2026, month: 1 })).body.errorMsg).toBeNull();
    // Once 2025 is set up, its year end comes first.
    await server.db.kysely
      .updateTable('zt_year')
      .set({ subjects_initialised: 1 })
      .where('zt_id', '=', id)
      .where('year', '=', 2025)
      .execute();
    expect((await client.post(Paths.monthly, { year: 2026, month: 1 })).body.errorMsg).toBe(CloseMessages.previousYearOpen(2025));
  });

  it('period switch: a year opened before the last one closes asks for the carry-over, and the automatic one carries', async () => {
    const other = '期间切换工会';
    await createSet(server.db, { name: other, code: 'JZ02', system: 'union-grassroots', users: ['chuna'] });
    const client = new ApiClient(server.url);
    const id = await client.openSet(server.db, 'chuna', 'Chuna@123', other);
    await save(client, request({ month: 6, pzDate: '2026-06-10' }, 55));
    // 2026 was set up (its openings saved, none here); 2027 will carry from it.
    expect(
      (await client.post(Paths.branchSave, { detailList: [], confirmPrompt: true, autoUnderAllAcc: true })).body.errorMsg,
    ).toBeNull();
    const opened = await client.post<{ year: number }>(Paths.newYear, {});
    expect(opened.body.data.year).toBe(2027);
    expect((await client.post(Paths.newYear, {})).body.errorCode).toBe(ErrorCode.Conflict);
    expect((await client.post(Paths.setUserZtLevel, { ztId: id, year: 2027 })).body.errorMsg).toBeNull();
    expect((await client.get<number>(Paths.financialState)).body.data).toBe(FinancialState.PeriodCarryOverNeeded);
    const carried = await client.post(Paths.carryOver, { whetherIsManual: false, isSpecialItem: false });
    expect(carried.body.message).toBe(CloseMessages.carryDone);
    expect((await client.get<number>(Paths.financialState)).body.data).toBe(FinancialState.Normal);
    const cash = await server.db.kysely
      .selectFrom('subject')
      .select('init_amount')
      .where('zt_id', '=', id)
      .where('year', '=', 2027)
      .where('code', '=', '101')
      .executeTakeFirstOrThrow();
    expect(Number(cash.init_amount)).toBe(5500);
    expect((await client.post(Paths.carryOver, { whetherIsManual: false })).body.errorMsg).toBe(CloseMessages.carryNotNeeded);
  });

  it('manual period switch leaves the openings to the user (state 1), and closed-year openings cannot change', async () => {
    const other = '手工结转工会';
    await createSet(server.db, { name: other, code: 'JZ03', system: 'union-grassroots', users: ['chuna'] });
    const client = new ApiClient(server.url);
    const id = await client.openSet(server.db, 'chuna', 'Chuna@123', other);
    expect(
      (await client.post(Paths.branchSave, { detailList: [], confirmPrompt: true, autoUnderAllAcc: true })).body.errorMsg,
    ).toBeNull();
    await client.post(Paths.newYear, {});
    await client.post(Paths.setUserZtLevel, { ztId: id, year: 2027 });
    expect((await client.post(Paths.carryOver, { whetherIsManual: true })).body.message).toBe(CloseMessages.manualCarry);
    expect((await client.get<number>(Paths.financialState)).body.data).toBe(FinancialState.SubjectsNotInitialised);

    // The first set's 2026 has closed months: its openings are refused.
    const openings = await kuaiji.post(Paths.branchSave, {
      detailList: [{ code: '101', initAmount: '1.00' }],
      confirmPrompt: true,
      autoUnderAllAcc: true,
    });
    expect(openings.body.errorCode).toBe(ErrorCode.PeriodClosed);
  });

  it('an expense subject whose auxiliary items cancel out still has something to carry', async () => {
    const other = '辅助结转工会';
    await createSet(server.db, { name: other, code: 'JZ09', system: 'union-grassroots', users: ['chuna'] });
    const client = new ApiClient(server.url);
    await client.openSet(server.db, 'chuna', 'Chuna@123', other);
    expect((await client.post(Paths.saveAuxiRealedSub, { code: '50101', typeNoArray: ['JFHS'] })).body.errorMsg).toBeNull();
    // 50101 nets to zero, but item 002 holds 100 debit and item 001001 100 credit.
    const answer = await save(
      client,
      request({
        month: 3,
        pzDate: '2026-03-10',
        certiDetails: [
          { ...line('50101', 100, null, '调整'), auxis: [{ typeNo: 'JFHS', infoNo: '002' }] },
          { ...line('50101', null, 100, '调整'), auxis: [{ typeNo: 'JFHS', infoNo: '001001' }] },
        ],
      }),
    );
    expect(answer.body.errorMsg).toBeNull();
    const result = (await client.get<CloseCheckResult>(Paths.closeCheck, { year: 2026, month: 3 })).body.data;
    expect(result.carryOver).toMatchObject({ status: false, expenses: false, earnings: true });
    expect(result.carryOver.message).toBe('收入支出科目尚有余额未结转（50101 职工教育支出）');
  });

  it('December: a year-end roll subject whose auxiliary items cancel out is still to be rolled', async () => {
    const other = '辅助年结工会';
    await createSet(server.db, { name: other, code: 'JZ10', system: 'union-grassroots', users: ['chuna'] });
    const client = new ApiClient(server.url);
    await client.openSet(server.db, 'chuna', 'Chuna@123', other);
    expect((await client.post(Paths.saveAuxiRealedSub, { code: '32203', typeNoArray: ['JFHS'] })).body.errorMsg).toBeNull();
    const answer = await save(
      client,
      request({
        month: 12,
        pzDate: '2026-12-10',
        certiDetails: [
          { ...line('32203', 100, null, '调整'), auxis: [{ typeNo: 'JFHS', infoNo: '002' }] },
          { ...line('32203', null, 100, '调整'), auxis: [{ typeNo: 'JFHS', infoNo: '001001' }] },
        ],
      }),
    );
    expect(answer.body.errorMsg).toBeNull();
    const result = (await client.get<CloseCheckResult>(Paths.closeCheck, { year: 2026, month: 12 })).body.data;
    expect(result.yearEndInspection).toMatchObject({
      status: false,
      message: '本年收支结转等科目尚有余额（32203 本年收支结转），请生成年结凭证转入累计结转/累计结余',
    });
  });

  it('the carry check names every subject left up to ten, then says how many there are', async () => {
    const other = '多科目结转工会';
    await createSet(server.db, { name: other, code: 'JZ11', system: 'union-grassroots', users: ['chuna'] });
    const client = new ApiClient(server.url);
    await client.openSet(server.db, 'chuna', 'Chuna@123', other);
    const expenses = unionGrassroots2021.subjects.filter((s) => s.type === 5 && s.code.length === 5).slice(0, 12);
    expect(expenses).toHaveLength(12);
    const lines = [...expenses.map((s) => line(s.code, 10, null, '支出')), line('101', null, 120, '支出')];
    const answer = await save(client, request({ month: 4, pzDate: '2026-04-10', certiDetails: lines }));
    expect(answer.body.errorMsg).toBeNull();
    const result = (await client.get<CloseCheckResult>(Paths.closeCheck, { year: 2026, month: 4 })).body.data;
    const named = expenses
      .slice(0, 10)
      .map((s) => `${s.code} ${s.name}`)
      .join('、');
    expect(result.carryOver.message).toBe(`收入支出科目尚有余额未结转（${named}等 12 个科目）`);
  });
});
