import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccrualPreview,
  AssetCard,
  AssetCardSave,
  AssetCategory,
  AssetInitState,
} from '../../shared/api/schemas/assets-cards.js';
import type { Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { AssetCardMessages as M } from '../../shared/assets/cards-messages.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { FinancialState } from '../../shared/financial-state.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet, openPlatform } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { refOf, request, save } from '../vouchers/voucher-test-kit.js';

const SET = '资产卡片测试基层工会';
const OTHER = '资产卡片测试另一工会';
const Y2022 = '资产补提测试基层工会';

type Page<T> = { currentPageItems: T[]; totalItemCount: number };

describe.each(TEST_DIALECTS)('asset settings, cards and initialisation (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let ztId: number;
  let otherId: number;
  let y2022Id: number;
  let deptId: number;
  let otherDeptId: number;
  const categoryId: Record<string, number> = {};

  const k = () => server.db.kysely;
  const opening = async (zt: number, year: number, code: string, fen: number) => {
    await k()
      .updateTable('subject')
      .set({ init_amount: fen })
      .where('zt_id', '=', zt)
      .where('year', '=', year)
      .where('code', '=', code)
      .execute();
  };
  const state = async () => (await kuaiji.get<number>(Paths.financialState)).body;
  const initState = async () => (await kuaiji.get<AssetInitState>(Paths.assetsInitState)).body.data;
  const card = (extra: Partial<AssetCardSave> = {}): AssetCardSave => ({
    assetClass: 1,
    cardNo: 'GD00001',
    categoryId: categoryId['0201'] ?? 0,
    name: '台式计算机',
    quantity: 1,
    originalValue: '6000.00',
    estimatedServiceLife: 72,
    dateOfActivation: '2020-01-10',
    purchasingMethod: 1,
    nature: 1,
    ...extra,
  });
  const saveCard = (body: AssetCardSave) => kuaiji.post<AssetCard>(Paths.assetCards, { ...body });
  const saveInit = (body: AssetCardSave) => kuaiji.post<AssetCard>(Paths.oldFinancialUpdate, { ...body });
  const cards = async (query: Record<string, unknown> = {}) =>
    (await kuaiji.get<Page<AssetCard>>(Paths.assetCards, { assetClass: 1, ...query })).body.data;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = await createSet(server.db, {
      name: SET,
      code: 'ZC-CARD-1',
      system: 'union-grassroots',
      year: 2026,
      users: ['kuaiji'],
    });
    otherId = await createSet(server.db, {
      name: OTHER,
      code: 'ZC-CARD-2',
      system: 'union-grassroots',
      year: 2026,
      users: ['kuaiji'],
    });
    y2022Id = await createSet(server.db, {
      name: Y2022,
      code: 'ZC-CARD-3',
      system: 'union-grassroots',
      year: 2022,
      users: ['kuaiji'],
    });
    for (const [id, year] of [
      [ztId, 2026],
      [otherId, 2026],
      [y2022Id, 2022],
    ] as const)
      await k()
        .updateTable('zt_year')
        .set({ subjects_initialised: 1 })
        .where('zt_id', '=', id)
        .where('year', '=', year)
        .execute();
    // The ledger's openings: 162 10,000.00 and 163 3,000.00 (the set's fixed assets), nothing else.
    await opening(ztId, 2026, '162', 1_000_000);
    await opening(ztId, 2026, '163', 300_000);
    deptId = (
      await k()
        .insertInto('department')
        .values({ zt_id: ztId, name: '办公室', created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    otherDeptId = (
      await k()
        .insertInto('department')
        .values({ zt_id: otherId, name: '别家部门', created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET);
  });
  afterAll(() => server.close());

  it('answers financial state 2 only once the assets platform is open and until the initialisation is finished', async () => {
    expect((await state()).data).toBe(FinancialState.Normal);
    // Without the platform the asset calls are closed.
    expect((await kuaiji.get(Paths.assetCategories, { assetClass: 1 })).body.success).toBe(false);
    await openPlatform(server.db, ztId, 'assets');
    await openPlatform(server.db, otherId, 'assets');
    await openPlatform(server.db, y2022Id, 'assets');
    const answer = await state();
    expect(answer.data).toBe(FinancialState.AssetsNotInitialised);
    expect(answer.message).toBe(M.initNotDone);
  });

  it('lists the seeded category tree per class, adds, edits and deletes a category with its rules', async () => {
    const list = (await kuaiji.get<AssetCategory[]>(Paths.assetCategories, { assetClass: 1 })).body.data;
    expect(list.length).toBeGreaterThan(10);
    expect(list.every((c) => c.assetClass === 1)).toBe(true);
    for (const c of list) categoryId[c.code] = c.id;
    const general = list.find((c) => c.code === '02');
    expect(general).toMatchObject({ name: '通用设备', leaf: false, lifeYears: 6, lifeMonths: 72 });
    const all = (await kuaiji.get<AssetCategory[]>(Paths.assetCategories)).body.data;
    for (const c of all) categoryId[c.code] = c.id;

    const added = await kuaiji.post<AssetCategory>(Paths.assetCategories, {
      parentId: general?.id,
      assetClass: 1,
      code: '0299',
      name: '其他通用设备',
      lifeYears: 5,
      depreciates: true,
    });
    expect(added.body.data).toMatchObject({ code: '0299', lifeMonths: 60, builtin: false, leaf: true });
    const clash = await kuaiji.post(Paths.assetCategories, {
      assetClass: 1,
      code: '0299',
      name: 'x',
      lifeYears: 1,
      depreciates: true,
    });
    expect(clash.body.errorCode).toBe(ErrorCode.Conflict);
    expect(clash.body.errorMsg).toBe(M.categoryCodeTaken);
    const edited = await kuaiji.post<AssetCategory>(Paths.assetCategories, {
      id: added.body.data.id,
      parentId: general?.id,
      assetClass: 1,
      code: '0299',
      name: '其他通用设备（改）',
      lifeYears: 4.5,
      depreciates: false,
    });
    expect(edited.body.data).toMatchObject({ name: '其他通用设备（改）', lifeMonths: 54, depreciates: false });
    const withChildren = await kuaiji.delete(Paths.assetCategories, { id: general?.id });
    expect(withChildren.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(withChildren.body.errorMsg).toBe(M.categoryHasChildren);
    expect((await kuaiji.delete(Paths.assetCategories, { id: added.body.data.id })).body.success).toBe(true);
  });

  it('lists the set’s own departments only', async () => {
    const list = (await kuaiji.get<{ id: number; name: string }[]>(Paths.assetDepartments)).body.data;
    expect(list).toEqual([{ id: deptId, name: '办公室' }]);
  });

  it('refuses a card before the initialisation is finished', async () => {
    const answer = await saveCard(card({ cardNo: 'GD09999', dateOfActivation: '2026-03-01' }));
    expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(answer.body.errorMsg).toBe(M.initNotDone);
  });

  it('keys init cards, checks them against 162/163 and finishes only when every class agrees', async () => {
    const late = await saveInit(card({ dateOfActivation: '2026-01-01', accumulatedDepreciation: 0 }));
    expect(late.body.errorMsg).toBe(M.activationAfterInit(2026));
    const tooMuch = await saveInit(card({ accumulatedDepreciation: '6000.01' }));
    expect(tooMuch.body.errorMsg).toBe(M.accumulatedTooLarge);
    const first = await saveInit(card({ originalValue: 9000, accumulatedDepreciation: 3000, departmentId: deptId }));
    expect(first.body.errorMsg).toBeNull();
    expect(first.body.data).toMatchObject({
      isInit: true,
      originalValue: 9000,
      accumulatedDepreciation: 3000,
      department: '办公室',
    });
    let s = await initState();
    expect(s.classes[0]).toMatchObject({ costSubject: '162', cardsOriginal: 9000, ledgerOriginal: 10000, agrees: false });
    expect(s.agrees).toBe(false);
    const refused = await kuaiji.post(Paths.assetsInitFinish, {});
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toBe(M.initMismatch);

    const fixed = await saveInit(
      card({
        id: first.body.data.id,
        revision: first.body.data.revision,
        originalValue: 10000,
        accumulatedDepreciation: 3000,
        departmentId: deptId,
      }),
    );
    expect(fixed.body.errorMsg).toBeNull();
    s = await initState();
    expect(s.classes.map((c) => [c.assetClass, c.agrees])).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    expect((await kuaiji.get<Page<AssetCard>>(Paths.oldFinancialList, { assetClass: 1 })).body.data.totalItemCount).toBe(1);
    const done = await kuaiji.post<AssetInitState>(Paths.assetsInitFinish, {});
    expect(done.body.data.initDone).toBe(true);
    expect((await state()).data).toBe(FinancialState.Normal);
    const afterDone = await saveInit(card({ cardNo: 'GD08888', accumulatedDepreciation: 0 }));
    expect(afterDone.body.errorMsg).toBe(M.initDone);
  });

  it('answers the next card number of a class', async () => {
    expect((await kuaiji.get<string>(Paths.assetCardNextNo, { assetClass: 1 })).body.data).toBe('GD00002');
    expect((await kuaiji.get<string>(Paths.assetCardNextNo, { assetClass: 2 })).body.data).toBe('WX00001');
  });

  it('refuses a fixed asset below the threshold unless confirmed, and a card number twice', async () => {
    const cheap = await saveCard(card({ cardNo: 'GD00002', originalValue: '999.99', dateOfActivation: '2026-03-01' }));
    expect(cheap.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(cheap.body.errorMsg).toBe(M.belowThreshold(1000));
    // Two at 1,200.00 each: 2,400.00 for quantity 2 passes 通用设备 (unit price), 专用设备 needs 1,500.00.
    const pair = await saveCard(card({ cardNo: 'GD00002', quantity: 2, originalValue: 2400, dateOfActivation: '2026-03-01' }));
    expect(pair.body.errorMsg).toBeNull();
    const special = await saveCard(
      card({ cardNo: 'GD00003', categoryId: categoryId['0301'], originalValue: 1200, dateOfActivation: '2026-03-01' }),
    );
    expect(special.body.errorMsg).toBe(M.belowThreshold(1500));
    const confirmed = await saveCard(
      card({
        cardNo: 'GD00003',
        categoryId: categoryId['0301'],
        originalValue: 1200,
        dateOfActivation: '2026-03-01',
        belowThreshold: true,
      }),
    );
    expect(confirmed.body.errorMsg).toBeNull();
    expect(confirmed.body.data.state).toBe('未审核');
    const twice = await saveCard(card({ cardNo: 'GD00003', originalValue: 5000, dateOfActivation: '2026-03-01' }));
    expect(twice.body.errorCode).toBe(ErrorCode.Conflict);
    expect(twice.body.errorMsg).toBe(M.cardNoTaken);
    const parent = await saveCard(card({ cardNo: 'GD00004', categoryId: categoryId['02'], dateOfActivation: '2026-03-01' }));
    expect(parent.body.errorMsg).toBe(M.categoryNotLeaf);
    const otherDept = await saveCard(card({ cardNo: 'GD00004', departmentId: otherDeptId, dateOfActivation: '2026-03-01' }));
    expect(otherDept.body.errorMsg).toBe(M.departmentNotFound);
    // A department of another set is not found, as any id of another set (the 181 item's check is the same one).
    expect(otherDept.body.errorCode).toBe(ErrorCode.NotFound);
  });

  it('pages and filters the cards (text, category tree, department, state)', async () => {
    const all = await cards();
    expect(all.totalItemCount).toBe(3);
    expect(all.currentPageItems.map((c) => c.cardNo)).toEqual(['GD00001', 'GD00002', 'GD00003']);
    expect((await cards({ text: '00003' })).currentPageItems.map((c) => c.cardNo)).toEqual(['GD00003']);
    expect((await cards({ categoryIds: String(categoryId['02']) })).totalItemCount).toBe(2);
    expect((await cards({ departmentId: deptId })).currentPageItems.map((c) => c.cardNo)).toEqual(['GD00001']);
    expect((await cards({ state: 1 })).totalItemCount).toBe(3);
    expect((await kuaiji.get(Paths.assetCards, { assetClass: 1, pageSize: 25 })).body.errorCode).toBe(ErrorCode.BadRequest);
  });

  it('reviews a card: reviewed cannot be edited or deleted; a live addition voucher blocks the unreview', async () => {
    const target = (await cards({ text: 'GD00002' })).currentPageItems[0];
    if (!target) throw new Error('no card');
    const reviewed = await kuaiji.post<{ changed: number }>(Paths.assetCardsReview, { ids: [target.id], isReview: true });
    expect(reviewed.body.data.changed).toBe(1);
    const edit = await saveCard(
      card({ id: target.id, cardNo: 'GD00002', quantity: 2, originalValue: 2400, dateOfActivation: '2026-03-01' }),
    );
    expect(edit.body.errorMsg).toBe(M.reviewedNoEdit);
    const del = await kuaiji.delete(Paths.assetCards, { ids: target.id });
    expect(del.body.errorMsg).toBe(M.reviewedNoDelete);
    expect((await cards({ state: 2 })).currentPageItems.map((c) => c.cardNo)).toEqual(['GD00002']);

    const voucher = await save(kuaiji, request({}, 2400));
    expect(voucher.body.errorMsg).toBeNull();
    await k()
      .updateTable('asset_card')
      .set({ voucher_id: voucher.body.data.id })
      .where('zt_id', '=', ztId)
      .where('id', '=', target.id)
      .execute();
    expect((await cards({ state: 3 })).currentPageItems.map((c) => [c.cardNo, c.state])).toEqual([['GD00002', '已生成凭证']]);
    const unreview = await kuaiji.post(Paths.assetCardsReview, { ids: [target.id], isReview: false });
    expect(unreview.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(unreview.body.errorMsg).toBe(M.voucherNoUnreview);
    // The voucher deleted, the card is reviewed again and may be unreviewed.
    const deleted = await kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(voucher.body.data)]) });
    expect(deleted.body.errorMsg).toBeNull();
    expect((await cards({ text: 'GD00002' })).currentPageItems[0]?.state).toBe('已审核');
    expect(
      (await kuaiji.post<{ changed: number }>(Paths.assetCardsReview, { ids: [target.id], isReview: false })).body.data.changed,
    ).toBe(1);
    const edited = await saveCard(
      card({
        id: target.id,
        cardNo: 'GD00002',
        name: '笔记本电脑',
        quantity: 2,
        originalValue: 2400,
        dateOfActivation: '2026-03-01',
      }),
    );
    expect(edited.body.data.name).toBe('笔记本电脑');
  });

  it('keeps what provisions depend on once a card has one, and allots department, usage and keeper', async () => {
    const target = (await cards({ text: 'GD00003' })).currentPageItems[0];
    if (!target) throw new Error('no card');
    await k()
      .insertInto('asset_provision')
      .values({ zt_id: ztId, asset_class: 1, year: 2026, month: 3, card_id: target.id, amount: 1000, voucher_id: null })
      .execute();
    const base = card({
      id: target.id,
      cardNo: 'GD00003',
      categoryId: categoryId['0301'],
      originalValue: 1200,
      dateOfActivation: '2026-03-01',
      belowThreshold: true,
    });
    const value = await saveCard({ ...base, originalValue: 1300 });
    expect(value.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(value.body.errorMsg).toBe(M.dependsLocked);
    expect((await saveCard({ ...base, nature: 2 })).body.errorMsg).toBe(M.dependsLocked);
    expect((await saveCard({ ...base, estimatedServiceLife: 60 })).body.errorMsg).toBe(M.dependsLocked);
    expect((await saveCard({ ...base, name: '改名' })).body.data.name).toBe('改名');
    expect((await kuaiji.delete(Paths.assetCards, { ids: target.id })).body.errorMsg).toBe(M.dependsLocked);

    const allot = await kuaiji.post<{ changed: number }>(Paths.assetCardsAllot, {
      ids: [target.id],
      departmentId: deptId,
      usage: 4,
      keeper: '张三',
    });
    expect(allot.body.data.changed).toBe(1);
    const after = (await cards({ text: 'GD00003' })).currentPageItems[0];
    expect(after).toMatchObject({ department: '办公室', usage: 4, usageName: '闲置', keeper: '张三' });
    const foreign = await kuaiji.post(Paths.assetCardsAllot, { ids: [target.id], departmentId: otherDeptId });
    expect(foreign.body.errorMsg).toBe(M.departmentNotFound);
    expect(foreign.body.errorCode).toBe(ErrorCode.NotFound);

    // The cancel of the initialisation is refused while a provision exists.
    const cancel = await kuaiji.post(Paths.assetsInitCancel, {});
    expect(cancel.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(cancel.body.errorMsg).toBe(M.initHasVouchers);
    await k().deleteFrom('asset_provision').where('zt_id', '=', ztId).execute();
  });

  it('refuses a category in use, and another set’s card', async () => {
    const used = await kuaiji.delete(Paths.assetCategories, { id: categoryId['0301'] });
    expect(used.body.errorMsg).toBe(M.categoryInUse);
    const foreignCard = await k()
      .insertInto('asset_card')
      .values({
        zt_id: otherId,
        id: 'foreign-card-1',
        card_no: 'GD00001',
        asset_class: 1,
        category_id: 1,
        name: '别家',
        original_value: 100,
        activation_date: '2026-01-01',
        created_by: 1,
        created_at: 0,
        updated_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const review = await kuaiji.post(Paths.assetCardsReview, { ids: [foreignCard.id], isReview: true });
    expect(review.body.errorCode).toBe(ErrorCode.NotFound);
    const del = await kuaiji.delete(Paths.assetCards, { ids: foreignCard.id });
    expect(del.body.errorCode).toBe(ErrorCode.NotFound);
  });

  it('deletes an unreviewed card and cancels the initialisation when nothing depends on it', async () => {
    const target = (await cards({ text: 'GD00002' })).currentPageItems[0];
    expect((await kuaiji.delete(Paths.assetCards, { ids: target?.id ?? '' })).body.success).toBe(true);
    expect((await cards()).totalItemCount).toBe(2);
    const cancel = await kuaiji.post<AssetInitState>(Paths.assetsInitCancel, {});
    expect(cancel.body.data.initDone).toBe(false);
    expect((await state()).data).toBe(FinancialState.AssetsNotInitialised);
  });

  it('imports init cards from Excel, refusing the file by size or signature and rows with reasons', async () => {
    const template = await kuaiji.download(Paths.assetsInitTemplate);
    expect(template.status).toBe(200);
    const book = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('s');
      sheet.addRow(['资产大类']);
      for (const r of rows) sheet.addRow(r);
      return new Uint8Array(await wb.xlsx.writeBuffer());
    };
    const bad = await kuaiji.upload(Paths.assetsInitImport, {
      name: 'a.xlsx',
      content: new TextEncoder().encode('not a zip at all'),
    });
    expect(bad.body.errorMsg).toBe(M.importNotXlsx);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    expect((await kuaiji.upload(Paths.assetsInitImport, { name: 'a.xlsx', content: big })).body.errorMsg).toBe(M.importTooLarge);
    const refused = await kuaiji.upload(Paths.assetsInitImport, {
      name: 'a.xlsx',
      content: await book([
        ['无形资产', 'WX00001', '软件', '9999', '', '', 1, 500, 100, 60, '2021-01-01'],
        ['固定资产', 'GD00001', '重号', '0201', '', '', 1, 5000, 0, 72, '2021-01-01'],
        ['固定资产', 'GD00010', '好的', '0201', '', '', 1, 5000, 0, 72, '2021-01-01'],
      ]),
    });
    expect(refused.body.errorCode).toBe(ErrorCode.ValidationFailed);
    const issues = refused.body.data as { row: number; message: string }[];
    expect(issues.map((i) => i.row)).toEqual([2, 3]);
    expect(issues[1]?.message).toBe(`第3行：${M.cardNoTaken}`);
    expect((await kuaiji.get<Page<AssetCard>>(Paths.oldFinancialList, { assetClass: 1 })).body.data.totalItemCount).toBe(1);
    const ok = await kuaiji.upload<{ imported: number }>(Paths.assetsInitImport, {
      name: 'a.xlsx',
      content: await book([
        ['固定资产', 'GD00010', '打印机', '0202', '', '台', 1, '3000.5', '1000', 72, '2021-06-01', '购置', '办公室'],
      ]),
    });
    expect(ok.body.errorMsg).toBeNull();
    expect(ok.body.data.imported).toBe(1);
    const imported = (await kuaiji.get<Page<AssetCard>>(Paths.oldFinancialList, { assetClass: 1, text: 'GD00010' })).body.data
      .currentPageItems[0];
    expect(imported).toMatchObject({ originalValue: 3000.5, accumulatedDepreciation: 1000, department: '办公室', isInit: true });
    expect((await initState()).classes[0]?.cardsOriginal).toBe(13000.5);
  });

  it('the 2022 rules: the accrual check, the catch-up depreciation as one 调账凭证, declining', async () => {
    // A 2022 set: one fixed asset from January 2021, 12,000.00 over 120 months: 100.00 a month, 12 months due.
    await opening(y2022Id, 2022, '162', 1_200_000);
    const c2022 = new ApiClient(server.url);
    await c2022.openSet(server.db, 'kuaiji', 'Kuaiji@123', Y2022, 2022);
    const cats = (await c2022.get<AssetCategory[]>(Paths.assetCategories, { assetClass: 1 })).body.data;
    const keyed = await c2022.post<AssetCard>(
      Paths.oldFinancialUpdate,
      card({
        categoryId: cats.find((c) => c.code === '0201')?.id,
        originalValue: 12000,
        accumulatedDepreciation: 0,
        estimatedServiceLife: 120,
        dateOfActivation: '2021-01-01',
      }),
    );
    expect(keyed.body.errorMsg).toBeNull();
    expect((await c2022.post(Paths.assetsInitFinish, {})).body.errorMsg).toBeNull();
    expect((await c2022.get(Paths.assetsAccrualCheck)).body.data).toEqual({ year: 2022, isProvision: false });
    const preview = (await c2022.get<AccrualPreview>(Paths.previewOldFinancialAssetsProvision)).body.data;
    expect(preview.total).toBe(1200);
    expect(preview.entries.map((e) => [e.subjectCode, e.balanceDirection, e.moneyAmount])).toEqual([
      ['30104', 1, 1200],
      ['163', 2, 1200],
    ]);
    const early = await c2022.post(Paths.addOldFinancialAssetsProvision, { certificateDateTime: '2021-12-31' });
    expect(early.body.errorMsg).toBe(M.accrualDateTooEarly);
    const added = await c2022.post<{ voucherId: string; total: number }>(Paths.addOldFinancialAssetsProvision, {});
    expect(added.body.errorMsg).toBeNull();
    expect(added.body.data.total).toBe(1200);
    const voucher = (await c2022.get<Voucher>(Paths.certificateDetail, { id: added.body.data.voucherId })).body.data;
    expect(voucher.certificateType).toBe(10000);
    expect(voucher.pzDate).toBe('2022-01-01');
    const after = (await c2022.get<Page<AssetCard>>(Paths.oldFinancialList, { assetClass: 1 })).body.data.currentPageItems[0];
    expect(after).toMatchObject({ accumulatedDepreciation: 1200, initDepreciation: 0 });
    expect((await c2022.get(Paths.assetsAccrualCheck)).body.data).toEqual({ year: 2022, isProvision: true });
    expect((await c2022.post(Paths.addOldFinancialAssetsProvision, {})).body.errorMsg).toBe(M.accrualDone);
    // The voucher exists: the initialisation cannot be cancelled.
    expect((await c2022.post(Paths.assetsInitCancel, {})).body.errorMsg).toBe(M.initHasVouchers);
    // Declining (or undoing the flag) is UpdateSysInfoIsProvision.
    expect((await c2022.post(Paths.updateSysInfoIsProvision, { isProvision: false })).body.data).toEqual({ isProvision: false });
    expect((await c2022.get(Paths.assetsAccrualCheck)).body.data).toEqual({ year: 2022, isProvision: false });
    expect((await c2022.get<AccrualPreview>(Paths.previewOldFinancialAssetsProvision)).body.data.total).toBe(0);
  });
});
