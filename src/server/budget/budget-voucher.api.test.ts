/**
 * The voucher side of budgets (issue 21 §2, lane "voucher") over HTTP on the real app: the
 * auxiliary answers the voucher editor's picker reads carry a budget detail's figures (B8), the
 * indicator tree of the two-table voucher's picker, and the save's check of a budget line's
 * indicator (targetID).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuxiInfo, AuxiType, CodeAuxiItem } from '../../shared/api/auxiliary.js';
import { Paths } from '../../shared/api/paths.js';
import type { IndicatorNode } from '../../shared/api/schemas/budget-voucher.js';
import { BudgetMessages } from '../../shared/budget/messages.js';
import type { ValidationIssue } from '../../shared/envelope.js';
import { ErrorCode } from '../../shared/error-codes.js';
import type { Db } from '../db/database.js';
import { ApiClient } from '../test-support/api-client.js';
import { insertBudgetCategory, insertBudgetDetail, linkBudgetType, setPlanState } from '../test-support/budget-fixture.js';
import { createSet, setIds } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { FACTORY, line, modifyOf, request, save } from '../vouchers/voucher-test-kit.js';

const GOVERNMENT = '示范市行政单位（预算指标）';

function flatten(items: readonly AuxiInfo[]): AuxiInfo[] {
  return items.flatMap((i) => [i, ...flatten(i.children)]);
}

async function insertIndicator(db: Db, ztId: number, projectId: string, code: string, parent: string | null): Promise<void> {
  await db.kysely
    .insertInto('budget_indicator')
    .values({ zt_id: ztId, project_id: projectId, code, name: `指标${code}`, parent_code: parent, amount: 100_00 })
    .execute();
}

describe.each(TEST_DIALECTS)('budgets in voucher entry (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let factoryId: number;
  let warnId: string;
  let typeId: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    factoryId = (await setIds(server.db))(FACTORY);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    typeId = await insertBudgetCategory(server.db, factoryId, {
      year: 2026,
      auxiType: 'XMYS',
      typeName: '职工活动',
      infoNo: '901',
    });
    warnId = await insertBudgetDetail(server.db, factoryId, {
      year: 2026,
      typeId,
      auxiType: 'XMYS',
      infoNo: '901001',
      parentNo: '901',
      name: '职工运动会',
      opening: 1000_00,
      control: 2,
      subjects: ['501'],
    });
    await insertBudgetDetail(server.db, factoryId, {
      year: 2026,
      typeId,
      auxiType: 'XMYS',
      infoNo: '901002',
      parentNo: '901',
      name: '读书活动',
      opening: 500_00,
      amount: 400_00,
      control: 3,
    });
    await linkBudgetType(server.db, factoryId, 2026, 'XMYS', ['50101']);
  });
  afterAll(() => server.close());

  const pickerItems = async (): Promise<AuxiInfo[]> => {
    const answer = await kuaiji.get<CodeAuxiItem[]>(Paths.getCodeAuxi, { code: '50101' });
    expect(answer.body.errorMsg).toBeNull();
    return flatten(answer.body.data.find((t) => t.typeNo === 'XMYS')?.infoList ?? []);
  };

  it('answers a budget detail’s figures on the picker’s items: adjusted, spent, remaining, control while approved', async () => {
    await setPlanState(server.db, factoryId, 2026, 'approved');
    const spent = await save(
      kuaiji,
      request({
        certiDetails: [
          { ...line('50101', 300, null, '运动会奖品'), auxis: [{ typeNo: 'XMYS', infoNo: '901001' }] },
          line('101', null, 300, '运动会奖品'),
        ],
      }),
    );
    expect(spent.body.errorMsg).toBeNull();
    const items = await pickerItems();
    const warn = items.find((i) => i.infoNo === '901001');
    expect(warn).toMatchObject({
      budgetId: warnId,
      typeId,
      budgetAmount: 1000,
      endAmount: 300,
      balance: 700,
      budgetExecutionStatus: 2,
      finalSubjects: ['501'],
      hasIndicators: false,
    });
    expect(items.find((i) => i.infoNo === '901002')).toMatchObject({
      budgetAmount: 400,
      endAmount: 0,
      balance: 400,
      budgetExecutionStatus: 3,
      finalSubjects: [],
    });
    // The category's item is no budget detail: no figures.
    expect(items.find((i) => i.infoNo === '901')?.budgetId).toBeUndefined();
    // typeInfo (the auxiliary page, other pickers) answers the same figures.
    const types = (await kuaiji.get<AuxiType[]>(Paths.typeInfo, { typeNoArray: 'XMYS', onlyEnable: true })).body.data;
    expect(flatten(types[0]?.infoList ?? []).find((i) => i.infoNo === '901001')).toMatchObject({ balance: 700, endAmount: 300 });
    // A line off the subjects the detail counts (501) spends nothing from it.
    await linkBudgetType(server.db, factoryId, 2026, 'XMYS', ['50501']);
    const elsewhere = await save(
      kuaiji,
      request({
        certiDetails: [
          { ...line('50501', 50, null, '运动会场地'), auxis: [{ typeNo: 'XMYS', infoNo: '901001' }] },
          line('101', null, 50, '运动会场地'),
        ],
      }),
    );
    expect(elsewhere.body.errorMsg).toBeNull();
    expect((await pickerItems()).find((i) => i.infoNo === '901001')).toMatchObject({ endAmount: 300, balance: 700 });
  });

  it('answers control 0 while the plan is not approved: the budgets are not in force', async () => {
    await setPlanState(server.db, factoryId, 2026, 'submitted');
    const items = await pickerItems();
    expect(items.find((i) => i.infoNo === '901001')).toMatchObject({ budgetExecutionStatus: 0, balance: 700 });
    expect(items.find((i) => i.infoNo === '901002')).toMatchObject({ budgetExecutionStatus: 0, balance: 400 });
    await setPlanState(server.db, factoryId, 2026, 'approved');
  });

  it('answers figures of the session’s year only', async () => {
    await server.db.kysely
      .insertInto('zt_year')
      .values({ zt_id: factoryId, year: 2025, account_month: 12, subjects_initialised: 1 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await insertBudgetDetail(server.db, factoryId, {
      year: 2025,
      typeId,
      auxiType: 'XMYS',
      infoNo: '901003',
      parentNo: '901',
      name: '去年的项目',
      opening: 100_00,
    });
    const items = await pickerItems();
    expect(items.find((i) => i.infoNo === '901003')?.budgetId).toBeUndefined();
  });

  describe('the two-table voucher’s indicators', () => {
    let gov: ApiClient;
    let govId: number;
    let indicated: string;

    beforeAll(async () => {
      govId = await createSet(server.db, { name: GOVERNMENT, code: 'GOVB', system: 'government', users: ['shenhe'] });
      gov = new ApiClient(server.url);
      await gov.openSet(server.db, 'shenhe', 'Shenhe@123', GOVERNMENT);
      const category = await insertBudgetCategory(server.db, govId, {
        year: 2026,
        auxiType: 'XMYS',
        typeName: '专项',
        infoNo: '801',
      });
      indicated = await insertBudgetDetail(server.db, govId, {
        year: 2026,
        typeId: category,
        auxiType: 'XMYS',
        infoNo: '801001',
        parentNo: '801',
        name: '困难职工帮扶',
        opening: 5000_00,
      });
      await insertBudgetDetail(server.db, govId, {
        year: 2026,
        typeId: category,
        auxiType: 'XMYS',
        infoNo: '801002',
        parentNo: '801',
        name: '无指标项目',
        opening: 5000_00,
      });
      await insertIndicator(server.db, govId, indicated, '01', null);
      await insertIndicator(server.db, govId, indicated, '0101', '01');
      await insertIndicator(server.db, govId, indicated, '0102', '01');
      await linkBudgetType(server.db, govId, 2026, 'XMYS', ['7101', '5001']);
    });

    /** A balanced two-table voucher: 5001 against 1001, 7101 against 8001, the items on the expense lines. */
    const voucher = (
      budgetAuxi: { typeNo: string; infoNo: string; targetID?: string | null },
      financialAuxi: { typeNo: string; infoNo: string; targetID?: string | null } = { typeNo: 'XMYS', infoNo: '801001' },
    ) =>
      request({
        certiDetails: [
          { ...line('5001', 80, null, '帮扶'), auxis: [financialAuxi] },
          line('1001', null, 80, '帮扶'),
          { ...line('7101', 80, null, '帮扶'), auxis: [budgetAuxi] },
          line('8001', null, 80, '帮扶'),
        ],
      });

    const refusedWith = async (body: ReturnType<typeof voucher>, message: string, row: string) => {
      const answer = await save(gov, body);
      expect(answer.status).toBe(400);
      expect(answer.body.errorCode).toBe(ErrorCode.ValidationFailed);
      const issues = answer.body.data as unknown as ValidationIssue[];
      expect(issues).toEqual([{ message: `第${row}行${message}`, rowId: row, fieldId: 'auxis' }]);
      return answer;
    };

    it('answers a project’s indicators as a tree with its last levels, and hasIndicators on its item', async () => {
      const tree = await gov.get<IndicatorNode[]>(Paths.budgetVoucherIndicators, { budgetId: indicated });
      expect(tree.body.errorMsg).toBeNull();
      expect(tree.body.data).toEqual([
        {
          code: '01',
          name: '指标01',
          parentCode: null,
          amount: 100,
          isLeaf: false,
          children: [
            { code: '0101', name: '指标0101', parentCode: '01', amount: 100, isLeaf: true, children: [] },
            { code: '0102', name: '指标0102', parentCode: '01', amount: 100, isLeaf: true, children: [] },
          ],
        },
      ]);
      const items = flatten(
        (await gov.get<CodeAuxiItem[]>(Paths.getCodeAuxi, { code: '7101' })).body.data.find((t) => t.typeNo === 'XMYS')
          ?.infoList ?? [],
      );
      expect(items.find((i) => i.infoNo === '801001')?.hasIndicators).toBe(true);
      expect(items.find((i) => i.infoNo === '801002')?.hasIndicators).toBe(false);
    });

    it('refuses the indicators of another set’s project (4015)', async () => {
      const other = await gov.get(Paths.budgetVoucherIndicators, { budgetId: warnId });
      expect(other.body).toMatchObject({ success: false, errorCode: ErrorCode.NotFound });
      const none = await gov.get(Paths.budgetVoucherIndicators, { budgetId: 'nope' });
      expect(none.body.errorCode).toBe(ErrorCode.NotFound);
    });

    it('requires a last-level indicator on a budget line whose project has indicators, and stores it', async () => {
      await refusedWith(voucher({ typeNo: 'XMYS', infoNo: '801001' }), BudgetMessages.indicatorLeafRequired, '3');
      await refusedWith(voucher({ typeNo: 'XMYS', infoNo: '801001', targetID: '01' }), BudgetMessages.indicatorLeafRequired, '3');
      await refusedWith(
        voucher({ typeNo: 'XMYS', infoNo: '801001', targetID: '0199' }),
        BudgetMessages.indicatorLeafRequired,
        '3',
      );
      const before = await server.db.kysely.selectFrom('voucher').select('id').where('zt_id', '=', govId).execute();
      expect(before).toEqual([]);
      const ok = await save(gov, voucher({ typeNo: 'XMYS', infoNo: '801001', targetID: '0102' }));
      expect(ok.body.errorMsg).toBeNull();
      const saved = ok.body.data;
      expect(saved.certiDetails[2]?.auxis).toEqual([
        { typeNo: 'XMYS', infoNo: '801001', infoName: '困难职工帮扶', targetID: '0102' },
      ]);
      const stored = await server.db.kysely
        .selectFrom('voucher_line_auxi')
        .select(['line_no', 'target_id'])
        .where('zt_id', '=', govId)
        .where('voucher_id', '=', saved.id)
        .orderBy('line_no')
        .execute();
      expect(stored.map((s) => s.target_id)).toEqual([null, '0102']);
      // A modification sends the lines back as loaded: the indicator stays, and may change to another leaf.
      const again = await save(gov, modifyOf(saved));
      expect(again.body.errorMsg).toBeNull();
      const changed = modifyOf(again.body.data);
      const budgetLine = changed.certiDetails[2];
      if (budgetLine) budgetLine.auxis = [{ typeNo: 'XMYS', infoNo: '801001', targetID: '0101' }];
      const moved = await save(gov, changed);
      expect(moved.body.data.certiDetails[2]?.auxis[0]?.targetID).toBe('0101');
      const dropped = modifyOf(moved.body.data);
      const dropLine = dropped.certiDetails[2];
      if (dropLine) dropLine.auxis = [{ typeNo: 'XMYS', infoNo: '801001' }];
      await refusedWith(dropped, BudgetMessages.indicatorLeafRequired, '3');
    });

    it('asks no indicator on a financial line or of a project without indicators, and refuses one sent there', async () => {
      const plain = await save(gov, voucher({ typeNo: 'XMYS', infoNo: '801002' }, { typeNo: 'XMYS', infoNo: '801002' }));
      expect(plain.body.errorMsg).toBeNull();
      await refusedWith(
        voucher({ typeNo: 'XMYS', infoNo: '801002', targetID: '0101' }, { typeNo: 'XMYS', infoNo: '801002' }),
        BudgetMessages.indicatorNotAsked,
        '3',
      );
      await refusedWith(
        voucher({ typeNo: 'XMYS', infoNo: '801001', targetID: '0101' }, { typeNo: 'XMYS', infoNo: '801001', targetID: '0101' }),
        BudgetMessages.indicatorNotAsked,
        '1',
      );
    });

    it('refuses an indicator on a line of a single-table set', async () => {
      const answer = await save(
        kuaiji,
        request({
          certiDetails: [
            { ...line('50101', 10, null, '奖品'), auxis: [{ typeNo: 'XMYS', infoNo: '901001', targetID: '0101' }] },
            line('101', null, 10, '奖品'),
          ],
        }),
      );
      expect(answer.body.errorCode).toBe(ErrorCode.ValidationFailed);
      expect(answer.body.errorMsg).toBe(`第1行${BudgetMessages.indicatorNotAsked}`);
    });
  });
});
