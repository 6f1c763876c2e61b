import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type { FundsUnitRow, JxhsDepart, SavedUnitsAnswer, UnitFundingInfo } from '../../shared/api/schemas/funds-units.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { RatioMessages } from '../../shared/funds/ratios.js';
import { UnitMessages } from '../../shared/funds/unit-rules.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet, setIds } from '../test-support/ledger-fixtures.js';
import { insertUser } from '../test-support/test-users.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { line, request, save } from '../vouchers/voucher-test-kit.js';
import { COUNTY, FACTORY, SCHOOL, unitsKit } from './units-test-kit.js';

describe.each(TEST_DIALECTS)(
  'funds units: the lower units of the funds accounting dialog, ratios per period, 经费单位 (%s)',
  (dialect) => {
    let server: TestServer;
    let id: (name: string) => number;
    let county: ApiClient;
    let factory: ApiClient;
    const { openFunds, unitCount, jfdwItems, linkedTypes, list, refused } = unitsKit(() => server);

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
      await refused(
        county,
        Paths.unitEdit,
        { ...hand, handZtId: ' ' },
        ErrorCode.ValidationFailed,
        RatioMessages.handNameRequired,
      );
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
      await refused(
        factory,
        Paths.unitEdit,
        { ...ratios, ztids: [id(COUNTY)] },
        ErrorCode.Forbidden,
        UnitMessages.lowerNotInTree,
      );
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
  },
);
