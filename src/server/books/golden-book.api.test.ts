/**
 * The golden book: a small grassroots union (示范市金桥社区工会) keeps four months of 2026 through
 * the real API — openings saved with branchSave, fifty vouchers keyed with the voucher call, the
 * staff-education expense (50101) kept by 经费核算 item — and the books (trial balance, general
 * ledger, detail ledger by item, every line of the balance sheet and of the income and expense
 * statement) must show the figures worked out by hand below. Amounts are yuan, in the comments
 * and on the wire (the openings call still takes fen).
 *
 * Openings (1 January 2026):
 *   借 101 库存现金 2,000.00; 102 银行存款 150,000.00; 162 固定资产 30,000.00      = 182,000.00
 *   贷 163 累计折旧 6,000.00; 30104 资产基金-固定资产 24,000.00 (30,000 - 6,000);
 *      32205 累计结余 152,000.00 (101 + 102)                                        = 182,000.00
 *
 * Every month, January to April (12 vouchers a month, 48):
 *   5 × 收会费        借 102 / 贷 401  1,200.00 each   → 102 借 6,000.00, 401 贷 6,000.00
 *   1 × 收拨缴经费    借 102 / 贷 402 20,000.00
 *   1 × 提取现金      借 101 / 贷 102  1,000.00
 *   2 × 文体活动      借 50102 / 贷 101  300.00 each   → 50102 借 600.00
 *   1 × 职工教育      借 50101 (经费核算 item A in Jan/Mar, B in Feb/Apr) / 贷 102 2,500.00
 *   1 × 送温暖        借 50405 3,000.00, 借 50404 1,000.00 / 贷 102 4,000.00 (three lines)
 *   1 × 培训          借 50501 / 贷 101  800.00
 * February also (2 vouchers): 购置办公设备 借 50702 / 贷 102 6,000.00, and the asset fund for it
 * 借 162 / 贷 30104 6,000.00. Fifty vouchers in all.
 *
 * A month therefore moves 102 借 26,000.00 (6,000 + 20,000), 贷 7,500.00 (1,000 + 2,500 + 4,000),
 * plus 贷 6,000.00 in February; 101 借 1,000.00, 贷 1,400.00 (600 + 800).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DetailLedgerResponse,
  GeneralLedgerResponse,
  TrialBalanceResponse,
  TrialBalanceRow,
} from '../../shared/api/books.js';
import type { ReportResponse } from '../../shared/api/reports.js';
import type { VoucherLineInput } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { line, request, save } from '../vouchers/voucher-test-kit.js';
import { storedBalances } from './balances.js';

const SET = '示范市金桥社区工会';

/**
 * The trial balance of January to April, by hand. [opening side, opening, debit, credit, closing
 * side, closing] in yuan; side 1 借, 2 贷, 0 平.
 */
const TRIAL_JAN_APR: Record<string, [number, number, number, number, number, number]> = {
  // 2,000 + 4 × 1,000 - 4 × 1,400 = 400
  '101': [1, 2_000, 4_000, 5_600, 1, 400],
  // 150,000 + 4 × 26,000 - (4 × 7,500 + 6,000) = 150,000 + 104,000 - 36,000 = 218,000
  '102': [1, 150_000, 104_000, 36_000, 1, 218_000],
  // 30,000 + 6,000
  '162': [1, 30_000, 6_000, 0, 1, 36_000],
  '163': [2, 6_000, 0, 0, 2, 6_000],
  // 24,000 + 6,000
  '301': [2, 24_000, 0, 6_000, 2, 30_000],
  '30104': [2, 24_000, 0, 6_000, 2, 30_000],
  '322': [2, 152_000, 0, 0, 2, 152_000],
  '32205': [2, 152_000, 0, 0, 2, 152_000],
  // 4 × 6,000
  '401': [0, 0, 0, 24_000, 2, 24_000],
  // 4 × 20,000
  '402': [0, 0, 0, 80_000, 2, 80_000],
  // 50101 4 × 2,500 = 10,000; 50102 4 × 600 = 2,400
  '501': [0, 0, 12_400, 0, 1, 12_400],
  '50101': [0, 0, 10_000, 0, 1, 10_000],
  '50102': [0, 0, 2_400, 0, 1, 2_400],
  // 50404 4 × 1,000; 50405 4 × 3,000
  '504': [0, 0, 16_000, 0, 1, 16_000],
  '50404': [0, 0, 4_000, 0, 1, 4_000],
  '50405': [0, 0, 12_000, 0, 1, 12_000],
  // 4 × 800
  '505': [0, 0, 3_200, 0, 1, 3_200],
  '50501': [0, 0, 3_200, 0, 1, 3_200],
  '507': [0, 0, 6_000, 0, 1, 6_000],
  '50702': [0, 0, 6_000, 0, 1, 6_000],
};

/**
 * First-level totals of January to April:
 *   opening 借 182,000 = 贷 182,000;
 *   debit 4,000 + 104,000 + 6,000 + 12,400 + 16,000 + 3,200 + 6,000 = 151,600
 *   credit 5,600 + 36,000 + 6,000 + 24,000 + 80,000 = 151,600
 *   closing 借 400 + 218,000 + 36,000 + 12,400 + 16,000 + 3,200 + 6,000 = 292,000
 *           贷 6,000 + 30,000 + 152,000 + 24,000 + 80,000 = 292,000
 */
const CHECK_JAN_APR = { initial: 182_000, occur: 151_600, end: 292_000 };

/**
 * The balance sheet (工会01表, interim, January to April) line by line, by hand: [name, 年初余额,
 * 期末余额] in yuan, null for a heading. The 基层 chart lacks 111 零余额账户用款额度 (an
 * interim-only line, marked *) and the other 县级以上 subjects: their lines read 0.
 *   货币资金 101 + 102: 2,000 + 150,000 = 152,000 → 400 + 218,000 = 218,400
 *   固定资产原值 162 30,000 → 36,000; 累计折旧 163 6,000 → 6,000; 净值 24,000 → 30,000
 *   流动资产合计 = 货币资金; 资产总计 152,000 + 24,000 = 176,000 → 218,400 + 30,000 = 248,400
 *   资产基金 301 24,000 → 30,000; 工会资金结余 322 152,000 → 152,000
 *   净资产合计 = 负债与净资产总计 176,000 → 182,000: at the end 66,400 short of the assets, the
 *   revenue less expense not yet carried forward (see the income statement).
 * With carryOver the 66,400 goes to 工会资金结余: 218,400, 净资产合计 and 总计 248,400 = 资产总计.
 */
const BALANCE_SHEET_JAN_APR: [string, number | null, number | null][] = [
  ['一、资产', null, null],
  ['流动资产：', null, null],
  ['货币资金', 152_000, 218_400],
  ['零余额账户用款额度*', 0, 0],
  ['财政应返还额度', 0, 0],
  ['应收上级经费', 0, 0],
  ['应收下级经费', 0, 0],
  ['其他应收款', 0, 0],
  ['库存物品', 0, 0],
  ['流动资产合计', 152_000, 218_400],
  ['投资', 0, 0],
  ['在建工程', 0, 0],
  ['固定资产原值', 30_000, 36_000],
  ['减：累计折旧', 6_000, 6_000],
  ['固定资产净值', 24_000, 30_000],
  ['无形资产原值', 0, 0],
  ['减：累计摊销', 0, 0],
  ['无形资产净值', 0, 0],
  ['长期待摊费用', 0, 0],
  ['待处理财产损溢', 0, 0],
  ['资产总计', 176_000, 248_400],
  ['二、负债', null, null],
  ['应付职工薪酬', 0, 0],
  ['应付上级经费', 0, 0],
  ['应付下级经费', 0, 0],
  ['其他应付款', 0, 0],
  ['代管经费', 0, 0],
  ['负债合计', 0, 0],
  ['三、净资产', null, null],
  ['资产基金', 24_000, 30_000],
  ['专用基金', 0, 0],
  ['工会资金结转', 0, 0],
  ['工会资金结余', 152_000, 152_000],
  ['财政拨款结转', 0, 0],
  ['财政拨款结余', 0, 0],
  ['预算稳定调节基金', 0, 0],
  ['净资产合计', 176_000, 182_000],
  ['负债与净资产总计', 176_000, 182_000],
];

/**
 * The income and expense statement (工会02表, interim) of April, by hand: [name, 本月数, 本年累计数]
 * in yuan. April: 会费 5 × 1,200 = 6,000, 拨缴经费 20,000; 职工活动支出 2,500 + 600 = 3,100,
 * 维权支出 3,000 + 1,000 = 4,000, 业务支出 800, 资本性支出 0 (February only). January to April:
 * 24,000, 80,000; 12,400, 16,000, 3,200, 6,000.
 *   收入合计 26,000 / 104,000; 支出合计 3,100 + 4,000 + 800 = 7,900 / 12,400 + 16,000 + 3,200 +
 *   6,000 = 37,600; 本期收支差额 26,000 - 7,900 = 18,100 / 104,000 - 37,600 = 66,400.
 * The annual-only lines (年初 and 年末资金结转结余) stay blank in an interim statement.
 */
const INCOME_EXPENSE_APR: [string, number | null, number | null][] = [
  ['一、年初资金结转结余', null, null],
  ['（一）年初资金结转', null, null],
  ['（二）年初资金结余', null, null],
  ['二、资金结转结余调整及变动', 0, 0],
  ['三、收入合计', 26_000, 104_000],
  ['（一）会费收入', 6_000, 24_000],
  ['（二）拨缴经费收入', 20_000, 80_000],
  ['（三）上级补助收入', 0, 0],
  ['（四）政府补助收入', 0, 0],
  ['（五）行政补助收入', 0, 0],
  ['（六）附属单位上缴收入', 0, 0],
  ['（七）投资收益', 0, 0],
  ['（八）其他收入', 0, 0],
  ['（九）动用预算稳定调节基金', 0, 0],
  ['四、支出合计', 7_900, 37_600],
  ['（一）职工活动支出', 3_100, 12_400],
  ['（二）职工活动组织支出', 0, 0],
  ['（三）职工服务支出', 0, 0],
  ['（四）维权支出', 4_000, 16_000],
  ['（五）业务支出', 800, 3_200],
  ['（六）行政支出', 0, 0],
  ['（七）资本性支出', 0, 6_000],
  ['（八）补助下级支出', 0, 0],
  ['（九）对附属单位的支出', 0, 0],
  ['（十）其他支出', 0, 0],
  ['（十一）安排预算稳定调节基金', 0, 0],
  ['五、本期收支差额', 18_100, 66_400],
  ['六、年末资金结转结余', null, null],
  ['（一）年末资金结转', null, null],
  ['（二）年末资金结余', null, null],
];

/** Revenue less expense of January to April not yet carried forward (the statement's 本年累计 差额). */
const UNCLOSED_JAN_APR = 66_400;

const fen = (yuan: number) => Math.round(yuan * 100);

describe.each(TEST_DIALECTS)('golden book of a grassroots union (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let ztId: number;
  let itemA = '';
  let itemB = '';

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ztId = await createSet(server.db, { name: SET, code: 'JQSQ', system: 'union-grassroots', users: ['kuaiji'] });
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SET);

    const opened = await kuaiji.post(Paths.branchSave, {
      detailList: [
        { code: '101', initAmount: 2_000 },
        { code: '102', initAmount: 150_000 },
        { code: '162', initAmount: 30_000 },
        { code: '163', initAmount: 6_000 },
        { code: '30104', initAmount: 24_000 },
        { code: '32205', initAmount: 152_000 },
      ],
      confirmPrompt: false,
      autoUnderAllAcc: true,
    });
    expect(opened.body.success, opened.body.errorMsg ?? '').toBe(true);

    // 50101 kept by 经费核算: two leaf items of the built-in type.
    expect((await kuaiji.post(Paths.saveAuxiRealedSub, { code: '50101', typeNoArray: ['JFHS'] })).body.success).toBe(true);
    const items = await server.db.kysely
      .selectFrom('auxi_info')
      .selectAll()
      .where('zt_id', '=', ztId)
      .where('type_no', '=', 'JFHS')
      .execute();
    const parents = new Set(items.map((i) => i.parent_no));
    const leaves = items.filter((i) => !parents.has(i.info_no) && i.is_enable === 1);
    itemA = leaves[0]?.info_no ?? '';
    itemB = leaves[1]?.info_no ?? '';
    expect(itemA && itemB && itemA !== itemB).toBeTruthy();

    let count = 0;
    const key = async (month: number, day: number, lines: VoucherLineInput[]) => {
      const mm = String(month).padStart(2, '0');
      const answer = await save(
        kuaiji,
        request({ month, pzDate: `2026-${mm}-${String(day).padStart(2, '0')}`, certiDetails: lines }),
      );
      expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
      count++;
    };
    for (let month = 1; month <= 4; month++) {
      for (const day of [5, 10, 15, 20, 25])
        await key(month, day, [line('102', '1200', null, '收会费'), line('401', null, '1200', '收会费')]);
      await key(month, 8, [line('102', '20000', null, '收拨缴经费'), line('402', null, '20000', '收拨缴经费')]);
      await key(month, 3, [line('101', '1000', null, '提取现金'), line('102', null, '1000', '提取现金')]);
      for (const day of [12, 22])
        await key(month, day, [line('50102', '300', null, '文体活动'), line('101', null, '300', '文体活动')]);
      await key(month, 16, [
        { ...line('50101', '2500', null, '职工教育'), auxis: [{ typeNo: 'JFHS', infoNo: month % 2 === 1 ? itemA : itemB }] },
        line('102', null, '2500', '职工教育'),
      ]);
      await key(month, 18, [
        line('50405', '3000', null, '送温暖'),
        line('50404', '1000', null, '困难职工帮扶'),
        line('102', null, '4000', '送温暖'),
      ]);
      await key(month, 26, [line('50501', '800', null, '培训'), line('101', null, '800', '培训')]);
      if (month === 2) {
        await key(2, 27, [line('50702', '6000', null, '购置办公设备'), line('102', null, '6000', '购置办公设备')]);
        await key(2, 27, [line('162', '6000', null, '办公设备入账'), line('30104', null, '6000', '办公设备入账')]);
      }
    }
    expect(count).toBe(50);
  }, 60_000);
  afterAll(() => server.close());

  const trial = async (begin: string, end: string) => {
    const answer = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, { beginTime: begin, endTime: end });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    return answer.body.data;
  };
  const pick = (r: TrialBalanceRow | undefined) =>
    r && [r.initialDirection, r.initialBalance, r.debitOccur, r.creditOccur, r.endDirection, r.endBalance];

  it('shows the trial balance of January to April worked out by hand', async () => {
    const data = await trial('2026-01', '2026-04');
    const byCode = new Map(data.rows.map((r) => [r.code, r]));
    for (const [code, [os, o, d, c, es, e]] of Object.entries(TRIAL_JAN_APR)) {
      expect(pick(byCode.get(code)), code).toEqual([os, o, d, c, es, e]);
    }
    // Nothing else moves.
    const moving = data.rows.filter((r) => r.initialBalance || r.debitOccur || r.creditOccur || r.endBalance).map((r) => r.code);
    expect(moving.sort()).toEqual(Object.keys(TRIAL_JAN_APR).sort());
    expect(data.financial).toEqual({
      initialDebit: CHECK_JAN_APR.initial,
      initialCredit: CHECK_JAN_APR.initial,
      debitOccur: CHECK_JAN_APR.occur,
      creditOccur: CHECK_JAN_APR.occur,
      endDebit: CHECK_JAN_APR.end,
      endCredit: CHECK_JAN_APR.end,
      balanced: true,
    });
  });

  it('shows February to March from the January closing', async () => {
    const data = await trial('2026-02', '2026-03');
    const byCode = new Map(data.rows.map((r) => [r.code, r]));
    // 102: opening 150,000 + 26,000 - 7,500 = 168,500; debit 2 × 26,000 = 52,000;
    // credit 2 × 7,500 + 6,000 = 21,000; closing 168,500 + 52,000 - 21,000 = 199,500;
    // year to date 3 × 26,000 = 78,000 and 3 × 7,500 + 6,000 = 28,500.
    expect(byCode.get('102')).toMatchObject({
      initialBalance: 168_500,
      debitOccur: 52_000,
      creditOccur: 21_000,
      debitGrandTotal: 78_000,
      creditGrandTotal: 28_500,
      endBalance: 199_500,
      endDirection: 1,
    });
    // 101: opening 2,000 + 1,000 - 1,400 = 1,600; closing 1,600 + 2,000 - 2,800 = 800.
    expect(pick(byCode.get('101'))).toEqual([1, 1_600, 2_000, 2_800, 1, 800]);
    // 401: opening 6,000 贷 (January's dues), closing 18,000 贷.
    expect(pick(byCode.get('401'))).toEqual([2, 6_000, 0, 12_000, 2, 18_000]);
    expect(data.financial.balanced).toBe(true);
  });

  it('shows the general ledger month by month for 102 and 501', async () => {
    const answer = await kuaiji.get<GeneralLedgerResponse>(Paths.generalLedger, {
      code: '102',
      beginTime: '2026-01',
      endTime: '2026-04',
    });
    const months = answer.body.data.rows.map((r) => [
      r.month,
      r.initialBalance,
      r.debitOccur,
      r.creditOccur,
      r.debitGrandTotal,
      r.creditGrandTotal,
      r.endBalance,
    ]);
    expect(months).toEqual([
      // 150,000 + 26,000 - 7,500 = 168,500
      [1, 150_000, 26_000, 7_500, 26_000, 7_500, 168_500],
      // 168,500 + 26,000 - (7,500 + 6,000) = 181,000
      [2, 168_500, 26_000, 13_500, 52_000, 21_000, 181_000],
      // 181,000 + 26,000 - 7,500 = 199,500
      [3, 181_000, 26_000, 7_500, 78_000, 28_500, 199_500],
      // 199,500 + 26,000 - 7,500 = 218,000
      [4, 199_500, 26_000, 7_500, 104_000, 36_000, 218_000],
    ]);
    const expense = await kuaiji.get<GeneralLedgerResponse>(Paths.generalLedger, {
      code: '501',
      beginTime: '2026-01',
      endTime: '2026-04',
    });
    // 501 = 50101 2,500 + 50102 600 = 3,100 a month.
    expect(expense.body.data.rows.filter((r) => r.code === '501').map((r) => [r.debitOccur, r.endBalance])).toEqual([
      [3_100, 3_100],
      [3_100, 6_200],
      [3_100, 9_300],
      [3_100, 12_400],
    ]);
    // Without a code: the first-level subjects that move, 301 credit side.
    const all = await kuaiji.get<GeneralLedgerResponse>(Paths.generalLedger, { beginTime: '2026-04', endTime: '2026-04' });
    expect(all.body.data.rows.map((r) => r.code)).toEqual([
      '101',
      '102',
      '162',
      '163',
      '301',
      '322',
      '401',
      '402',
      '501',
      '504',
      '505',
      '507',
    ]);
  });

  it('keeps the auxiliary items apart in the balances and shows them in the detail ledger', async () => {
    // 50101: item A in January and March, item B in February and April, 2 × 2,500 = 5,000 each.
    const rows = (await storedBalances(server.db.kysely, ztId)).filter((r) => r.subjectCode === '50101');
    const byItem = new Map<string, number>();
    for (const r of rows) byItem.set(r.auxiKey, (byItem.get(r.auxiKey) ?? 0) + r.debitAll);
    expect(Object.fromEntries(byItem)).toEqual({ [`JFHS:${itemA}`]: fen(5_000), [`JFHS:${itemB}`]: fen(5_000) });
    // The detail ledger by item: A (January, March) and B (February, April), each from 0 with its
    // own running balance 2,500 → 5,000, its own month totals and 本年累计.
    const detail = await kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, {
      code: '50101',
      beginTime: '2026-01',
      endTime: '2026-04',
      isShowAuxi: true,
    });
    const section = (item: string) =>
      [
        ['item', 0, 0, 0],
        ['opening', 0, 0, 0],
        ['line', 2_500, 0, 2_500],
        ['monthTotal', 2_500, 0, 2_500],
        ['yearTotal', 2_500, 0, 2_500],
        ['line', 2_500, 0, 5_000],
        ['monthTotal', 2_500, 0, 5_000],
        ['yearTotal', 5_000, 0, 5_000],
      ].map((r) => [`JFHS:${item}`, ...r]);
    const [first, second] = [itemA, itemB].sort();
    expect(detail.body.data.rows.map((r) => [r.auxiKey, r.kind, r.debit, r.credit, r.balance])).toEqual([
      ...section(first ?? ''),
      ...section(second ?? ''),
    ]);
    const months = (item: string) =>
      detail.body.data.rows.filter((r) => r.auxiKey === `JFHS:${item}` && r.kind === 'line').map((r) => r.month);
    expect(months(itemA)).toEqual([1, 3]);
    expect(months(itemB)).toEqual([2, 4]);
    expect(detail.body.data.rows.find((r) => r.kind === 'item' && r.auxiKey === `JFHS:${itemA}`)?.summary).toMatch(
      new RegExp(`^经费核算：${itemA} `),
    );
  });

  const report = async (path: string, params: Record<string, unknown>) => {
    const answer = await kuaiji.get<ReportResponse>(path, params);
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    return answer.body.data;
  };
  const figure = (n: number | null | undefined) => n ?? null;

  it('shows every line of the balance sheet worked out by hand, and the check that assets = liabilities + net assets', async () => {
    const sheet = await report(Paths.balanceSheet, { beginYearMonth: '2026-01', endYearMonth: '2026-04' });
    expect(sheet.mode).toBe('interim');
    const left = sheet.lines.filter((l) => l.part === 'left');
    const right = sheet.lines.filter((l) => l.part === 'right');
    expect([...left, ...right].map((l) => [l.name, figure(l.amounts.opening), figure(l.amounts.closing)])).toEqual(
      BALANCE_SHEET_JAN_APR,
    );
    // The check: balanced at the start of the year, 66,400 short at the end (not yet carried forward).
    expect(sheet.checks).toHaveLength(1);
    expect(sheet.checks[0]?.columns).toEqual({
      opening: { left: 176_000, right: 176_000, balanced: true },
      closing: { left: 248_400, right: 248_400 - UNCLOSED_JAN_APR, balanced: false },
    });
    expect(sheet.balanced).toBe(false);

    // carryOver: 工会资金结余 takes the 66,400; 净资产合计 and 总计 then equal 资产总计.
    const carried = await report(Paths.balanceSheet, { beginYearMonth: '2026-01', endYearMonth: '2026-04', carryOver: true });
    const changed = new Map<string, [number | null, number | null]>([
      ['工会资金结余', [152_000, 152_000 + UNCLOSED_JAN_APR]],
      ['净资产合计', [176_000, 248_400]],
      ['负债与净资产总计', [176_000, 248_400]],
    ]);
    expect(carried.lines.map((l) => [l.name, figure(l.amounts.opening), figure(l.amounts.closing)])).toEqual(
      [...left, ...right].map((l, i) => {
        const [name, opening, closing] = BALANCE_SHEET_JAN_APR[i] ?? [l.name, null, null];
        const [o, c] = changed.get(name) ?? [opening, closing];
        return [name, o, c];
      }),
    );
    expect(carried.carriedOver).toEqual({ opening: 0, closing: UNCLOSED_JAN_APR });
    expect(carried.checks[0]?.columns.closing).toEqual({ left: 248_400, right: 248_400, balanced: true });
    expect(carried.balanced).toBe(true);
  });

  it('shows every line of the income and expense statement worked out by hand', async () => {
    const april = await report(Paths.incomeExpense, { beginYearMonth: '2026-04', endYearMonth: '2026-04' });
    expect(april.columns.map((c) => c.name)).toEqual(['本月数', '本年累计数']);
    expect(april.lines.map((l) => [l.name, figure(l.amounts.current), figure(l.amounts.cumulative)])).toEqual(INCOME_EXPENSE_APR);
    // January to April: the period is the year so far, both columns the 本年累计 figures; the
    // 差额 is what the balance sheet's carryOver adds.
    const year = await report(Paths.incomeExpense, { beginYearMonth: '2026-01', endYearMonth: '2026-04' });
    expect(year.lines.map((l) => [l.name, figure(l.amounts.current), figure(l.amounts.cumulative)])).toEqual(
      INCOME_EXPENSE_APR.map(([name, , cumulative]) => [name, cumulative, cumulative]),
    );
    expect(year.lines.find((l) => l.name === '五、本期收支差额')?.amounts.current).toBe(UNCLOSED_JAN_APR);
  });

  it('agrees with the trial balance: each report line is its subjects’ closing balance', async () => {
    const data = await trial('2026-01', '2026-04');
    const credit = (code: string) => {
      const r = data.rows.find((x) => x.code === code);
      return r ? (r.endDirection === 2 ? r.endBalance : -r.endBalance) : 0;
    };
    const closing = new Map(BALANCE_SHEET_JAN_APR.map(([name, , c]) => [name, c]));
    expect(closing.get('货币资金')).toBe(-credit('101') - credit('102'));
    expect(closing.get('固定资产原值')).toBe(-credit('162'));
    expect(closing.get('减：累计折旧')).toBe(credit('163'));
    expect(closing.get('资产基金')).toBe(credit('301'));
    expect(closing.get('工会资金结余')).toBe(credit('322'));
    const cumulative = new Map(INCOME_EXPENSE_APR.map(([name, , c]) => [name, c]));
    expect(cumulative.get('（一）会费收入')).toBe(credit('401'));
    expect(cumulative.get('（二）拨缴经费收入')).toBe(credit('402'));
    expect(cumulative.get('（一）职工活动支出')).toBe(-credit('501'));
    expect(cumulative.get('（四）维权支出')).toBe(-credit('504'));
    expect(cumulative.get('（五）业务支出')).toBe(-credit('505'));
    expect(cumulative.get('（七）资本性支出')).toBe(-credit('507'));
  });
});
