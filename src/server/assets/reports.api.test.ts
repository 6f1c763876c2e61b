/**
 * The asset reports (issue 23 §4) against a real server on both dialects, hand-worked to the fen.
 *
 * The set (union grassroots, 2026): 162 and 163 open at 3,000.00 (card D, keyed at initialisation, fully
 * depreciated). January: card A (computer, 12,000.00) bought, 162 12,000.00 / 101; inventory E (500.00, 10) and F
 * (200.00, 5) bought, 141 700.00 / 101; a long-term deferred expense of 1,200.00 paid (the grassroots chart has no 181: its register
 * shows alone). February: E
 * issued whole and 4 of F (160.00), 50102 660.00 / 141. March: three months of A's depreciation booked as
 * 30104 500.00 / 163, while the cards' provisions are 166.67 a month (500.01: the difference of −0.01); card B
 * (office equipment, 800.00) activated 2026-02-01 has no voucher (−800.00); card C (special equipment, 2 at
 * 2,800.00) is activated in April (outside the March register). 181 amortised 100.00 a month (its detail).
 * Revenue: 401 1,000.00 in January and 500.00 in March; 2025 (turnover rows): 400.00 in February, 1,000.00 in March.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type {
  AccountAnalysisResponse,
  AnalysisResponse,
  AssetsDebtResponse,
  LowerWarningResponse,
  WorkbookTicket,
} from '../../shared/api/schemas/assets-reports.js';
import { ReportsMessages } from '../../shared/assets/reports-messages.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { checkWorkbook, fenOf } from '../test-support/workbook-check.js';
import { seedCertificateTypes } from '../vouchers/certificate-types.js';
import { line, request, save } from '../vouchers/voucher-test-kit.js';

const SET = '资产报表测试基层工会';
const INJECTED = '=HYPERLINK("http://x","y")';

describe.each(TEST_DIALECTS)('asset reports (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let ztId: number;

  const voucher = async (month: number, debit: string, credit: string, yuan: string) => {
    const date = `2026-${String(month).padStart(2, '0')}-15`;
    const answer = await save(
      kuaiji,
      request({ month, pzDate: date, certiDetails: [line(debit, yuan, null, '资产'), line(credit, null, yuan, '资产')] }),
    );
    expect(answer.body.errorMsg).toBeNull();
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = await createSet(server.db, { name: SET, code: 'ZC-RPT-1', system: 'union-grassroots', users: ['kuaiji'] });
    const k = server.db.kysely;
    await k.updateTable('zt_year').set({ subjects_initialised: 1 }).where('zt_id', '=', ztId).execute();
    await seedCertificateTypes(k, ztId);
    await k
      .updateTable('subject')
      .set({ init_amount: 300_000 })
      .where('zt_id', '=', ztId)
      .where('code', 'in', ['162', '163'])
      .execute();
    await k.updateTable('subject').set({ init_amount: 600_000 }).where('zt_id', '=', ztId).where('code', '=', '30104').execute();
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET, 2026);
    // The first asset call makes the set's categories.
    expect((await kuaiji.get(Paths.getLowerAssetWarning)).body.data).toEqual({ rows: [] });
    const category = async (code: string) =>
      (
        await k
          .selectFrom('asset_category')
          .select('id')
          .where('zt_id', '=', ztId)
          .where('code', '=', code)
          .executeTakeFirstOrThrow()
      ).id;
    const now = Date.now();
    const card = (id: string, assetClass: number, categoryId: number, name: string, cost: number, date: string, more = {}) => ({
      zt_id: ztId,
      id,
      card_no: id,
      asset_class: assetClass,
      category_id: categoryId,
      name,
      original_value: cost,
      activation_date: date,
      created_by: 1,
      created_at: now,
      updated_at: now,
      quantity: 1,
      init_depreciation: 0,
      accumulated_depreciation: 0,
      issued_quantity: 0,
      issued_value: 0,
      is_init: 0,
      ...more,
    });
    await k
      .insertInto('asset_card')
      .values([
        card('A', 1, await category('0201'), '笔记本电脑', 1_200_000, '2026-01-10', { accumulated_depreciation: 50_001 }),
        card('B', 1, await category('0202'), INJECTED, 80_000, '2026-02-01'),
        card('C', 1, await category('0301'), '专用仪器', 280_000, '2026-04-01', { quantity: 2 }),
        card('D', 1, await category('0201'), '旧电脑', 300_000, '2018-01-01', {
          init_depreciation: 300_000,
          accumulated_depreciation: 300_000,
          is_init: 1,
        }),
        card('E', 3, await category('3101'), '打印纸', 50_000, '2026-01-05', {
          quantity: 10,
          issued_quantity: 10,
          issued_value: 50_000,
        }),
        card('F', 3, await category('3101'), '墨盒', 20_000, '2026-01-05', {
          quantity: 5,
          issued_quantity: 4,
          issued_value: 16_000,
        }),
      ])
      .execute();
    await k
      .insertInto('asset_provision')
      .values([1, 2, 3].map((month) => ({ zt_id: ztId, asset_class: 1, year: 2026, month, card_id: 'A', amount: 16_667 })))
      .execute();
    await k
      .insertInto('asset_document')
      .values({
        zt_id: ztId,
        id: 'DOC1',
        document_no: 'CK1',
        asset_class: 3,
        kind: 2,
        year: 2026,
        month: 2,
        doc_date: '2026-02-10',
        created_by: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await k
      .insertInto('asset_document_line')
      .values([
        { zt_id: ztId, document_id: 'DOC1', card_id: 'E', quantity: 10, original_amount: 50_000 },
        { zt_id: ztId, document_id: 'DOC1', card_id: 'F', quantity: 4, original_amount: 16_000 },
      ])
      .execute();
    await k
      .insertInto('long_amortion')
      .values({
        zt_id: ztId,
        id: 'L1',
        matter: '办公室装修',
        pay_out_amount: 120_000,
        pay_out_date: '2026-01-15',
        life_months: 12,
        created_by: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await k
      .insertInto('long_amortion_detail')
      .values([1, 2, 3].map((month) => ({ zt_id: ztId, year: 2026, month, item_id: 'L1', amount: 10_000 })))
      .execute();
    await voucher(1, '162', '101', '12000');
    await voucher(1, '141', '101', '700');
    await voucher(1, '101', '401', '1000');
    await voucher(2, '50102', '141', '660');
    await voucher(3, '30104', '163', '500');
    await voucher(3, '101', '401', '500');
    await k
      .insertInto('subject_balance')
      .values(
        [
          [2, 40_000],
          [3, 100_000],
        ].map(([month, credit]) => ({
          zt_id: ztId,
          year: 2025,
          month: month ?? 0,
          subject_code: '401',
          auxi_key: '',
          debit_all: 0,
          credit_all: credit ?? 0,
          debit_booked: 0,
          credit_booked: 0,
        })),
      )
      .execute();
  });
  afterAll(() => server.close());

  const march = { beginTime: '2026-01', endTime: '2026-03' };

  it('sets each register subject beside the ledger, to the fen, and says the report is not zero', async () => {
    const answer = await kuaiji.get<AssetsDebtResponse>(Paths.assetsDebtZero, march);
    expect(answer.body.errorMsg).toBeNull();
    const data = answer.body.data;
    const row = (code: string) => data.rows.find((r) => r.code === code);
    expect(row('162')).toMatchObject({
      openingBalance: 3000,
      debitOccur: 12000,
      creditOccur: 0,
      endBalance: 15000,
      register: 15800,
      difference: -800,
    });
    expect(row('163')).toMatchObject({
      openingBalance: 3000,
      debitOccur: 0,
      creditOccur: 500,
      endBalance: 3500,
      register: 3500.01,
      difference: -0.01,
    });
    expect(row('141')).toMatchObject({
      openingBalance: 0,
      debitOccur: 700,
      creditOccur: 660,
      endBalance: 40,
      register: 40,
      difference: 0,
    });
    // The grassroots chart keeps no 181: the register's 900.00 shows on a row of its own; 171 holds nothing, no row.
    expect(row('181')).toEqual({
      code: '181',
      name: ReportsMessages.notInChart('长期待摊费用'),
      level: 1,
      parentCode: null,
      type: 1,
      balanceDirection: 1,
      openingBalance: 0,
      debitOccur: 0,
      creditOccur: 0,
      endBalance: 0,
      register: 900,
      difference: -900,
    });
    expect(row('171')).toBeUndefined();
    expect(row('101')).toMatchObject({
      debitOccur: 1500,
      creditOccur: 12700,
      endBalance: -11200,
      register: null,
      difference: null,
    });
    expect(row('401')).toBeUndefined();
    expect(row('301')).toBeUndefined();
    expect(data.zero).toBe(false);
    // January alone: B is not yet activated, A has one month's provision (166.67 against no voucher).
    const jan = (await kuaiji.get<AssetsDebtResponse>(Paths.assetsDebtZero, { beginTime: '2026-01', endTime: '2026-01' })).body
      .data;
    expect(jan.rows.find((r) => r.code === '162')).toMatchObject({ endBalance: 15000, register: 15000, difference: 0 });
    expect(jan.rows.find((r) => r.code === '163')).toMatchObject({ endBalance: 3000, register: 3166.67, difference: -166.67 });
  });

  it('exports the report with live formulas that recompute to the API figures', async () => {
    const ticket = await kuaiji.get<WorkbookTicket>(Paths.reportAssetsDebtZeroAsync, march);
    expect(ticket.body.data.url).toBe(`${Paths.reportAssetsDebtZeroAsyncDataOut}?beginTime=2026-01&endTime=2026-03`);
    const file = await kuaiji.download(Paths.reportAssetsDebtZeroAsyncDataOut, march);
    expect(file.status).toBe(200);
    const book = await checkWorkbook(file.bytes);
    const sheet = book.sheet();
    const at = sheet.rowOf(1, '163');
    expect(at).toBeGreaterThan(0);
    expect(fenOf(sheet.value(at, 6))).toBe(350_000);
    expect(fenOf(sheet.value(at, 7))).toBe(350_001);
    expect(fenOf(sheet.value(at, 8))).toBe(-1);
    expect(sheet.formulas.some((f) => f.row === at && f.col === 8)).toBe(true);
    const differences = sheet.rowOf(1, '台账差额合计');
    expect(fenOf(sheet.value(differences, 8))).toBe(-170_001);
  });

  it('warns of the cards below the threshold, fully depreciated, and inventory out or low, each with its reason', async () => {
    const answer = await kuaiji.get<LowerWarningResponse>(Paths.getLowerAssetWarning);
    const rows = answer.body.data.rows.map((r) => [r.cardNo, r.reasonCode, r.reason, r.quantity, r.unitValue, r.netValue]);
    expect(rows).toEqual([
      ['B', 1, ReportsMessages.belowThreshold('通用设备', 1000), 1, 800, 800],
      ['C', 1, ReportsMessages.belowThreshold('专用设备', 1500), 2, 1400, 2800],
      ['D', 2, ReportsMessages.fullyDepreciated, 1, 3000, 0],
      ['E', 3, ReportsMessages.inventoryZero, 0, 50, 0],
      ['F', 4, ReportsMessages.inventoryLow(1), 1, 40, 40],
    ]);
    const none = await kuaiji.get<LowerWarningResponse>(Paths.getLowerAssetWarning, { lowQuantity: 0 });
    expect(none.body.data.rows.map((r) => r.cardNo)).toEqual(['B', 'C', 'D', 'E']);
    const file = await kuaiji.download(Paths.lowerAssetWarningDataOut);
    expect(file.status).toBe(200);
    const sheet = (await checkWorkbook(file.bytes, { userTexts: [INJECTED] })).sheet();
    expect(sheet.text(sheet.rowOf(1, 'B'), 2)).toBe(INJECTED);
  });

  it('analyses revenue against last year and the year to date, and one subject by month', async () => {
    const q = { beginTime: '2026-02', endTime: '2026-03' };
    const earnings = (await kuaiji.get<AnalysisResponse>(Paths.earningsAnalysis, q)).body.data;
    expect(earnings.rows).toEqual([
      {
        code: '401',
        name: '会费收入',
        level: 1,
        parentCode: null,
        current: 500,
        lastYear: 1400,
        yearToDate: 1500,
        change: -900,
        changeRate: '-64.29',
        share: '100.00',
      },
    ]);
    expect(earnings.total).toBe(500);
    const outlay = (await kuaiji.get<AnalysisResponse>(Paths.outlayAnalysis, q)).body.data;
    expect(outlay.rows.map((r) => [r.code, r.current, r.lastYear, r.yearToDate, r.changeRate, r.share])).toEqual([
      ['501', 660, 0, 660, null, '100.00'],
      ['50102', 660, 0, 660, null, '100.00'],
    ]);
    const account = (await kuaiji.get<AccountAnalysisResponse>(Paths.accountAnalysis, { code: '401' })).body.data;
    expect(account.months.slice(0, 4)).toEqual([
      { month: 1, current: 1000, lastYear: 0, yearToDate: 1000, change: 1000, changeRate: null },
      { month: 2, current: 0, lastYear: 400, yearToDate: 1000, change: -400, changeRate: '-100.00' },
      { month: 3, current: 500, lastYear: 1000, yearToDate: 1500, change: -500, changeRate: '-50.00' },
      { month: 4, current: 0, lastYear: 0, yearToDate: 1500, change: 0, changeRate: null },
    ]);
    const refused = await kuaiji.get(Paths.accountAnalysis, { code: '162' });
    expect(refused.body.errorCode).toBe(ErrorCode.NotFound);
    expect(refused.body.errorMsg).toBe(ReportsMessages.notAnalysable('162'));
    const file = await kuaiji.download(Paths.analysisDataOut, { ...q, kind: 'outlay' });
    const sheet = (await checkWorkbook(file.bytes)).sheet();
    const total = sheet.rowOf(1, '合计');
    expect(fenOf(sheet.value(total, 3))).toBe(66_000);
    expect(fenOf(sheet.value(total, 5))).toBe(66_000);
  });
});
