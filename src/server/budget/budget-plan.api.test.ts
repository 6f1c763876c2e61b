import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetAdjustments, BudgetPlan } from '../../shared/api/schemas/budget-plan.js';
import { Paths } from '../../shared/api/paths.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { nextPlanState, PLAN_STATE_NAMES, type PlanAction, type PlanState } from '../../shared/budget/plan-states.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { insertBudgetCategory, insertBudgetDetail, openBudgetPlatform, setPlanState } from '../test-support/budget-fixture.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY } from '../vouchers/voucher-test-kit.js';

const YEAR = 2026;
const SCHOOL = '示范市实验中学工会';

describe.each(TEST_DIALECTS)('the budget plan: entry, approval, rules and adjustment (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let shenhe: ApiClient;
  let ztId: number;
  let schoolId: number;
  const ids = { staff: '', office: '', road: '', library: '', other: '' };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const id = await setIds(server.db);
    ztId = id(FACTORY);
    schoolId = id(SCHOOL);
    await openBudgetPlatform(server.db, ztId);
    await openBudgetPlatform(server.db, schoolId);
    const projects = await insertBudgetCategory(server.db, ztId, {
      year: YEAR,
      auxiType: 'XMYS',
      typeName: '基建项目',
      infoNo: '101',
    });
    const staffCat = await insertBudgetCategory(server.db, ztId, {
      year: YEAR,
      auxiType: 'RYJF',
      typeName: '工资福利',
      infoNo: '001001001',
      expendClass: '00101',
      parentNo: '001001',
    });
    const officeCat = await insertBudgetCategory(server.db, ztId, {
      year: YEAR,
      auxiType: 'GYJF',
      typeName: '办公费用',
      infoNo: '001002001',
      expendClass: '00102',
      parentNo: '001002',
    });
    const detail = (
      typeId: string,
      auxiType: 'XMYS' | 'RYJF' | 'GYJF',
      infoNo: string,
      parentNo: string,
      name: string,
      expendClass: string | null,
    ) => insertBudgetDetail(server.db, ztId, { year: YEAR, typeId, auxiType, infoNo, parentNo, name, opening: 0, expendClass });
    ids.road = await detail(projects, 'XMYS', '101001', '101', '厂区道路修缮', null);
    ids.library = await detail(projects, 'XMYS', '101002', '101', '职工书屋', null);
    ids.staff = await detail(staffCat, 'RYJF', '001001001001', '001001001', '职工慰问', '00101');
    ids.office = await detail(officeCat, 'GYJF', '001002001001', '001002001', '办公用品', '00102');
    const otherCat = await insertBudgetCategory(server.db, schoolId, {
      year: YEAR,
      auxiType: 'XMYS',
      typeName: '校园项目',
      infoNo: '201',
    });
    ids.other = await insertBudgetDetail(server.db, schoolId, {
      year: YEAR,
      typeId: otherCat,
      auxiType: 'XMYS',
      infoNo: '201001',
      parentNo: '201',
      name: '操场',
      opening: 100,
    });
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
  });
  afterAll(() => server.close());

  const plan = async (client = kuaiji) => {
    const answer = await client.get<BudgetPlan>(Paths.budgetPlan);
    expect(answer.body.errorMsg).toBeNull();
    return answer.body.data;
  };
  const save = (rows: { id: string; amountBeforeAdjustment: number | string }[], revision?: number) =>
    kuaiji.post<BudgetPlan>(Paths.budgetPlanSave, { rows, ...(revision === undefined ? {} : { revision }) });
  const amounts = async () =>
    (
      await server.db.kysely
        .selectFrom('budget_project')
        .select(['id', 'amount_before_adjustment', 'project_amount'])
        .where('zt_id', '=', ztId)
        .orderBy('id')
        .execute()
    ).map((r) => [r.id, Number(r.amount_before_adjustment), Number(r.project_amount)]);

  it('answers the year’s details grouped by class and category, a draft without history', async () => {
    const p = await plan();
    expect(p).toMatchObject({ year: YEAR, state: 'draft', stateName: '未提交', editable: true, revision: 0, events: [] });
    expect(p.rows.map((r) => [r.expendClass, r.className, r.categoryName, r.projectName])).toEqual([
      ['00101', '人员经费', '工资福利', '职工慰问'],
      ['00102', '公用经费', '办公费用', '办公用品'],
      ['002', '项目支出', '基建项目', '厂区道路修缮'],
      ['002', '项目支出', '基建项目', '职工书屋'],
    ]);
    expect(p.rows[0]).toMatchObject({ controlStatus: 0, warnPercent: 80, amountBeforeAdjustment: 0 });
  });

  it('refuses to submit a plan without any budget, and changes nothing', async () => {
    const answer = await kuaiji.post<BudgetPlan>(Paths.budgetPlanSubmit, {});
    expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(answer.body.errorMsg).toBe(BudgetMessages.planEmpty);
    expect((await plan()).state).toBe('draft');
  });

  it('saves opening budgets of many details at once; the adjusted budget follows until approval', async () => {
    const answer = await save([
      { id: ids.road, amountBeforeAdjustment: '120000.50' },
      { id: ids.staff, amountBeforeAdjustment: 30000 },
      { id: ids.office, amountBeforeAdjustment: '0.01' },
    ]);
    expect(answer.body.success).toBe(true);
    const p = answer.body.data;
    expect(p.rows.find((r) => r.id === ids.road)).toMatchObject({ amountBeforeAdjustment: 120000.5, projectAmount: 120000.5 });
    expect(p.totalBeforeAdjustment).toBe(150000.51);
    expect(p.totalAmount).toBe(150000.51);
    expect(p.revision).toBe(1);
  });

  it('refuses bad amounts (4000 form, 4003 negative naming the row), an id of another set (4015), and writes nothing', async () => {
    const before = await amounts();
    const third = await save([{ id: ids.road, amountBeforeAdjustment: '1.001' }]);
    expect([third.status, third.body.errorCode]).toEqual([400, ErrorCode.BadRequest]);
    const negative = await save([
      { id: ids.library, amountBeforeAdjustment: 5 },
      { id: ids.road, amountBeforeAdjustment: -5 },
    ]);
    expect(negative.body.errorCode).toBe(ErrorCode.ValidationFailed);
    expect(negative.body.data).toEqual([
      { message: BudgetMessages.amountNegative, rowId: ids.road, fieldId: 'amountBeforeAdjustment' },
    ]);
    const foreign = await save([
      { id: ids.library, amountBeforeAdjustment: 5 },
      { id: ids.other, amountBeforeAdjustment: 5 },
    ]);
    expect(foreign.body.errorCode).toBe(ErrorCode.NotFound);
    expect(foreign.body.errorMsg).toBe(BudgetMessages.detailNotFound);
    const stale = await save([{ id: ids.library, amountBeforeAdjustment: 5 }], 0);
    expect(stale.body.errorCode).toBe(ErrorCode.Conflict);
    expect(await amounts()).toEqual(before);
  });

  it('holds the rights: the approver cannot key or submit, the bookkeeper cannot approve or return', async () => {
    expect(
      (await shenhe.post(Paths.budgetPlanSave, { rows: [{ id: ids.road, amountBeforeAdjustment: 1 }] })).body.errorCode,
    ).toBe(ErrorCode.Forbidden);
    expect((await shenhe.post(Paths.budgetPlanSubmit, {})).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await kuaiji.post(Paths.budgetPlanApprove, {})).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await kuaiji.post(Paths.budgetPlanReturn, { reason: '不同意' })).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await plan(shenhe)).state).toBe('draft');
  });

  it('refuses approving what was not submitted (4011)', async () => {
    const answer = await shenhe.post(Paths.budgetPlanApprove, {});
    expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(answer.body.errorMsg).toBe(BudgetMessages.planActionRefused('未提交', '批准'));
  });

  it('submits, locks the amounts, withdraws, submits again; each an event', async () => {
    const submitted = await kuaiji.post<BudgetPlan>(Paths.budgetPlanSubmit, { revision: (await plan()).revision });
    expect(submitted.body.data).toMatchObject({ state: 'submitted', editable: false });
    const locked = await save([{ id: ids.road, amountBeforeAdjustment: 1 }]);
    expect(locked.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(locked.body.errorMsg).toBe(BudgetMessages.planLocked(PLAN_STATE_NAMES.submitted));
    expect((await kuaiji.post<BudgetPlan>(Paths.budgetPlanWithdraw, {})).body.data.state).toBe('draft');
    expect((await kuaiji.post<BudgetPlan>(Paths.budgetPlanSubmit, {})).body.data.state).toBe('submitted');
    const p = await plan(shenhe);
    expect(p.events.map((e) => [e.seq, e.action, e.actionName, e.userName])).toEqual([
      [1, 'submit', '提交', '李会计'],
      [2, 'withdraw', '撤回', '李会计'],
      [3, 'submit', '提交', '李会计'],
    ]);
  });

  it('refuses a return without a reason (4000, the message), then returns with one; the bookkeeper sees it and keys again', async () => {
    for (const reason of ['', '   ']) {
      const answer = await shenhe.post(Paths.budgetPlanReturn, { reason });
      expect(answer.body.errorCode).toBe(ErrorCode.BadRequest);
      expect(answer.body.errorMsg).toContain(BudgetMessages.returnReasonRequired);
    }
    expect((await shenhe.post(Paths.budgetPlanReturn, {})).body.errorCode).toBe(ErrorCode.BadRequest);
    expect((await plan()).state).toBe('submitted');
    const returned = await shenhe.post<BudgetPlan>(Paths.budgetPlanReturn, { reason: '道路修缮预算偏高，请压减' });
    expect(returned.body.data).toMatchObject({ state: 'returned', editable: true, reason: '道路修缮预算偏高，请压减' });
    expect(returned.body.data.events.at(-1)).toMatchObject({
      action: 'return',
      reason: '道路修缮预算偏高，请压减',
      userName: '王审核',
    });
    expect((await save([{ id: ids.road, amountBeforeAdjustment: 100000 }])).body.success).toBe(true);
    expect((await kuaiji.post<BudgetPlan>(Paths.budgetPlanSubmit, {})).body.data.state).toBe('submitted');
  });

  it('of a concurrent approve and return on the same revision one wins, the other gets 4012 and leaves no event', async () => {
    const { revision, events } = await plan(shenhe);
    const [approve, back] = await Promise.all([
      shenhe.post<BudgetPlan>(Paths.budgetPlanApprove, { revision }),
      shenhe.post<BudgetPlan>(Paths.budgetPlanReturn, { revision, reason: '再议' }),
    ]);
    const codes = [approve.body.errorCode, back.body.errorCode].sort();
    expect(codes).toEqual([ErrorCode.Conflict, null]);
    const after = await plan(shenhe);
    expect(after.events.length).toBe(events.length + 1);
    if (after.state === 'returned') {
      expect((await kuaiji.post<BudgetPlan>(Paths.budgetPlanSubmit, {})).body.data.state).toBe('submitted');
      expect((await shenhe.post<BudgetPlan>(Paths.budgetPlanApprove, {})).body.data.state).toBe('approved');
    }
    expect((await plan()).state).toBe('approved');
    // Approved: a second approval is refused, nothing is keyed any more.
    expect((await shenhe.post(Paths.budgetPlanApprove, {})).body.errorCode).toBe(ErrorCode.BusinessRule);
    expect((await save([{ id: ids.road, amountBeforeAdjustment: 1 }])).body.errorCode).toBe(ErrorCode.BusinessRule);
  });

  it('saves the control and the warning threshold per detail, refusing a bad threshold or control', async () => {
    const saved = await kuaiji.post<BudgetPlan>(Paths.budgetRulesSave, {
      rows: [
        { id: ids.road, controlStatus: 3, warnPercent: 90 },
        { id: ids.staff, controlStatus: 2, warnPercent: 75.5 },
      ],
    });
    expect(saved.body.success).toBe(true);
    expect(
      saved.body.data.rows.filter((r) => r.controlStatus !== 0).map((r) => [r.projectName, r.controlStatus, r.warnPercent]),
    ).toEqual([
      ['职工慰问', 2, 75.5],
      ['厂区道路修缮', 3, 90],
    ]);
    const ppm = await server.db.kysely
      .selectFrom('budget_project')
      .select('warn_ppm')
      .where('id', '=', ids.staff)
      .executeTakeFirstOrThrow();
    expect(Number(ppm.warn_ppm)).toBe(755_000);
    for (const row of [
      { id: ids.road, controlStatus: 1, warnPercent: 90 },
      { id: ids.road, controlStatus: 3, warnPercent: 0 },
      { id: ids.road, controlStatus: 3, warnPercent: 101 },
    ]) {
      const answer = await kuaiji.post(Paths.budgetRulesSave, { rows: [row] });
      expect(answer.body.errorCode).toBe(ErrorCode.BadRequest);
    }
    const decimals = await kuaiji.post(Paths.budgetRulesSave, {
      rows: [{ id: ids.road, controlStatus: 2, warnPercent: 80.123 }],
    });
    expect(decimals.body.errorCode).toBe(ErrorCode.ValidationFailed);
    expect((await plan()).rows.find((r) => r.id === ids.road)?.controlStatus).toBe(3);
    expect(
      (await shenhe.post(Paths.budgetRulesSave, { rows: [{ id: ids.road, controlStatus: 0, warnPercent: 80 }] })).body.errorCode,
    ).toBe(ErrorCode.Forbidden);
  });

  it('adjusts an approved budget with a reason, keeping the opening budget, with its history', async () => {
    const noReason = await kuaiji.post(Paths.budgetAdjust, { id: ids.road, projectAmount: 110000, reason: ' ' });
    expect(noReason.body.errorCode).toBe(ErrorCode.BadRequest);
    expect(noReason.body.errorMsg).toContain(BudgetMessages.adjustReasonRequired);
    const first = await kuaiji.post<BudgetAdjustments>(Paths.budgetAdjust, {
      id: ids.road,
      projectAmount: '110000',
      reason: '追加路灯',
    });
    expect(first.body.success).toBe(true);
    const second = await kuaiji.post<BudgetAdjustments>(Paths.budgetAdjust, {
      id: ids.road,
      projectAmount: 105000.25,
      reason: '压减',
    });
    const road = second.body.data.rows.find((r) => r.id === ids.road);
    expect(road).toMatchObject({ amountBeforeAdjustment: 100000, projectAmount: 105000.25, spent: 0, remaining: 105000.25 });
    expect(
      second.body.data.adjustments.map((a) => [a.projectName, a.seq, a.beforeAmount, a.afterAmount, a.reason, a.userName]),
    ).toEqual([
      ['厂区道路修缮', 1, 100000, 110000, '追加路灯', '李会计'],
      ['厂区道路修缮', 2, 110000, 105000.25, '压减', '李会计'],
    ]);
    const same = await kuaiji.post(Paths.budgetAdjust, { id: ids.road, projectAmount: 105000.25, reason: '无变化' });
    expect(same.body.errorCode).toBe(ErrorCode.BusinessRule);
    const foreign = await kuaiji.post(Paths.budgetAdjust, { id: ids.other, projectAmount: 1, reason: '越权' });
    expect(foreign.body.errorCode).toBe(ErrorCode.NotFound);
    expect((await shenhe.post(Paths.budgetAdjust, { id: ids.road, projectAmount: 1, reason: '审核' })).body.errorCode).toBe(
      ErrorCode.Forbidden,
    );
  });

  it('refuses an adjustment before approval (4011)', async () => {
    await setPlanState(server.db, ztId, YEAR, 'draft');
    try {
      const answer = await kuaiji.post(Paths.budgetAdjust, { id: ids.staff, projectAmount: 1, reason: '提前' });
      expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
      expect(answer.body.errorMsg).toContain(BudgetMessages.adjustOnlyApproved);
    } finally {
      await setPlanState(server.db, ztId, YEAR, 'approved');
    }
  });

  it('keeps the history a chain under concurrent adjustments: each before is the previous after, the last after is the budget', async () => {
    const answers = await Promise.all(
      [31000, 32000, 33000, 34000].map((amount) =>
        kuaiji.post<BudgetAdjustments>(Paths.budgetAdjust, { id: ids.staff, projectAmount: amount, reason: `并发${amount}` }),
      ),
    );
    expect(answers.map((a) => a.body.errorMsg)).toEqual([null, null, null, null]);
    const data = (await kuaiji.get<BudgetAdjustments>(Paths.budgetAdjustments)).body.data;
    const chain = data.adjustments.filter((a) => a.projectName === '职工慰问').sort((a, b) => a.seq - b.seq);
    expect(chain.map((a) => a.seq)).toEqual([1, 2, 3, 4]);
    expect(chain[0]?.beforeAmount).toBe(30000);
    chain.slice(1).forEach((a, i) => expect(a.beforeAmount).toBe(chain[i]?.afterAmount));
    const staff = data.rows.find((r) => r.id === ids.staff);
    expect(staff).toMatchObject({ amountBeforeAdjustment: 30000, projectAmount: chain.at(-1)?.afterAmount });
  });

  it('follows the plan’s state rules for any sequence of actions: each allowed one an event, a refused or stale one nothing', async () => {
    const school = new ApiClient(server.url);
    await school.openSet(server.db, 'kuaiji', 'Kuaiji@123', SCHOOL);
    const approver = new ApiClient(server.url);
    await approver.openSet(server.db, 'shenhe', 'Shenhe@123', SCHOOL);
    const paths: Record<PlanAction, string> = {
      submit: Paths.budgetPlanSubmit,
      withdraw: Paths.budgetPlanWithdraw,
      approve: Paths.budgetPlanApprove,
      return: Paths.budgetPlanReturn,
    };
    const action = fc.constantFrom<PlanAction>('submit', 'withdraw', 'approve', 'return');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(action, fc.boolean()), { minLength: 1, maxLength: 8 }), async (steps) => {
        await server.db.kysely.deleteFrom('budget_plan').where('zt_id', '=', schoolId).execute();
        await server.db.kysely.deleteFrom('budget_plan_event').where('zt_id', '=', schoolId).execute();
        let state: PlanState = 'draft';
        let events = 0;
        for (const [act, stale] of steps) {
          const before = (await school.get<BudgetPlan>(Paths.budgetPlan)).body.data;
          const client = act === 'submit' || act === 'withdraw' ? school : approver;
          const revision = stale ? before.revision + 1 : before.revision;
          const answer = await client.post<BudgetPlan>(paths[act], {
            revision,
            ...(act === 'return' ? { reason: '退回重报' } : {}),
          });
          const next = nextPlanState(state, act);
          if (stale) expect(answer.body.errorCode).toBe(ErrorCode.Conflict);
          else if (next === null) expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
          else {
            expect(answer.body.errorMsg).toBeNull();
            state = next;
            events += 1;
          }
          const after = (await school.get<BudgetPlan>(Paths.budgetPlan)).body.data;
          expect([after.state, after.events.length]).toEqual([state, events]);
        }
      }),
      { numRuns: 8 },
    );
  });
});
