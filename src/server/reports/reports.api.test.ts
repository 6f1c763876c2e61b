/**
 * The balance sheet and the income and expense statement over the real server: a small grassroots
 * union's quarter (openings and five vouchers) worked out by hand below, line by line; the book and
 * carryOver options; another set's vouchers never appear. The exported workbook is read back with
 * exceljs for the form's layout (every figure recalculated: report-workbook.api.test.ts); the PDF's text is the form's.
 *
 * The case (示范市实验中学工会, 2026, yuan; the openings call still takes fen):
 *   openings  101 库存现金 1,000 借; 102 银行存款 5,000 借; 162 固定资产 3,000 借;
 *             163 累计折旧 500 贷; 30104 资产基金-固定资产 2,500 贷; 32205 累计结余 6,000 贷
 *   Jan  V1  102 借 2,000 / 401 会费收入 贷 2,000            (reviewed and booked)
 *   Feb  V2  50102 文体活动支出 借 300 / 101 贷 300          (reviewed and booked)
 *   Feb  V3  13101 应收上级补助 借 800 / 40301 上级补助收入 贷 800
 *   Mar  V4  101 借 100 / 215 其他应付款 贷 100
 *   Mar  V5  50501 培训支出 借 200 / 102 贷 200
 * Balance sheet, January to March, every voucher:
 *   货币资金 6,000 → 7,600 (101 800 + 102 6,800); 应收上级经费 0 → 800;
 *   流动资产合计 6,000 → 8,400; 固定资产原值 3,000, 减：累计折旧 500, 净值 2,500;
 *   资产总计 8,500 → 10,900; 其他应付款 0 → 100 = 负债合计; 资产基金 2,500;
 *   工会资金结余 6,000 → 6,000, 净资产合计 8,500 → 8,500, 负债与净资产总计 8,500 → 8,600:
 *   off by revenue less expense not yet closed, 2,800 − 500 = 2,300. With carryOver 工会资金结余
 *   takes it: 8,300, 净资产合计 10,800, 总计 10,900 = 资产总计.
 * Booked only (V1, V2): 货币资金 7,700 (101 700 + 102 7,000), 资产总计 10,200; with carryOver
 *   工会资金结余 6,000 + 2,000 − 300 = 7,700, 总计 10,200.
 * Income statement, February to March: 本月数 收入合计 800 (上级补助收入), 支出合计 500 (职工活动
 *   300, 业务 200), 差额 300; 本年累计数 收入合计 2,800 (会费 2,000), 支出合计 500, 差额 2,300.
 */
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type { ReportResponse } from '../../shared/api/reports.js';
import type { BatchResponse, Voucher } from '../../shared/api/vouchers.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { checkWorkbook } from '../test-support/workbook-check.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { afterBatch, FACTORY, line, refOf, request, save, SCHOOL } from '../vouchers/voucher-test-kit.js';

type Figures = Record<string, [number | null, number | null]>;

/** Each named line's two figures (balance sheet: 年初余额, 期末余额; statement: 本月数, 本年累计数). */
function figures(report: ReportResponse, names: readonly string[]): Figures {
  const [a, b] = report.columns.map((c) => c.id) as [string, string];
  return Object.fromEntries(
    names.map((name) => {
      const l = report.lines.find((x) => x.name === name);
      if (!l) throw new Error(`no line ${name}`);
      return [name, [l.amounts[a] ?? null, l.amounts[b] ?? null]];
    }),
  );
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    text += (await page.getTextContent()).items.map((i) => (i as TextItem).str).join('');
  }
  await doc.destroy();
  return text.replace(/\s+/g, '');
}

/** The first worksheet as HyperFormula input: numbers, strings, '=formula'. */
async function sheetOf(bytes: Uint8Array): Promise<{ cells: (string | number | null)[][]; sheet: ExcelJS.Worksheet }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const cells: (string | number | null)[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row: (string | number | null)[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) {
      const v = sheet.getCell(r, c).value;
      if (v === null || v === undefined) row.push(null);
      else if (typeof v === 'number' || typeof v === 'string') row.push(v);
      else if (typeof v === 'object' && 'formula' in v) row.push(`=${v.formula}`);
      else row.push(JSON.stringify(v));
    }
    cells.push(row);
  }
  return { cells, sheet };
}

describe.each(TEST_DIALECTS)('balance sheet and income statement (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  /** One session per user: kuaiji opens the set a test reads (logging on again ends the other session). */
  const use = (set: string) => kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', set);

  const ok = async <T>(answer: Promise<{ body: { success: boolean; errorMsg: string | null; data: T } }>): Promise<T> => {
    const a = await answer;
    expect(a.body.success, a.body.errorMsg ?? '').toBe(true);
    return a.body.data;
  };
  const QUARTER = { beginYearMonth: '2026-01', endYearMonth: '2026-03' };
  const sheet = (params: Record<string, unknown> = {}) =>
    ok(kuaiji.get<ReportResponse>(Paths.balanceSheet, { beginYearMonth: '2026-01', endYearMonth: '2026-03', ...params }));
  const statement = (params: Record<string, unknown> = {}) =>
    ok(kuaiji.get<ReportResponse>(Paths.incomeExpense, { beginYearMonth: '2026-02', endYearMonth: '2026-03', ...params }));

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    // Another set's voucher, in the same months and subjects.
    await use(FACTORY);
    await ok(save(kuaiji, request({ month: 2, pzDate: '2026-02-11' }, '9999')));
    await use(SCHOOL);
    await ok(
      kuaiji.post(Paths.branchSave, {
        detailList: [
          { code: '101', initAmount: 1_000 },
          { code: '102', initAmount: 5_000 },
          { code: '162', initAmount: 3_000 },
          { code: '163', initAmount: 500 },
          { code: '30104', initAmount: 2_500 },
          { code: '32205', initAmount: 6_000 },
        ],
        confirmPrompt: true,
      }),
    );
    const saved: Voucher[] = [];
    for (const body of [
      request({
        month: 1,
        pzDate: '2026-01-08',
        certiDetails: [line('102', '2000', null, '收会费'), line('401', null, '2000', '收会费')],
      }),
      request({
        month: 2,
        pzDate: '2026-02-10',
        certiDetails: [line('50102', '300', null, '文体'), line('101', null, '300', '文体')],
      }),
      request({
        month: 2,
        pzDate: '2026-02-20',
        certiDetails: [line('13101', '800', null, '补助'), line('40301', null, '800', '补助')],
      }),
      request({
        month: 3,
        pzDate: '2026-03-05',
        certiDetails: [line('101', '100', null, '代收'), line('215', null, '100', '代收')],
      }),
      request({
        month: 3,
        pzDate: '2026-03-15',
        certiDetails: [line('50501', '200', null, '培训'), line('102', null, '200', '培训')],
      }),
    ]) {
      saved.push(await ok(save(kuaiji, body)));
    }
    const shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', SCHOOL);
    const booked = saved.slice(0, 2).map(refOf);
    const reviewed = await shenhe.post<BatchResponse>(Paths.certificateReview, { year: 2026, details: booked, isReview: true });
    expect(reviewed.body.errorMsg).toBeNull();
    await ok(shenhe.post(Paths.certificateBook, { year: 2026, details: afterBatch(booked, reviewed), isBook: true }));
  });
  afterAll(() => server.close());

  const LEFT = ['货币资金', '应收上级经费', '流动资产合计', '固定资产原值', '减：累计折旧', '固定资产净值', '资产总计'];
  const RIGHT = ['其他应付款', '负债合计', '资产基金', '工会资金结余', '净资产合计', '负债与净资产总计'];

  it('answers the balance sheet line by line; the check fails by the revenue not yet closed', async () => {
    const report = await sheet();
    expect(report).toMatchObject({
      formNo: '工会01表',
      title: '资产负债表',
      unitName: SCHOOL,
      period: '2026年1月至3月',
      mode: 'interim',
    });
    expect(report.columns.map((c) => c.name)).toEqual(['年初余额', '期末余额']);
    expect(figures(report, [...LEFT, ...RIGHT])).toEqual({
      货币资金: [6000, 7600],
      应收上级经费: [0, 800],
      流动资产合计: [6000, 8400],
      固定资产原值: [3000, 3000],
      '减：累计折旧': [500, 500],
      固定资产净值: [2500, 2500],
      资产总计: [8500, 10_900],
      其他应付款: [0, 100],
      负债合计: [0, 100],
      资产基金: [2500, 2500],
      工会资金结余: [6000, 6000],
      净资产合计: [8500, 8500],
      负债与净资产总计: [8500, 8600],
    });
    expect(report.balanced).toBe(false);
    expect(report.checks[0]?.columns.opening).toEqual({ left: 8500, right: 8500, balanced: true });
    expect(report.checks[0]?.columns.closing).toEqual({ left: 10_900, right: 8600, balanced: false });
    // Lines carry their side, rows, totals and the subjects behind them.
    const cash = report.lines.find((l) => l.name === '货币资金');
    expect(cash).toMatchObject({ no: 1, part: 'left', row: 3, side: 'debit', total: false, codes: ['101', '102'] });
    const total = report.lines.find((l) => l.name === '负债与净资产总计');
    expect(total).toMatchObject({ part: 'right', total: true, bold: true });
    expect(total?.codes).toContain('215');
    // 零余额账户用款额度 (111) is not in the grassroots chart: the line is printed and takes nothing.
    expect(report.lines.find((l) => l.name === '零余额账户用款额度*')).toMatchObject({
      codes: [],
      amounts: { opening: 0, closing: 0 },
    });
  });

  it('balances with carryOver: revenue less expense goes to 工会资金结余', async () => {
    const report = await sheet({ carryOver: true });
    expect(figures(report, ['工会资金结余', '净资产合计', '负债与净资产总计', '资产总计'])).toEqual({
      工会资金结余: [6000, 8300],
      净资产合计: [8500, 10_800],
      负债与净资产总计: [8500, 10_900],
      资产总计: [8500, 10_900],
    });
    expect(report.carriedOver).toEqual({ opening: 0, closing: 2300 });
    expect(report.balanced).toBe(true);
  });

  it('reads only booked vouchers with book', async () => {
    const report = await sheet({ book: true, carryOver: true });
    expect(figures(report, ['货币资金', '应收上级经费', '资产总计', '负债合计', '工会资金结余', '负债与净资产总计'])).toEqual({
      货币资金: [6000, 7700],
      应收上级经费: [0, 0],
      资产总计: [8500, 10_200],
      负债合计: [0, 0],
      工会资金结余: [6000, 7700],
      负债与净资产总计: [8500, 10_200],
    });
    expect(report.balanced).toBe(true);
  });

  it('never shows another set: the factory sees only its own voucher', async () => {
    await use(FACTORY);
    const own = await ok(kuaiji.get<ReportResponse>(Paths.balanceSheet, { beginYearMonth: '2026-01', endYearMonth: '2026-03' }));
    expect(own.unitName).toBe(FACTORY);
    expect(figures(own, ['货币资金', '资产总计'])).toEqual({ 货币资金: [0, 9999], 资产总计: [0, 9999] });
    const withCarry = await ok(
      kuaiji.get<ReportResponse>(Paths.balanceSheet, { beginYearMonth: '2026-01', endYearMonth: '2026-03', carryOver: true }),
    );
    expect(withCarry.balanced).toBe(true);
    await use(SCHOOL);
  });

  it('answers the income statement for the months and the year to date', async () => {
    const report = await statement();
    expect(report).toMatchObject({ formNo: '工会02表', title: '收入支出表', period: '2026年2月至3月', mode: 'interim' });
    expect(report.columns.map((c) => c.name)).toEqual(['本月数', '本年累计数']);
    expect(
      figures(report, [
        '三、收入合计',
        '（一）会费收入',
        '（三）上级补助收入',
        '四、支出合计',
        '（一）职工活动支出',
        '（五）业务支出',
        '五、本期收支差额',
        '一、年初资金结转结余',
      ]),
    ).toEqual({
      '三、收入合计': [800, 2800],
      '（一）会费收入': [0, 2000],
      '（三）上级补助收入': [800, 800],
      '四、支出合计': [500, 500],
      '（一）职工活动支出': [300, 300],
      '（五）业务支出': [200, 200],
      '五、本期收支差额': [300, 2300],
      // Filled only in the annual report.
      '一、年初资金结转结余': [null, null],
    });
    const booked = await statement({ book: true });
    expect(figures(booked, ['三、收入合计', '四、支出合计', '五、本期收支差额'])).toEqual({
      '三、收入合计': [0, 2000],
      '四、支出合计': [300, 300],
      '五、本期收支差额': [-300, 1700],
    });
  });

  it('answers the annual statement with the year-start and year-end funds and the prior year column', async () => {
    const report = await statement({ beginYearMonth: '2026-01', endYearMonth: '2026-12' });
    expect(report.mode).toBe('annual');
    expect(report.period).toBe('2026年度');
    expect(report.columns.map((c) => [c.name, c.hasData])).toEqual([
      ['本年数', true],
      ['上年数', true],
    ]);
    expect(figures(report, ['一、年初资金结转结余', '（二）年初资金结余', '五、本期收支差额', '（二）年末资金结余'])).toEqual({
      '一、年初资金结转结余': [6000, 0],
      '（二）年初资金结余': [6000, 0],
      '五、本期收支差额': [2300, 0],
      '（二）年末资金结余': [6000, 0],
    });
  });

  it('refuses a period outside the session year or reversed', async () => {
    const other = await kuaiji.get(Paths.balanceSheet, { beginYearMonth: '2025-01', endYearMonth: '2025-03' });
    expect(other.body).toMatchObject({ success: false, errorMsg: '只能查询当前年度(2026年)的数据' });
    const reversed = await kuaiji.get(Paths.incomeExpense, { beginYearMonth: '2026-05', endYearMonth: '2026-03' });
    expect(reversed.body).toMatchObject({ success: false, errorMsg: '开始期间不能晚于结束期间' });
    const missing = await kuaiji.get(Paths.balanceSheet, { endYearMonth: '2026-03' });
    expect(missing.body).toMatchObject({
      success: false,
      errorCode: ErrorCode.BadRequest,
      errorMsg: '请求参数有误: 缺少参数beginYearMonth',
    });
  });

  // Every figure of the exported workbooks against the API, recalculated with the trial balance sheet
  // they read: report-workbook.api.test.ts. Here the form's layout: the totals add the lines the form adds.
  it('exports the balance sheet with its totals as formulas over the form lines', async () => {
    const params = { beginYearMonth: '2026-01', endYearMonth: '2026-03', carryOver: true };
    const file = await kuaiji.download(Paths.balanceSheetExport, params);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const { cells } = await sheetOf(file.bytes);
    expect(cells[0]?.[0]).toBe('资产负债表');
    expect(cells.flat()).toContain('工会01表');
    // 资产总计 (sheet row 27) adds 流动资产合计, 投资, 在建工程 (rows 15-17), 固定资产净值 (20), 无形资产净值,
    // 长期待摊费用, 待处理财产损溢 (23-25).
    const r = cells.findIndex((row) => row[0] === '资产总计');
    expect(r + 1).toBe(27);
    expect(cells[r]?.[2]).toBe('=ROUND(SUM(C15:C17)+C20+SUM(C23:C25),2)');
    expect(cells[cells.findIndex((row) => row[3] === '负债与净资产总计')]?.[5]).toMatch(/^=ROUND\(F\d+\+F\d+,2\)$/);
  });

  it('writes a unit name that looks like a formula as text', async () => {
    const renamed = `=HYPERLINK("http://x","y")`;
    await server.db.kysely.updateTable('zt_info').set({ name: renamed }).where('name', '=', FACTORY).execute();
    try {
      await use(renamed);
      const file = await kuaiji.download(Paths.balanceSheetExport, { beginYearMonth: '2026-01', endYearMonth: '2026-03' });
      expect(file.status).toBe(200);
      const { sheet: ws } = await sheetOf(file.bytes);
      const unit = ws.getCell(2, 1);
      expect(unit.value).toBe(`编制单位：${renamed}`);
      expect(unit.type).toBe(ExcelJS.ValueType.String);
      for (const row of ws.getRows(1, ws.rowCount) ?? []) {
        row.eachCell((cell) => {
          if (cell.type === ExcelJS.ValueType.Formula) expect(cell.formula).not.toContain('HYPERLINK');
        });
      }
    } finally {
      await server.db.kysely.updateTable('zt_info').set({ name: FACTORY }).where('name', '=', renamed).execute();
      await use(SCHOOL);
    }
  });

  it('needs the page export and print buttons: the cashier has neither', async () => {
    const chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
    const params = { beginYearMonth: '2026-01', endYearMonth: '2026-03' };
    for (const path of [Paths.balanceSheetExport, Paths.balanceSheetPrint, Paths.incomeExpenseExport, Paths.incomeExpensePrint]) {
      const answer = await chuna.get(path, params);
      expect(answer.body).toMatchObject({ success: false, errorCode: ErrorCode.Forbidden, errorMsg: '没有该操作的权限' });
    }
  });

  it('prints the report as a PDF in the form layout', async () => {
    const file = await kuaiji.download(Paths.balanceSheetPrint, {
      beginYearMonth: '2026-01',
      endYearMonth: '2026-03',
      carryOver: true,
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(file.bytes);
    for (const piece of ['资产负债表', '工会01表', `编制单位：${SCHOOL}`, '2026年1月至3月', '单位：元', '资产', '负债和净资产']) {
      expect(text).toContain(piece);
    }
    expect(text).toContain('货币资金6,000.007,600.00');
    expect(text).toContain('资产总计8,500.0010,900.00');
    expect(text).toContain('负债与净资产总计8,500.0010,900.00');
    const statementPdf = await kuaiji.download(Paths.incomeExpensePrint, { beginYearMonth: '2026-02', endYearMonth: '2026-03' });
    const statementText = await pdfText(statementPdf.bytes);
    expect(statementText).toContain('收入支出表');
    expect(statementText).toContain('三、收入合计800.002,800.00');
    expect(statementText).toContain('五、本期收支差额300.002,300.00');
  });

  it('reads a government-system set on 会政财01表; its income statement is not built yet', async () => {
    await createSet(server.db, { name: '示范市档案馆', code: '900', system: 'government', users: ['kuaiji'] });
    await use('示范市档案馆');
    try {
      await ok(save(kuaiji, request({ certiDetails: [line('1002', '500', null, '拨款'), line('4001', null, '500', '拨款')] })));
      const report = await ok(kuaiji.get<ReportResponse>(Paths.balanceSheet, { ...QUARTER, carryOver: true }));
      expect(report).toMatchObject({ formNo: '会政财01表', unitName: '示范市档案馆', balanced: true });
      expect(figures(report, ['货币资金', '资产总计', '本期盈余*', '负债和净资产总计'])).toEqual({
        // The form prints 期末余额 before 年初余额; 本期盈余 prints '——' for the year's start.
        货币资金: [500, 0],
        资产总计: [500, 0],
        '本期盈余*': [500, null],
        负债和净资产总计: [500, 0],
      });
      expect(report.columns.map((c) => c.name)).toEqual(['期末余额', '年初余额']);
      const statement = await kuaiji.get(Paths.incomeExpense, QUARTER);
      expect(statement.body).toMatchObject({ success: false, errorCode: ErrorCode.BusinessRule });
      // The month's workbook writes the reports the system has: the trial balance and the balance
      // sheet; carryOver's 本期盈余 recalculates from the 4 and 5 subjects' rows of the trial balance.
      const file = await kuaiji.download(Paths.reportsMultipleExport, { ...QUARTER, carryOver: true });
      const book = await checkWorkbook(file.bytes);
      expect(book.sheets.map((s) => s.name)).toEqual(['科目余额表', '资产负债表']);
      const form = book.sheet('资产负债表');
      expect(form.value(form.rowOf(1, '货币资金'), 2)).toBe(500);
      expect(form.value(form.rowOf(4, '本期盈余*'), 5)).toBe(500);
      expect(form.value(form.rowOf(4, '负债和净资产总计'), 5)).toBe(500);
    } finally {
      await use(SCHOOL);
    }
  });

  it('shows 县级以上 subjects a grassroots set has taken on their lines (投资 151)', async () => {
    await ok(kuaiji.post(Paths.cjSubjct, { codeArray: ['151'] }));
    await ok(
      save(
        kuaiji,
        request({
          month: 3,
          pzDate: '2026-03-20',
          certiDetails: [line('151', '1000', null, '投资'), line('102', null, '1000', '投资')],
        }),
      ),
    );
    const report = await sheet({ carryOver: true });
    expect(figures(report, ['货币资金', '投资', '资产总计'])).toEqual({
      货币资金: [6000, 6600],
      投资: [0, 1000],
      资产总计: [8500, 10_900],
    });
    expect(report.lines.find((l) => l.name === '投资')?.codes).toEqual(['151']);
    expect(report.balanced).toBe(true);
    expect(report.uncovered).toEqual([]);
  });
});
