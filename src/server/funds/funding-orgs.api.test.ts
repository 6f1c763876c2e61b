import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type { SavedUnitsAnswer, ZJUnitType } from '../../shared/api/schemas/funds-units.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { decryptPhone, encryptPhone } from '../../shared/funds/phone-cipher.js';
import { RatioMessages } from '../../shared/funds/ratios.js';
import { UnitMessages } from '../../shared/funds/unit-rules.js';
import { ApiClient } from '../test-support/api-client.js';
import { insertFundsUnit } from '../test-support/funds-fixture.js';
import { setIds } from '../test-support/ledger-fixtures.js';
import { insertUser } from '../test-support/test-users.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { COUNTY, FACTORY, PAGE, SCHOOL, unitsKit } from './units-test-kit.js';

describe.each(TEST_DIALECTS)('funds units: funding organisations, default subjects, delete, rights (%s)', (dialect) => {
  let server: TestServer;
  let id: (name: string) => number;
  let county: ApiClient;
  let factory: ApiClient;
  const { openFunds, jfdwItems, linkedTypes, list, refused } = unitsKit(() => server);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    id = await setIds(server.db);
    for (const set of [COUNTY, FACTORY, SCHOOL]) await openFunds(id(set));
    county = new ApiClient(server.url);
    await county.openSet(server.db, 'kuaiji', 'Kuaiji@123', COUNTY);
    factory = new ApiClient(server.url);
    await factory.openSet(server.db, 'admin', 'Admin@123', FACTORY);
  });
  afterAll(() => server.close());

  /** The units the org, delete and rights tests start from, as the dialogs save them. */
  beforeAll(async () => {
    const lower = await county.post(Paths.unitEdit, {
      ztids: [id(SCHOOL)],
      lowerLevelUpperSolutionRatio: 40,
      retentionRatioThisLevel: 30,
      dealingWithSuperiorRatioOne: 10,
    });
    expect(lower.body.success).toBe(true);
    const hand = await factory.post(Paths.unitEdit, {
      handZtId: '车间分会',
      handZtCode: '0101',
      sameLevel: true,
      retentionRatioThisLevel: 100,
    });
    expect(hand.body.success).toBe(true);
  });

  it('saves a funding organisation of the county with its phone encrypted both ways', async () => {
    const types = (await county.post<ZJUnitType>(Paths.getZJUnitType)).body.data;
    expect(types.fundingTypes).toEqual([
      { value: 1, label: '上解', defaultUpperRatio: 20 },
      { value: 2, label: '工会经费', defaultUpperRatio: 100 },
    ]);
    expect(types.expenditureTypes[0]?.children?.map((c) => c.value)).toEqual(['00101', '00102']);
    const org = {
      code: '3001',
      name: '示范市税务局代征',
      lx: 1,
      taxId: '91330100MA2',
      ceo: '张三',
      cfo: '李四',
      phone: encryptPhone(county.signKey, '13800138000'),
      isEncrypt: true,
      mcount: 120,
      expenditureType: '00101',
      bjRata: 12,
      bjsjRate: 5,
      hbRate: 2,
      fundsPayableJianhui: 0.5,
      smallBusinessReturns: 0.5,
      lcrate: 60,
      taxCollectionFee: 2,
    };
    const saved = await county.post<SavedUnitsAnswer>(Paths.saveZJUnit, org);
    expect(saved.body.success).toBe(true);
    const [row] = await list(county, { kind: 'org', expenditureType: '001' });
    expect(row).toMatchObject({ code: '3001', kind: 'org', lx: 1, mcount: 120, isEncrypt: true, expenditureType: '00101' });
    expect(row?.ratio).toMatchObject({ bjRata: 12, bjsjRate: 5, hbRate: 2, sjrate: 20, lcrate: 60, taxCollectionFee: 2 });
    expect(row?.phone).not.toContain('13800138000');
    expect(decryptPhone(county.signKey, row?.phone ?? '')).toBe('13800138000');
    expect(await list(county, { kind: 'org', expenditureType: '002' })).toEqual([]);
    expect((await list(county, { keyword: '税务' })).map((r) => r.code)).toEqual(['3001']);
    expect(await list(county, { keyword: '3_01' })).toEqual([]);
    expect(await jfdwItems(id(COUNTY))).toContainEqual(['3001', '示范市税务局代征', 1]);

    const other = { ...org, code: '3002', phone: undefined, isEncrypt: undefined };
    await refused(factory, Paths.saveZJUnit, other, ErrorCode.BusinessRule, UnitMessages.onlyZJ);
    await refused(county, Paths.saveZJUnit, { ...other, phone: '13800138000' }, ErrorCode.BadRequest);
    await refused(
      county,
      Paths.saveZJUnit,
      { ...other, phone: encryptPhone('f'.repeat(64), '13800138000'), isEncrypt: true },
      ErrorCode.ValidationFailed,
      UnitMessages.phoneUnreadable,
    );
    await refused(
      county,
      Paths.saveZJUnit,
      { ...other, phone: encryptPhone(county.signKey, '1380013800a'), isEncrypt: true },
      ErrorCode.ValidationFailed,
      UnitMessages.phoneDigits,
    );
    await refused(
      county,
      Paths.saveZJUnit,
      { ...other, phone: encryptPhone(county.signKey, '12800138000'), isEncrypt: true },
      ErrorCode.ValidationFailed,
      UnitMessages.phoneFormat,
    );
    await refused(county, Paths.saveZJUnit, { ...other, code: '30a2' }, ErrorCode.ValidationFailed, UnitMessages.codeNumeric);
    await refused(
      county,
      Paths.saveZJUnit,
      { ...other, code: '3001' },
      ErrorCode.ValidationFailed,
      UnitMessages.codeDuplicate('3001'),
    );
    await refused(county, Paths.saveZJUnit, { ...other, name: '' }, ErrorCode.ValidationFailed, UnitMessages.nameRequired);
    await refused(county, Paths.saveZJUnit, { ...other, lx: 3 }, ErrorCode.ValidationFailed, UnitMessages.fundingTypeRequired);
    const zero = { bjRata: 0, bjsjRate: 0, hbRate: 0, fundsPayableJianhui: 0, smallBusinessReturns: 0 };
    await refused(county, Paths.saveZJUnit, { ...other, ...zero }, ErrorCode.ValidationFailed, RatioMessages.orgSumZero);
    await refused(
      county,
      Paths.saveZJUnit,
      { ...other, sjrate: 25 },
      ErrorCode.ValidationFailed,
      UnitMessages.sjrateNotSum('20'),
    );
    await refused(
      county,
      Paths.saveZJUnit,
      { ...other, lcrate: 80.5 },
      ErrorCode.ValidationFailed,
      UnitMessages.orgOver100('20', '80.5'),
    );
    await refused(
      county,
      Paths.saveZJUnit,
      { ...other, expenditureType: '001' },
      ErrorCode.ValidationFailed,
      '请选择末级支出类型',
    );
    await refused(
      county,
      Paths.saveZJUnit,
      { ...other, lowerZtId: id(COUNTY) },
      ErrorCode.Forbidden,
      UnitMessages.lowerNotInTree,
    );
    await refused(
      county,
      Paths.saveZJUnit,
      { ...org, id: saved.body.data.ids[0], code: '3009' },
      ErrorCode.ValidationFailed,
      '单位编码保存后不能修改',
    );
    const fromTree = await county.post<SavedUnitsAnswer>(Paths.saveZJUnit, { ...other, code: '3003', lowerZtId: id(SCHOOL) });
    expect(fromTree.body.success).toBe(true);
    expect((await list(county, { keyword: '3003' }))[0]?.ztid).toBe(id(SCHOOL));
    const edited = await county.post(Paths.saveZJUnit, {
      ...org,
      id: saved.body.data.ids[0],
      name: '示范市税务局',
      lx: 2,
      bjRata: 32,
    });
    expect(edited.body.success).toBe(true);
    expect(await jfdwItems(id(COUNTY))).toContainEqual(['3001', '示范市税务局', 1]);
  });

  it('saves the set’s default share subjects, last-level only', async () => {
    const refusedSetting = await county.post(Paths.unitSetting, { lower: '212' });
    expect(refusedSetting.body).toMatchObject({
      errorCode: ErrorCode.ValidationFailed,
      errorMsg: '应付下级科目212不是末级科目，请选择末级科目',
    });
    const saved = await county.post(Paths.unitSetting, { retained: '402', lower: '21201' });
    expect(saved.body.data).toMatchObject({ retained: '402', lower: '21201', superior: null });
    expect((await county.get(Paths.unitSetting)).body.data).toMatchObject({ retained: '402', lower: '21201' });
    expect(await linkedTypes(id(COUNTY), '21201')).toContain('JFDW');
  });

  it('deletes a unit without receipts with its item; one with receipts stays', async () => {
    const used = await insertFundsUnit(server.db, id(COUNTY), { code: '8001', name: '已录入单位' });
    await server.db.kysely
      .insertInto('funds_receipt')
      .values({
        zt_id: id(COUNTY),
        id: 'r1',
        year: 2026,
        month: 1,
        row_no: 1,
        unit_id: used,
        amount: 100,
        bank_code: '102',
        paid_on: '2026-01-05',
        created_by: 1,
        created_at: Date.now(),
      })
      .execute();
    await refused(county, Paths.unitDelete, { ids: [used] }, ErrorCode.BusinessRule, UnitMessages.unitInUse('已录入单位'));
    const school = (await list(county)).find((r) => r.code === '001002');
    const removed = await county.post(Paths.unitDelete, { ids: [school?.id] });
    expect(removed.body.success).toBe(true);
    expect((await list(county)).map((r) => r.code)).not.toContain('001002');
    expect((await jfdwItems(id(COUNTY))).map((r) => r[0])).not.toContain('001002');
  });

  it('holds the page’s rights: no page, no read; no add button, no add; no delete button, no delete', async () => {
    const reviewer = new ApiClient(server.url);
    await reviewer.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
    expect((await reviewer.post(Paths.unitInfo, {})).body.errorCode).toBe(ErrorCode.Forbidden);
    expect((await reviewer.get(Paths.jxhsDepartList)).body.errorCode).toBe(ErrorCode.Forbidden);
    const { id: levelId } = await server.db.kysely
      .insertInto('user_level')
      .values({
        code: 'funds-editor',
        name: '经费编辑',
        resources: JSON.stringify([{ href: PAGE, resourceList: ['edit'] }]),
        sort: 98,
        enable: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertUser(server.db, server.config.scryptLogN, {
      loginName: 'jfbj',
      password: 'Jfbj@12345',
      grants: [{ ztId: id(FACTORY), level: levelId }],
    });
    const editor = new ApiClient(server.url);
    await editor.openSet(server.db, 'jfbj', 'Jfbj@12345', FACTORY);
    const [unit] = await list(editor);
    expect(unit?.code).toBe('0101');
    expect(
      (await editor.post(Paths.unitEdit, { id: unit?.id, sameLevel: true, retentionRatioThisLevel: 100 })).body.success,
    ).toBe(true);
    await refused(
      editor,
      Paths.unitEdit,
      { handZtId: '新分会', handZtCode: '0102', sameLevel: true, retentionRatioThisLevel: 100 },
      ErrorCode.Forbidden,
    );
    await refused(editor, Paths.unitDelete, { ids: [unit?.id] }, ErrorCode.Forbidden);
    // A set without the 经费 platform holds none of the page.
    await server.db.kysely.deleteFrom('zt_platform').where('zt_id', '=', id(FACTORY)).execute();
    expect((await editor.post(Paths.unitInfo, {})).body.errorCode).toBe(ErrorCode.Forbidden);
  });
});
