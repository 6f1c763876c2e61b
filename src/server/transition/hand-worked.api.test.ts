/**
 * Two transitions worked out by hand (templates/reference/union-accounting.md §3, §4; the mapping of
 * 财会〔2021〕16号 in templates/transition), reproduced by the product to the fen: a 基层 union and a 县级以上 one,
 * each with its 2021 closing trial balance on the 2009 chart, the split rows, two adjustment vouchers, the finish,
 * the new openings, the new trial and the 年初 column of the first year's balance sheet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountingSystem } from '../../shared/api/auth.js';
import { Paths } from '../../shared/api/paths.js';
import type { ReportResponse } from '../../shared/api/schemas/reports.js';
import type { CodeJoinResponse } from '../../shared/api/schemas/transition.js';
import { TransitionMessages } from '../../shared/transition/messages.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import {
  insertAdjustment,
  lastLevelTrial,
  readOpeningState,
  type AdjustmentLineInput,
} from '../test-support/transition-fixtures.js';

interface Example {
  name: string;
  code: string;
  system: AccountingSystem;
  /** The 2021 closing balances (yuan) on the 2009 chart, in each subject's direction. */
  balances: Record<string, string>;
  splits: Record<string, string>;
  adjustments: AdjustmentLineInput[][];
  /** The new openings worked out by hand: code → fen, in the subject's direction (parents included). */
  openings: Record<string, number>;
  /** The subjects the finish must add from the county chart. */
  added: string[];
  /** Debit = credit of the new trial (fen). */
  trial: number;
  /** 年初余额 of balance-sheet lines (yuan). */
  sheet: Record<string, number>;
}

const grassroots: Example = {
  name: '手算示例基层工会',
  code: 'XJ-HAND-1',
  system: 'union-grassroots',
  balances: {
    // debit side: 2000 + 356800.50 + 20000 + 5000 + 3200 + 4500 + 180000 = 571500.50
    '101': '2000.00',
    '102': '356800.50',
    '13101': '20000.00',
    '13103': '5000.00', // 应收建会筹备金 → 135
    '135': '3200.00',
    '141': '4500.00',
    '162': '180000.00',
    // credit side: 15000 + 1800 + 180000 + 8000 + 50000 + 316700.50 = 571500.50
    '221': '15000.00',
    '225': '1800.00',
    '301': '180000.00',
    '32103': '8000.00', // 权益保障金 → 311 专用基金 (not in the 基层 chart)
    '322': '50000.00',
    '331': '316700.50',
  },
  splits: {
    '162-171': '12000.00', // software: 无形资产 (171, not in the 基层 chart)
    '162-141': '2300.00', // below the new threshold: 库存物品; 162 keeps 180000 − 12000 − 2300 = 165700
    '301-30105': '12000.00',
    '301-30101': '2300.00', // 30104 keeps 165700
    '331-30101': '4500.00', // equal to the 141 stock
    '331-32104': '60000.00', // 32205 keeps 316700.50 − 4500 − 60000 = 252200.50
    '221-215': '3000.00', // 建会筹备金 part; 211 keeps 12000
  },
  adjustments: [
    // 调-1 catch-up depreciation 45000; 调-2 an unrecorded liability 2600
    [
      { code: '30104', debit: 4_500_000, summary: '补提折旧' },
      { code: '163', credit: 4_500_000, summary: '补提折旧' },
    ],
    [
      { code: '32205', debit: 260_000, summary: '补记应付款' },
      { code: '215', credit: 260_000, summary: '补记应付款' },
    ],
  ],
  openings: {
    '101': 200_000,
    '102': 35_680_050,
    '131': 2_000_000,
    '13101': 2_000_000,
    '135': 820_000, // 5000 + 3200
    '141': 680_000, // 4500 + 2300
    '162': 16_570_000,
    '163': 4_500_000,
    '171': 1_200_000,
    '211': 1_200_000,
    '215': 740_000, // 3000 + 1800 + 2600
    '301': 13_950_000, // 6800 + 120700 + 12000
    '30101': 680_000, // 2300 + 4500
    '30104': 12_070_000, // 165700 − 45000
    '30105': 1_200_000,
    '311': 800_000,
    '321': 6_000_000,
    '32104': 6_000_000,
    '322': 29_960_050,
    '32205': 29_960_050, // 50000 + 252200.50 − 2600
  },
  added: ['171', '311'],
  // debit 2000 + 356800.50 + 20000 + 8200 + 6800 + 165700 + 12000 = 571500.50
  // credit 45000 + 12000 + 7400 + 6800 + 120700 + 12000 + 8000 + 60000 + 299600.50 = 571500.50
  trial: 57_150_050,
  sheet: {
    货币资金: 358_800.5, // 2000 + 356800.50
    应收上级经费: 20_000,
    其他应收款: 8_200,
    库存物品: 6_800,
    固定资产原值: 165_700,
    '减：累计折旧': 45_000,
    固定资产净值: 120_700,
    无形资产原值: 12_000,
    资产总计: 526_500.5, // 571500.50 − 45000
    应付上级经费: 12_000,
    其他应付款: 7_400,
    负债合计: 19_400,
    资产基金: 139_500,
    专用基金: 8_000,
    工会资金结转: 60_000,
    工会资金结余: 299_600.5,
    净资产合计: 507_100.5, // 139500 + 8000 + 60000 + 299600.50
    负债与净资产总计: 526_500.5,
  },
};

const county: Example = {
  name: '手算示例县级工会',
  code: 'XJ-HAND-2',
  system: 'union-county',
  balances: {
    // debit side: 1500 + 820000 + 30000 + 15000 + 40000 + 9000 + 100000 + 600000 = 1615500
    '101': '1500.00',
    '102': '820000.00',
    '11201': '30000.00', // → 12101
    '13102': '15000.00',
    '132': '40000.00',
    '141': '9000.00',
    '151': '100000.00',
    '162': '600000.00',
    // credit side: 12000 + 25000 + 18000 + 7000 + 3500 + 600000 + 100000 + 20000 + 830000 = 1615500
    '201': '12000.00',
    '22201': '25000.00', // → 21201
    '22202': '18000.00', // → 21202
    '22203': '7000.00', // 应付建会筹备金 → 215
    '231': '3500.00', // 代管经费 → 221
    '301': '600000.00',
    '311': '100000.00', // 投资基金 → 30102
    '32103': '20000.00', // → 311 专用基金
    '331': '830000.00',
  },
  splits: {
    '132-135': '6000.00', // 132 keeps 34000
    '162-171': '50000.00',
    '162-141': '4000.00', // 162 keeps 546000
    '301-30105': '50000.00',
    '301-30101': '4000.00', // 30104 keeps 546000
    '331-30101': '9000.00', // equal to the 141 stock
    '331-33104': '80000.00',
    '331-33205': '20000.00',
    '331-32104': '150000.00', // 32205 keeps 830000 − 9000 − 80000 − 20000 − 150000 = 571000
  },
  adjustments: [
    // 调-1 catch-up amortisation 5000; 调-2 an unrecorded liability 1234.56
    [
      { code: '30105', debit: 500_000, summary: '补提摊销' },
      { code: '172', credit: 500_000, summary: '补提摊销' },
    ],
    [
      { code: '32205', debit: 123_456, summary: '补记应付款' },
      { code: '215', credit: 123_456, summary: '补记应付款' },
    ],
  ],
  openings: {
    '101': 150_000,
    '102': 82_000_000,
    '121': 3_000_000,
    '12101': 3_000_000,
    '131': 1_500_000,
    '13102': 1_500_000,
    '132': 3_400_000,
    '135': 600_000,
    '141': 1_300_000, // 9000 + 4000
    '151': 10_000_000,
    '162': 54_600_000,
    '171': 5_000_000,
    '172': 500_000,
    '201': 1_200_000,
    '212': 4_300_000,
    '21201': 2_500_000,
    '21202': 1_800_000,
    '215': 823_456, // 7000 + 1234.56
    '221': 350_000,
    '301': 70_400_000, // 13000 + 100000 + 546000 + 45000
    '30101': 1_300_000, // 4000 + 9000
    '30102': 10_000_000,
    '30104': 54_600_000,
    '30105': 4_500_000, // 50000 − 5000
    '311': 2_000_000,
    '321': 15_000_000,
    '32104': 15_000_000,
    '322': 56_976_544,
    '32205': 56_976_544, // 571000 − 1234.56
    '331': 8_000_000,
    '33104': 8_000_000,
    '332': 2_000_000,
    '33205': 2_000_000,
  },
  added: [],
  // debit 1500 + 820000 + 30000 + 15000 + 34000 + 6000 + 13000 + 100000 + 546000 + 50000 = 1615500
  // credit 5000 + 12000 + 25000 + 18000 + 8234.56 + 3500 + 13000 + 100000 + 546000 + 45000 + 20000 + 150000
  //   + 80000 + 20000 + 569765.44 = 1615500
  trial: 161_550_000,
  sheet: {
    货币资金: 821_500,
    财政应返还额度: 30_000,
    应收上级经费: 15_000,
    应收下级经费: 34_000,
    其他应收款: 6_000,
    库存物品: 13_000,
    投资: 100_000,
    固定资产原值: 546_000,
    无形资产原值: 50_000,
    '减：累计摊销': 5_000,
    无形资产净值: 45_000,
    资产总计: 1_610_500, // 1615500 − 5000
    应付职工薪酬: 12_000,
    应付下级经费: 43_000, // 25000 + 18000
    其他应付款: 8_234.56,
    代管经费: 3_500,
    负债合计: 66_734.56,
    资产基金: 704_000,
    专用基金: 20_000,
    工会资金结转: 150_000,
    工会资金结余: 569_765.44,
    财政拨款结转: 80_000,
    财政拨款结余: 20_000,
    净资产合计: 1_543_765.44,
    负债与净资产总计: 1_610_500,
  },
};

describe.each(TEST_DIALECTS)('hand-worked transitions reproduced to the fen (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it.each([grassroots, county])('$name', async (example) => {
    const ztId = await createSet(server.db, {
      name: example.name,
      code: example.code,
      system: example.system,
      year: 2022,
      users: ['kuaiji'],
    });
    const kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', example.name, 2022);
    const figures = await kuaiji.post(Paths.transitionSaveFigures, {
      balances: Object.entries(example.balances).map(([code, amount]) => ({ code, amount })),
    });
    expect(figures.body.errorMsg).toBeNull();
    const splits = await kuaiji.post(Paths.transitionSaveSplits, {
      splits: Object.entries(example.splits).map(([key, amount]) => ({ key, amount })),
    });
    expect(splits.body.errorMsg).toBeNull();
    for (const [i, lines] of example.adjustments.entries()) await insertAdjustment(server.db, ztId, i + 1, lines);

    const sheet = await kuaiji.get<CodeJoinResponse>(Paths.transitionCodeJoin);
    expect(sheet.body.data.problems).toEqual([]);
    const t = sheet.body.data.totals;
    // old total + adjustments = new total (yuan; each amount in its subject's direction)
    expect(Math.round((t.old + t.increase - t.decrease) * 100)).toBe(Math.round(t.new * 100));

    const finished = await kuaiji.get(Paths.reconciliationFinish);
    expect(finished.body.errorMsg).toBeNull();
    expect(finished.body.message).toBe(TransitionMessages.finished);

    const after = await readOpeningState(server.db, ztId, 2022);
    expect(Object.fromEntries(Object.entries(after.subjects).map(([code, [init]]) => [code, init]))).toEqual(example.openings);
    expect(Object.values(after.subjects).every(([, d, c]) => d === 0 && c === 0)).toBe(true);
    expect(await lastLevelTrial(server.db, ztId, 2022)).toEqual({ debit: example.trial, credit: example.trial });
    const added = await server.db.kysely
      .selectFrom('transition_snapshot')
      .select('code')
      .where('zt_id', '=', ztId)
      .where('added', '=', 1)
      .orderBy('code')
      .execute();
    expect(added.map((r) => r.code)).toEqual(example.added);
    for (const code of example.added) expect(after.codes).toContain(`${code}:1`);

    const report = await kuaiji.get<ReportResponse>(Paths.balanceSheet, { beginYearMonth: '2022-01', endYearMonth: '2022-12' });
    expect(report.body.errorMsg).toBeNull();
    const opening = Object.fromEntries(
      report.body.data.lines.filter((l) => l.name in example.sheet).map((l) => [l.name, l.amounts.opening]),
    );
    expect(opening).toEqual(example.sheet);
    expect(report.body.data.balanced).toBe(true);
    expect(report.body.data.uncovered).toEqual([]);
  });
});
