/**
 * Carry-forward templates and the generation of their vouchers over the real server: the spec's
 * rules for a template, built-ins edited as copies, the order, and vouchers whose amounts are the
 * balances, that leave revenue and expense at zero, balance, and carry the carry_over marker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialBalanceResponse } from '../../shared/api/books.js';
import type {
  CarryForwardTemplate,
  GenerateCarryForwardResponse,
  SaveCarryForwardRequest,
  VoucherTemplate,
} from '../../shared/api/templates.js';
import type { SaveVoucherRequest, Voucher } from '../../shared/api/vouchers.js';
import type { Paged, ValidationIssue } from '../../shared/envelope.js';
import { Paths } from '../../shared/api/paths.js';
import { answerFen } from '../../shared/books/answer-amounts.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { CarryForwardMessages } from '../../shared/templates/carry-forward-rules.js';
import { TemplateMessages } from '../../shared/templates/template-rules.js';
import { ApiClient, type Answer } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, line } from '../vouchers/voucher-test-kit.js';
import { carryOverState } from './carry-over-state.js';

const GRASSROOTS = '结转测试基层工会';
const COUNTY = '结转测试县级工会';
const GOVERNMENT = '结转测试行政单位';

const template = (overrides: Partial<SaveCarryForwardRequest> = {}): SaveCarryForwardRequest => ({
  template: 4,
  name: '其他收入结转',
  isMonth: true,
  summary: '结转其他收入',
  memo: '期末结转',
  carryOverAmountType: 1,
  details: [{ subjectCode: '408', carryOverAmountType: 1, intoSubjectCode: '32203' }],
  ...overrides,
});

const voucher = (month: number, day: number, certiDetails: SaveVoucherRequest['certiDetails']): SaveVoucherRequest => ({
  year: 2026,
  month,
  pzDate: `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
  certificateType: 1,
  numberOfDocument: 0,
  certiDetails,
});

describe.each(TEST_DIALECTS)('carry-forward (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let admin: ApiClient;
  let shenhe: ApiClient;
  let chuna: ApiClient;
  let grassrootsId: number;
  let countyId: number;
  let governmentId: number;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    grassrootsId = await createSet(server.db, { name: GRASSROOTS, code: 'CF01', system: 'union-grassroots', users: ['kuaiji'] });
    countyId = await createSet(server.db, { name: COUNTY, code: 'CF02', system: 'union-county' });
    governmentId = await createSet(server.db, { name: GOVERNMENT, code: 'CF03', system: 'government', users: ['shenhe'] });
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', GRASSROOTS);
    admin = new ApiClient(server.url);
    await admin.openSet(server.db, 'admin', 'Admin@123', COUNTY);
    shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', GOVERNMENT);
    chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
  });
  afterAll(() => server.close());

  const ok = async <T>(answer: Promise<Answer<T>>): Promise<Answer<T>> => {
    const a = await answer;
    expect(a.body.success, a.body.errorMsg ?? '').toBe(true);
    return a;
  };
  const list = async (client: ApiClient, isMonth: boolean) =>
    (await ok(client.get<Paged<CarryForwardTemplate>>(Paths.template, { template: 4, isMonth }))).body.data.currentPageItems;
  const saveTemplate = (client: ApiClient, body: SaveCarryForwardRequest | Record<string, unknown>) =>
    client.post<CarryForwardTemplate | ValidationIssue[]>(Paths.template, body);
  const saveVoucher = async (client: ApiClient, body: SaveVoucherRequest) =>
    (await ok(client.post<Voucher>(Paths.certificate, body))).body.data;
  const monthEnd = (client: ApiClient, month: number) =>
    client.get<GenerateCarryForwardResponse>(Paths.generateVoucherEndPeriod, { year: 2026, month });
  const yearEnd = (client: ApiClient) => client.get<GenerateCarryForwardResponse>(Paths.generateYearEndVoucher, { year: 2026 });
  /** End balance in fen, signed debit-minus-credit, of each code at the end of the month (every voucher). */
  const endBalances = async (client: ApiClient, month: number) => {
    const period = `2026-${String(month).padStart(2, '0')}`;
    const rows = (await ok(client.get<TrialBalanceResponse>(Paths.trialBalance, { beginTime: period, endTime: period }))).body
      .data.rows;
    // Answered in yuan: read back in fen as the client does.
    return new Map(rows.map((r) => [r.code, r.endDirection === 2 ? -answerFen(r.endBalance) : answerFen(r.endBalance)]));
  };
  const lineView = (v: Voucher) =>
    v.certiDetails.map((l) => [
      l.subjectCode,
      l.auxis.map((a) => `${a.typeNo}:${a.infoNo}`).join('|'),
      l.debitAmount,
      l.creditAmount,
    ]);
  const carryMark = async (id: string) =>
    (await server.db.kysely.selectFrom('voucher').select('carry_over').where('id', '=', id).executeTakeFirstOrThrow()).carry_over;

  it('lists the built-in month and year templates of the chart, with names, apart from the voucher templates', async () => {
    const month = await list(kuaiji, true);
    expect(month.map((t) => [t.name, t.isBuiltIn, t.isMonth, t.templateSort])).toEqual([
      ['专项资金收支结转', true, true, 1],
      ['非专项资金收支结转', true, true, 2],
    ]);
    const general = month[1];
    expect(general?.details.find((d) => d.subjectCode === '401')).toMatchObject({
      codeAndFullName: '401 会费收入',
      carryOverAmountType: 1,
      intoCodeAndFullName: '32203 工会资金结余-本年收支结转',
    });
    expect((await list(kuaiji, false)).map((t) => t.name)).toEqual(['年末结转结余明细转入累计']);
    // The county chart adds 财政拨款 (331) first.
    expect((await list(admin, true)).map((t) => t.name)).toEqual(['财政拨款收支结转', '专项资金收支结转', '非专项资金收支结转']);
    // The voucher editor's calls do not offer them.
    const select = (await ok(kuaiji.get<VoucherTemplate[]>(Paths.templateSelect))).body.data;
    expect(select.some((t) => t.template === 4)).toBe(false);
    const all = (await ok(kuaiji.get<Paged<VoucherTemplate>>(Paths.template))).body.data.currentPageItems;
    expect(all.some((t) => t.template === 4)).toBe(false);
    const detail = (await ok(kuaiji.get<CarryForwardTemplate>(Paths.templateDetail, { id: general?.id }))).body.data;
    expect(detail.summary).toBe('结转本期非专项资金收支');
  });

  it('refuses a template without name, summary, explanation or carry-out amount with the spec texts', async () => {
    const answer = await saveTemplate(kuaiji, template({ name: ' ', summary: '', memo: '', carryOverAmountType: null }));
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe(ErrorCode.ValidationFailed);
    expect((answer.body.data as ValidationIssue[]).map((i) => i.message)).toEqual([
      '请输入模板名称',
      '请输入摘要',
      '请输入说明',
      '请输入转出金额',
    ]);
  });

  it('refuses rows without carry-out subject, carry-in subject or amount type, and a carry-in parent subject', async () => {
    const answer = await saveTemplate(
      kuaiji,
      template({
        details: [
          { subjectCode: '', carryOverAmountType: null, intoSubjectCode: null },
          { subjectCode: '401', carryOverAmountType: 1, intoSubjectCode: '322' },
          { subjectCode: '999', carryOverAmountType: 2, intoSubjectCode: '32203' },
        ],
      }),
    );
    expect(answer.body.errorCode).toBe(ErrorCode.ValidationFailed);
    expect((answer.body.data as ValidationIssue[]).map((i) => [i.message, i.rowId])).toEqual([
      ['第1行请选择转出科目', 1],
      ['第1行请选择转入科目', 1],
      ['第1行请选择金额类型', 1],
      ['第2行转入科目请选择末级科目', 2],
      ['第3行转出科目999不存在', 3],
    ]);
  });

  it('takes only leaf items for the carry-in subject (请选择末级选项！) and all of its types', async () => {
    await ok(kuaiji.post(Paths.saveAuxiRealedSub, { code: '32202', typeNoArray: ['JFHS'] }));
    const into = (intoAuxis: { typeNo: string; infoNo: string }[]) =>
      saveTemplate(
        kuaiji,
        template({
          name: '辅助项结转',
          details: [{ subjectCode: '408', carryOverAmountType: 1, intoSubjectCode: '32202', intoAuxis }],
        }),
      );
    const parent = await into([{ typeNo: 'JFHS', infoNo: '001' }]);
    expect(parent.body.errorCode).toBe(ErrorCode.ValidationFailed);
    expect(parent.body.errorMsg).toBe('第1行请选择末级选项！');
    expect((await into([])).body.errorMsg).toBe(`第1行${CarryForwardMessages.intoAuxiMissing}`);
    const saved = await ok(into([{ typeNo: 'JFHS', infoNo: '001001' }]));
    const t = saved.body.data as CarryForwardTemplate;
    expect(t.details[0]?.intoAuxis).toEqual([{ typeNo: 'JFHS', infoNo: '001001', infoName: '人员经费' }]);
    expect(t.details[0]?.intoAuxiTypeList.map((x) => x.typeNo)).toEqual(['JFHS']);
    const lines = () =>
      server.db.kysely.selectFrom('carry_forward_line').select('line_no').where('template_id', '=', t.id).execute();
    expect(await lines()).toHaveLength(1);
    expect((await ok(kuaiji.delete(Paths.template, { id: t.id }))).body.message).toBe('删除成功');
    expect(await lines()).toHaveLength(0);
    await ok(kuaiji.post(Paths.saveAuxiRealedSub, { code: '32202', typeNoArray: [] }));
  });

  it('saves an edited built-in as a copy that takes its place; the built-in cannot be deleted', async () => {
    const builtIn = (await list(kuaiji, true))[1];
    if (!builtIn) throw new Error('no built-in');
    const answer = await ok(
      saveTemplate(kuaiji, {
        id: builtIn.id,
        template: 4,
        name: builtIn.name,
        isMonth: true,
        summary: '结转本月收支',
        memo: builtIn.memo,
        carryOverAmountType: 1,
        details: builtIn.details,
      }),
    );
    expect(answer.body.message).toBe(TemplateMessages.builtInChange);
    const copy = answer.body.data as CarryForwardTemplate;
    expect(copy.id).not.toBe(builtIn.id);
    expect(copy.isBuiltIn).toBe(false);
    expect(copy.details).toHaveLength(builtIn.details.length);
    const after = await list(kuaiji, true);
    expect(after.map((t) => [t.id, t.templateSort])).toEqual([
      [expect.stringContaining('builtin:carry:'), 1],
      [copy.id, 2],
    ]);
    // The replaced built-in cannot be copied a second time, nor deleted.
    expect((await saveTemplate(kuaiji, { ...template(), id: builtIn.id, name: '再一份' })).body.errorCode).toBe(
      ErrorCode.Conflict,
    );
    const refused = await kuaiji.delete(Paths.template, { id: builtIn.id });
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toBe(TemplateMessages.builtInDelete);
    // Deleting the copy brings the built-in back.
    await ok(kuaiji.delete(Paths.template, { id: copy.id }));
    expect((await list(kuaiji, true)).map((t) => t.id)).toContain(builtIn.id);
  });

  it('saves the order; a non-numeric order becomes 0', async () => {
    const own = (await ok(saveTemplate(kuaiji, template({ name: '排序用模板' })))).body.data as CarryForwardTemplate;
    const builtIn = (await list(kuaiji, true))[0];
    if (!builtIn) throw new Error('no built-in month template');
    // The page sends every row, built-ins too, whose ids name their chart and key (builtin:carry:<chart>:<key>).
    expect(builtIn.id.length).toBeGreaterThan(40);
    await ok(
      kuaiji.post(Paths.updateTemplateSort, {
        tempInfo: [
          { id: own.id, templateSort: 'abc' },
          { id: builtIn.id, templateSort: builtIn.templateSort },
        ],
      }),
    );
    const month = await list(kuaiji, true);
    expect(month[0]).toMatchObject({ id: own.id, templateSort: 0 });
    await ok(kuaiji.post(Paths.updateTemplateSort, { tempInfo: [{ id: own.id, templateSort: '9' }] }));
    expect((await list(kuaiji, true)).at(-1)).toMatchObject({ id: own.id, templateSort: 9 });
    await ok(kuaiji.delete(Paths.template, { id: own.id }));
  });

  it('needs the voucher editor rights to save templates or generate', async () => {
    expect((await saveTemplate(chuna, template())).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await monthEnd(chuna, 3)).body.errorCode).toBe(ErrorCode.Forbidden);
  });

  it('generates the month-end voucher: amounts equal the balances, revenue and expense end at zero', async () => {
    await ok(kuaiji.post(Paths.saveAuxiRealedSub, { code: '50101', typeNoArray: ['JFHS'] }));
    // February is not carried: its balance is carried in March with March's.
    await saveVoucher(kuaiji, voucher(2, 20, [line('101', 10, null, '其他收入'), line('408', null, 10, '其他收入')]));
    await saveVoucher(kuaiji, voucher(3, 5, [line('101', 1000, null), line('401', null, 1000)]));
    await saveVoucher(kuaiji, voucher(3, 6, [line('102', 500, null, '专项补助'), line('40302', null, 500, '专项补助')]));
    await saveVoucher(
      kuaiji,
      voucher(3, 7, [
        { ...line('50101', 200, null, '项目培训'), auxis: [{ typeNo: 'JFHS', infoNo: '002' }] },
        { ...line('50101', 80, null, '职工教育'), auxis: [{ typeNo: 'JFHS', infoNo: '001001' }] },
        line('50501', '45.67', null, '培训'),
        line('101', null, '325.67', '付款'),
      ]),
    );
    const before = await carryOverState(server.db.kysely, grassrootsId, 2026, 3);
    expect(before).toEqual({
      expenses: false,
      earnings: false,
      revenueLeft: ['401', '40302', '408'],
      expenseLeft: ['50101', '50501'],
      outlayId: 'builtin:carry:union-2021-grassroots:year-roll',
      earningsId: 'builtin:carry:union-2021-grassroots:month-project',
    });

    const answer = await ok(monthEnd(kuaiji, 3));
    const v = answer.body.data.voucher;
    expect(answer.body.message).toBe(`已生成3月期末结转凭证：记-${v.pzNo}`);
    expect(v.pzDate).toBe('2026-03-31');
    expect(await carryMark(v.id)).toBe(1);
    expect(v.debitTotal).toBe(v.creditTotal);
    expect(v.debitTotal).toBe(1835.67);
    expect(lineView(v)).toEqual([
      ['40302', '', 500, null],
      ['32103', '', null, 500],
      ['32103', '', 200, null],
      ['50101', 'JFHS:002', null, 200],
      ['401', '', 1000, null],
      ['408', '', 10, null],
      ['32203', '', null, 1010],
      ['32203', '', 125.67, null],
      ['50101', 'JFHS:001001', null, 80],
      ['50501', '', null, 45.67],
    ]);
    expect(v.certiDetails.map((l) => l.summary)).toEqual([
      ...Array<string>(4).fill('结转本期专项资金收支'),
      ...Array<string>(6).fill('结转本期非专项资金收支'),
    ]);
    expect(answer.body.data.templateIds).toHaveLength(2);

    const end = await endBalances(kuaiji, 3);
    for (const code of ['401', '403', '40302', '408', '501', '50101', '505', '50501']) expect(end.get(code) ?? 0, code).toBe(0);
    expect(end.get('32203')).toBe(-88433);
    expect(end.get('32103')).toBe(-30000);
    expect(await carryOverState(server.db.kysely, grassrootsId, 2026, 3)).toMatchObject({ expenses: true, earnings: true });
  });

  it('refuses a second month-end voucher for the month, a month with nothing to carry, and a closed month', async () => {
    const again = await monthEnd(kuaiji, 3);
    expect(again.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(again.body.errorMsg).toMatch(/^3月已生成期末结转凭证（记-\d+），如需重新生成请先删除该凭证$/);
    const empty = await monthEnd(kuaiji, 4);
    expect(empty.body.errorMsg).toBe(CarryForwardMessages.nothingToCarry);

    await saveVoucher(kuaiji, voucher(5, 10, [line('101', 30, null), line('401', null, 30)]));
    await server.db.kysely
      .insertInto('period_close')
      .values({ zt_id: grassrootsId, year: 2026, month: 5, closed_at: Date.now(), closed_by: 1 })
      .execute();
    const closed = await monthEnd(kuaiji, 5);
    expect(closed.body.errorCode).toBe(ErrorCode.PeriodClosed);
    expect(
      await server.db.kysely
        .selectFrom('voucher')
        .select('id')
        .where('zt_id', '=', grassrootsId)
        .where('month', '=', 5)
        .execute(),
    ).toHaveLength(1);
    await server.db.kysely.deleteFrom('period_close').where('zt_id', '=', grassrootsId).execute();
    await ok(monthEnd(kuaiji, 5));
  });

  it('generates the year-end voucher after December is carried: 本年收支结转 rolls into 累计', async () => {
    await saveVoucher(kuaiji, voucher(12, 3, [line('101', 60, null), line('401', null, 60)]));
    const early = await yearEnd(kuaiji);
    expect(early.body.errorMsg).toBe(CarryForwardMessages.incomeLeft);
    await ok(monthEnd(kuaiji, 12));

    const answer = await ok(yearEnd(kuaiji));
    const v = answer.body.data.voucher;
    expect(answer.body.message).toBe(`已生成2026年年结凭证：记-${v.pzNo}`);
    expect(v.pzDate).toBe('2026-12-31');
    expect(await carryMark(v.id)).toBe(2);
    expect(lineView(v)).toEqual([
      ['32103', '', 300, null],
      ['32104', '', null, 300],
      ['32203', '', 974.33, null],
      ['32205', '', null, 974.33],
    ]);
    const end = await endBalances(kuaiji, 12);
    expect(end.get('32103') ?? 0).toBe(0);
    expect(end.get('32203') ?? 0).toBe(0);
    expect(end.get('32104')).toBe(-30000);
    expect(end.get('32205')).toBe(-97433);

    expect((await yearEnd(kuaiji)).body.errorMsg).toMatch(/^2026年已生成年结凭证（记-\d+），如需重新生成请先删除该凭证$/);
    const december = await server.db.kysely
      .selectFrom('voucher')
      .select(['id', 'revision', 'pz_no'])
      .where('zt_id', '=', grassrootsId)
      .where('month', '=', 12)
      .where('carry_over', '=', 1)
      .executeTakeFirstOrThrow();
    await ok(
      kuaiji.delete(Paths.certificate, {
        year: 2026,
        details: JSON.stringify([
          { id: december.id, revision: december.revision, month: 12, pzNo: december.pz_no, certificateType: 1 },
        ]),
      }),
    );
    expect((await monthEnd(kuaiji, 12)).body.errorMsg).toMatch(/^本年已生成年结凭证（记-\d+），请先删除年结凭证/);
  });

  it('splits 县级以上 expense by 资金来源 and 经费核算: fiscal to 331, project to 321, the rest to 322', async () => {
    await ok(admin.post(Paths.saveAuxiRealedSub, { code: '50501', typeNoArray: ['ZJLY', 'JFHS'] }));
    const item = (zjly: string, jfhs: string) => [
      { typeNo: 'ZJLY', infoNo: zjly },
      { typeNo: 'JFHS', infoNo: jfhs },
    ];
    await saveVoucher(
      admin,
      voucher(2, 8, [
        line('102', 300, null, '财政拨款'),
        line('40401', null, 300, '财政拨款'),
        { ...line('50501', 100, null, '培训'), auxis: item('002', '002') },
        { ...line('50501', 40, null, '培训'), auxis: item('001', '002') },
        { ...line('50501', 7, null, '培训'), auxis: item('001', '001001') },
        line('102', null, 147, '培训'),
      ]),
    );
    const v = (await ok(monthEnd(admin, 2))).body.data.voucher;
    expect(lineView(v)).toEqual([
      ['40401', '', 300, null],
      ['33103', '', null, 300],
      ['33103', '', 100, null],
      ['50501', 'ZJLY:002|JFHS:002', null, 100],
      ['32103', '', 40, null],
      ['50501', 'ZJLY:001|JFHS:002', null, 40],
      ['32203', '', 7, null],
      ['50501', 'ZJLY:001|JFHS:001001', null, 7],
    ]);
    const end = await endBalances(admin, 2);
    expect([end.get('404') ?? 0, end.get('505') ?? 0]).toEqual([0, 0]);
    expect(countyId).toBeGreaterThan(0);
  });

  it('answers 暂未生成年结模板… when the set has no year-end template', async () => {
    const answer = await yearEnd(shenhe);
    expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(answer.body.errorMsg).toBe('暂未生成年结模板，请前往凭证录入→左侧模板管理生成结转模板再进行年结');
    expect((await monthEnd(shenhe, 1)).body.errorMsg).toBe(CarryForwardMessages.noMonthTemplate);
    expect(await carryOverState(server.db.kysely, governmentId, 2026, 1)).toEqual({
      expenses: true,
      earnings: true,
      revenueLeft: [],
      expenseLeft: [],
      outlayId: 0,
      earningsId: 0,
    });
  });
});
