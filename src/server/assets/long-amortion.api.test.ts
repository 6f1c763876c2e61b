import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AmortionDetailList,
  AmortionResponse,
  LongAmortionItem,
  LongAmortionList,
  LongMonthRow,
} from '../../shared/api/schemas/assets-long.js';
import type { AssetVoucherPreview, AssetVoucherSaveResponse } from '../../shared/api/schemas/assets-voucher.js';
import type { Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { LongMessages } from '../../shared/assets/long-messages.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet, openPlatform } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';

// The 181 subject is in the county chart (the grassroots chart has none: its vouchers are refused, see below).
const SET = '长期待摊测试县级工会';
const OTHER = '长期待摊测试另一工会';

/**
 * Hand-worked (fen): A 12 000.00 paid 2026-01-15 over 36 months: 1 200 000 / 36 = 33 333.33 → 333.33 a month.
 * B 1 000.00 paid 2026-02-10 over 3 months: 333.33, 333.33 and the last month the rest, 333.34.
 * C (opening data) 5 000.00 paid 2024-01-01 over 24 months, 4 800.00 amortised before: January 2026 is past its
 * 24th month, so it takes what is left, 200.00, and nothing after.
 * January 333.33 + 200.00 = 533.33; February 333.33 + 333.33 = 666.66; March 333.33 + 333.33 = 666.66; April
 * 333.33 + 333.34 = 666.67.
 */
describe.each(TEST_DIALECTS)('long-term deferred expenses (181) (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let otherId: number;
  let ztId: number;
  const ids = { a: '', b: '', c: '' };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = await createSet(server.db, { name: SET, code: 'CQDT-1', system: 'union-county', year: 2026, users: ['kuaiji'] });
    otherId = await createSet(server.db, {
      name: OTHER,
      code: 'CQDT-2',
      system: 'union-grassroots',
      year: 2026,
      users: ['kuaiji'],
    });
    await openPlatform(server.db, ztId, 'assets');
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET, 2026);
  });
  afterAll(() => server.close());

  const save = (body: Record<string, unknown>) => kuaiji.post<LongAmortionItem>(Paths.longAmortion, body);
  const list = async () => (await kuaiji.get<LongAmortionList>(Paths.longAmortion, { pageSize: 50 })).body.data;
  const months = async () => (await kuaiji.get<LongMonthRow[]>(Paths.longAmortionMonthList, { year: 2026 })).body.data;
  const amortise = (accruedStage: string, extra: Record<string, unknown> = {}) =>
    kuaiji.post<AmortionResponse>(Paths.addAccruedStageAmortionDetailsList, { accruedStage, ...extra });
  const voucher = async (id: string) => (await kuaiji.get<Voucher>(Paths.certificateDetail, { id })).body.data;
  const lines = (v: Voucher) => v.certiDetails.map((l) => [l.subjectCode, l.debitAmount, l.creditAmount]);
  const item = async (id: string) => (await list()).currentPageItems.find((i) => i.id === id);

  it('keeps items, refuses a non-opening item paid outside the year, and totals the list', async () => {
    const a = await save({
      matter: '租入办公楼装修',
      payOutAmount: '12000.00',
      payOutDate: '2026-01-15',
      amortionServiceLife: 36,
    });
    expect(a.body.errorMsg).toBeNull();
    ids.a = a.body.data.id;
    ids.b = (
      await save({ matter: '活动室改良', payOutAmount: 1000, payOutDate: '2026-02-10', amortionServiceLife: 3 })
    ).body.data.id;
    const c = await save({
      matter: '期初装修',
      payOutAmount: '5000',
      payOutDate: '2024-01-01',
      amortionServiceLife: 24,
      isInit: true,
      initAmortized: '4800',
    });
    ids.c = c.body.data.id;
    expect(c.body.data.unamortizedAmount).toBe(200);
    const late = await save({ matter: '上年支出', payOutAmount: 10, payOutDate: '2025-12-31', amortionServiceLife: 12 });
    expect(late.body.errorMsg).toBe(LongMessages.payOutYear(2026));
    const tooMuch = await save({
      matter: 'x',
      payOutAmount: 10,
      payOutDate: '2024-01-01',
      amortionServiceLife: 12,
      isInit: true,
      initAmortized: 11,
    });
    expect(tooMuch.body.errorMsg).toBe(LongMessages.amortisedTooMuch);
    const all = await list();
    expect(all.totalItemCount).toBe(3);
    expect(all.footer).toEqual({ payOutAmount: 18000, amortizedTotal: 4800, unamortizedAmount: 13200 });
  });

  it('amortises only reviewed items; review locks the item', async () => {
    expect((await amortise('2026-01')).body.errorMsg).toBe(LongMessages.nothingDue('2026-01'));
    const reviewed = await kuaiji.post(Paths.longAmortionReview, { ids: [ids.a, ids.b, ids.c], isReview: true });
    expect(reviewed.body.errorMsg).toBeNull();
    const changed = await save({ id: ids.a, matter: 'x', payOutAmount: 1, payOutDate: '2026-01-15', amortionServiceLife: 36 });
    expect(changed.body.errorMsg).toBe(LongMessages.reviewedLocked);
    const gone = await kuaiji.delete(Paths.longAmortion, { ids: ids.a });
    expect(gone.body.errorMsg).toBe(LongMessages.reviewedLocked);
    const m = await months();
    expect(m.slice(0, 4).map((r) => [r.amount, r.isProvision])).toEqual([
      [533.33, false],
      [666.66, false],
      [666.66, false],
      [666.67, false],
    ]);
  });

  it('generates the additions voucher (Dr 181 / Cr 30106, Dr 50707 / Cr 102) once, not for opening data', async () => {
    const body = { pzAssetType: 6, longAmortions: [ids.a, ids.b], isOnePz: true };
    const preview = await kuaiji.post<AssetVoucherPreview>(Paths.assetVoucherPreview, body);
    expect(preview.body.errorMsg).toBeNull();
    expect(preview.body.data.accruedStageMoney).toBe(13000);
    const init = await kuaiji.post(Paths.assetVoucherSave, { pzAssetType: 6, longAmortions: [ids.c] });
    expect(init.body.errorMsg).toBe(LongMessages.initNoVoucher('期初装修'));
    const saved = await kuaiji.post<AssetVoucherSaveResponse>(Paths.assetVoucherSave, body);
    expect(saved.body.errorMsg).toBeNull();
    expect(saved.body.data.vouchers).toHaveLength(1);
    const v = await voucher(saved.body.data.vouchers[0]?.id ?? '');
    expect(v.month).toBe(2);
    const codes = lines(v).map((l) => String(l[0]).slice(0, 3));
    expect(codes).toEqual(['181', '301', '507', '102', '181', '301', '507', '102']);
    const debit = v.certiDetails.reduce((s, l) => s + (l.debitAmount ?? 0), 0);
    expect(debit).toBe(26000);
    const again = await kuaiji.post(Paths.assetVoucherSave, body);
    expect(again.body.errorMsg).toBe(LongMessages.alreadyGenerated('租入办公楼装修'));
    const unreview = await kuaiji.post(Paths.longAmortionReview, { ids: [ids.a], isReview: false });
    expect(unreview.body.errorMsg).toBe(LongMessages.voucherLocked);
    expect((await item(ids.a))?.voucherText).toMatch(/-\d+$/);
  });

  it("runs January's amortisation to a voucher once, to the fen", async () => {
    const wrongDate = await amortise('2026-01', { assetsDateTime: '2026-02-01' });
    expect(wrongDate.body.errorMsg).toBe(LongMessages.dateOutsideMonth('2026-01'));
    const stale = await amortise('2026-01', { accruedStageMoney: '500' });
    expect(stale.body.errorCode).toBe(ErrorCode.Conflict);
    const done = await amortise('2026-01', { accruedStageMoney: '533.33' });
    expect(done.body.errorMsg).toBeNull();
    expect(done.body.data.amount).toBe(533.33);
    expect(done.body.data.rows).toBe(2);
    const v = await voucher(done.body.data.vouchers[0]?.id ?? '');
    expect(lines(v)).toEqual([
      ['30106', 533.33, null],
      ['181', null, 533.33],
    ]);
    const twice = await amortise('2026-01');
    expect(twice.body.errorMsg).toBe(LongMessages.monthDone('2026-01'));
    const detail = (await kuaiji.get<AmortionDetailList>(Paths.amortionDetails, { year: 2026, month: 1 })).body.data;
    expect(detail.isProvision).toBe(true);
    expect(detail.currentPageItems.map((r) => [r.matter, r.amountThisAmortization, r.totalAmortization])).toEqual([
      ['期初装修', 200, 5000],
      ['租入办公楼装修', 333.33, 333.33],
    ]);
    expect(detail.footer.amountThisAmortization).toBe(533.33);
    expect(detail.currentPageItems[0]?.accruedDate).toBe(v.pzDate);
  });

  it('a deleted amortisation voucher leaves the month ungenerated; generating again keeps the amounts', async () => {
    const first = (await kuaiji.get<AmortionDetailList>(Paths.amortionDetails, { year: 2026, month: 1 })).body.data;
    const text = first.currentPageItems[0]?.voucherText ?? '';
    const row = await server.db.kysely
      .selectFrom('long_amortion_detail')
      .select('voucher_id')
      .where('zt_id', '=', ztId)
      .where('year', '=', 2026)
      .where('month', '=', 1)
      .executeTakeFirstOrThrow();
    await server.db.kysely
      .deleteFrom('voucher_line')
      .where('zt_id', '=', ztId)
      .where('voucher_id', '=', row.voucher_id ?? '')
      .execute();
    await server.db.kysely
      .deleteFrom('voucher')
      .where('zt_id', '=', ztId)
      .where('id', '=', row.voucher_id ?? '')
      .execute();
    const jan = (await months())[0];
    expect(jan).toMatchObject({ isProvision: true, unGenerateCertificate: true, amount: 533.33 });
    expect(text).not.toBe('');
    const again = await amortise('2026-01');
    expect(again.body.errorMsg).toBeNull();
    expect(again.body.data.amount).toBe(533.33);
    expect((await months())[0]).toMatchObject({ isProvision: true, unGenerateCertificate: false });
    expect((await item(ids.a))?.amortizedTotal).toBe(333.33);
  });

  it('February through the dialog, then March and April: B ends exactly at its amount', async () => {
    const preview = await kuaiji.post<AssetVoucherPreview>(Paths.assetVoucherPreview, {
      pzAssetType: 5,
      accruedStage: '2026-02',
    });
    expect(preview.body.data.accruedStageMoney).toBe(666.66);
    expect(preview.body.data.dateLocked).toBe(true);
    const unbalanced = await kuaiji.post(Paths.assetVoucherSave, {
      pzAssetType: 5,
      accruedStage: '2026-02',
      isAuto: false,
      subjectInfos: [
        { summary: '摊销', moneyAmount: '666.66', balanceDirection: 1, subjectCode: '30106' },
        { summary: '摊销', moneyAmount: '666.00', balanceDirection: 2, subjectCode: '181' },
      ],
    });
    expect(unbalanced.body.errorMsg).toBe(LongMessages.unbalanced);
    const feb = await kuaiji.post<AssetVoucherSaveResponse>(Paths.assetVoucherSave, { pzAssetType: 5, accruedStage: '2026-02' });
    expect(feb.body.errorMsg).toBeNull();
    expect((await amortise('2026-03')).body.data.amount).toBe(666.66);
    expect((await amortise('2026-04')).body.data.amount).toBe(666.67);
    expect((await item(ids.b))?.amortizedTotal).toBe(1000);
    expect((await item(ids.b))?.unamortizedAmount).toBe(0);
    expect((await item(ids.a))?.amortizedTotal).toBe(1333.32);
    expect((await item(ids.c))?.amortizedTotal).toBe(5000);
    expect((await months())[4]?.amount).toBe(333.33);
  });

  it("refuses another set's ids, and deletes an unreviewed item", async () => {
    const now = Date.now();
    await server.db.kysely
      .insertInto('long_amortion')
      .values({
        zt_id: otherId,
        id: 'foreign-1',
        matter: '别家',
        pay_out_amount: 100,
        pay_out_date: '2026-01-01',
        life_months: 12,
        created_by: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const foreign = await kuaiji.post(Paths.longAmortionReview, { ids: [ids.a, 'foreign-1'], isReview: true });
    expect(foreign.body.errorCode).toBe(ErrorCode.NotFound);
    const d = await save({ matter: '待删除', payOutAmount: 10, payOutDate: '2026-03-01', amortionServiceLife: 12 });
    const gone = await kuaiji.delete<{ deleted: number }>(Paths.longAmortion, { ids: d.body.data.id });
    expect(gone.body.data.deleted).toBe(1);
    expect((await list()).totalItemCount).toBe(3);
  });
});
