/**
 * The demo a newcomer meets after `npm start` (seedDemo 'full'), read back through the API as the
 * demo users see it: 示范市第一机械厂工会 2026 has balanced openings, the first quarter's vouchers
 * (numbered without gaps, balanced, in the states demo-factory.ts gives them, with their audit
 * trail), January carried forward and closed after its backup, and books and reports with figures
 * that add up; 示范市实验中学工会 and 示范市总工会 are empty and send voucher entry to 科目期初.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupType, type BackupItem } from '../../shared/api/backup.js';
import type { TrialBalanceResponse } from '../../shared/api/books.js';
import type { CloseState } from '../../shared/api/close.js';
import type { Paged } from '../../shared/envelope.js';
import { Paths } from '../../shared/api/paths.js';
import { answerFen, trialBalanceAmounts } from '../../shared/books/answer-amounts.js';
import { reportAmounts } from '../../shared/reports/answer-amounts.js';
import type { ReportResponse } from '../../shared/api/reports.js';
import type { SubjectSettingResponse } from '../../shared/api/subjects.js';
import type { Voucher, VoucherAuditEntry } from '../../shared/api/vouchers.js';
import { FinancialState, SUBJECT_START_PATH, financialStateRedirect, VOUCHER_ADD_PATH } from '../../shared/financial-state.js';
import { fenToYuan, yuanToFen } from '../../shared/vouchers/amounts.js';
import { loadConfig } from '../config.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { DEMO_ACCOUNTS, DEMO_SETS } from './demo.js';
import { DEMO_FUNDS_RATIOS } from './demo-funds.js';
import { DEMO_BUDGETS } from './demo-budgets.js';
import type { AssetInitState } from '../../shared/api/schemas/assets-cards.js';
import type { BudgetExecutionResponse } from '../../shared/api/schemas/budget-reports.js';
import { ErrorCode } from '../../shared/error-codes.js';
import type { FundsUnitRow } from '../../shared/api/schemas/funds-units.js';
import { DEMO_LEDGER_YEAR, FACTORY_OPENINGS, FACTORY_VOUCHERS } from './demo-factory.js';
import { DEMO_BOOKS_SET, DEMO_CLOSED_MONTH } from './demo-ledger.js';

const YEAR = DEMO_LEDGER_YEAR;
const setName = (code: string) => DEMO_SETS.find((s) => s.code === code)?.name ?? code;
const FACTORY = setName(DEMO_BOOKS_SET);
const EMPTY_SETS = DEMO_SETS.filter((s) => s.code !== DEMO_BOOKS_SET).map((s) => s.name);
const password = (login: string) => DEMO_ACCOUNTS.find((a) => a.loginName === login)?.password ?? '';

function fenOf(yuan: string | null): number {
  if (yuan === null) return 0;
  const parsed = yuanToFen(yuan);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.fen;
}
const monthOf = (date: string) => Number(date.slice(5, 7));
/** What the data's lines of the subjects `code` selects add up to (debit minus credit, fen) in the months up to `month`. */
const movement = (code: (c: string) => boolean, month: number) =>
  FACTORY_VOUCHERS.filter((v) => monthOf(v.date) <= month)
    .flatMap((v) => v.lines)
    .filter(([c]) => code(c))
    .reduce((sum, [, debit, credit]) => sum + fenOf(debit) - fenOf(credit), 0);
const revenueOf = (month: number) => -movement((c) => c.startsWith('4'), month);
const expenseOf = (month: number) => movement((c) => c.startsWith('5'), month);

describe('SEED_DEMO', () => {
  it('seeds the books unless told empty or off', () => {
    const seed = (value?: string) => loadConfig(value === undefined ? {} : { SEED_DEMO: value }).seedDemo;
    expect([seed(), seed(''), seed('on'), seed('true'), seed('1')]).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect([seed('empty'), seed('EMPTY')]).toEqual(['empty', 'empty']);
    expect([seed('off'), seed('false'), seed('0'), seed('no')]).toEqual(['off', 'off', 'off', 'off']);
  });
});

describe.each(TEST_DIALECTS)('the seeded demo (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let vouchers: Voucher[];

  const ok = async <T>(answer: Promise<{ body: { success: boolean; errorMsg: string | null; data: T } }>): Promise<T> => {
    const a = await answer;
    expect(a.body.success, a.body.errorMsg ?? '').toBe(true);
    return a.body.data;
  };
  const open = (client: ApiClient, login: string, set: string) => client.openSet(server.db, login, password(login), set, YEAR);
  /** The trial balance, answered in yuan, read back in fen as the client does. */
  const trial = async (begin: number, end: number) =>
    trialBalanceAmounts(
      await ok(
        kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, { beginTime: `${YEAR}-0${begin}`, endTime: `${YEAR}-0${end}` }),
      ),
      answerFen,
    );

  beforeAll(async () => {
    server = await startTestServer(dialect, { seedDemo: 'full' });
    kuaiji = new ApiClient(server.url);
    await open(kuaiji, 'kuaiji', FACTORY);
    vouchers = (await ok(kuaiji.get<Paged<Voucher>>(Paths.certificate, { year: YEAR, pageSize: 500 }))).currentPageItems;
  });
  afterAll(() => server.close());

  it('opens 2026 with balanced openings as written in the data', async () => {
    const setting = await ok(kuaiji.get<SubjectSettingResponse>(Paths.subjectSetting));
    expect(setting.config.isInitialised).toBe(true);
    expect(setting.trial.balanced).toBe(true);
    for (const { code, fen } of FACTORY_OPENINGS) {
      expect(setting.subInfoList.find((r) => r.rowId === code)?.initAmount, code).toBe(fenToYuan(fen));
    }
    expect(await ok(kuaiji.get<number>(Paths.financialState))).toBe(FinancialState.Normal);
  });

  it('has the quarter’s vouchers, numbered 1… per month without gaps, each balanced, plus January’s carry-forward', () => {
    expect(vouchers).toHaveLength(FACTORY_VOUCHERS.length + 1);
    for (const month of [1, 2, 3]) {
      const numbers = vouchers.filter((v) => v.month === month).map((v) => v.pzNo);
      const keyed = FACTORY_VOUCHERS.filter((v) => monthOf(v.date) === month).length;
      expect(
        [...numbers].sort((a, b) => a - b),
        `month ${month}`,
      ).toEqual(Array.from({ length: keyed + (month === DEMO_CLOSED_MONTH ? 1 : 0) }, (_, i) => i + 1));
    }
    for (const v of vouchers) {
      expect(v.debitTotal, `${v.month}-${v.pzNo}`).toBeGreaterThan(0);
      expect(v.debitTotal, `${v.month}-${v.pzNo}`).toBe(v.creditTotal);
      expect(v.preparedBy).toBe('李会计');
    }
    expect(vouchers.some((v) => v.certiDetails.some((l) => l.auxis.length > 0))).toBe(true);
  });

  it('has the states the data gives: reviewed by 王审核, booked by 李会计, January signed by 张出纳', async () => {
    const keyed = (state: string) => FACTORY_VOUCHERS.filter((v) => v.state === state).length;
    // January's carry-forward voucher is reviewed and booked too.
    expect(vouchers.filter((v) => v.isReview)).toHaveLength(keyed('reviewed') + keyed('booked') + 1);
    expect(vouchers.filter((v) => v.isBook)).toHaveLength(keyed('booked') + 1);
    expect(vouchers.filter((v) => v.isCashierSigned)).toHaveLength(FACTORY_VOUCHERS.filter((v) => v.signed).length);
    expect([vouchers.filter((v) => v.isReview).length, vouchers.filter((v) => v.isBook).length]).toEqual([24, 22]);
    expect(new Set(vouchers.filter((v) => v.isReview).map((v) => v.reviewer))).toEqual(new Set(['王审核']));
    expect(new Set(vouchers.filter((v) => v.isBook).map((v) => v.bookkeeper))).toEqual(new Set(['李会计']));
    const first = vouchers.find((v) => v.month === 1 && v.pzNo === 1);
    const audit = await ok(kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: first?.id }));
    expect(audit.map((a) => [a.action, a.userName])).toEqual([
      ['create', '李会计'],
      ['review', '王审核'],
      ['sign', '张出纳'],
      ['book', '李会计'],
    ]);
  });

  it('carried January forward: one carry-forward voucher, revenue and expense left at zero', async () => {
    const carried = await server.db.kysely
      .selectFrom('voucher as v')
      .innerJoin('zt_info as z', 'z.id', 'v.zt_id')
      .select(['v.month', 'v.carry_over', 'v.pz_no'])
      .where('z.code', '=', DEMO_BOOKS_SET)
      .where('v.carry_over', '!=', 0)
      .execute();
    expect(carried.map((c) => [c.month, c.carry_over, c.pz_no])).toEqual([[1, 1, 11]]);
    const january = await trial(1, 1);
    for (const row of january.rows.filter((r) => /^[45]/.test(r.code))) expect(row.endBalance, row.code).toBe(0);
    // 专项: 40302 received 30,000.00, 50405 送温暖 spent 24,000.00 of it; the rest into 322.
    const end = (code: string) => january.rows.find((r) => r.code === code)?.endBalance;
    expect(end('32103')).toBe(3_000_000 - 2_400_000);
    expect(end('32203')).toBe(revenueOf(1) - expenseOf(1) - 600_000);
  });

  it('closed January after its backup, and only January', async () => {
    const state = await ok(kuaiji.get<CloseState>(Paths.closeState));
    expect(state.years.find((y) => y.year === YEAR)?.closedMonths).toEqual([DEMO_CLOSED_MONTH]);
    expect(state.years.find((y) => y.year === YEAR - 1)?.closedMonths).toEqual([]);
    expect(state.nextOpenMonth).toBe(DEMO_CLOSED_MONTH + 1);
    const admin = new ApiClient(server.url);
    await open(admin, 'admin', FACTORY);
    const backups = await ok(admin.get<BackupItem[]>(Paths.backup));
    expect(backups.map((b) => [b.type, b.createdByName])).toEqual([[BackupType.beforeClose, '李会计']]);
  });

  it('balances its trial balance in every month and over the quarter, with the vouchers’ figures', async () => {
    for (const [begin, end] of [
      [1, 1],
      [2, 2],
      [3, 3],
      [1, 3],
    ] as const) {
      const t = await trial(begin, end);
      expect(t.financial.balanced, `${begin}-${end}`).toBe(true);
      expect(t.financial.debitOccur, `${begin}-${end}`).toBeGreaterThan(0);
    }
    const quarter = await trial(1, 3);
    for (const code of ['101', '102', '211']) {
      const row = quarter.rows.find((r) => r.code === code);
      const opening = FACTORY_OPENINGS.find((o) => o.code === code)?.fen ?? 0;
      const moved = movement((c) => c === code, 3);
      const signed = code === '211' ? opening - moved : opening + moved;
      expect(row?.endBalance, code).toBe(signed);
    }
  });

  it('balances its balance sheet and shows the quarter’s revenue and expense in the income-expense statement', async () => {
    const range = { beginYearMonth: `${YEAR}-01`, endYearMonth: `${YEAR}-03` };
    const sheet = await ok(kuaiji.get<ReportResponse>(Paths.balanceSheet, { ...range, carryOver: true }));
    expect(sheet.balanced).toBe(true);
    expect(sheet.uncovered).toEqual([]);
    const total = sheet.lines.find((l) => l.name === '资产总计');
    expect(Object.values(total?.amounts ?? {}).every((n) => (n ?? 0) > 0)).toBe(true);
    const statement = reportAmounts(await ok(kuaiji.get<ReportResponse>(Paths.incomeExpense, range)), answerFen);
    const year = statement.columns[1]?.id ?? '';
    const figure = (name: string) => statement.lines.find((l) => l.name === name)?.amounts[year];
    expect(figure('三、收入合计')).toBe(revenueOf(3));
    expect(figure('四、支出合计')).toBe(expenseOf(3));
    expect(figure('五、本期收支差额')).toBe(revenueOf(3) - expenseOf(3));
    expect(revenueOf(3)).toBeGreaterThan(expenseOf(3));
  });

  it.each(EMPTY_SETS)('leaves %s empty: no vouchers, no openings, voucher entry sends to 科目期初', async (name) => {
    const client = new ApiClient(server.url);
    await open(client, 'kuaiji', name);
    const list = await ok(client.get<Paged<Voucher>>(Paths.certificate, { year: YEAR }));
    expect(list.totalItemCount).toBe(0);
    const setting = await ok(client.get<SubjectSettingResponse>(Paths.subjectSetting));
    expect(setting.config.isInitialised).toBe(false);
    expect(setting.subInfoList.every((r) => r.initAmount === 0)).toBe(true);
    const state = await client.get<number>(Paths.financialState);
    expect(state.body.data).toBe(FinancialState.SubjectsNotInitialised);
    expect(state.body.message).toContain('科目期初');
    expect(financialStateRedirect(state.body.data, VOUCHER_ADD_PATH)).toBe(SUBJECT_START_PATH);
    expect((await ok(client.get<CloseState>(Paths.closeState))).years.every((y) => y.closedMonths.length === 0)).toBe(true);
  });

  it('gives 示范市总工会 its two unions as funding organisations, keeping 25% and owing 15% upward', async () => {
    const county = new ApiClient(server.url);
    await open(county, 'kuaiji', setName('001'));
    const list = await ok(county.post<Paged<FundsUnitRow>>(Paths.unitInfo, { year: YEAR, month: 1, pageSize: 50 }));
    const below = DEMO_SETS.filter((s) => s.upper === '001');
    expect(list.currentPageItems.map((u) => [u.code, u.name, u.kind])).toEqual(below.map((s) => [s.code, s.name, 'org']));
    for (const unit of list.currentPageItems) {
      expect(unit.ratio).toMatchObject({
        bjRata: DEMO_FUNDS_RATIOS.retained,
        bjsjRate: DEMO_FUNDS_RATIOS.superiorOne,
        sjrate: DEMO_FUNDS_RATIOS.retained + DEMO_FUNDS_RATIOS.superiorOne,
        lcrate: DEMO_FUNDS_RATIOS.lowerRetention,
      });
    }
  });
  it('gives the factory an approved 2026 plan of three project budgets, one per control, that vouchers spend from', async () => {
    const kuaiji = new ApiClient(server.url);
    await open(kuaiji, 'kuaiji', FACTORY);
    const report = await ok(kuaiji.get<BudgetExecutionResponse>(Paths.budgetExecution, {}));
    const details = report.rows.filter((r) => r.kind === 'detail');
    expect(details.map((d) => [d.name, d.projectAmount, d.control, d.spent])).toEqual(
      DEMO_BUDGETS.map((b) => [b.name, b.yuan, b.control, 0]),
    );
    const forbid = DEMO_BUDGETS[0];
    const item = details.find((d) => d.name === forbid.name)?.code ?? '';
    const spend = (yuan: number) =>
      kuaiji.post<Voucher>(Paths.certificate, {
        year: YEAR,
        month: 3,
        pzDate: `${YEAR}-03-20`,
        certificateType: 1,
        numberOfDocument: 1,
        certiDetails: [
          {
            summary: '创新工作室设备',
            subjectCode: forbid.subject,
            debitAmount: yuan,
            creditAmount: null,
            auxis: [{ typeNo: 'XMYS', infoNo: item }],
          },
          { summary: '创新工作室设备', subjectCode: '102', debitAmount: null, creditAmount: yuan },
        ],
      });
    const refused = await spend(forbid.yuan + 1);
    expect(refused.body).toMatchObject({
      errorCode: ErrorCode.BusinessRule,
      errorMsg: '系统设置不能超预算执行,可用余额40,000.00',
    });
    expect((await spend(1000)).body.errorMsg).toBeNull();
    const after = await ok(kuaiji.get<BudgetExecutionResponse>(Paths.budgetExecution, {}));
    expect(after.rows.find((r) => r.kind === 'detail' && r.name === forbid.name)).toMatchObject({
      spent: 1000,
      remaining: 39000,
    });
  });
  it('opens the factory’s assets initialised, its init cards equal to the 162/163/141 openings', async () => {
    const kuaiji = new ApiClient(server.url);
    await open(kuaiji, 'kuaiji', FACTORY);
    const state = await ok(kuaiji.get<AssetInitState>(Paths.assetsInitState));
    expect(state.initDone).toBe(true);
    expect(state.agrees).toBe(true);
    const opening = (code: string) => fenToYuan(FACTORY_OPENINGS.find((o) => o.code === code)?.fen ?? 0);
    expect(state.classes.map((c) => [c.assetClass, c.cardsOriginal, c.cardsAccumulated])).toEqual([
      [1, opening('162'), opening('163')],
      [2, 0, 0],
      [3, opening('141'), 0],
    ]);
    const cards = await ok(kuaiji.get<{ totalItemCount: number }>(Paths.assetCards, { assetClass: 1 }));
    expect(cards.totalItemCount).toBe(2);
    expect(await ok(kuaiji.get<number>(Paths.financialState))).toBe(FinancialState.Normal);
  });
});
