import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChildCodeResponse,
  StandSubjectResponse,
  SubjectExtensionsResponse,
  SubjectItem,
} from '../../shared/api/subjects.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { SubjectMessages } from '../../shared/subjects/subject-code.js';
import { unionGrassroots2021 } from '../../../templates/charts/index.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet, setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const FACTORY = '示范市第一机械厂工会';
const SCHOOL = '示范市实验中学工会';

describe.each(TEST_DIALECTS)('subjects: chart, picker, add, edit, enable, delete (%s)', (dialect) => {
  let server: TestServer;
  let id: (name: string) => number;
  let kuaiji: ApiClient;
  let chuna: ApiClient;
  let shenhe: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    id = await setIds(server.db);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
    shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
  });
  afterAll(() => server.close());

  const list = async (client = kuaiji): Promise<SubjectItem[]> => (await client.get<SubjectItem[]>(Paths.subjectList)).body.data;
  const subject = async (code: string): Promise<SubjectItem | undefined> => (await list()).find((s) => s.code === code);

  it('lists the chart with the spec fields', async () => {
    const all = await list();
    expect(all).toHaveLength(unionGrassroots2021.subjects.length);
    expect(all.find((s) => s.code === '501')).toMatchObject({
      id: '501',
      codeName: '职工活动支出',
      type: 5,
      lastLevel: false,
      balanceDirection: 1,
      initAmount: 0,
      balance: 0,
      cumuleDebitAmount: 0,
      cumuleCreditAmount: 0,
      parentCode: null,
      childCode: null,
      childCodeArray: ['50101', '50102', '50103', '50104', '50105', '50106'],
      isStandard: true,
      incloudAuxi: false,
      auxiTypeList: [],
      isGovernment: false,
      enable: true,
      pinyin: 'zghdzc',
    });
    expect(all.find((s) => s.code === '101')).toMatchObject({ childCode: '10101', childCodeArray: [], lastLevel: true });
  });

  it('answers the old/new subject comparison of the transition with isReconciliation', async () => {
    const answer = (await kuaiji.get<SubjectExtensionsResponse>(Paths.subjectExtensions, { isReconciliation: true })).body.data;
    const list = answer.accountComparisonList;
    // A grassroots set: 162 is reclassified into three parts, 331 into three, 借出款 (121) goes to 其他应收款.
    expect(list.filter((c) => c.oldCode === '162').map((c) => c.newCode)).toEqual(['162', '171', '141']);
    expect(list.filter((c) => c.oldCode === '331').map((c) => c.newCode)).toEqual(['32205', '30101', '32104']);
    expect(list.find((c) => c.oldCode === '121')).toMatchObject({
      no: '7',
      oldName: '借出款',
      newCode: '135',
      newName: '其他应收款',
    });
    expect(list.find((c) => c.oldCode === '162' && c.newCode === '171')?.newName).toBe('无形资产');
  });

  it('answers subjectExtensions flat or as a tree, with or without full names, for another year of the set', async () => {
    const flat = (await kuaiji.get<SubjectExtensionsResponse>(Paths.subjectExtensions, { isTree: false, year: 2026 })).body.data;
    expect(flat.accountComparisonList).toEqual([]);
    expect(flat.subList.find((s) => s.code === '50101')?.codeAndFullName).toBe('50101 职工活动支出-职工教育支出');
    const short = (await kuaiji.get<SubjectExtensionsResponse>(Paths.subjectExtensions, { incloudFullName: false })).body.data;
    expect(short.subList.find((s) => s.code === '50101')?.codeAndFullName).toBe('50101 职工教育支出');
    const tree = (await kuaiji.get<SubjectExtensionsResponse>(Paths.subjectExtensions, { isTree: true, year: 2025 })).body.data;
    expect(tree.subList.every((s) => s.level === 1)).toBe(true);
    expect(tree.subList.find((s) => s.code === '501')?.children?.map((c) => c.code)).toEqual([
      '50101',
      '50102',
      '50103',
      '50104',
      '50105',
      '50106',
    ]);
    expect((await kuaiji.get(Paths.subjectExtensions, { year: 2019 })).body).toMatchObject({
      success: false,
      errorCode: ErrorCode.BusinessRule,
      errorMsg: '账套没有2019年度',
    });
  });

  it('lists enabled last-level subjects for the picker, filtered by code, name or pinyin initials', async () => {
    const codes = async (params: Record<string, unknown>): Promise<string[]> =>
      (await kuaiji.get<SubjectItem[]>(Paths.subjectElect, params)).body.data.map((s) => s.code);
    expect(await codes({ keyword: 'zgjy' })).toEqual(['50101']);
    expect(await codes({ keyword: 'ZGJY' })).toEqual(['50101']);
    expect(await codes({ keyword: '职工教育' })).toEqual(['50101']);
    expect(await codes({ keyword: '5010' })).toEqual(['50101', '50102', '50103', '50104', '50105', '50106']);
    const all = await codes({});
    expect(all).not.toContain('501');
    expect(all).toContain('101');
    expect(await codes({ keyword: '501', includeParents: true })).toContain('501');
    expect((await codes({ type: 3 })).every((c) => c.startsWith('3'))).toBe(true);
  });

  it('answers the standard chart of the set’s accounting system', async () => {
    const stand = (await kuaiji.get<StandSubjectResponse>(Paths.standSubject)).body.data;
    expect(stand).toMatchObject({
      chartId: 'union-2021-grassroots',
      codeLengths: { first: 3, child: 2 },
      allowNewFirstLevel: false,
    });
    expect(stand.subList).toHaveLength(unionGrassroots2021.subjects.length);
    expect(stand.subList[0]).toEqual({
      code: '101',
      codeName: '库存现金',
      type: 1,
      level: 1,
      parentCode: null,
      balanceDirection: 1,
      isGovernment: false,
    });
  });

  it('proposes the next child code, or says why none', async () => {
    const child = async (parentCode?: string) =>
      (await kuaiji.get<ChildCodeResponse>(Paths.subjectChildCode, { parentCode })).body;
    expect((await child('101')).data).toEqual({ parentCode: '101', childCode: '10101', codeLength: 5, message: null });
    expect((await child('501')).data).toMatchObject({ childCode: null, message: '不能添加与标准科目同级的科目' });
    expect((await child('50101')).data).toMatchObject({ childCode: '5010101', codeLength: 7 });
    expect((await child()).data).toMatchObject({
      parentCode: null,
      childCode: null,
      message: SubjectMessages.firstLevelForbidden,
    });
    expect((await child('999')).errorCode).toBe(ErrorCode.NotFound);
  });

  it('refuses a malformed parameter by its schema (400, 4000) naming the field and the rule, and changes nothing', async () => {
    const refused = async (
      answer: Promise<{ status: number; body: { errorCode: number | null; errorMsg: string | null } }>,
      message: string,
    ) => {
      const { status, body } = await answer;
      expect(status).toBe(400);
      expect(body).toMatchObject({ errorCode: ErrorCode.BadRequest, errorMsg: `请求参数有误: ${message}` });
    };
    await refused(kuaiji.get(Paths.subjectExtensions, { year: 26 }), '参数year：年份须为四位数字');
    await refused(kuaiji.get(Paths.subjectExtensions, { isTree: 'yes' }), '参数isTree：须为true或false');
    await refused(kuaiji.get(Paths.subjectElect, { type: 9 }), '参数type：科目类别须为1到8');
    await refused(kuaiji.get(Paths.subjectChildCode, { parentCode: '10a' }), '参数parentCode：科目代码只能是数字');
    await refused(kuaiji.post(Paths.subjectList, { code: '10101', parentCode: '101' }), '缺少参数codeName');
    await refused(
      kuaiji.post(Paths.subjectList, { code: '10101', codeName: '现金一', parentCode: '101', balanceDirection: 3 }),
      '参数balanceDirection：方向须为1（借）或2（贷）',
    );
    await refused(kuaiji.post(Paths.subjectEnable, { code: '101' }), '缺少参数enable');
    await refused(kuaiji.post(Paths.subjectEnable, { code: '101', enable: 'no' }), '参数enable：须为true或false');
    await refused(kuaiji.delete(Paths.subjectList, { code: '10 1' }), '参数code：科目代码只能是数字');
    await refused(kuaiji.delete(Paths.subjectList, {}), '缺少参数code');
    await refused(kuaiji.post(Paths.cjSubjct, { codeArray: [{ code: '111' }] }), '参数codeArray[0]：须为文本');
    expect(await subject('10101')).toBeUndefined();
    expect(await subject('101')).toMatchObject({ enable: true, lastLevel: true });
  });

  it('refuses a bad new subject with the spec messages (4003)', async () => {
    const refused = async (body: Record<string, unknown>, message: string): Promise<void> => {
      const answer = await kuaiji.post(Paths.subjectList, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, errorCode: ErrorCode.ValidationFailed, errorMsg: message });
      expect((answer.body.data as { message: string }[]).map((i) => i.message)).toContain(message);
    };
    await refused({ code: '', codeName: '现金一', parentCode: '101' }, '请输入科目代码！');
    await refused({ code: '10100', codeName: '现金一', parentCode: '101' }, '新增科目编码不能为00!');
    await refused({ code: '1011', codeName: '现金一', parentCode: '101' }, '新增科目编码只能为5位数字!');
    await refused({ code: '10101', codeName: ' ', parentCode: '101' }, '请输入科目名称！');
    await refused({ code: '50107', codeName: '其他', parentCode: '501' }, '不能添加与标准科目同级的科目');
    await refused({ code: '109', codeName: '新一级', parentCode: null }, SubjectMessages.firstLevelForbidden);
    await refused({ code: '10201', codeName: 'x', parentCode: '101' }, SubjectMessages.prefix('101'));
    await refused({ code: '99901', codeName: 'x', parentCode: '999' }, SubjectMessages.parentMissing('999'));
    expect((await subject('101'))?.lastLevel).toBe(true);
  });

  it('adds details under a last-level subject and under a detail, and refuses a duplicate code', async () => {
    const added = await kuaiji.post<SubjectItem>(Paths.subjectList, {
      code: ' 10101 ',
      codeName: ' 基本户现金 ',
      parentCode: '101',
    });
    expect(added.body).toMatchObject({ success: true, message: '新增成功' });
    expect(added.body.data).toMatchObject({
      code: '10101',
      codeName: '基本户现金',
      codeAndFullName: '10101 库存现金-基本户现金',
      level: 2,
      type: 1,
      balanceDirection: 1,
      lastLevel: true,
      isStandard: false,
      parentCode: '101',
      enable: true,
    });
    expect(await subject('101')).toMatchObject({ lastLevel: false, childCodeArray: ['10101'], childCode: '10102' });
    const again = await kuaiji.post(Paths.subjectList, { code: '10101', codeName: '重复', parentCode: '101' });
    expect(again.body).toMatchObject({ errorCode: ErrorCode.ValidationFailed, errorMsg: SubjectMessages.duplicate('10101') });
    const deeper = await kuaiji.post<SubjectItem>(Paths.subjectList, {
      code: '5010101',
      codeName: '培训班',
      parentCode: '50101',
      balanceDirection: 1,
    });
    expect(deeper.body.data).toMatchObject({ level: 3, type: 5, codeAndFullName: '5010101 职工活动支出-职工教育支出-培训班' });
  });

  it('refuses a child under a subject with an opening balance, or a disabled one', async () => {
    await server.db.kysely
      .updateTable('subject')
      .set({ init_amount: 12_345 })
      .where('zt_id', '=', id(FACTORY))
      .where('year', '=', 2026)
      .where('code', '=', '141')
      .execute();
    try {
      // The chart answers amounts in yuan, as every call does.
      expect(await subject('141')).toMatchObject({ initAmount: 123.45, balance: 123.45 });
      const answer = await kuaiji.post(Paths.subjectList, { code: '14101', codeName: '办公用品', parentCode: '141' });
      expect(answer.body).toMatchObject({
        success: false,
        errorCode: ErrorCode.BusinessRule,
        errorMsg: '科目已有期初余额，不能增加下级科目',
      });
      expect((await kuaiji.get<ChildCodeResponse>(Paths.subjectChildCode, { parentCode: '141' })).body.data.message).toBe(
        '科目已有期初余额，不能增加下级科目',
      );
    } finally {
      await server.db.kysely
        .updateTable('subject')
        .set({ init_amount: 0 })
        .where('zt_id', '=', id(FACTORY))
        .where('year', '=', 2026)
        .where('code', '=', '141')
        .execute();
    }
    expect((await kuaiji.post(Paths.subjectEnable, { code: '182', enable: false })).body.success).toBe(true);
    expect((await kuaiji.post(Paths.subjectList, { code: '18201', codeName: 'x', parentCode: '182' })).body.errorMsg).toBe(
      SubjectMessages.parentDisabled,
    );
  });

  it('gives the first child its parent’s auxiliary types', async () => {
    expect((await kuaiji.post(Paths.saveAuxiRealedSub, { code: '215', typeNoArray: ['BMHS', 'ZJLY'] })).body.success).toBe(true);
    expect((await subject('215'))?.auxiTypeList.map((t) => t.typeNo)).toEqual(['ZJLY', 'BMHS']);
    await kuaiji.post(Paths.subjectList, { code: '21501', codeName: '代扣款', parentCode: '215' });
    expect(await subject('215')).toMatchObject({ incloudAuxi: false, auxiTypeList: [] });
    expect(await subject('21501')).toMatchObject({
      incloudAuxi: true,
      auxiTypeList: [
        { typeNo: 'ZJLY', typeName: '资金来源' },
        { typeNo: 'BMHS', typeName: '部门核算' },
      ],
    });
    const own = await kuaiji.post<SubjectItem>(Paths.subjectList, {
      code: '21502',
      codeName: '押金',
      parentCode: '215',
      auxiTypeList: [{ typeNo: 'DEPARTMENT' }],
    });
    expect(own.body.data.auxiTypeList.map((t) => t.typeNo)).toEqual(['DEPARTMENT']);
  });

  it('edits a subject’s name, but not a standard subject’s name or code', async () => {
    await kuaiji.post(Paths.subjectList, { code: '16201', codeName: '房屋', parentCode: '162' });
    const renamed = await kuaiji.post<SubjectItem>(Paths.subjectList, { id: '16201', code: '16201', codeName: '房屋及构筑物' });
    expect(renamed.body).toMatchObject({ success: true, message: '修改成功', data: { codeName: '房屋及构筑物' } });
    expect((await kuaiji.post(Paths.subjectList, { id: '162', code: '162', codeName: '改名' })).body.errorMsg).toBe(
      '标准科目不能修改名称',
    );
    expect((await kuaiji.post(Paths.subjectList, { id: '16201', code: '16202', codeName: '房屋' })).body.errorMsg).toBe(
      '科目编码不能修改',
    );
    expect((await kuaiji.post(Paths.subjectList, { id: '16201', code: '16201', codeName: '' })).body.errorMsg).toBe(
      '请输入科目名称！',
    );
    expect((await kuaiji.post(Paths.subjectList, { id: '16299', codeName: 'x' })).body.errorCode).toBe(ErrorCode.NotFound);
  });

  it('disables a subtree, refuses to enable a child under a disabled parent, and leaves it out of the picker', async () => {
    await kuaiji.post(Paths.subjectList, { code: '13501', codeName: '个人借款', parentCode: '135' });
    expect((await kuaiji.post(Paths.subjectEnable, { code: '135', enable: false })).body).toMatchObject({
      success: true,
      message: '停用成功',
    });
    expect((await subject('13501'))?.enable).toBe(false);
    expect((await kuaiji.get<SubjectItem[]>(Paths.subjectElect, { keyword: '135' })).body.data).toEqual([]);
    expect((await kuaiji.post(Paths.subjectEnable, { code: '13501', enable: true })).body).toMatchObject({
      errorCode: ErrorCode.BusinessRule,
      errorMsg: '上级科目已停用，不能启用下级科目',
    });
    await kuaiji.post(Paths.subjectEnable, { code: '135', enable: true });
    expect((await kuaiji.post(Paths.subjectEnable, { code: '13501', enable: true })).body.success).toBe(true);
    expect((await kuaiji.get<SubjectItem[]>(Paths.subjectElect, { keyword: '135' })).body.data.map((s) => s.code)).toEqual([
      '13501',
    ]);
  });

  it('deletes a non-standard subject without children or balance, and gives the parent back its last level', async () => {
    expect((await kuaiji.delete(Paths.subjectList, { code: '101' })).body.errorMsg).toBe('标准科目不能删除');
    await kuaiji.post(Paths.subjectList, { code: '14101', codeName: '办公用品', parentCode: '141' });
    await kuaiji.post(Paths.subjectList, { code: '1410101', codeName: '纸张', parentCode: '14101' });
    expect((await kuaiji.delete(Paths.subjectList, { code: '14101' })).body.errorMsg).toBe('该科目存在下级科目，不能删除');
    expect((await kuaiji.delete(Paths.subjectList, { code: '1410101' })).body).toMatchObject({
      success: true,
      message: '删除成功',
    });
    expect((await subject('14101'))?.lastLevel).toBe(true);
    expect((await kuaiji.delete(Paths.subjectList, { code: '14101' })).body.success).toBe(true);
    expect((await subject('141'))?.lastLevel).toBe(true);
    expect(await subject('14101')).toBeUndefined();
    expect((await kuaiji.delete(Paths.subjectList, { code: '14101' })).body.errorCode).toBe(ErrorCode.NotFound);
  });

  it('refuses writes without the subject page’s buttons (cashier, reviewer: 4005) but lets them read', async () => {
    for (const client of [chuna, shenhe]) {
      expect((await client.get<SubjectItem[]>(Paths.subjectList)).body.success).toBe(true);
      expect((await client.post(Paths.subjectList, { code: '10201', codeName: '基本户', parentCode: '102' })).body).toMatchObject(
        {
          success: false,
          errorCode: ErrorCode.Forbidden,
          errorMsg: '没有该操作的权限',
        },
      );
      expect((await client.post(Paths.subjectEnable, { code: '102', enable: false })).body.errorCode).toBe(ErrorCode.Forbidden);
      expect((await client.delete(Paths.subjectList, { code: '10101' })).body.errorCode).toBe(ErrorCode.Forbidden);
      expect((await client.post(Paths.saveAuxiRealedSub, { code: '102', typeNoArray: ['ZJLY'] })).body.errorCode).toBe(
        ErrorCode.Forbidden,
      );
    }
    expect(await subject('10201')).toBeUndefined();
  });

  it('refuses another ledger set’s id (4005) and never touches that set', async () => {
    const answer = await kuaiji.post(Paths.subjectList, {
      ztId: id(SCHOOL),
      code: '10201',
      codeName: '基本户',
      parentCode: '102',
    });
    expect(answer.body).toMatchObject({ success: false, errorCode: ErrorCode.Forbidden });
    expect((await kuaiji.get(Paths.subjectList, { ztId: id(SCHOOL) })).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await kuaiji.delete(Paths.subjectList, { ztId: id(SCHOOL), code: '10101' })).body.errorCode).toBe(
      ErrorCode.Forbidden,
    );
    const school = await server.db.kysely
      .selectFrom('subject')
      .select('code')
      .where('zt_id', '=', id(SCHOOL))
      .where('code', 'in', ['10101', '10201'])
      .execute();
    expect(school).toEqual([]);
  });

  it('offers a grassroots set the county chart’s standard subjects it lacks, and takes them with their parents', async () => {
    const choices = (await kuaiji.get<StandSubjectResponse['subList']>(Paths.choiceStand)).body.data;
    expect(choices.find((s) => s.code === '21201')).toEqual({
      code: '21201',
      codeName: '应付下级补助',
      type: 2,
      level: 2,
      parentCode: '212',
      balanceDirection: 2,
      isGovernment: false,
    });
    expect(choices.some((s) => s.code === '101')).toBe(false);
    expect((await chuna.post(Paths.cjSubjct, { codeArray: ['21201'] })).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await kuaiji.post(Paths.cjSubjct, { codeArray: ['99999'] })).body.errorMsg).toBe('科目99999不是可选的标准科目');
    const taken = await kuaiji.post<string[]>(Paths.cjSubjct, { codeArray: ['21201', '111'] });
    expect(taken.body).toMatchObject({ success: true, data: ['111', '212', '21201'], message: '已增加3个标准科目' });
    expect(await subject('212')).toMatchObject({ isStandard: true, lastLevel: false, childCodeArray: ['21201'], type: 2 });
    expect(await subject('21201')).toMatchObject({
      isStandard: true,
      lastLevel: true,
      codeAndFullName: '21201 应付下级经费-应付下级补助',
    });
    // The codes may come comma-joined, as the spec's form has them.
    const later = await kuaiji.post<string[]>(Paths.cjSubjct, { codeArray: '21202, 221' });
    expect(later.body.data).toEqual(['21202', '221']);
    expect(
      (await kuaiji.get<StandSubjectResponse['subList']>(Paths.choiceStand)).body.data.some((s) => s.code.startsWith('212')),
    ).toBe(false);
  });

  it('lets a government-system set add a 4-digit first-level subject with a type digit', async () => {
    await createSet(server.db, { name: '示范市档案馆', code: '900', system: 'government', users: ['kuaiji'] });
    const gov = new ApiClient(server.url);
    await gov.openSet(server.db, 'kuaiji', 'Kuaiji@123', '示范市档案馆');
    const child = (await gov.get<ChildCodeResponse>(Paths.subjectChildCode)).body.data;
    expect(child).toMatchObject({ parentCode: null, codeLength: 4, message: null });
    expect((await gov.post(Paths.subjectList, { code: '199', codeName: '其他资产', parentCode: '' })).body.errorMsg).toBe(
      '新增科目编码只能为4位数字!',
    );
    expect((await gov.post(Paths.subjectList, { code: '9101', codeName: '其他资产', parentCode: '' })).body.errorMsg).toBe(
      SubjectMessages.firstLevelType,
    );
    const added = await gov.post<SubjectItem>(Paths.subjectList, { code: '1999', codeName: '其他资产' });
    expect(added.body.data).toMatchObject({ code: '1999', level: 1, type: 1, balanceDirection: 1, isGovernment: false });
    const budget = await gov.post<SubjectItem>(Paths.subjectList, { code: '7999', codeName: '其他预算支出' });
    expect(budget.body.data).toMatchObject({ type: 7, balanceDirection: 1, isGovernment: true });
    const detail = await gov.post<SubjectItem>(Paths.subjectList, { code: '100101', codeName: '零钱', parentCode: '1001' });
    expect(detail.body.data).toMatchObject({ level: 2, codeAndFullName: '100101 库存现金-零钱' });
  });
});
