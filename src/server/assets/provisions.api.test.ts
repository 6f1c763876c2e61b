/**
 * The vouchers lane against a real server on both dialects, worked by hand to the fen:
 * - a desk (10,000.00, 60 months) bought 2026-07-15 is depreciated from July (当月增加当月计提) through December:
 *   monthly 10,000.00 / 60 = 166.666… → 166.67, six months 1,000.02; its addition voucher Dr 162 10,000.00;
 * - software (3,600.00, 120 months) activated 2026-10-01 is amortised 30.00 a month, 90.00 through December;
 * - after each, the cards' original and accumulated equal the 162/163 and 171/172 balances of the ledger;
 * - a month is run once, never with a gap; its voucher is generated once; a deleted voucher makes the month
 *   "done without voucher" again; the entry checks answer the spec's messages; isOnePz both ways.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetVoucherPreview, AssetVoucherSaveResponse } from '../../shared/api/schemas/assets-voucher.js';
import type { ProvisionDetailPage, ProvisionMonthRow } from '../../shared/api/schemas/assets-vouchers.js';
import type { SubjectBalanceResponse, Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { AssetVoucherMessages as M } from '../../shared/assets/vouchers-messages.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet, openPlatform } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { refOf } from '../vouchers/voucher-test-kit.js';
import { assetContext } from './context.js';

describe.each(TEST_DIALECTS)('asset depreciation, amortisation and their vouchers (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let ztId: number;
  const SET = `资产凭证测试工会-${dialect}`;

  const card = async (
    id: string,
    values: {
      cls: 1 | 2;
      no: string;
      name: string;
      fen: number;
      life: number;
      date: string;
      categoryCode: string;
      review?: boolean;
    },
  ) => {
    const k = server.db.kysely;
    const category = await k
      .selectFrom('asset_category')
      .select('id')
      .where('zt_id', '=', ztId)
      .where('asset_class', '=', values.cls)
      .where('depreciates', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await k
      .insertInto('asset_card')
      .values({
        zt_id: ztId,
        id,
        card_no: values.no,
        asset_class: values.cls,
        category_id: category.id,
        name: values.name,
        original_value: values.fen,
        life_months: values.life,
        activation_date: values.date,
        is_review: values.review === false ? 0 : 1,
        created_by: 1,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = await createSet(server.db, {
      name: SET,
      code: `ZC-VCH-${dialect}`,
      system: 'union-county',
      year: 2026,
      users: ['kuaiji'],
    });
    await openPlatform(server.db, ztId, 'assets');
    await assetContext(server.db.kysely, { id: ztId, year: 2026 });
    await server.db.kysely.updateTable('asset_setting').set({ init_done: 1 }).where('zt_id', '=', ztId).execute();
    await card('card-desk', {
      cls: 1,
      no: 'GD-001',
      name: '办公桌',
      fen: 1_000_000,
      life: 60,
      date: '2026-07-15',
      categoryCode: '',
    });
    await card('card-pc', { cls: 1, no: 'GD-002', name: '电脑', fen: 600_000, life: 36, date: '2026-08-01', categoryCode: '' });
    await card('card-draft', {
      cls: 1,
      no: 'GD-003',
      name: '未审核',
      fen: 50_000,
      life: 12,
      date: '2026-01-01',
      categoryCode: '',
      review: false,
    });
    await card('card-soft', {
      cls: 2,
      no: 'WX-001',
      name: '财务软件',
      fen: 360_000,
      life: 120,
      date: '2026-10-01',
      categoryCode: '',
    });
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET, 2026);
  });
  afterAll(() => server.close());

  const run = (assetClass: 1 | 2, month: number) =>
    kuaiji.post<{ cardCount: number; total: number }>(Paths.assetProvisionRun, { assetClass, year: 2026, month });
  const months = async (assetClass: 1 | 2) =>
    (await kuaiji.get<ProvisionMonthRow[]>(Paths.assetProvisionMonths, { assetClass, year: 2026 })).body.data;
  const preview = (body: Record<string, unknown>) => kuaiji.post<AssetVoucherPreview>(Paths.assetVoucherPreview, body);
  const save = (body: Record<string, unknown>) => kuaiji.post<AssetVoucherSaveResponse>(Paths.assetVoucherSave, body);
  const balance = async (code: string) =>
    (await kuaiji.get<SubjectBalanceResponse>(Paths.subjectBalance, { code, year: 2026, month: 12 })).body.data.balance;
  const cardSums = async (cls: number) => {
    const row = await server.db.kysely
      .selectFrom('asset_card')
      .select((eb) => [eb.fn.sum<number>('original_value').as('o'), eb.fn.sum<number>('accumulated_depreciation').as('a')])
      .where('zt_id', '=', ztId)
      .where('asset_class', '=', cls)
      .where('is_review', '=', 1)
      .executeTakeFirstOrThrow();
    return { original: Number(row.o) / 100, accumulated: Number(row.a) / 100 };
  };

  it('generates the additions: one voucher for all (isOnePz), Dr 162 / Cr 30104 and Dr 50702 / Cr 102', async () => {
    const p = await preview({ pzAssetType: 1, assetClass: 1 });
    expect(p.body.errorMsg).toBeNull();
    expect(p.body.data.accruedStageMoney).toBe(16_000);
    expect(p.body.data.subjectInfos.map((e) => [e.subjectCode, e.balanceDirection, e.moneyAmount])).toEqual([
      ['50702', 1, 16_000],
      ['102', 2, 16_000],
      ['162', 1, 16_000],
      ['30104', 2, 16_000],
    ]);
    const saved = await save({
      pzAssetType: 1,
      assetClass: 1,
      isOnePz: true,
      isAuto: true,
      czy: '会计',
      certificateType: p.body.data.certificateType,
    });
    expect(saved.body.errorMsg).toBeNull();
    expect(saved.body.data.vouchers).toHaveLength(1);
    const again = await save({ pzAssetType: 1, assetClass: 1, isOnePz: true, isAuto: true });
    expect(again.body.errorMsg).toBe(M.nothingToGenerate);
    expect(await balance('162')).toBe(16_000);
  });

  it('generates an intangible addition per card (isOnePz false)', async () => {
    const saved = await save({ pzAssetType: 1, assetClass: 2, isOnePz: false, isAuto: true, assetsCards: ['card-soft'] });
    expect(saved.body.errorMsg).toBeNull();
    expect(saved.body.data.vouchers).toHaveLength(1);
    expect(await balance('171')).toBe(3_600);
    const unreviewed = await save({ pzAssetType: 1, assetClass: 1, isAuto: true, assetsCards: ['card-draft'] });
    expect(unreviewed.body.errorMsg).toBe(M.cardNotReviewed);
  });

  it('runs months in order only: no gap, never twice', async () => {
    expect((await run(1, 3)).body.errorMsg).toBe(M.gapBefore(2026, 1));
    for (let m = 1; m <= 6; m++) expect((await run(1, m)).body.errorMsg).toBeNull();
    expect((await run(1, 6)).body.errorMsg).toBe(M.alreadyRun(2026, 6));
    const list = await months(1);
    expect(list.filter((r) => r.isProvision).map((r) => r.month)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(list.every((r) => r.total === 0 || !r.isProvision)).toBe(true);
    expect(list.find((r) => r.month === 7)?.canRun).toBe(true);
  });

  it('depreciates the desk from July (activation month) and the PC from August, to the fen', async () => {
    const july = await run(1, 7);
    expect(july.body.errorMsg).toBeNull();
    expect(july.body.data).toEqual({ cardCount: 1, total: 166.67 });
    const detail = await kuaiji.get<ProvisionDetailPage>(Paths.assetProvisionDetail, { assetClass: 1, accruedStage: '2026-07' });
    expect(detail.body.data.footer.accruedValueSum).toBe(166.67);
    expect(detail.body.data.currentPageItems[0]).toMatchObject({
      detailFixedNo: 'GD-001',
      accruedValue: 166.67,
      cumulativeValue: 166.67,
      residualValue: 9_833.33,
      accrueddateString: '1/60',
    });
    const p = await preview({ pzAssetType: 2, assetClass: 1, accruedStage: '2026-07' });
    expect(p.body.data.accruedStageMoney).toBe(166.67);
    expect(p.body.data.subjectInfos.map((e) => [e.subjectCode, e.balanceDirection, e.moneyAmount])).toEqual([
      ['30104', 1, 166.67],
      ['163', 2, 166.67],
    ]);
    expect(p.body.data.assetsDateTime.startsWith('2026-07-')).toBe(true);
  });

  it('checks the entries in the spec order and the date in the accrued month', async () => {
    const base = {
      pzAssetType: 2,
      assetClass: 1,
      accruedStage: '2026-07',
      czy: '会计',
      certificateType: 1,
      assetsDateTime: '2026-07-31',
    };
    const line = (code: string, dir: 1 | 2, amount: string, summary = '计提折旧') => ({
      summary,
      subjectCode: code,
      balanceDirection: dir,
      moneyAmount: amount,
    });
    expect(
      (await save({ ...base, certificateType: undefined, subjectInfos: [line('30104', 1, '166.67'), line('163', 2, '166.67')] }))
        .body.errorMsg,
    ).toBe(M.selectCategory);
    expect(
      (await save({ ...base, czy: '', subjectInfos: [line('30104', 1, '166.67'), line('163', 2, '166.67')] })).body.errorMsg,
    ).toBe(M.selectMaker);
    expect(
      (await save({ ...base, subjectInfos: [line('30104', 1, '166.67', ''), line('163', 2, '166.67')] })).body.errorMsg,
    ).toBe(M.summaryEmpty);
    expect((await save({ ...base, subjectInfos: [line('30104', 1, '0'), line('163', 2, '166.67')] })).body.errorMsg).toBe(
      M.amountEmpty,
    );
    expect((await save({ ...base, subjectInfos: [line('', 1, '166.67'), line('163', 2, '166.67')] })).body.errorMsg).toBe(
      M.subjectEmpty,
    );
    expect((await save({ ...base, subjectInfos: [line('30104', 1, '166.66'), line('163', 2, '166.67')] })).body.errorMsg).toBe(
      M.debitNotAccrual(16_667),
    );
    expect((await save({ ...base, subjectInfos: [line('30104', 1, '166.67'), line('163', 2, '166.68')] })).body.errorMsg).toBe(
      M.creditNotAccrual(16_667),
    );
    expect(
      (
        await save({
          ...base,
          assetsDateTime: '2026-08-01',
          subjectInfos: [line('30104', 1, '166.67'), line('163', 2, '166.67')],
        })
      ).body.errorMsg,
    ).toBe(M.dateOutsideMonth(2026, 7));
    const ok = await save({ ...base, subjectInfos: [line('30104', 1, '166.67'), line('163', 2, '166.67')] });
    expect(ok.body.errorMsg).toBeNull();
    expect((await save({ ...base, subjectInfos: [line('30104', 1, '166.67'), line('163', 2, '166.67')] })).body.errorMsg).toBe(
      M.nothingToGenerate,
    );
    expect((await months(1)).find((r) => r.month === 7)?.unGenerateCertificate).toBe(false);
  });

  it('a deleted voucher makes the month done without voucher again; the undo waits for it', async () => {
    const run8 = await run(1, 8);
    expect(run8.body.data).toEqual({ cardCount: 2, total: 333.34 }); // 166.67 + 6,000.00 / 36 = 166.666… → 166.67
    const saved = await save({
      pzAssetType: 2,
      assetClass: 1,
      accruedStage: '2026-08',
      isAuto: true,
      czy: '会计',
      certificateType: 1,
    });
    expect(saved.body.errorMsg).toBeNull();
    const id = saved.body.data.vouchers[0]?.id ?? '';
    expect((await kuaiji.delete(Paths.assetProvisionRun, { assetClass: 1, year: 2026, month: 8 })).body.errorMsg).toBe(
      M.runHasVoucher,
    );
    const v = (await kuaiji.get<Voucher>(Paths.certificateDetail, { id })).body.data;
    expect(
      (await kuaiji.delete(Paths.certificate, { year: 2026, details: JSON.stringify([refOf(v)]) })).body.errorMsg,
    ).toBeNull();
    expect((await months(1)).find((r) => r.month === 8)).toMatchObject({ isProvision: true, unGenerateCertificate: true });
    expect((await kuaiji.delete(Paths.assetProvisionRun, { assetClass: 1, year: 2026, month: 7 })).body.errorMsg).toBe(
      M.notLastRun,
    );
    const undone = await kuaiji.delete(Paths.assetProvisionRun, { assetClass: 1, year: 2026, month: 8 });
    expect(undone.body.errorMsg).toBeNull();
    expect((await cardSums(1)).accumulated).toBe(166.67);
    expect((await run(1, 8)).body.data.total).toBe(333.34);
    expect(
      (await save({ pzAssetType: 2, assetClass: 1, accruedStage: '2026-08', isAuto: true, czy: '会计', certificateType: 1 })).body
        .errorMsg,
    ).toBeNull();
  });

  it('runs through December; the cards equal the 162/163 balances to the fen', async () => {
    for (let m = 9; m <= 12; m++) {
      expect((await run(1, m)).body.errorMsg).toBeNull();
      const s = await save({
        pzAssetType: 2,
        assetClass: 1,
        accruedStage: `2026-${String(m).padStart(2, '0')}`,
        isAuto: true,
        czy: '会计',
        certificateType: 1,
      });
      expect(s.body.errorMsg).toBeNull();
    }
    // Desk: 6 × 166.67 = 1,000.02; PC: 5 × 166.67 = 833.35.
    const sums = await cardSums(1);
    expect(sums).toEqual({ original: 16_000, accumulated: 1_833.37 });
    expect(await balance('162')).toBe(sums.original);
    expect(await balance('163')).toBe(sums.accumulated);
  });

  it('amortises the software from October, 30.00 a month; the cards equal the 171/172 balances', async () => {
    for (let m = 1; m <= 12; m++) expect((await run(2, m)).body.errorMsg).toBeNull();
    const p = await preview({ pzAssetType: 2, assetClass: 2, accruedStage: '2026-10' });
    expect(p.body.data.subjectInfos.map((e) => [e.subjectCode, e.balanceDirection, e.moneyAmount])).toEqual([
      ['30105', 1, 30],
      ['172', 2, 30],
    ]);
    for (const m of [10, 11, 12]) {
      const s = await save({
        pzAssetType: 2,
        assetClass: 2,
        accruedStage: `2026-${m}`,
        isAuto: true,
        czy: '会计',
        certificateType: 1,
      });
      expect(s.body.errorMsg).toBeNull();
    }
    const sums = await cardSums(2);
    expect(sums).toEqual({ original: 3_600, accumulated: 90 });
    expect(await balance('171')).toBe(sums.original);
    expect(await balance('172')).toBe(sums.accumulated);
    expect((await months(2)).filter((r) => r.unGenerateCertificate).map((r) => r.month)).toEqual([]);
  });

  it('answers the classification and the workbook', async () => {
    const c = await kuaiji.get<{ item1: { sortsTypeName: string; accruedValue: number }[] }>(Paths.assetProvisionClassification, {
      assetClass: 1,
      accruedStage: '2026-12',
    });
    expect(c.body.data.item1).toEqual([{ sortsTypeName: '工会资产', accruedValue: 333.34, cardCount: 2 }]);
    const x = await kuaiji.download(Paths.assetProvisionExport, { assetClass: 1, accruedStage: '2026-12' });
    expect(x.status).toBe(200);
    expect(x.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.bytes.buffer as ArrayBuffer);
    const formulas: string[] = [];
    book.worksheets[0]?.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.formula) formulas.push(cell.formula);
      }),
    );
    expect(formulas.some((f) => f.startsWith('SUM('))).toBe(true);
  });
});
