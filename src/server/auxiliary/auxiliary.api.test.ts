import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuxiInfo, AuxiType, CodeAuxiItem } from '../../shared/api/auxiliary.js';
import type { SubjectItem } from '../../shared/api/subjects.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { AuxiMessages } from '../../shared/subjects/auxiliary-rules.js';
import { ApiClient } from '../test-support/api-client.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const FACTORY = '示范市第一机械厂工会';
const SCHOOL = '示范市实验中学工会';

function flatten(items: readonly AuxiInfo[]): AuxiInfo[] {
  return items.flatMap((i) => [i, ...flatten(i.children)]);
}

describe.each(TEST_DIALECTS)('auxiliary accounting: types, items, subject links (%s)', (dialect) => {
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

  const items = async (typeNo: string, params: Record<string, unknown> = {}): Promise<AuxiInfo[]> => {
    const answer = await kuaiji.get<AuxiType[]>(Paths.typeInfo, { typeNoArray: [typeNo], ...params });
    return answer.body.data[0]?.infoList ?? [];
  };

  it('seeds the spec’s built-in types in every ledger set, with their items', async () => {
    const types = (await kuaiji.get<AuxiType[]>(Paths.auxiType)).body.data;
    expect(types.map((t) => t.typeNo)).toEqual([
      'ZHGNFLKM',
      'BMYSJJFLKM',
      'ZJLY',
      'ZCHS',
      'XMYS',
      'JFHS',
      'BMHS',
      'DEPARTMENT',
      'XMZC',
    ]);
    expect(types[2]).toEqual({ typeNo: 'ZJLY', typeName: '资金来源', builtInSystem: true, enable: true });
    for (const set of [FACTORY, SCHOOL, '示范市总工会']) {
      const count = await server.db.kysely
        .selectFrom('auxi_type')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('zt_id', '=', id(set))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(9);
    }
    const jfhs = await items('JFHS');
    expect(jfhs.map((i) => [i.infoNo, i.infoName, i.isLeaf])).toEqual([
      ['001', '基本支出', false],
      ['002', '项目支出', true],
    ]);
    expect(jfhs[0]?.children.map((i) => [i.infoNo, i.infoName, i.isLeaf, i.parentNo])).toEqual([
      ['001001', '人员经费', true, '001'],
      ['001002', '公用经费', true, '001'],
    ]);
  });

  it('adds and renames a custom type, with the spec message for an empty name', async () => {
    const empty = await kuaiji.post(Paths.auxiType, { typeName: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ errorCode: ErrorCode.ValidationFailed, errorMsg: '请填写类型名称' });
    const added = await kuaiji.post<AuxiType>(Paths.auxiType, { typeName: '供应商' });
    expect(added.body.data).toEqual({ typeNo: 'ZDY001', typeName: '供应商', builtInSystem: false, enable: true });
    expect((await kuaiji.post<AuxiType>(Paths.auxiType, { typeName: '个人往来' })).body.data.typeNo).toBe('ZDY002');
    expect((await kuaiji.post(Paths.auxiType, { typeName: '供应商' })).body.errorMsg).toBe(
      AuxiMessages.typeNameDuplicate('供应商'),
    );
    expect((await kuaiji.post(Paths.auxiType, { typeName: '资金来源' })).body.errorMsg).toBe(
      AuxiMessages.typeNameDuplicate('资金来源'),
    );
    const renamed = await kuaiji.post<AuxiType>(Paths.auxiType, { typeNo: 'ZDY001', typeName: '供应商单位' });
    expect(renamed.body.data.typeName).toBe('供应商单位');
    expect((await kuaiji.post(Paths.auxiType, { typeNo: 'ZJLY', typeName: '资金' })).body).toMatchObject({
      errorCode: ErrorCode.BusinessRule,
      errorMsg: '系统内置类型不能修改名称',
    });
    expect((await kuaiji.post(Paths.auxiType, { typeNo: 'ZDY999', typeName: '无' })).body.errorCode).toBe(ErrorCode.NotFound);
  });

  it('checks item codes and names with their messages', async () => {
    const refused = async (body: Record<string, unknown>, message: string) => {
      const answer = await kuaiji.post(Paths.auxiInfoSave, { typeNo: 'DEPARTMENT', ...body });
      expect(answer.body).toMatchObject({ success: false, errorCode: ErrorCode.ValidationFailed, errorMsg: message });
    };
    await refused({ infoNo: '', infoName: '办公室' }, '请输入辅助项编码！');
    await refused({ infoNo: '01', infoName: '' }, '请输入辅助项名称！');
    await refused({ infoNo: '1'.repeat(21), infoName: '办公室' }, AuxiMessages.codeTooLong);
    await refused({ infoNo: '01-2', infoName: '办公室' }, AuxiMessages.codeChars);
    expect((await kuaiji.post(Paths.auxiInfoSave, { typeNo: 'DEPARTMENT', infoNo: '01', infoName: '办公室' })).body.success).toBe(
      true,
    );
    await refused({ infoNo: '01', infoName: '重复' }, '辅助项编码01已存在');
    await refused({ infoNo: '0101', infoName: '文秘科', parentNo: '01' }, '下级辅助项编码只能为3位数字');
    await refused({ infoNo: '02001', infoName: '文秘科', parentNo: '01' }, AuxiMessages.subPrefix('01'));
    expect(
      (await kuaiji.post(Paths.auxiInfoSave, { typeNo: 'DEPARTMENT', infoNo: '01001', infoName: '文秘科', parentNo: '01' })).body
        .success,
    ).toBe(true);
    expect(
      (await kuaiji.post(Paths.auxiInfoSave, { typeNo: 'DEPARTMENT', infoNo: '09001', infoName: 'x', parentNo: '09' })).body
        .errorCode,
    ).toBe(ErrorCode.NotFound);
    expect((await kuaiji.post(Paths.auxiInfoSave, { typeNo: 'NOPE', infoNo: '01', infoName: 'x' })).body.errorCode).toBe(
      ErrorCode.NotFound,
    );
    const edited = await kuaiji.post(Paths.auxiInfoSave, {
      typeNo: 'DEPARTMENT',
      infoNo: '01001',
      infoName: '综合科',
      isEdit: true,
    });
    expect(edited.body.success).toBe(true);
    const tree = await items('DEPARTMENT');
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ infoNo: '01', infoName: '办公室', isLeaf: false, isEnable: true });
    expect(tree[0]?.children[0]).toMatchObject({ infoNo: '01001', infoName: '综合科', isLeaf: true });
  });

  it('disables an item with its subtree and refuses to enable a child under a disabled parent', async () => {
    await kuaiji.post(Paths.auxiInfoSave, { typeNo: 'BMHS', infoNo: '100', infoName: '工会办公室' });
    await kuaiji.post(Paths.auxiInfoSave, { typeNo: 'BMHS', infoNo: '100001', infoName: '财务组', parentNo: '100' });
    await kuaiji.post(Paths.auxiInfoSave, { typeNo: 'BMHS', infoNo: '100002', infoName: '宣传组', parentNo: '100' });
    expect((await kuaiji.post(Paths.auxiInfoEnable, { typeNo: 'BMHS', infoNo: '100', isEnable: false })).body).toMatchObject({
      success: true,
      message: '停用成功',
    });
    expect(flatten(await items('BMHS')).map((i) => i.isEnable)).toEqual([false, false, false]);
    expect(await items('BMHS', { onlyEnable: true })).toEqual([]);
    expect((await kuaiji.post(Paths.auxiInfoEnable, { typeNo: 'BMHS', infoNo: '100001', isEnable: true })).body).toMatchObject({
      success: false,
      errorCode: ErrorCode.BusinessRule,
      errorMsg: '上级辅助项已停用，不能启用下级辅助项',
    });
    expect(
      (await kuaiji.post(Paths.auxiInfoSave, { typeNo: 'BMHS', infoNo: '100003', infoName: '组织组', parentNo: '100' })).body
        .errorMsg,
    ).toBe('上级辅助项已停用，不能启用下级辅助项');
    await kuaiji.post(Paths.auxiInfoEnable, { typeNo: 'BMHS', infoNo: '100', isEnable: true });
    expect((await kuaiji.post(Paths.auxiInfoEnable, { typeNo: 'BMHS', infoNo: '100001', isEnable: true })).body.success).toBe(
      true,
    );
    expect(flatten(await items('BMHS', { onlyEnable: true })).map((i) => i.infoNo)).toEqual(['100', '100001']);
  });

  it('links types to a last-level subject and answers getCodeAuxi for the subject or for all types', async () => {
    expect((await kuaiji.post(Paths.saveAuxiRealedSub, { code: '501', typeNoArray: ['ZJLY'] })).body).toMatchObject({
      errorCode: ErrorCode.BusinessRule,
      errorMsg: AuxiMessages.lastLevelOnly,
    });
    expect((await kuaiji.post(Paths.saveAuxiRealedSub, { code: '50102', typeNoArray: ['NOPE'] })).body.errorCode).toBe(
      ErrorCode.ValidationFailed,
    );
    expect((await kuaiji.post(Paths.saveAuxiRealedSub, { code: '50102', typeNoArray: ['JFHS', 'ZJLY'] })).body.success).toBe(
      true,
    );
    const subject = (await kuaiji.get<SubjectItem[]>(Paths.subjectList)).body.data.find((s) => s.code === '50102');
    expect(subject).toMatchObject({ incloudAuxi: true, auxiTypeList: [{ typeNo: 'ZJLY' }, { typeNo: 'JFHS' }] });

    const own = (await kuaiji.get<CodeAuxiItem[]>(Paths.getCodeAuxi, { code: '50102' })).body.data;
    expect(own.map((t) => [t.typeNo, t.linked])).toEqual([
      ['ZJLY', true],
      ['JFHS', true],
    ]);
    expect(flatten(own[1]?.infoList ?? []).map((i) => [i.infoNo, i.isLeaf])).toEqual([
      ['001', false],
      ['001001', true],
      ['001002', true],
      ['002', true],
    ]);
    const all = (await kuaiji.get<CodeAuxiItem[]>(Paths.getCodeAuxi, { code: '50102', isAll: true })).body.data;
    expect(all.filter((t) => t.linked).map((t) => t.typeNo)).toEqual(['ZJLY', 'JFHS']);
    expect(all.length).toBeGreaterThanOrEqual(9);
    const some = (
      await kuaiji.get<CodeAuxiItem[]>(Paths.getCodeAuxi, { code: '50102', isAll: true, typeNoArray: 'ZJLY,DEPARTMENT' })
    ).body.data;
    expect(some.map((t) => [t.typeNo, t.linked])).toEqual([
      ['ZJLY', true],
      ['DEPARTMENT', false],
    ]);
    expect((await kuaiji.post(Paths.saveAuxiRealedSub, { code: '50102', typeNoArray: [] })).body.success).toBe(true);
    expect((await kuaiji.get<CodeAuxiItem[]>(Paths.getCodeAuxi, { code: '50102' })).body.data).toEqual([]);
    expect((await kuaiji.get(Paths.getCodeAuxi, { code: '99999' })).body.errorCode).toBe(ErrorCode.NotFound);
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
    await refused(kuaiji.get(Paths.typeInfo, { onlyEnable: 'maybe' }), '参数onlyEnable：须为true或false');
    await refused(kuaiji.get(Paths.getCodeAuxi, { code: '501-02' }), '参数code：科目代码只能是数字');
    await refused(kuaiji.post(Paths.auxiType, {}), '缺少参数typeName');
    await refused(kuaiji.post(Paths.auxiInfoSave, { typeNo: 'DEPARTMENT', infoName: '后勤' }), '缺少参数infoNo');
    await refused(kuaiji.post(Paths.auxiInfoEnable, { typeNo: 'DEPARTMENT', infoNo: '01' }), '缺少参数isEnable');
    await refused(kuaiji.post(Paths.saveAuxiRealedSub, { code: '50102' }), '缺少参数typeNoArray');
    await refused(
      kuaiji.post(Paths.saveAuxiRealedSub, { code: '50102', typeNoArray: [{ typeNo: 'ZJLY' }] }),
      '参数typeNoArray[0]：须为文本',
    );
    expect((await kuaiji.get<AuxiType[]>(Paths.auxiType)).body.data.map((t) => t.typeNo)).not.toContain('ZDY003');
    expect((await kuaiji.get<CodeAuxiItem[]>(Paths.getCodeAuxi, { code: '50102' })).body.data).toEqual([]);
  });

  it('refuses writes without the auxiliary page’s buttons, and another set’s id (4005)', async () => {
    for (const client of [chuna, shenhe]) {
      expect((await client.get<AuxiType[]>(Paths.auxiType)).body.success).toBe(true);
      expect((await client.post(Paths.auxiType, { typeName: '出纳类型' })).body.errorCode).toBe(ErrorCode.Forbidden);
      expect(
        (await client.post(Paths.auxiInfoSave, { typeNo: 'DEPARTMENT', infoNo: '09', infoName: '出纳' })).body.errorCode,
      ).toBe(ErrorCode.Forbidden);
      expect(
        (await client.post(Paths.auxiInfoEnable, { typeNo: 'DEPARTMENT', infoNo: '01', isEnable: false })).body.errorCode,
      ).toBe(ErrorCode.Forbidden);
    }
    expect((await kuaiji.post(Paths.auxiType, { ztId: id(SCHOOL), typeName: '别人的类型' })).body.errorCode).toBe(
      ErrorCode.Forbidden,
    );
    expect((await kuaiji.get(Paths.typeInfo, { ztId: id(SCHOOL) })).body.errorCode).toBe(ErrorCode.Forbidden);
    const school = await server.db.kysely.selectFrom('auxi_type').select('type_no').where('zt_id', '=', id(SCHOOL)).execute();
    expect(school).toHaveLength(9);
    const schoolItems = await server.db.kysely
      .selectFrom('auxi_info')
      .select('info_no')
      .where('zt_id', '=', id(SCHOOL))
      .where('type_no', '=', 'DEPARTMENT')
      .execute();
    expect(schoolItems).toEqual([]);
  });
});
