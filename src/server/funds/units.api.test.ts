import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type {
  FundsUnitRow,
  JxhsDepart,
  SavedUnitsAnswer,
  UnitFundingInfo,
  ZJUnitType,
} from '../../shared/api/schemas/funds-units.js';
import type { Paged } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { decryptPhone, encryptPhone } from '../../shared/funds/phone-cipher.js';
import { RatioMessages } from '../../shared/funds/ratios.js';
import { UnitMessages } from '../../shared/funds/unit-rules.js';
import { ApiClient } from '../test-support/api-client.js';
import { insertFundsUnit } from '../test-support/funds-fixture.js';
import { createSet, setIds } from '../test-support/ledger-fixtures.js';
import { line, request, save } from '../vouchers/voucher-test-kit.js';
import { insertUser } from '../test-support/test-users.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const COUNTY = '示范市总工会';
const FACTORY = '示范市第一机械厂工会';
const SCHOOL = '示范市实验中学工会';
const PAGE = '/funds-management/funds-accounting';

describe.each(TEST_DIALECTS)('funds units: lower units, funding organisations, ratios per period (%s)', (dialect) => {
  let server: TestServer;
  let id: (name: string) => number;
  let county: ApiClient;
  let factory: ApiClient;

  const openFunds = async (ztId: number) => {
    const funds = await server.db.kysely
      .selectFrom('platform')
      .select('id')
      .where('code', '=', 'funds')
      .executeTakeFirstOrThrow();
    await server.db.kysely.insertInto('zt_platform').values({ zt_id: ztId, platform_id: funds.id }).execute();
  };
  const unitCount = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('funds_unit')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const ratioCount = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('funds_ratio')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const jfdwItems = async (ztId: number) =>
    (
      await server.db.kysely
        .selectFrom('auxi_info')
        .select(['info_no', 'info_name', 'is_enable'])
        .where('zt_id', '=', ztId)
        .where('type_no', '=', 'JFDW')
        .orderBy('info_no')
        .execute()
    ).map((r) => [r.info_no, r.info_name, Number(r.is_enable)]);
  const linkedTypes = async (ztId: number, code: string) =>
    (
      await server.db.kysely
        .selectFrom('subject_auxi_type')
        .select('type_no')
        .where('zt_id', '=', ztId)
        .where('year', '=', 2026)
        .where('code', '=', code)
        .execute()
    ).map((r) => r.type_no);
  const list = async (client: ApiClient, body: Record<string, unknown> = {}) =>
    (await client.post<Paged<FundsUnitRow>>(Paths.unitInfo, body)).body.data.currentPageItems;

  /** A refused call: its code and message, and nothing written. */
  const refused = async (client: ApiClient, path: string, body: Record<string, unknown>, code: number, message?: string) => {
    const [units, ratios] = [await unitCount(), await ratioCount()];
    const answer = await client.post(path, body);
    expect(answer.body.success).toBe(false);
    expect(answer.body.errorCode).toBe(code);
    if (message !== undefined) expect(answer.body.errorMsg).toBe(message);
    expect([await unitCount(), await ratioCount()]).toEqual([units, ratios]);
  };

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

  it('lists the lower ledger sets of the tree (jxhs_DepartList), none below a grassroots union', async () => {
    const departs = (await county.get<JxhsDepart[]>(Paths.jxhsDepartList)).body.data;
    expect(departs.map((d) => [d.ztid, d.ztName, d.ztNo, d.depth, d.configured])).toEqual([
      [id(FACTORY), FACTORY, '001001', 1, false],
      [id(SCHOOL), SCHOOL, '001002', 1, false],
    ]);
    expect((await factory.get<JxhsDepart[]>(Paths.jxhsDepartList)).body.data).toEqual([]);
  });

  it('refuses the dialog’s broken rules with the spec’s messages and writes nothing', async () => {
    const ratios = {
      lowerLevelUpperSolutionRatio: 40,
      retentionRatioThisLevel: 20,
      dealingWithSuperiorRatioOne: 10,
      copeWithSubordinateRatio: 10,
    };
    const ztids = [id(FACTORY)];
    await refused(county, Paths.unitEdit, { ...ratios }, ErrorCode.ValidationFailed, RatioMessages.selectLowerUnits);
    await refused(
      county,
      Paths.unitEdit,
      { ...ratios, ztids, lowerLevelUpperSolutionRatio: '' },
      ErrorCode.ValidationFailed,
      RatioMessages.upperRatioRequired,
    );
    await refused(
      county,
      Paths.unitEdit,
      { ...ratios, ztids, lowerLevelUpperSolutionRatio: 0 },
      ErrorCode.ValidationFailed,
      RatioMessages.upperRatioNonZero,
    );
    await refused(
      county,
      Paths.unitEdit,
      { ...ratios, ztids, retentionRatioThisLevel: 25 },
      ErrorCode.ValidationFailed,
      RatioMessages.lowerSum('45', '40'),
    );
    await refused(
      county,
      Paths.unitEdit,
      { ...ratios, ztids, sameLevel: true },
      ErrorCode.ValidationFailed,
      RatioMessages.sameLevelSum('40'),
    );
    await refused(
      county,
      Paths.unitEdit,
      { ...ratios, ztids, retentionRatioThisLevel: '19.99999' },
      ErrorCode.ValidationFailed,
      RatioMessages.format,
    );
    await refused(
      county,
      Paths.unitEdit,
      { ...ratios, ztids, retentionRatioThisLevel: -20 },
      ErrorCode.ValidationFailed,
      RatioMessages.format,
    );
    await refused(
      county,
      Paths.unitEdit,
      { ...ratios, ztids, copeWithSuperiorSubjectsTwo: '211' },
      ErrorCode.ValidationFailed,
      UnitMessages.subjectWithoutRatio('应付上级二'),
    );
    await refused(
      county,
      Paths.unitEdit,
      { ...ratios, ztids, copeWithLowerLevelSubjects: '212' },
      ErrorCode.ValidationFailed,
      '应付下级科目212不是末级科目，请选择末级科目',
    );
    await refused(
      county,
      Paths.unitEdit,
      { ...ratios, ztids, copeWithLowerLevelSubjects: '299' },
      ErrorCode.ValidationFailed,
      '应付下级科目299不存在',
    );
    const hand = { ...ratios, handZtId: '城关镇企业联合工会', handZtCode: '9001' };
    await refused(county, Paths.unitEdit, { ...hand, handZtId: ' ' }, ErrorCode.ValidationFailed, RatioMessages.handNameRequired);
    await refused(
      county,
      Paths.unitEdit,
      { ...hand, handZtCode: '' },
      ErrorCode.ValidationFailed,
      RatioMessages.handCodeRequired,
    );
    await refused(
      county,
      Paths.unitEdit,
      { ...hand, handZtCode: '90A1' },
      ErrorCode.ValidationFailed,
      RatioMessages.handCodeNumeric,
    );
    await refused(
      county,
      Paths.unitEdit,
      { ...hand, handZtCode: '1'.repeat(21) },
      ErrorCode.ValidationFailed,
      RatioMessages.handCodeTooLong,
    );
    await refused(county, Paths.unitEdit, { ...hand, ztids }, ErrorCode.ValidationFailed, UnitMessages.handAndLower);
    // A set outside the session's subtree: the county is not below the factory.
    await refused(factory, Paths.unitEdit, { ...ratios, ztids: [id(COUNTY)] }, ErrorCode.Forbidden, UnitMessages.lowerNotInTree);
    await refused(county, Paths.unitEdit, { ...ratios, ztids: [id(COUNTY)] }, ErrorCode.Forbidden, UnitMessages.lowerNotInTree);
    expect(await jfdwItems(id(COUNTY))).toEqual([]);
  });

  it('adds two lower unions with their ratios, keeps 经费单位 in step and links it to the payables', async () => {
    const saved = await county.post<SavedUnitsAnswer>(Paths.unitEdit, {
      ztids: [id(FACTORY), id(SCHOOL)],
      lowerLevelUpperSolutionRatio: '40%',
      proportionLowerLevel: 60,
      retentionRatioThisLevel: 20,
      dealingWithSuperiorRatioOne: 10.5,
      copeWithSubordinateRatio: '9.5',
      copeWithLowerLevelSubjects: '21202',
      payableOfTheYearAmount: '1200.50',
    });
    expect(saved.body).toMatchObject({ success: true, message: '保存成功' });
    expect(saved.body.data.ids).toHaveLength(2);
    const rows = await list(county);
    expect(rows.map((r) => [r.code, r.name, r.kind, r.ztid, r.hand, r.sameLevel])).toEqual([
      ['001001', FACTORY, 'lower', id(FACTORY), false, false],
      ['001002', SCHOOL, 'lower', id(SCHOOL), false, false],
    ]);
    expect(rows[0]?.ratio).toMatchObject({
      fromYear: 2026,
      fromMonth: 1,
      lowerLevelUpperSolutionRatio: 40,
      proportionLowerLevel: 60,
      retentionRatioThisLevel: 20,
      dealingWithSuperiorRatioOne: 10.5,
      dealingWithSuperiorRatioTwo: 0,
      copeWithSubordinateRatio: 9.5,
      copeWithLowerLevelSubjects: '21202',
      copeWithLowerLevelSubjectsCodeFullName: '21202 应付下级转拨经费',
      payableOfTheYearAmount: 1200.5,
      bjRata: null,
    });
    const stored = await server.db.kysely
      .selectFrom('funds_ratio')
      .selectAll()
      .where('unit_id', '=', saved.body.data.ids[0] ?? '')
      .executeTakeFirstOrThrow();
    expect([
      stored.base_ppm,
      stored.retained_ppm,
      stored.superior_one_ppm,
      stored.lower_ppm,
      Number(stored.payable_of_the_year_amount),
    ]).toEqual([400000, 200000, 105000, 95000, 120050]);
    expect(await jfdwItems(id(COUNTY))).toEqual([
      ['001001', FACTORY, 1],
      ['001002', SCHOOL, 1],
    ]);
    expect(await linkedTypes(id(COUNTY), '211')).toContain('JFDW');
    expect(await linkedTypes(id(COUNTY), '21202')).toContain('JFDW');
    const departs = (await county.get<JxhsDepart[]>(Paths.jxhsDepartList)).body.data;
    expect(departs.every((d) => d.configured)).toBe(true);
    await refused(
      county,
      Paths.unitEdit,
      { ztids: [id(SCHOOL)], lowerLevelUpperSolutionRatio: 40, retentionRatioThisLevel: 40 },
      ErrorCode.BusinessRule,
      UnitMessages.lowerConfigured(SCHOOL),
    );
  });

  it('keeps ratios per period: a change from July leaves the first half-year on the old split', async () => {
    const unit = (await list(county)).find((r) => r.code === '001001');
    if (!unit) throw new Error('no unit');
    const changed = await county.post(Paths.unitEdit, {
      id: unit.id,
      fromMonth: 7,
      lowerLevelUpperSolutionRatio: 40,
      retentionRatioThisLevel: 30,
      dealingWithSuperiorRatioOne: 10,
    });
    expect(changed.body.success).toBe(true);
    const at = async (month: number) =>
      (await county.get<FundsUnitRow>(Paths.getUnitInfo, { id: unit.id, month })).body.data.ratio;
    expect(await at(6)).toMatchObject({ fromMonth: 1, retentionRatioThisLevel: 20, copeWithSubordinateRatio: 9.5 });
    expect(await at(7)).toMatchObject({ fromMonth: 7, retentionRatioThisLevel: 30, copeWithSubordinateRatio: 0 });
    const info = (await county.get<UnitFundingInfo>(`${Paths.unitFundingInfo}/${unit.id}`)).body.data;
    expect(info.unitInfo.code).toBe('001001');
    expect(info.subList.map((r) => [r.fromYear, r.fromMonth, r.retentionRatioThisLevel])).toEqual([
      [2026, 1, 20],
      [2026, 7, 30],
    ]);
    // Another set's unit is not found, for reads and writes alike.
    expect((await factory.get(Paths.getUnitInfo, { id: unit.id })).body.errorCode).toBe(ErrorCode.NotFound);
    expect((await factory.get(`${Paths.unitFundingInfo}/${unit.id}`)).body.errorCode).toBe(ErrorCode.NotFound);
    await refused(factory, Paths.unitEdit, { id: unit.id, sameLevel: true, retentionRatioThisLevel: 100 }, ErrorCode.NotFound);
    await refused(factory, Paths.unitDelete, { ids: [unit.id] }, ErrorCode.NotFound);
  });

  it('adds a unit keyed by hand and a same-level unit, refuses a taken code', async () => {
    const hand = await factory.post<SavedUnitsAnswer>(Paths.unitEdit, {
      handZtId: '车间分会',
      handZtCode: '0101',
      sameLevel: true,
      retentionRatioThisLevel: 60,
      dealingWithSuperiorRatioOne: 40,
    });
    expect(hand.body.success).toBe(true);
    const [row] = await list(factory);
    expect(row).toMatchObject({ code: '0101', name: '车间分会', hand: true, sameLevel: true, ztid: null });
    expect(row?.ratio).toMatchObject({ lowerLevelUpperSolutionRatio: 100, retentionRatioThisLevel: 60 });
    await refused(
      factory,
      Paths.unitEdit,
      { handZtId: '另一分会', handZtCode: '0101', sameLevel: true, retentionRatioThisLevel: 100 },
      ErrorCode.ValidationFailed,
      UnitMessages.codeDuplicate('0101'),
    );
  });

  it('leaves a payable subject with openings without 经费单位 and says so', async () => {
    await server.db.kysely
      .updateTable('subject')
      .set({ init_amount: 10000 })
      .where('zt_id', '=', id(SCHOOL))
      .where('year', '=', 2026)
      .where('code', '=', '211')
      .execute();
    await insertUser(server.db, server.config.scryptLogN, {
      loginName: 'xxkj',
      password: 'Xxkj@12345',
      grants: [{ ztId: id(SCHOOL), level: 'accountant' }],
    });
    const school = new ApiClient(server.url);
    await school.openSet(server.db, 'xxkj', 'Xxkj@12345', SCHOOL);
    const saved = await school.post<SavedUnitsAnswer>(Paths.unitEdit, {
      handZtId: '食堂分会',
      handZtCode: '7',
      lowerLevelUpperSolutionRatio: 40,
      retentionRatioThisLevel: 30,
      dealingWithSuperiorRatioOne: 10,
    });
    expect(saved.body.success).toBe(true);
    expect(saved.body.data.unlinkedSubjects).toEqual(['211']);
    expect(saved.body.message).toContain('211');
    expect(await linkedTypes(id(SCHOOL), '211')).not.toContain('JFDW');
    expect(await jfdwItems(id(SCHOOL))).toEqual([['7', '食堂分会', 1]]);
  });

  it('leaves a payable subject with voucher lines this year without 经费单位: old lines would lack the unit', async () => {
    const ztId = await createSet(server.db, { name: '经费凭证测试工会', code: '880', system: 'union-grassroots' });
    await server.db.kysely.updateTable('zt_year').set({ subjects_initialised: 1 }).where('zt_id', '=', ztId).execute();
    await openFunds(ztId);
    await insertUser(server.db, server.config.scryptLogN, {
      loginName: 'pzkj',
      password: 'Pzkj@12345',
      grants: [{ ztId, level: 'accountant' }],
    });
    const client = new ApiClient(server.url);
    await client.openSet(server.db, 'pzkj', 'Pzkj@12345', '经费凭证测试工会');
    const voucher = await save(
      client,
      request({ certiDetails: [line('101', 100, null, '上解'), line('211', null, 100, '上解')] }),
    );
    expect(voucher.body.success).toBe(true);
    const saved = await client.post<SavedUnitsAnswer>(Paths.unitEdit, {
      handZtId: '后勤分会',
      handZtCode: '31',
      sameLevel: true,
      retentionRatioThisLevel: 60,
      dealingWithSuperiorRatioOne: 40,
    });
    expect(saved.body.data.unlinkedSubjects).toEqual(['211']);
    expect(await linkedTypes(ztId, '211')).toEqual([]);
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
  it('refuses a lower set whose code cannot be a unit code, and one of two saves of one code at once', async () => {
    const odd = await createSet(server.db, { name: '编码带字母的工会', code: 'A01', system: 'union-grassroots' });
    await server.db.kysely
      .updateTable('zt_info')
      .set({ upper_id: id(COUNTY) })
      .where('id', '=', odd)
      .execute();
    await refused(
      county,
      Paths.unitEdit,
      { ztids: [odd], lowerLevelUpperSolutionRatio: 40, retentionRatioThisLevel: 40 },
      ErrorCode.BusinessRule,
      `编码带字母的工会的账套编码A01不能作为经费单位编码：${UnitMessages.codeNumeric}`,
    );
    const before = await unitCount();
    const body = { handZtId: '同时录入的分会', handZtCode: '7788', sameLevel: true, retentionRatioThisLevel: 100 };
    const answers = await Promise.all([county.post(Paths.unitEdit, body), county.post(Paths.unitEdit, body)]);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect([ErrorCode.ValidationFailed, ErrorCode.Conflict]).toContain(answers.find((a) => !a.body.success)?.body.errorCode);
    expect(await unitCount()).toBe(before + 1);
  });
});
