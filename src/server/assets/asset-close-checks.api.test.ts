import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloseCheckResult } from '../../shared/api/close.js';
import type { AssetVoucherSaveResponse } from '../../shared/api/schemas/assets-voucher.js';
import type { LongAmortionItem } from '../../shared/api/schemas/assets-long.js';
import { Paths } from '../../shared/api/paths.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet, openPlatform } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

const SET = '资产结账检查测试县级工会';

/** The close check's asset rows, each failing and then fixed; the close refused while one fails. */
describe.each(TEST_DIALECTS)("the close check's asset parts (%s)", (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let ztId: number;
  let itemId = '';
  let additionVoucher = '';

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = await createSet(server.db, { name: SET, code: 'ZCJZ-1', system: 'union-county', year: 2026, users: ['kuaiji'] });
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET, 2026);
  });
  afterAll(() => server.close());

  const check = async (month = 1) => (await kuaiji.get<CloseCheckResult>(Paths.closeCheck, { year: 2026, month })).body.data;

  /** A reviewed 空调 of 12,000.00 over 120 months from 2026-01-05, in the set's first depreciating category, without voucher. */
  const insertReviewedCard = async (setId: number, id: string) => {
    const category = await server.db.kysely
      .selectFrom('asset_category')
      .select('id')
      .where('zt_id', '=', setId)
      .where('asset_class', '=', 1)
      .where('depreciates', '=', 1)
      .where('life_months', '>', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    await server.db.kysely
      .insertInto('asset_card')
      .values({
        zt_id: setId,
        id,
        card_no: 'GD-0001',
        asset_class: 1,
        category_id: category.id,
        name: '空调',
        original_value: 1_200_000,
        life_months: 120,
        activation_date: '2026-01-05',
        is_review: 1,
        created_by: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  };

  it('passes every asset part of a set without the assets platform, and of one with nothing in it', async () => {
    let r = await check();
    expect([r.fixedAssetsVO, r.intangibleAssetsVO, r.inventoryAssetsVO, r.longAmortionVO].map((p) => p.applicable)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    await openPlatform(server.db, ztId, 'assets');
    r = await check();
    expect(r.longAmortionVO).toMatchObject({ applicable: false, status: true });
    expect(r.fixedAssetsVO).toMatchObject({ applicable: false, status: true });
  });

  it('181: an item added without voucher and a month not amortised fail, the close is refused; fixed one by one', async () => {
    const saved = await kuaiji.post<LongAmortionItem>(Paths.longAmortion, {
      matter: '办公室装修',
      payOutAmount: '1200',
      payOutDate: '2026-01-10',
      amortionServiceLife: 12,
    });
    itemId = saved.body.data.id;
    await kuaiji.post(Paths.longAmortionReview, { ids: [itemId], isReview: true });
    let part = (await check()).longAmortionVO;
    expect(part).toMatchObject({
      applicable: true,
      status: false,
      balanceOnly: false,
      longAmortionAdd: { status: false, count: 1 },
      amortionDetailsAdd: { status: false, months: [1], unGenerated: 0 },
      balance: { status: false, items: 1200, ledger: 0 },
    });
    const refused = await kuaiji.post(Paths.monthly, { year: 2026, month: 1 });
    expect(refused.body.errorMsg).toContain('长期待摊费用检查');

    const added = await kuaiji.post<AssetVoucherSaveResponse>(Paths.assetVoucherSave, {
      pzAssetType: 6,
      longAmortions: [itemId],
    });
    expect(added.body.errorMsg).toBeNull();
    additionVoucher = added.body.data.vouchers[0]?.id ?? '';
    part = (await check()).longAmortionVO;
    expect(part.longAmortionAdd).toEqual({ status: true, count: 0 });
    expect(part.balance).toEqual({ status: true, items: 1200, ledger: 1200 });
    expect(part.amortionDetailsAdd.months).toEqual([1]);

    expect((await kuaiji.post(Paths.addAccruedStageAmortionDetailsList, { accruedStage: '2026-01' })).body.errorMsg).toBeNull();
    part = (await check()).longAmortionVO;
    expect(part).toMatchObject({ status: true, balance: { status: true, items: 1100, ledger: 1100 } });
    const again = await kuaiji.post(Paths.monthly, { year: 2026, month: 1 });
    expect(again.body.errorMsg ?? '').not.toContain('长期待摊费用检查');
  });

  it('181: a balance mismatch alone is balanceOnly (ignorable), and the ignored close no longer names it', async () => {
    await server.db.kysely
      .updateTable('subject')
      .set({ init_amount: 50_000 })
      .where('zt_id', '=', ztId)
      .where('year', '=', 2026)
      .where('code', '=', '181')
      .execute();
    const part = (await check()).longAmortionVO;
    expect(part).toMatchObject({ status: false, balanceOnly: true, balance: { items: 1100, ledger: 1600 } });
    const plain = await kuaiji.post(Paths.monthly, { year: 2026, month: 1 });
    expect(plain.body.errorMsg).toContain('长期待摊费用检查');
    const ignored = await kuaiji.post(Paths.monthly, { year: 2026, month: 1, ignoreBalance: true });
    expect(ignored.body.errorMsg ?? '').not.toContain('长期待摊费用检查');
    await server.db.kysely
      .updateTable('subject')
      .set({ init_amount: 0 })
      .where('zt_id', '=', ztId)
      .where('year', '=', 2026)
      .where('code', '=', '181')
      .execute();
  });

  it('fixed assets: a card without voucher, the month not depreciated, then run without voucher, against 162/163', async () => {
    await insertReviewedCard(ztId, 'card-close-1');
    const now = Date.now();
    let part = (await check()).fixedAssetsVO;
    expect(part).toMatchObject({
      applicable: true,
      status: false,
      assetsAdd: { status: false, count: 1 },
      assetsProvision: { status: false, months: [1], unGenerated: 0 },
      assetsDocument: { status: true, count: 0 },
      balance: { status: false, cardsCost: 12000, ledgerCost: 0, cardsProvision: 0, ledgerProvision: 0 },
    });
    expect(part.message).toContain('1张资产卡片新增未生成凭证');
    expect((await kuaiji.post(Paths.monthly, { year: 2026, month: 1 })).body.errorMsg).toContain('固定资产检查');

    await server.db.kysely
      .insertInto('asset_provision_run')
      .values({ zt_id: ztId, asset_class: 1, year: 2026, month: 1, card_count: 1, total: 10_000, created_by: 1, created_at: now })
      .execute();
    await server.db.kysely
      .insertInto('asset_provision')
      .values({ zt_id: ztId, asset_class: 1, year: 2026, month: 1, card_id: 'card-close-1', amount: 10_000, voucher_id: 'gone' })
      .execute();
    part = (await check()).fixedAssetsVO;
    // A voucher id that names no voucher is no voucher.
    expect(part.assetsProvision).toEqual({ status: false, months: [], unGenerated: 1 });
    expect(part.balance.cardsProvision).toBe(100);

    await server.db.kysely
      .updateTable('asset_provision')
      .set({ voucher_id: additionVoucher })
      .where('zt_id', '=', ztId)
      .execute();
    await server.db.kysely.updateTable('asset_card').set({ voucher_id: additionVoucher }).where('zt_id', '=', ztId).execute();
    part = (await check()).fixedAssetsVO;
    expect(part.assetsAdd.status).toBe(true);
    expect(part.assetsProvision.status).toBe(true);
    expect(part).toMatchObject({ status: false, balanceOnly: true });
  });
  it('a government set (institution 2): no fixed-asset additions check, the depreciation still checked', async () => {
    const gov = '资产结账检查测试行政单位';
    const govId = await createSet(server.db, { name: gov, code: 'ZCJZ-G', system: 'government', year: 2026, users: ['kuaiji'] });
    await openPlatform(server.db, govId, 'assets');
    const client = new ApiClient(server.url);
    await client.openSet(server.db, 'kuaiji', 'Kuaiji@123', gov, 2026);
    // The set's tree is seeded on its first asset call.
    expect((await client.get(Paths.assetCategories, { assetClass: 1 })).body.errorMsg).toBeNull();
    await insertReviewedCard(govId, 'card-close-gov');
    const part = (await client.get<CloseCheckResult>(Paths.closeCheck, { year: 2026, month: 1 })).body.data.fixedAssetsVO;
    expect(part).toMatchObject({
      applicable: true,
      status: false,
      assetsAdd: { status: true, count: 0 },
      assetsProvision: { status: false, months: [1] },
    });
    expect(part.message).not.toContain('新增未生成凭证');
    // The same card in the union set above is counted (institution 3): see the fixed-assets case.
  });
});
