/**
 * The budget reports over the real server (issue 21 §3), in the school's set with the 预算 platform
 * open: a project category (XMYS 901) with 职工书屋 (warn, every expense subject, 1,000), 文体比赛
 * (forbid, only 50102, 500) and 待定项目 (no budget); a 人员经费 category (JFHS under 001001) with
 * 职工福利 (2,000). Vouchers are keyed through the voucher API, so spent is what the server kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type {
  BudgetExecutionResponse,
  BudgetLinesResponse,
  BudgetWarningsResponse,
} from '../../shared/api/schemas/budget-reports.js';
import type { Voucher } from '../../shared/api/vouchers.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import {
  insertBudgetCategory,
  insertBudgetDetail,
  linkBudgetType,
  openBudgetPlatform,
  setPlanState,
} from '../test-support/budget-fixture.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { checkWorkbook } from '../test-support/workbook-check.js';
import { FACTORY, line, modifyOf, refOf, request, save, SCHOOL } from '../vouchers/voucher-test-kit.js';

const YEAR = 2026;
const xmys = (infoNo: string) => [{ typeNo: 'XMYS', infoNo }];
const jfhs = (infoNo: string) => [{ typeNo: 'JFHS', infoNo }];

describe.each(TEST_DIALECTS)('budget reports (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let ztId: number;
  const ids: Record<string, string> = {};
  const vouchers: Record<string, Voucher> = {};

  async function keep(name: string, body: ReturnType<typeof request>): Promise<Voucher> {
    const answer = await save(kuaiji, body);
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    vouchers[name] = answer.body.data;
    return answer.body.data;
  }

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    ztId = await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SCHOOL);
    const db = server.db;
    await openBudgetPlatform(db, ztId);
    await linkBudgetType(db, ztId, YEAR, 'XMYS', ['50102', '50103']);
    await linkBudgetType(db, ztId, YEAR, 'JFHS', ['50501']);
    const project = await insertBudgetCategory(db, ztId, { year: YEAR, auxiType: 'XMYS', typeName: '工会活动', infoNo: '901' });
    const detail = { year: YEAR, typeId: project, auxiType: 'XMYS' as const, parentNo: '901' };
    ids.books = await insertBudgetDetail(db, ztId, {
      ...detail,
      infoNo: '901001',
      name: '职工书屋',
      opening: 90_000,
      amount: 100_000,
      control: 2,
    });
    ids.games = await insertBudgetDetail(db, ztId, {
      ...detail,
      infoNo: '901002',
      name: '文体比赛',
      opening: 50_000,
      control: 3,
      subjects: ['50102'],
    });
    ids.pending = await insertBudgetDetail(db, ztId, { ...detail, infoNo: '901003', name: '待定项目', opening: 0 });
    const staff = await insertBudgetCategory(db, ztId, {
      year: YEAR,
      auxiType: 'RYJF',
      typeName: '工资福利',
      infoNo: '001001901',
      parentNo: '001001',
      expendClass: '00101',
    });
    ids.welfare = await insertBudgetDetail(db, ztId, {
      year: YEAR,
      typeId: staff,
      auxiType: 'RYJF',
      infoNo: '001001901001',
      parentNo: '001001901',
      name: '职工福利',
      opening: 200_000,
      expendClass: '00101',
      control: 2,
    });
    // Another set's detail: never reachable from the school.
    const factory = await db.kysely.selectFrom('zt_info').select('id').where('name', '=', FACTORY).executeTakeFirstOrThrow();
    const other = await insertBudgetCategory(db, factory.id, { year: YEAR, auxiType: 'XMYS', typeName: '他账套', infoNo: '901' });
    ids.other = await insertBudgetDetail(db, factory.id, {
      year: YEAR,
      typeId: other,
      auxiType: 'XMYS',
      infoNo: '901001',
      parentNo: '901',
      name: '他账套项目',
      opening: 100,
    });
    await setPlanState(db, ztId, YEAR, 'approved');

    await keep(
      'v1',
      request({
        month: 3,
        pzDate: '2026-03-10',
        certiDetails: [
          { ...line('50102', 300, null, '购书'), auxis: xmys('901001') },
          { ...line('50103', 850, null, '书屋宣传'), auxis: xmys('901001') },
          line('101', null, 1150, '购书'),
        ],
      }),
    );
    await keep(
      'v2',
      request({
        month: 4,
        pzDate: '2026-04-02',
        certiDetails: [
          { ...line('50102', 200, null, '比赛奖品'), auxis: xmys('901002') },
          // 文体比赛 counts only 50102: this line is not its spent.
          { ...line('50103', 100, null, '比赛海报'), auxis: xmys('901002') },
          line('101', null, 300, '比赛'),
        ],
      }),
    );
    await keep(
      'refund',
      request({
        month: 4,
        pzDate: '2026-04-20',
        certiDetails: [line('101', 50, null, '书款退回'), { ...line('50102', null, 50, '书款退回'), auxis: xmys('901001') }],
      }),
    );
    await keep(
      'welfare',
      request({
        month: 5,
        pzDate: '2026-05-08',
        certiDetails: [
          { ...line('50501', 1700, null, '职工福利'), auxis: jfhs('001001901001') },
          line('101', null, 1700, '职工福利'),
        ],
      }),
    );
  });
  afterAll(() => server.close());

  const execution = async (params: Record<string, unknown> = {}, client = kuaiji) => {
    const answer = await client.get<BudgetExecutionResponse>(Paths.budgetExecution, params);
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    return answer.body.data;
  };
  const lines = async (budgetId: string) => {
    const answer = await kuaiji.get<BudgetLinesResponse>(Paths.budgetExecutionLines, { budgetId });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    return answer.body.data;
  };

  it('reports every detail under its category and class, with subtotals, remaining, rate and control', async () => {
    const answer = await execution();
    expect(answer.year).toBe(YEAR);
    expect(answer.plan).toEqual({ state: 'approved', stateName: '已批复' });
    const pick = (r: BudgetExecutionResponse['rows'][number]) => [
      r.kind,
      r.depth,
      r.code,
      r.name,
      r.amountBeforeAdjustment,
      r.projectAmount,
      r.spent,
      r.remaining,
      r.executionRate,
      r.controlName,
    ];
    expect(answer.rows.map(pick)).toEqual([
      ['class', 0, '001', '基本支出', 2000, 2000, 1700, 300, '85.00', ''],
      ['class', 1, '00101', '人员经费', 2000, 2000, 1700, 300, '85.00', ''],
      ['category', 2, '001001901', '工资福利', 2000, 2000, 1700, 300, '85.00', ''],
      ['detail', 3, '001001901001', '职工福利', 2000, 2000, 1700, 300, '85.00', '超预算预警'],
      ['class', 0, '002', '项目支出', 1400, 1500, 1300, 200, '86.67', ''],
      ['category', 1, '901', '工会活动', 1400, 1500, 1300, 200, '86.67', ''],
      // 1,150 spent less the 50 refunded, past its adjusted budget of 1,000.
      ['detail', 2, '901001', '职工书屋', 900, 1000, 1100, -100, '110.00', '超预算预警'],
      ['detail', 2, '901002', '文体比赛', 500, 500, 200, 300, '40.00', '禁止超预算'],
      ['detail', 2, '901003', '待定项目', 0, 0, 0, 0, null, '不控制'],
    ]);
    expect(answer.rows[6]).toMatchObject({ budgetId: ids.books, executionHundredths: 11000, warnPercent: '80.00', control: 2 });
    expect(answer.total).toEqual({
      amountBeforeAdjustment: 3400,
      projectAmount: 3500,
      spent: 3000,
      remaining: 500,
      executionRate: '85.71',
      executionHundredths: 8571,
    });
  });

  it('narrows to a class or a category', async () => {
    const projects = await execution({ expendClass: '002' });
    expect(projects.rows.map((r) => r.code)).toEqual(['002', '901', '901001', '901002', '901003']);
    expect(projects.total.spent).toBe(1300);
    const basic = await execution({ expendClass: '001' });
    expect(basic.rows.map((r) => r.code)).toEqual(['001', '00101', '001001901', '001001901001']);
    expect((await execution({ expendClass: '00102' })).rows).toEqual([]);
    const typeId = projects.rows[1]?.typeId ?? '';
    const one = await execution({ typeId });
    expect(one.rows.map((r) => [r.kind, r.depth, r.code])).toEqual([
      ['category', 0, '901'],
      ['detail', 1, '901001'],
      ['detail', 1, '901002'],
      ['detail', 1, '901003'],
    ]);
    expect(one.total).toMatchObject({ projectAmount: 1500, spent: 1300, remaining: 200 });
  });

  it('drills from a detail to the voucher lines its spent is made of', async () => {
    const books = await lines(ids.books ?? '');
    expect(books).toMatchObject({ code: '901001', name: '职工书屋', projectAmount: 1000, spent: 1100 });
    const no = (v: Voucher | undefined) => `${v?.entry ?? ''}-${String(v?.pzNo).padStart(4, '0')}`;
    expect(books.lines.map((l) => [l.voucherNo, l.month, l.pzDate, l.summary, l.subjectCode, l.subjectName, l.amount])).toEqual([
      [no(vouchers.v1), 3, '2026-03-10', '购书', '50102', '文体活动支出', 300],
      [no(vouchers.v1), 3, '2026-03-10', '书屋宣传', '50103', '宣传活动支出', 850],
      [no(vouchers.refund), 4, '2026-04-20', '书款退回', '50102', '文体活动支出', -50],
    ]);
    expect(books.lines[0]?.voucherId).toBe(vouchers.v1?.id);
    // Only the subject the detail counts.
    const games = await lines(ids.games ?? '');
    expect(games.lines.map((l) => [l.subjectCode, l.amount])).toEqual([['50102', 200]]);
    expect(games.spent).toBe(200);
    expect((await lines(ids.pending ?? '')).lines).toEqual([]);
  });

  it('follows edits and deletions of vouchers: the report and the drill agree with what is stored', async () => {
    const v2 = vouchers.v2;
    if (!v2) throw new Error('v2 not saved');
    const edited = await save(
      kuaiji,
      modifyOf(v2, {
        certiDetails: [{ ...line('50102', 450, null, '比赛奖品'), auxis: xmys('901002') }, line('101', null, 450, '比赛')],
      }),
    );
    expect(edited.body.success, edited.body.errorMsg ?? '').toBe(true);
    const games = () => execution().then((a) => a.rows.find((r) => r.budgetId === ids.games));
    expect(await games()).toMatchObject({ spent: 450, remaining: 50, executionRate: '90.00' });
    expect((await lines(ids.games ?? '')).spent).toBe(450);
    const deleted = await kuaiji.delete(Paths.certificate, { year: YEAR, details: JSON.stringify([refOf(edited.body.data)]) });
    expect(deleted.body.success, deleted.body.errorMsg ?? '').toBe(true);
    expect(await games()).toMatchObject({ spent: 0, remaining: 500, executionRate: '0.00' });
    expect((await lines(ids.games ?? '')).lines).toEqual([]);
    // Put back as it was for the other tests.
    await keep(
      'v2',
      request({
        month: 4,
        pzDate: '2026-04-02',
        certiDetails: [{ ...line('50102', 200, null, '比赛奖品'), auxis: xmys('901002') }, line('101', null, 200, '比赛')],
      }),
    );
  });

  it('warns of the approved plan’s details at their threshold or past their budget, worst first', async () => {
    const answer = await kuaiji.get<BudgetWarningsResponse>(Paths.budgetWarnings);
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    expect(
      answer.body.data.rows.map((r) => [
        r.code,
        r.name,
        r.className,
        r.categoryName,
        r.executionRate,
        r.overBudget,
        r.controlName,
      ]),
    ).toEqual([
      ['901001', '职工书屋', '项目支出', '工会活动', '110.00', true, '超预算预警'],
      ['001001901001', '职工福利', '人员经费', '工资福利', '85.00', false, '超预算预警'],
    ]);
    expect(answer.body.data.rows[0]).toMatchObject({
      budgetId: ids.books,
      projectAmount: 1000,
      spent: 1100,
      remaining: -100,
      warnPercent: '80.00',
    });

    // Until the plan is approved nothing is in force, so nothing warns.
    await setPlanState(server.db, ztId, YEAR, 'submitted');
    try {
      const draft = await kuaiji.get<BudgetWarningsResponse>(Paths.budgetWarnings);
      expect(draft.body.data).toMatchObject({ plan: { state: 'submitted', stateName: '已提交' }, rows: [] });
    } finally {
      await setPlanState(server.db, ztId, YEAR, 'approved');
    }
  });

  it('exports the report as a workbook whose remaining, rates, subtotals and total are live formulas', async () => {
    const file = await kuaiji.download(Paths.budgetExecutionExport);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/xlsx/);
    const sheet = (await checkWorkbook(file.bytes)).sheet('预算执行表');
    const first = sheet.rowOf(1, '类型') + 1;
    expect(first).toBeGreaterThan(1);
    const formulaAt = new Set(sheet.formulas.map((f) => `${f.row}:${f.col}`));
    // 类型 编码 名称 控制方式 调整前预算 调整后预算 已执行 预算余额 执行率(%)
    const row = (at: number) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((c) => sheet.value(first + at, c));
    expect(row(0)).toEqual(['分类', '001', '基本支出', null, 2000, 2000, 1700, 300, 85]);
    expect(row(6)).toEqual(['明细', '901001', '　　职工书屋', '超预算预警', 900, 1000, 1100, -100, 110]);
    expect(row(8)).toEqual(['明细', '901003', '　　待定项目', '不控制', 0, 0, 0, 0, null]);
    for (const col of [5, 6, 7, 8, 9]) expect(formulaAt.has(`${first + 4}:${col}`), `class 002 col ${col}`).toBe(true);
    for (const col of [8, 9]) expect(formulaAt.has(`${first + 6}:${col}`), `detail col ${col}`).toBe(true);
    const total = first + 9;
    expect([1, 5, 6, 7, 8].map((c) => sheet.value(total, c))).toEqual(['合计', 3400, 3500, 3000, 500]);
    for (const col of [5, 6, 7, 8]) expect(formulaAt.has(`${total}:${col}`)).toBe(true);

    const filtered = await kuaiji.download(Paths.budgetExecutionExport, { expendClass: '002' });
    const head = (await checkWorkbook(filtered.bytes)).sheet().headTexts().join('\n');
    expect(head).toContain('支出分类：项目支出');

    const warnings = await kuaiji.download(Paths.budgetWarningsExport);
    const warned = (await checkWorkbook(warnings.bytes)).sheet('支出预警');
    const w = warned.rowOf(1, '编码') + 1;
    expect([1, 2, 6, 7, 8, 9].map((c) => warned.value(w, c))).toEqual(['901001', '职工书屋', 1000, 1100, -100, 110]);
  });

  it('refuses malformed filters (4000) and a detail of another set (4015)', async () => {
    for (const params of [{ expendClass: '003' }, { typeId: 'a b' }]) {
      const answer = await kuaiji.get(Paths.budgetExecution, params);
      expect(answer.body.errorCode, JSON.stringify(params)).toBe(ErrorCode.BadRequest);
      expect(answer.body.errorMsg).toMatch(/[\u4e00-\u9fa5]/);
    }
    for (const budgetId of [ids.other ?? '', 'nope']) {
      const answer = await kuaiji.get(Paths.budgetExecutionLines, { budgetId });
      expect(answer.body.errorCode).toBe(ErrorCode.NotFound);
      expect(answer.body.errorMsg).toBe(BudgetMessages.reportDetailNotFound);
    }
    expect((await kuaiji.get(Paths.budgetExecutionLines, {})).body.errorCode).toBe(ErrorCode.BadRequest);
  });

  it('reads need the report’s page, exports its export button', async () => {
    // The reviewer holds 预算执行表 (and its export), not 支出预警.
    const shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', SCHOOL);
    expect((await execution({}, shenhe)).rows).toHaveLength(9);
    expect((await shenhe.get(Paths.budgetExecutionLines, { budgetId: ids.books })).body.success).toBe(true);
    expect((await shenhe.download(Paths.budgetExecutionExport)).status).toBe(200);
    for (const path of [Paths.budgetWarnings, Paths.budgetWarningsExport]) {
      const answer = await shenhe.get(path);
      expect(answer.body.errorCode, path).toBe(ErrorCode.Forbidden);
    }
    // The cashier holds no budget page at all.
    const chuna = new ApiClient(server.url);
    const factory = await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
    await openBudgetPlatform(server.db, factory);
    for (const path of [Paths.budgetExecution, Paths.budgetExecutionExport, Paths.budgetWarnings, Paths.budgetWarningsExport]) {
      expect((await chuna.get(path)).body.errorCode, path).toBe(ErrorCode.Forbidden);
    }
    expect((await chuna.get(Paths.budgetExecutionLines, { budgetId: ids.other })).body.errorCode).toBe(ErrorCode.Forbidden);
  });
});
