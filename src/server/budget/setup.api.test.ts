import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type {
  BudgetSetupList,
  BudgetType,
  JudgeBigProjects,
  ProjectIndicators,
  SavedDetail,
} from '../../shared/api/schemas/budget-setup.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { line, request, save } from '../vouchers/voucher-test-kit.js';
import { openBudgetPlatform, setPlanState } from '../test-support/budget-fixture.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { insertUser } from '../test-support/test-users.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const FACTORY = '示范市第一机械厂工会';
const SCHOOL = '示范市实验中学工会';
const PB = '/budget-management/project-budget';

describe.each(TEST_DIALECTS)('budget setup: categories, details, items, subjects, indicators (%s)', (dialect) => {
  let server: TestServer;
  let id: (name: string) => number;
  let kuaiji: ApiClient;
  /** Accountants of the school (a login elsewhere ends a session: one client per account). */
  let school: ApiClient;
  let schoolLastYear: ApiClient;

  const db = () => server.db.kysely;
  const items = async (ztId: number, typeNo: string) =>
    (
      await db()
        .selectFrom('auxi_info')
        .select(['info_no', 'info_name', 'parent_no'])
        .where('zt_id', '=', ztId)
        .where('type_no', '=', typeNo)
        .orderBy('info_no')
        .execute()
    ).map((r) => [r.info_no, r.info_name, r.parent_no]);
  const linked = async (ztId: number, code: string) =>
    (
      await db()
        .selectFrom('subject_auxi_type')
        .select('type_no')
        .where('zt_id', '=', ztId)
        .where('year', '=', 2026)
        .where('code', '=', code)
        .execute()
    ).map((r) => r.type_no);
  const counts = async () =>
    Promise.all(
      (['budget_category', 'budget_project', 'auxi_info', 'subject_auxi_type', 'budget_indicator'] as const).map(async (t) =>
        Number(
          (
            await db()
              .selectFrom(t)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );
  /** A refused call: its code and message, and nothing written. */
  const refused = async (client: ApiClient, path: string, body: Record<string, unknown>, code: number, message?: string) => {
    const before = await counts();
    const answer = await client.post(path, body);
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(false);
    expect(answer.body.errorCode).toBe(code);
    if (message !== undefined) expect(answer.body.errorMsg).toBe(message);
    expect(await counts()).toEqual(before);
  };
  const saveType = async (client: ApiClient, body: Record<string, unknown>) => {
    const answer = await client.post<BudgetType>(Paths.budgetSaveType, body);
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
    return answer.body.data;
  };
  const saveDetail = async (client: ApiClient, body: Record<string, unknown>) => {
    const answer = await client.post<SavedDetail>(Paths.budgetSaveDetail, body);
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
    return answer.body;
  };
  /**
   * A voucher of the factory spending on the project's item; with an indicator chosen as a
   * two-table voucher's budget line would (a union set's voucher takes none: the line's stored
   * item is given it, which is what the indicator rules read).
   */
  const spend = async (subjectCode: string, infoNo: string, targetID?: string) => {
    const answer = await save(
      kuaiji,
      request({
        certiDetails: [
          { ...line(subjectCode, 10, null, '项目支出'), auxis: [{ typeNo: 'XMYS', infoNo }] },
          line('101', null, 10, '项目支出'),
        ],
      }),
    );
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
    if (targetID)
      await server.db.kysely
        .updateTable('voucher_line_auxi')
        .set({ target_id: targetID })
        .where('zt_id', '=', id(FACTORY))
        .where('voucher_id', '=', answer.body.data.id)
        .where('type_no', '=', 'XMYS')
        .execute();
  };
  const list = async (client: ApiClient, scope: 'project' | 'expenditure') =>
    (await client.get<BudgetSetupList>(Paths.budgetSetupList, { scope })).body.data;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    id = await setIds(server.db);
    for (const set of [FACTORY, SCHOOL]) await openBudgetPlatform(server.db, id(set));
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    for (const loginName of ['kuaiji2', 'kuaiji3'])
      await insertUser(server.db, server.config.scryptLogN, {
        loginName,
        password: 'Kuaiji@123',
        grants: [{ ztId: id(SCHOOL), level: 'accountant' }],
      });
    school = new ApiClient(server.url);
    await school.openSet(server.db, 'kuaiji2', 'Kuaiji@123', SCHOOL);
    schoolLastYear = new ApiClient(server.url);
    await schoolLastYear.openSet(server.db, 'kuaiji3', 'Kuaiji@123', SCHOOL, 2025);
  });
  afterAll(() => server.close());

  it('adds project categories and details with their items, amounts in fen, and links the named subjects', async () => {
    const ztId = id(FACTORY);
    await refused(
      kuaiji,
      Paths.budgetSaveType,
      { auxiType: 'XMYS', typeName: ' ' },
      ErrorCode.ValidationFailed,
      BudgetMessages.categoryNameRequired,
    );
    const events = await saveType(kuaiji, { auxiType: 'XMYS', typeName: '职工活动' });
    expect(events).toMatchObject({
      typeName: '职工活动',
      auxiType: 'XMYS',
      typeNo: 'XMYS',
      infoNo: '001',
      expendBudgetClassification: null,
    });
    const service = await saveType(kuaiji, { auxiType: 'XMYS', typeName: '职工服务' });
    expect(service.infoNo).toBe('002');
    await refused(
      kuaiji,
      Paths.budgetSaveType,
      { auxiType: 'XMYS', typeName: '职工活动' },
      ErrorCode.ValidationFailed,
      BudgetMessages.categoryNameDuplicate('职工活动'),
    );

    const base = { auxiType: 'XMYS', typeId: events.typeId, subjectCodeArray: '501' };
    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      { ...base, amountBeforeAdjustment: 100, projectAmount: 100 },
      ErrorCode.ValidationFailed,
      BudgetMessages.projectNameRequired,
    );
    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      { ...base, projectName: '运动会', projectAmount: 100 },
      ErrorCode.ValidationFailed,
      BudgetMessages.openingAmountRequired,
    );
    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      { ...base, projectName: '运动会', amountBeforeAdjustment: 100 },
      ErrorCode.ValidationFailed,
      BudgetMessages.projectAmountRequired,
    );
    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      { ...base, typeId: null, projectName: '运动会', amountBeforeAdjustment: 1, projectAmount: 1 },
      ErrorCode.ValidationFailed,
      BudgetMessages.categoryRequired,
    );
    // kuaiji holds zdrapproval: a project budget names its subjects.
    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      { ...base, subjectCodeArray: '', projectName: '运动会', amountBeforeAdjustment: 100, projectAmount: 100 },
      ErrorCode.ValidationFailed,
      BudgetMessages.subjectRequired,
    );
    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      { ...base, subjectCodeArray: '101', projectName: '运动会', amountBeforeAdjustment: 1, projectAmount: 1 },
      ErrorCode.ValidationFailed,
      BudgetMessages.budgetSubjectType('101'),
    );
    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      { ...base, subjectCodeArray: '599', projectName: '运动会', amountBeforeAdjustment: 1, projectAmount: 1 },
      ErrorCode.ValidationFailed,
      BudgetMessages.subjectNotFound('599'),
    );
    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      { ...base, projectName: '运动会', amountBeforeAdjustment: -1, projectAmount: -1 },
      ErrorCode.ValidationFailed,
      BudgetMessages.amountNegative,
    );
    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      { ...base, projectName: '运动会', amountBeforeAdjustment: 100, projectAmount: 90 },
      ErrorCode.ValidationFailed,
      BudgetMessages.adjustedFollowsOpening,
    );
    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      { ...base, projectName: '运动会', amountBeforeAdjustment: 1.005, projectAmount: 1.005 },
      ErrorCode.BadRequest,
    );

    const saved = await saveDetail(kuaiji, {
      ...base,
      subjectCodeArray: '501,50102',
      projectName: '运动会',
      amountBeforeAdjustment: '12345.67',
      projectAmount: 12345.67,
    });
    expect(saved.data).toMatchObject({ typeNo: 'XMYS', infoNo: '001001', unlinkedSubjects: [] });
    expect(saved.data.linkedSubjects).toEqual(['50101', '50102', '50103', '50104', '50105', '50106']);
    const row = await db()
      .selectFrom('budget_project')
      .selectAll()
      .where('id', '=', saved.data.budgetId)
      .executeTakeFirstOrThrow();
    expect([Number(row.amount_before_adjustment), Number(row.project_amount), row.subject_codes, row.expend_class]).toEqual([
      1234567,
      1234567,
      '501,50102',
      null,
    ]);
    expect(await items(ztId, 'XMYS')).toEqual(
      expect.arrayContaining([
        ['001', '职工活动', null],
        ['002', '职工服务', null],
        ['001001', '运动会', '001'],
      ]),
    );
    expect(await linked(ztId, '50101')).toContain('XMYS');
    expect(await linked(ztId, '50301')).not.toContain('XMYS');

    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      { ...base, projectName: '运动会', amountBeforeAdjustment: 1, projectAmount: 1 },
      ErrorCode.ValidationFailed,
      BudgetMessages.projectNameDuplicate('运动会'),
    );
    const second = await saveDetail(kuaiji, {
      ...base,
      subjectCodeArray: '50301',
      projectName: '读书月',
      amountBeforeAdjustment: 500,
      projectAmount: 500,
    });
    expect(second.data.infoNo).toBe('001002');

    const answer = await list(kuaiji, 'project');
    expect(answer).toMatchObject({ year: 2026, planState: 'draft', planEditable: true });
    const node = answer.categories.find((c) => c.typeId === events.typeId);
    expect(
      node?.details.map((d) => [d.projectName, d.infoNo, d.amountBeforeAdjustment, d.projectAmount, d.subjectCodeArray]),
    ).toEqual([
      ['运动会', '001001', 12345.67, 12345.67, '501,50102'],
      ['读书月', '001002', 500, 500, '50301'],
    ]);
    expect(node?.details[0]?.subjects).toEqual([
      { code: '501', name: '职工活动支出' },
      { code: '50102', name: '文体活动支出' },
    ]);
    const types = (await kuaiji.get<BudgetType[]>(Paths.budgetTypeList, { auxiType: 'XMYS' })).body.data;
    expect(types.map((t) => t.typeName)).toEqual(['职工活动', '职工服务']);
  });

  it('renames a category and a detail with their items; a detail does not move to another category', async () => {
    const ztId = id(FACTORY);
    const category = await saveType(kuaiji, { auxiType: 'XMZC', typeName: '专项' });
    expect(category).toMatchObject({ typeNo: 'XMZC', infoNo: '001', expendBudgetClassification: '002' });
    const renamed = await saveType(kuaiji, { typeId: category.typeId, auxiType: 'XMZC', typeName: '专项活动' });
    expect(renamed.typeName).toBe('专项活动');
    const detail = await saveDetail(kuaiji, {
      auxiType: 'XMZC',
      typeId: category.typeId,
      projectName: '技能竞赛',
      amountBeforeAdjustment: 10,
      projectAmount: 10,
      subjectCodeArray: '50301',
    });
    await saveDetail(kuaiji, {
      id: detail.data.budgetId,
      auxiType: 'XMZC',
      typeId: category.typeId,
      projectName: '技能大赛',
      amountBeforeAdjustment: 20,
      projectAmount: 20,
    });
    expect(await items(ztId, 'XMZC')).toEqual([
      ['001', '专项活动', null],
      ['001001', '技能大赛', '001'],
    ]);
    const row = await db()
      .selectFrom('budget_project')
      .selectAll()
      .where('id', '=', detail.data.budgetId)
      .executeTakeFirstOrThrow();
    // Subjects not sent on an edit are kept.
    expect([row.project_name, Number(row.project_amount), row.subject_codes]).toEqual(['技能大赛', 2000, '50301']);
    const other = await saveType(kuaiji, { auxiType: 'XMZC', typeName: '其他' });
    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      {
        id: detail.data.budgetId,
        auxiType: 'XMZC',
        typeId: other.typeId,
        projectName: '技能大赛',
        amountBeforeAdjustment: 20,
        projectAmount: 20,
      },
      ErrorCode.ValidationFailed,
      BudgetMessages.categoryFixed,
    );
  });

  it('keeps expenditure classes: categories under their class item, details with the class, no subjects', async () => {
    const ztId = id(FACTORY);
    await refused(
      kuaiji,
      Paths.budgetSaveType,
      { auxiType: 'RYJF', typeName: '工资福利' },
      ErrorCode.ValidationFailed,
      BudgetMessages.categoryRequired,
    );
    await refused(
      kuaiji,
      Paths.budgetSaveType,
      { auxiType: 'RYJF', typeName: '工资福利', expendBudgetClassification: '00102' },
      ErrorCode.ValidationFailed,
      BudgetMessages.classMismatch,
    );
    const people = await saveType(kuaiji, { auxiType: 'RYJF', typeName: '工资福利', expendBudgetClassification: '00101' });
    expect(people).toMatchObject({ typeNo: 'JFHS', infoNo: '001001001', expendBudgetClassification: '00101' });
    // Under 基本支出 001 the built-in 001001 and 001002 are taken: the first category is 001003.
    const basic = await saveType(kuaiji, { auxiType: 'JBZC', typeName: '其他基本支出', expendBudgetClassification: '001' });
    expect(basic.infoNo).toBe('001003');
    const body = {
      auxiType: 'RYJF',
      typeId: people.typeId,
      projectName: '工会专职人员工资',
      expendBudgetClassification: '00101',
    };
    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      { ...body, expendBudgetClassification: null, projectAmount: 1 },
      ErrorCode.ValidationFailed,
      BudgetMessages.subjectRequired,
    );
    await refused(kuaiji, Paths.budgetSaveDetail, { ...body }, ErrorCode.ValidationFailed, BudgetMessages.amountRequired);
    await refused(
      kuaiji,
      Paths.budgetSaveDetail,
      { ...body, projectAmount: 1, subjectCodeArray: '501' },
      ErrorCode.ValidationFailed,
      BudgetMessages.expenditureNoSubjects,
    );
    const saved = await saveDetail(kuaiji, { ...body, projectAmount: 80000 });
    expect(saved.data).toMatchObject({ typeNo: 'JFHS', infoNo: '001001001001' });
    const row = await db()
      .selectFrom('budget_project')
      .selectAll()
      .where('id', '=', saved.data.budgetId)
      .executeTakeFirstOrThrow();
    expect([Number(row.amount_before_adjustment), Number(row.project_amount), row.expend_class, row.auxi_type]).toEqual([
      8000000,
      8000000,
      '00101',
      'RYJF',
    ]);
    expect(await items(ztId, 'JFHS')).toEqual(expect.arrayContaining([['001001001001', '工会专职人员工资', '001001001']]));
    const expenditure = await list(kuaiji, 'expenditure');
    expect(expenditure.categories.map((c) => [c.auxiType, c.typeName])).toEqual(
      expect.arrayContaining([
        ['RYJF', '工资福利'],
        ['JBZC', '其他基本支出'],
        ['XMZC', '专项活动'],
      ]),
    );
    expect(expenditure.categories.some((c) => c.auxiType === 'XMYS')).toBe(false);
  });

  it('locks details and their amounts while the plan is submitted or approved; a rename goes on', async () => {
    const ztId = id(SCHOOL);
    const client = school;
    const category = await saveType(client, { auxiType: 'XMYS', typeName: '活动' });
    const detail = (
      await saveDetail(client, {
        auxiType: 'XMYS',
        typeId: category.typeId,
        projectName: '春游',
        amountBeforeAdjustment: 100,
        projectAmount: 100,
        subjectCodeArray: '501',
      })
    ).data;
    for (const state of ['submitted', 'approved'] as const) {
      await setPlanState(server.db, ztId, 2026, state);
      const locked = BudgetMessages.planLocked(state === 'submitted' ? '已提交' : '已批复');
      const edit = {
        id: detail.budgetId,
        auxiType: 'XMYS',
        typeId: category.typeId,
        projectName: '春游',
        subjectCodeArray: '501',
      };
      await refused(
        client,
        Paths.budgetSaveDetail,
        { ...edit, id: null, projectName: '秋游', amountBeforeAdjustment: 1, projectAmount: 1 },
        ErrorCode.BusinessRule,
        locked,
      );
      await refused(
        client,
        Paths.budgetSaveDetail,
        { ...edit, amountBeforeAdjustment: 200, projectAmount: 200 },
        ErrorCode.BusinessRule,
        locked,
      );
      await refused(
        client,
        Paths.budgetSaveDetail,
        { ...edit, subjectCodeArray: '50301', amountBeforeAdjustment: 100, projectAmount: 100 },
        ErrorCode.BusinessRule,
        locked,
      );
      await refused(client, Paths.budgetDeleteDetail, { id: detail.budgetId }, ErrorCode.BusinessRule, locked);
      await saveDetail(client, { ...edit, projectName: `春游${state}`, amountBeforeAdjustment: 100, projectAmount: 100 });
    }
    const answer = await list(client, 'project');
    expect(answer).toMatchObject({ planState: 'approved', planEditable: false });
    await setPlanState(server.db, ztId, 2026, 'returned');
    await saveDetail(client, {
      id: detail.budgetId,
      auxiType: 'XMYS',
      typeId: category.typeId,
      projectName: '春游',
      amountBeforeAdjustment: 300,
      projectAmount: 300,
    });
    await setPlanState(server.db, ztId, 2026, 'draft');
  });

  it('deletes a detail no voucher carries (and its item, its indicators), never one a voucher carries; a category only when empty', async () => {
    const ztId = id(FACTORY);
    const category = await saveType(kuaiji, { auxiType: 'XMYS', typeName: '临时' });
    const keep = (
      await saveDetail(kuaiji, {
        auxiType: 'XMYS',
        typeId: category.typeId,
        projectName: '已用项目',
        amountBeforeAdjustment: 1,
        projectAmount: 1,
        subjectCodeArray: '50401',
      })
    ).data;
    const drop = (
      await saveDetail(kuaiji, {
        auxiType: 'XMYS',
        typeId: category.typeId,
        projectName: '未用项目',
        amountBeforeAdjustment: 1,
        projectAmount: 1,
        subjectCodeArray: '50401',
      })
    ).data;
    await spend('50401', keep.infoNo);
    await refused(
      kuaiji,
      Paths.budgetDeleteDetail,
      { id: keep.budgetId },
      ErrorCode.BusinessRule,
      BudgetMessages.detailUsedByVouchers,
    );
    await refused(
      kuaiji,
      Paths.budgetDeleteType,
      { id: category.typeId },
      ErrorCode.BusinessRule,
      BudgetMessages.categoryHasDetails,
    );
    expect(
      (
        await kuaiji.post(Paths.budgetSaveIndicators, {
          budgetId: drop.budgetId,
          indicators: [{ code: '01', name: '指标', amount: 1 }],
        })
      ).body.success,
    ).toBe(true);
    expect((await kuaiji.post(Paths.budgetDeleteDetail, { id: drop.budgetId })).body.success).toBe(true);
    expect((await items(ztId, 'XMYS')).map((i) => i[0])).not.toContain(drop.infoNo);
    expect(await db().selectFrom('budget_indicator').select('code').where('project_id', '=', drop.budgetId).execute()).toEqual(
      [],
    );
    // The detail a voucher carries stays, and its category with it.
  });

  it('gives concurrent adds under one category each its own item, and no stray item', async () => {
    const ztId = id(FACTORY);
    const category = await saveType(kuaiji, { auxiType: 'XMYS', typeName: '并发' });
    const answers = await Promise.all(
      ['甲', '乙', '丙', '丁'].map((name) =>
        kuaiji.post<SavedDetail>(Paths.budgetSaveDetail, {
          auxiType: 'XMYS',
          typeId: category.typeId,
          projectName: `并发${name}`,
          amountBeforeAdjustment: 1,
          projectAmount: 1,
          subjectCodeArray: '50101',
        }),
      ),
    );
    expect(answers.map((a) => a.body.errorMsg)).toEqual([null, null, null, null]);
    const saved = answers.map((a) => a.body.data.infoNo);
    expect(new Set(saved).size).toBe(4);
    const children = (await items(ztId, 'XMYS')).filter((i) => i[2] === category.infoNo).map((i) => i[0]);
    expect(children.sort()).toEqual([...saved].sort());
  });

  it('answers JudgeBigProjects for an item, an item on a subject, and a subject', async () => {
    const category = await saveType(kuaiji, { auxiType: 'XMYS', typeName: '判定' });
    const detail = (
      await saveDetail(kuaiji, {
        auxiType: 'XMYS',
        typeId: category.typeId,
        projectName: '判定项目',
        amountBeforeAdjustment: 5,
        projectAmount: 5,
        subjectCodeArray: '50501',
      })
    ).data;
    const judge = async (body: Record<string, unknown>) =>
      (await kuaiji.post<JudgeBigProjects>(Paths.budgetJudgeBigProjects, body)).body.data;
    expect(await judge({ typeNo: 'XMYS', infoNo: detail.infoNo })).toMatchObject({
      isBudgetProject: true,
      budgetId: detail.budgetId,
      typeId: category.typeId,
      projectName: '判定项目',
      budgetExecutionStatus: 0,
    });
    expect((await judge({ typeNo: 'XMYS', infoNo: detail.infoNo, subjectCode: '50501' })).isBudgetProject).toBe(true);
    expect((await judge({ typeNo: 'XMYS', infoNo: detail.infoNo, subjectCode: '50502' })).isBudgetProject).toBe(false);
    expect((await judge({ typeNo: 'XMYS', infoNo: category.infoNo })).isBudgetProject).toBe(false);
    expect((await judge({ subjectCode: '50501' })).isBudgetProject).toBe(true);
    expect((await judge({ subjectCode: '101' })).isBudgetProject).toBe(false);
  });

  it('keeps a project’s indicator tree: parents sum their children, a chosen indicator stays a leaf', async () => {
    const category = await saveType(kuaiji, { auxiType: 'XMYS', typeName: '指标项目' });
    const detail = (
      await saveDetail(kuaiji, {
        auxiType: 'XMYS',
        typeId: category.typeId,
        projectName: '有指标',
        amountBeforeAdjustment: 100,
        projectAmount: 100,
        subjectCodeArray: '50502',
      })
    ).data;
    const tree = [
      { code: '01', name: '上级补助', amount: 999 },
      { code: '0101', name: '第一批', parentCode: '01', amount: '30.10' },
      { code: '0102', name: '第二批', parentCode: '01', amount: 19.9 },
      { code: '02', name: '本级', amount: 50 },
    ];
    const saved = await kuaiji.post<ProjectIndicators>(Paths.budgetSaveIndicators, {
      budgetId: detail.budgetId,
      indicators: tree,
    });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    const read = (await kuaiji.post<ProjectIndicators>(Paths.budgetProjectIndicators, { typeNo: 'XMYS', infoNo: detail.infoNo }))
      .body.data;
    expect(read.budgetId).toBe(detail.budgetId);
    expect(read.indicators.map((n) => [n.code, n.amount, n.isLeaf, n.children.map((c) => [c.code, c.amount, c.isLeaf])])).toEqual(
      [
        [
          '01',
          50,
          false,
          [
            ['0101', 30.1, true],
            ['0102', 19.9, true],
          ],
        ],
        ['02', 50, true, []],
      ],
    );
    const save = (indicators: Record<string, unknown>[]) => ({ budgetId: detail.budgetId, indicators });
    await refused(
      kuaiji,
      Paths.budgetSaveIndicators,
      save([{ code: '01', name: '' }]),
      ErrorCode.ValidationFailed,
      BudgetMessages.indicatorNameRequired,
    );
    await refused(
      kuaiji,
      Paths.budgetSaveIndicators,
      save([{ code: '0-1', name: 'x' }]),
      ErrorCode.ValidationFailed,
      BudgetMessages.indicatorCodeRule,
    );
    await refused(
      kuaiji,
      Paths.budgetSaveIndicators,
      save([
        { code: '01', name: 'x' },
        { code: '01', name: 'y' },
      ]),
      ErrorCode.ValidationFailed,
      BudgetMessages.indicatorCodeDuplicate('01'),
    );
    await refused(
      kuaiji,
      Paths.budgetSaveIndicators,
      save([{ code: '0101', name: 'x', parentCode: '01' }]),
      ErrorCode.ValidationFailed,
      BudgetMessages.indicatorParentMissing('01'),
    );
    await refused(
      kuaiji,
      Paths.budgetSaveIndicators,
      save([
        { code: '01', name: 'x' },
        { code: '0201', name: 'y', parentCode: '01' },
      ]),
      ErrorCode.ValidationFailed,
      BudgetMessages.indicatorParentPrefix('0201', '01'),
    );
    await spend('50502', detail.infoNo, '02');
    await refused(
      kuaiji,
      Paths.budgetSaveIndicators,
      save(tree.filter((t) => t.code !== '02')),
      ErrorCode.BusinessRule,
      BudgetMessages.indicatorUsed('02'),
    );
    await refused(
      kuaiji,
      Paths.budgetSaveIndicators,
      save([...tree, { code: '0201', name: '细分', parentCode: '02', amount: 1 }]),
      ErrorCode.BusinessRule,
      BudgetMessages.indicatorUsed('02'),
    );

    const judged = (await kuaiji.post<JudgeBigProjects>(Paths.budgetJudgeBigProjects, { typeNo: 'XMYS', infoNo: detail.infoNo }))
      .body.data;
    expect(judged.hasIndicators).toBe(true);
  });

  it('takes the same item again for a category and a detail of the next year', async () => {
    const ztId = id(SCHOOL);
    const client = schoolLastYear;
    const category = await saveType(client, { auxiType: 'XMYS', typeName: '跨年' });
    const detail = (
      await saveDetail(client, {
        auxiType: 'XMYS',
        typeId: category.typeId,
        projectName: '跨年项目',
        amountBeforeAdjustment: 1,
        projectAmount: 1,
        subjectCodeArray: '501',
      })
    ).data;
    const next = school;
    const again = await saveType(next, { auxiType: 'XMYS', typeName: '跨年' });
    expect(again.infoNo).toBe(category.infoNo);
    const detailAgain = (
      await saveDetail(next, {
        auxiType: 'XMYS',
        typeId: again.typeId,
        projectName: '跨年项目',
        amountBeforeAdjustment: 2,
        projectAmount: 2,
        subjectCodeArray: '501',
      })
    ).data;
    expect(detailAgain.infoNo).toBe(detail.infoNo);
    expect((await items(ztId, 'XMYS')).filter((i) => i[1] === '跨年项目')).toHaveLength(1);
    // Deleting this year's detail keeps the item last year's holds.
    expect((await next.post(Paths.budgetDeleteDetail, { id: detailAgain.budgetId })).body.success).toBe(true);
    expect((await items(ztId, 'XMYS')).map((i) => i[0])).toContain(detail.infoNo);
  });

  it('refuses ids of another set, writes without the page’s buttons, subjects without zdrapproval', async () => {
    const theirs = (await list(kuaiji, 'project')).categories[0];
    const detail = theirs?.details[0];
    if (!theirs || !detail) throw new Error('no category to steal');
    await refused(
      school,
      Paths.budgetSaveType,
      { typeId: theirs.typeId, auxiType: 'XMYS', typeName: '改名' },
      ErrorCode.NotFound,
      BudgetMessages.categoryNotFound,
    );
    await refused(school, Paths.budgetDeleteType, { id: theirs.typeId }, ErrorCode.NotFound);
    await refused(school, Paths.budgetDeleteDetail, { id: detail.budgetId }, ErrorCode.NotFound);
    await refused(
      school,
      Paths.budgetSaveDetail,
      {
        auxiType: 'XMYS',
        typeId: theirs.typeId,
        projectName: 'x',
        amountBeforeAdjustment: 1,
        projectAmount: 1,
        subjectCodeArray: '501',
      },
      ErrorCode.NotFound,
    );
    await refused(school, Paths.budgetSaveIndicators, { budgetId: detail.budgetId, indicators: [] }, ErrorCode.NotFound);
    expect((await school.post(Paths.budgetProjectIndicators, { budgetId: detail.budgetId })).body.errorCode).toBe(
      ErrorCode.NotFound,
    );

    // The reviewer holds neither page.
    const shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
    expect((await shenhe.get(Paths.budgetSetupList, { scope: 'project' })).body.errorCode).toBe(ErrorCode.Forbidden);
    await refused(shenhe, Paths.budgetSaveType, { auxiType: 'XMYS', typeName: '审核加的' }, ErrorCode.Forbidden);

    // A role with 项目预算's add and edit but not zdrapproval, nor 支出分类设置.
    const { id: levelId } = await db()
      .insertInto('user_level')
      .values({
        code: 'budgetKeyer',
        name: '预算录入',
        resources: JSON.stringify([{ href: PB, resourceList: ['add', 'edit'] }]),
        sort: 90,
        enable: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertUser(server.db, server.config.scryptLogN, {
      loginName: 'yusuan',
      password: 'Yusuan@123',
      grants: [{ ztId: id(FACTORY), level: levelId }],
    });
    const keyer = new ApiClient(server.url);
    await keyer.openSet(server.db, 'yusuan', 'Yusuan@123', FACTORY);
    const body = {
      auxiType: 'XMYS',
      typeId: theirs.typeId,
      projectName: '无科目项目',
      amountBeforeAdjustment: 3,
      projectAmount: 3,
    };
    await refused(
      keyer,
      Paths.budgetSaveDetail,
      { ...body, subjectCodeArray: '501' },
      ErrorCode.Forbidden,
      BudgetMessages.subjectsNeedRight,
    );
    const saved = await saveDetail(keyer, body);
    expect(
      (
        await db()
          .selectFrom('budget_project')
          .select('subject_codes')
          .where('id', '=', saved.data.budgetId)
          .executeTakeFirstOrThrow()
      ).subject_codes,
    ).toBe('');
    // An edit without the right keeps the subjects another set; changing them is refused.
    const edit = {
      id: detail.budgetId,
      auxiType: 'XMYS',
      typeId: theirs.typeId,
      projectName: detail.projectName,
      amountBeforeAdjustment: detail.amountBeforeAdjustment,
      projectAmount: detail.projectAmount,
    };
    await saveDetail(keyer, edit);
    await saveDetail(keyer, { ...edit, subjectCodeArray: detail.subjectCodeArray });
    await refused(
      keyer,
      Paths.budgetSaveDetail,
      { ...edit, subjectCodeArray: '' },
      ErrorCode.Forbidden,
      BudgetMessages.subjectsNeedRight,
    );
    await refused(
      keyer,
      Paths.budgetSaveType,
      { auxiType: 'RYJF', typeName: '人员', expendBudgetClassification: '00101' },
      ErrorCode.Forbidden,
    );
    await refused(keyer, Paths.budgetDeleteDetail, { id: saved.data.budgetId }, ErrorCode.Forbidden);
    expect((await keyer.get(Paths.budgetSetupList, { scope: 'expenditure' })).body.success).toBe(true);
  });

  it('refuses every call while the set has not opened the 预算 platform', async () => {
    const client = new ApiClient(server.url);
    await insertUser(server.db, server.config.scryptLogN, {
      loginName: 'county',
      password: 'Kuaiji@123',
      grants: [{ ztId: id('示范市总工会'), level: 'accountant' }],
    });
    await client.openSet(server.db, 'county', 'Kuaiji@123', '示范市总工会');
    const answer = await client.get(Paths.budgetSetupList, { scope: 'project' });
    expect(answer.body.errorCode).toBe(ErrorCode.Forbidden);
    await refused(client, Paths.budgetSaveType, { auxiType: 'XMYS', typeName: '未开通' }, ErrorCode.Forbidden);
  });
});
