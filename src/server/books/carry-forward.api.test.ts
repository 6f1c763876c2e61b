/**
 * Carry-forward vouchers (voucher.carry_over 1 month-end, 2 year-end) in the books, over the real
 * server: the detail ledger leaves them out on request (removeCarryForwardVoucher), and the income
 * and expense statement never counts them, so its lines keep what was taken in and spent after the
 * income and expense have been carried to net assets. The carry-forward vouchers are saved through
 * the voucher call and marked in the database, as the close chapter's generator will mark them.
 *
 * The case (a grassroots union, 2026, yuan): openings 102 10,000.00 / 32205 10,000.00.
 *   Jan  8 收会费 借 102 / 贷 401 1,000.00; Jan 15 文体活动 借 50102 / 贷 102 300.00
 *   Jan 31 结转本月收支 (carry_over 1): 借 401 1,000.00 / 贷 32203 1,000.00; 借 32203 300.00 / 贷 50102 300.00
 *   Feb 10 收会费 借 102 / 贷 401 500.00
 *   Feb 28 结转本月收支 (carry_over 2): 借 401 500.00 / 贷 32203 500.00
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetailLedgerResponse } from '../../shared/api/books.js';
import type { ReportResponse } from '../../shared/api/reports.js';
import type { VoucherLineInput } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { line, request, save } from '../vouchers/voucher-test-kit.js';

const SET = '示范市结转测试工会';

describe.each(TEST_DIALECTS)('carry-forward vouchers in the books (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await createSet(server.db, { name: SET, code: 'JZCS', system: 'union-grassroots', users: ['kuaiji'] });
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET);
    const opened = await kuaiji.post(Paths.branchSave, {
      detailList: [
        { code: '102', initAmount: 10_000 },
        { code: '32205', initAmount: 10_000 },
      ],
      confirmPrompt: false,
      autoUnderAllAcc: true,
    });
    expect(opened.body.success, opened.body.errorMsg ?? '').toBe(true);
    const key = async (date: string, lines: VoucherLineInput[], carryOver = 0) => {
      const answer = await save(kuaiji, request({ month: Number(date.slice(5, 7)), pzDate: date, certiDetails: lines }));
      expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
      if (carryOver)
        await server.db.kysely
          .updateTable('voucher')
          .set({ carry_over: carryOver })
          .where('id', '=', answer.body.data.id)
          .execute();
    };
    await key('2026-01-08', [line('102', '1000', null, '收会费'), line('401', null, '1000', '收会费')]);
    await key('2026-01-15', [line('50102', '300', null, '文体活动'), line('102', null, '300', '文体活动')]);
    await key(
      '2026-01-31',
      [
        line('401', '1000', null, '结转本月收支'),
        line('32203', null, '1000', '结转本月收支'),
        line('32203', '300', null, '结转本月收支'),
        line('50102', null, '300', '结转本月收支'),
      ],
      1,
    );
    await key('2026-02-10', [line('102', '500', null, '收会费'), line('401', null, '500', '收会费')]);
    await key('2026-02-28', [line('401', '500', null, '结转本月收支'), line('32203', null, '500', '结转本月收支')], 2);
  }, 60_000);
  afterAll(() => server.close());

  const ledger = async (code: string, beginTime: string, removeCarryForwardVoucher: boolean) => {
    const answer = await kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, {
      code,
      beginTime,
      endTime: '2026-02',
      removeCarryForwardVoucher,
    });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    return answer.body.data.rows.map((r) => [r.summary, r.debit, r.credit, r.direction, r.balance]);
  };

  it('lists the carry-forward lines, or leaves them out of lines, balances and totals on request', async () => {
    expect(await ledger('401', '2026-01', false)).toEqual([
      ['上年结转', 0, 0, 0, 0],
      ['收会费', 0, 1000, 2, 1000],
      ['结转本月收支', 1000, 0, 0, 0],
      ['本月合计', 1000, 1000, 0, 0],
      ['本年累计', 1000, 1000, 0, 0],
      ['收会费', 0, 500, 2, 500],
      ['结转本月收支', 500, 0, 0, 0],
      ['本月合计', 500, 500, 0, 0],
      ['本年累计', 1500, 1500, 0, 0],
    ]);
    expect(await ledger('401', '2026-01', true)).toEqual([
      ['上年结转', 0, 0, 0, 0],
      ['收会费', 0, 1000, 2, 1000],
      ['本月合计', 0, 1000, 2, 1000],
      ['本年累计', 0, 1000, 2, 1000],
      ['收会费', 0, 500, 2, 1500],
      ['本月合计', 0, 500, 2, 1500],
      ['本年累计', 0, 1500, 2, 1500],
    ]);
    // February opens from January without its carry-forward.
    expect((await ledger('401', '2026-02', true))[0]).toEqual(['期初余额', 0, 0, 2, 1000]);
    expect((await ledger('401', '2026-02', false))[0]).toEqual(['期初余额', 0, 0, 0, 0]);
    // 32203 moves only by carry-forward: nothing left of it (all zero, so not shown).
    expect(await ledger('32203', '2026-01', true)).toEqual([]);
    expect((await ledger('32203', '2026-01', false)).at(-1)).toEqual(['本年累计', 300, 1500, 2, 1200]);
  });

  const incomeExpense = async (begin: string, end: string) => {
    const answer = await kuaiji.get<ReportResponse>(Paths.incomeExpense, { beginYearMonth: begin, endYearMonth: end });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    const line = (name: string) => answer.body.data.lines.find((l) => l.name === name)?.amounts;
    return { line, report: answer.body.data };
  };

  it('keeps the income and expense lines of the statement after the carry-forward', async () => {
    const january = await incomeExpense('2026-01', '2026-01');
    expect(january.line('（一）会费收入')).toEqual({ current: 1000, cumulative: 1000 });
    expect(january.line('三、收入合计')).toEqual({ current: 1000, cumulative: 1000 });
    expect(january.line('（一）职工活动支出')).toEqual({ current: 300, cumulative: 300 });
    expect(january.line('四、支出合计')).toEqual({ current: 300, cumulative: 300 });
    expect(january.line('五、本期收支差额')).toEqual({ current: 700, cumulative: 700 });
    // 资金结转结余调整及变动 reads 32201 (年初余额调整), which the carry-forward does not touch.
    expect(january.line('二、资金结转结余调整及变动')).toEqual({ current: 0, cumulative: 0 });
    const february = await incomeExpense('2026-02', '2026-02');
    expect(february.line('（一）会费收入')).toEqual({ current: 500, cumulative: 1500 });
    expect(february.line('（一）职工活动支出')).toEqual({ current: 0, cumulative: 300 });
    expect(february.line('五、本期收支差额')).toEqual({ current: 500, cumulative: 1200 });
    // The annual statement: its balance lines keep the carry-forward, so 年初 10,000 + 差额 1,200 =
    // 年末 11,200 (322 工会资金结余 after both carry-forwards).
    const year = await incomeExpense('2026-01', '2026-12');
    expect(year.report.mode).toBe('annual');
    expect(year.line('（二）年初资金结余')?.current).toBe(10_000);
    expect(year.line('三、收入合计')?.current).toBe(1_500);
    expect(year.line('四、支出合计')?.current).toBe(300);
    expect(year.line('五、本期收支差额')?.current).toBe(1_200);
    expect(year.line('（二）年末资金结余')?.current).toBe(11_200);
  });

  it('balances the balance sheet after the carry-forward without the carryOver option', async () => {
    const answer = await kuaiji.get<ReportResponse>(Paths.balanceSheet, { beginYearMonth: '2026-01', endYearMonth: '2026-02' });
    const closing = (name: string) => answer.body.data.lines.find((l) => l.name === name)?.amounts.closing;
    // 10,000 + 1,000 - 300 + 500 = 11,200 on both sides.
    expect(closing('货币资金')).toBe(11_200);
    expect(closing('工会资金结余')).toBe(11_200);
    expect(answer.body.data.balanced).toBe(true);
  });
});
