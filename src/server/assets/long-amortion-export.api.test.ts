import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmortionResponse, LongAmortionItem } from '../../shared/api/schemas/assets-long.js';
import { Paths } from '../../shared/api/paths.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet, openPlatform } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { checkWorkbook, fenOf } from '../test-support/workbook-check.js';

// The 181 subject is in the county chart.
const SET = '摊销明细导出测试县级工会';
const INJECTED = '=HYPERLINK("http://x","y")';

/**
 * Hand-worked (fen): A 12 000.00 paid 2026-01-15 over 36 months → 333.33 a month; B (named with a formula, to prove
 * it stays text) 600.00 paid 2026-01-20 over 6 months → 100.00 a month. January: 333.33 + 100.00 = 433.33, both
 * totals through January the same. February not yet amortised: the export is the preview (same figures, no voucher),
 * totals through February 666.66 + 200.00 = 866.66.
 */
describe.each(TEST_DIALECTS)('long-term deferred expenses: the amortisation detail workbook (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const ztId = await createSet(server.db, {
      name: SET,
      code: 'CQDT-X1',
      system: 'union-county',
      year: 2026,
      users: ['kuaiji'],
    });
    await openPlatform(server.db, ztId, 'assets');
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET, 2026);
    const save = (body: Record<string, unknown>) => kuaiji.post<LongAmortionItem>(Paths.longAmortion, body);
    const a = await save({ matter: '租入办公楼装修', payOutAmount: '12000', payOutDate: '2026-01-15', amortionServiceLife: 36 });
    const b = await save({ matter: INJECTED, payOutAmount: '600', payOutDate: '2026-01-20', amortionServiceLife: 6 });
    expect(b.body.errorMsg).toBeNull();
    await kuaiji.post(Paths.longAmortionReview, { ids: [a.body.data.id, b.body.data.id], isReview: true });
    const done = await kuaiji.post<AmortionResponse>(Paths.addAccruedStageAmortionDetailsList, { accruedStage: '2026-01' });
    expect(done.body.data.amount).toBe(433.33);
  });
  afterAll(() => server.close());

  const sheetOf = async (month: number) => {
    const file = await kuaiji.download(Paths.amortionExport, { year: 2026, month });
    expect(file.status).toBe(200);
    return (await checkWorkbook(file.bytes, { userTexts: [INJECTED] })).sheet();
  };

  it("exports the month's rows with live SUM totals, recalculated to the fen, names as text", async () => {
    const sheet = await sheetOf(1);
    expect(sheet.headTexts().join('|')).toContain('长期待摊费用摊销明细表');
    expect(sheet.headTexts().join('|')).toContain('2026年1月');
    const a = sheet.rowOf(1, '租入办公楼装修');
    const b = sheet.rowOf(1, INJECTED);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(sheet.text(a, 3)).toBe('2026-01');
    expect(fenOf(sheet.value(a, 4))).toBe(1_200_000);
    expect(fenOf(sheet.value(a, 5))).toBe(33_333);
    expect(fenOf(sheet.value(b, 5))).toBe(10_000);
    expect(sheet.text(a, 7)).not.toBe('');
    const total = Math.max(a, b) + 1;
    expect(fenOf(sheet.value(total, 4))).toBe(1_260_000);
    expect(fenOf(sheet.value(total, 5))).toBe(43_333);
    expect(fenOf(sheet.value(total, 6))).toBe(43_333);
    const sums = sheet.formulas.filter((f) => f.row === total);
    expect(sums.map((f) => f.col).sort()).toEqual([4, 5, 6]);
    expect(sums.every((f) => /^SUM\(/i.test(f.formula))).toBe(true);
  });

  it('exports a month not yet amortised as the preview (the amounts due, no voucher)', async () => {
    const sheet = await sheetOf(2);
    expect(sheet.headTexts().join('|')).toContain('未计提');
    const a = sheet.rowOf(1, '租入办公楼装修');
    expect(fenOf(sheet.value(a, 5))).toBe(33_333);
    expect(fenOf(sheet.value(a, 6))).toBe(66_666);
    expect(sheet.text(a, 7)).toBe('');
    const total = Math.max(a, sheet.rowOf(1, INJECTED)) + 1;
    expect(fenOf(sheet.value(total, 6))).toBe(86_666);
  });

  it('refuses a month outside 1–12', async () => {
    const file = await kuaiji.download(Paths.amortionExport, { year: 2026, month: 13 });
    expect(file.status).not.toBe(200);
  });
});
