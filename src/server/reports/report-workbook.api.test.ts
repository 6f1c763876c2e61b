/**
 * The reports' workbooks as an auditor takes them away: opened with exceljs, recalculated with
 * HyperFormula (every sheet, every formula), and every figure compared with the same report through
 * the API: the balance sheet and the income statement with the trial balance they read as a second
 * sheet, each subject line a formula over that sheet's rows; the period's reports in one workbook
 * (multipleExportsDataOut); the heading block, print setup and formats; live formulas (a changed
 * trial balance row changes the report lines it feeds).
 *
 * The case is reports.api.test.ts's (示范市实验中学工会, 2026): openings 101 1,000; 102 5,000;
 * 162 3,000; 163 500 贷; 30104 2,500 贷; 32205 6,000 贷; vouchers in January to March on 102/401,
 * 50102/101, 13101/40301, 101/215, 50501/102; January and February's booked.
 */
import ExcelJS from 'exceljs';
import { HyperFormula } from 'hyperformula';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import type { ReportResponse } from '../../shared/api/reports.js';
import type { TrialBalanceResponse } from '../../shared/api/books.js';
import type { BatchResponse, Voucher } from '../../shared/api/vouchers.js';
import { ErrorCode } from '../../shared/error-codes.js';
import type { ExportFilter } from '../../../grids/workbook/heading.js';
import { ApiClient } from '../test-support/api-client.js';
import { checkWorkbook, expectHeadingBlock, type CheckedWorkbook } from '../test-support/workbook-check.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { afterBatch, line, refOf, request, save, SCHOOL } from '../vouchers/voucher-test-kit.js';

type Cell = string | number | boolean | null;

interface OpenedWorkbook {
  workbook: ExcelJS.Workbook;
  names: string[];
  hf: HyperFormula;
  /** The recalculated value at a sheet's 1-based row and column. */
  value(sheet: string, row: number, column: number): Cell;
  /** The written formula there ('' if none). */
  formula(sheet: string, row: number, column: number): string;
}

/** Every sheet as HyperFormula input (a merged cell's slaves empty), recalculated together. */
async function open(bytes: Uint8Array): Promise<OpenedWorkbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheets: Record<string, Cell[][]> = {};
  for (const ws of workbook.worksheets) {
    const cells: Cell[][] = [];
    for (let r = 1; r <= ws.rowCount; r++) {
      const row: Cell[] = [];
      for (let c = 1; c <= ws.columnCount; c++) {
        const cell = ws.getCell(r, c);
        const v = cell.value;
        if (cell.isMerged && cell.master !== cell) row.push(null);
        else if (v === null || v === undefined) row.push(null);
        else if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') row.push(v);
        else if (typeof v === 'object' && 'formula' in v) row.push(`=${v.formula}`);
        else throw new Error(`unexpected cell ${ws.name}!${cell.address}: ${JSON.stringify(v)}`);
      }
      cells.push(row);
    }
    sheets[ws.name] = cells;
  }
  const hf = HyperFormula.buildFromSheets(sheets, { licenseKey: 'gpl-v3' });
  const id = (name: string) => {
    const n = hf.getSheetId(name);
    if (n === undefined) throw new Error(`no sheet ${name}`);
    return n;
  };
  return {
    workbook,
    names: workbook.worksheets.map((w) => w.name),
    hf,
    value: (sheet, row, column) => hf.getCellValue({ sheet: id(sheet), row: row - 1, col: column - 1 }) as Cell,
    formula: (sheet, row, column) => {
      const v = workbook.getWorksheet(sheet)?.getCell(row, column).value;
      return v && typeof v === 'object' && 'formula' in v ? (v.formula ?? '') : '';
    },
  };
}

const fen = (yuan: number) => Math.round(yuan * 100);

/** Where each named line's figures sit: the name's cell, its amount columns follow. */
function linePlaces(ws: ExcelJS.Worksheet, report: ReportResponse) {
  const places: { name: string; row: number; column: number; line: ReportResponse['lines'][number] }[] = [];
  ws.eachRow((row, r) => {
    row.eachCell((cell, c) => {
      const line = report.lines.find((l) => l.no !== null && l.name === cell.value);
      if (line) places.push({ name: line.name, row: r, column: c, line });
    });
  });
  return places;
}

/**
 * Every figure of the report through the API equals the recalculated workbook's; subject lines are
 * formulas over the trial balance sheet; returns how many figures were compared.
 */
function compareReport(book: OpenedWorkbook, report: ReportResponse, trialSheets: readonly string[]): number {
  const ws = book.workbook.getWorksheet(report.title);
  if (!ws) throw new Error(`no sheet ${report.title}`);
  let compared = 0;
  const places = linePlaces(ws, report);
  expect(places.length).toBe(report.lines.filter((l) => l.no !== null).length);
  for (const { name, row, column, line } of places) {
    report.columns.forEach((col, k) => {
      const yuan = line.amounts[col.id];
      const value = book.value(report.title, row, column + 1 + k);
      if (yuan === null || yuan === undefined) {
        expect(value === null || value === '——', `${name} ${col.id}`).toBe(true);
        return;
      }
      expect(typeof value, `${name} ${col.id}: ${String(value)}`).toBe('number');
      expect(fen(value as number), `${name} ${col.id}`).toBe(fen(yuan));
      const cell = ws.getCell(row, column + 1 + k);
      expect(cell.numFmt).toBe('#,##0.00');
      const formula = book.formula(report.title, row, column + 1 + k);
      // Every figure is a formula: a subject line over the trial balance, a total over other lines.
      expect(formula, `${name} ${col.id}`).not.toBe('');
      if (!line.total && line.codes.length > 0 && formula !== '0')
        expect(
          trialSheets.some((s) => formula.includes(`'${s}'!`)),
          `${name} ${col.id}: ${formula}`,
        ).toBe(true);
      compared++;
    });
  }
  return compared;
}

/** The trial balance sheet's rows by code: 借方 and 贷方 of each figure, recalculated, in fen. */
function trialRows(book: OpenedWorkbook, sheet: string) {
  const ws = book.workbook.getWorksheet(sheet);
  if (!ws) throw new Error(`no sheet ${sheet}`);
  const rows = new Map<string, number[]>();
  ws.eachRow((row, r) => {
    const code = row.getCell(1).value;
    if (typeof code !== 'string' || !/^\d+$/.test(code)) return;
    rows.set(
      code,
      [3, 4, 5, 6, 7, 8, 9, 10].map((c) => fen(book.value(sheet, r, c) as number)),
    );
  });
  return rows;
}

const YES = { label: '只含已记账凭证', value: '否' } as const;
const BOOKED = { label: '只含已记账凭证', value: '是' } as const;
const CARRY = { label: '未结转收支计入净资产', value: '是' } as const;
const NO_CLOSING = { label: '发生额不含结转凭证', value: '是' } as const;

/** The heading block of one sheet: the house's (workbook-check.ts) with this sheet's title, period and filters. */
function checkHeading(book: CheckedWorkbook, sheet: string, title: string, period: string, filters: readonly ExportFilter[]) {
  expectHeadingBlock(book.sheet(sheet), { title, unit: SCHOOL, ledgerSet: SCHOOL, period, filters, exportedBy: '李会计' });
}

describe.each(TEST_DIALECTS)('the reports as traceable workbooks (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;

  const ok = async <T>(answer: Promise<{ body: { success: boolean; errorMsg: string | null; data: T } }>): Promise<T> => {
    const a = await answer;
    expect(a.body.success, a.body.errorMsg ?? '').toBe(true);
    return a.body.data;
  };
  const QUARTER = { beginYearMonth: '2026-01', endYearMonth: '2026-03' };
  const disposition = (headers: Headers) => decodeURIComponent(headers.get('content-disposition') ?? '');

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SCHOOL);
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
    for (const [month, day, debit, credit, amount] of [
      [1, 8, '102', '401', '2000'],
      [2, 10, '50102', '101', '300'],
      [2, 20, '13101', '40301', '800'],
      [3, 5, '101', '215', '100'],
      [3, 15, '50501', '102', '200'],
    ] as const) {
      const pzDate = `2026-0${month}-${String(day).padStart(2, '0')}`;
      saved.push(
        await ok(
          save(
            kuaiji,
            request({ month, pzDate, certiDetails: [line(debit, amount, null, '摘要'), line(credit, null, amount, '摘要')] }),
          ),
        ),
      );
    }
    const shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', SCHOOL);
    const booked = saved.slice(0, 2).map(refOf);
    const reviewed = await shenhe.post<BatchResponse>(Paths.certificateReview, { year: 2026, details: booked, isReview: true });
    expect(reviewed.body.errorMsg).toBeNull();
    await ok(shenhe.post(Paths.certificateBook, { year: 2026, details: afterBatch(booked, reviewed), isBook: true }));
  });
  afterAll(() => server.close());

  it('exports the balance sheet with the trial balance it reads; each line recalculates from its subjects', async () => {
    const params = { ...QUARTER, carryOver: true };
    const report = await ok(kuaiji.get<ReportResponse>(Paths.balanceSheet, params));
    const file = await kuaiji.download(Paths.balanceSheetExport, params);
    expect(file.status).toBe(200);
    expect(disposition(file.headers)).toContain('资产负债表_示范市实验中学工会_2026年01-03月.xlsx');
    const book = await open(file.bytes);
    expect(book.names).toEqual(['资产负债表', '科目余额表']);
    expect(book.workbook.title).toBe('资产负债表');
    expect(book.workbook.company).toBe(SCHOOL);
    expect(book.workbook.creator).toBe('李会计');
    expect(compareReport(book, report, ['科目余额表'])).toBeGreaterThan(40);
    const checked = await checkWorkbook(file.bytes);
    checkHeading(checked, '资产负债表', '资产负债表', '2026年01-03月', [YES, CARRY]);
    checkHeading(checked, '科目余额表', '科目余额表', '2026年01-03月', [YES]);

    // 货币资金 takes 101 库存现金 and 102 银行存款: its 期末余额 is 借方 − 贷方 of their rows.
    const trial = book.workbook.getWorksheet('科目余额表')!;
    const rowOf = (code: string) => {
      let found = 0;
      trial.eachRow((row, r) => {
        if (row.getCell(1).value === code) found = r;
      });
      return found;
    };
    const cash = linePlaces(book.workbook.getWorksheet('资产负债表')!, report).find((p) => p.name === '货币资金')!;
    expect(book.formula('资产负债表', cash.row, cash.column + 2)).toBe(
      `ROUND('科目余额表'!I${rowOf('101')}-'科目余额表'!J${rowOf('101')}+'科目余额表'!I${rowOf('102')}-'科目余额表'!J${rowOf('102')},2)`,
    );
    // The trial balance sheet holds what the trial balance says for the same months.
    const answer = await ok(kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, { beginTime: '2026-01', endTime: '2026-03' }));
    const rows = trialRows(book, '科目余额表');
    for (const r of answer.rows) {
      const written = rows.get(r.code);
      expect(written, r.code).toBeDefined();
      const end = r.endDirection === 2 ? -fen(r.endBalance) : fen(r.endBalance);
      const start = r.initialDirection === 2 ? -fen(r.initialBalance) : fen(r.initialBalance);
      const [od, oc, pd, pc, yd, yc, cd, cc] = written ?? [];
      expect([(od ?? 0) - (oc ?? 0), pd, pc, yd, yc, (cd ?? 0) - (cc ?? 0)], r.code).toEqual([
        start,
        fen(r.debitOccur),
        fen(r.creditOccur),
        fen(r.debitGrandTotal),
        fen(r.creditGrandTotal),
        end,
      ]);
    }
    book.hf.destroy();
  });

  it('recalculates live: a changed trial balance row changes the report lines it feeds', async () => {
    const file = await kuaiji.download(Paths.balanceSheetExport, { ...QUARTER, carryOver: true });
    const book = await open(file.bytes);
    const report = await ok(kuaiji.get<ReportResponse>(Paths.balanceSheet, { ...QUARTER, carryOver: true }));
    const places = linePlaces(book.workbook.getWorksheet('资产负债表')!, report);
    const at = (name: string) => places.find((p) => p.name === name)!;
    const trial = book.workbook.getWorksheet('科目余额表')!;
    let row101 = 0;
    trial.eachRow((row, r) => {
      if (row.getCell(1).value === '101') row101 = r;
    });
    const sheetId = book.hf.getSheetId('科目余额表')!;
    // 101's 期末余额 借方 (column I) up by 123.45.
    const before = book.value('科目余额表', row101, 9) as number;
    book.hf.setCellContents({ sheet: sheetId, row: row101 - 1, col: 8 }, [[before + 123.45]]);
    for (const name of ['货币资金', '流动资产合计', '资产总计']) {
      const yuan = report.lines.find((l) => l.name === name)?.amounts.closing ?? 0;
      expect(fen(book.value('资产负债表', at(name).row, at(name).column + 2) as number), name).toBe(fen(yuan) + 12_345);
    }
    book.hf.destroy();
  });

  it('exports the income statement over the trial balance without carry-forward vouchers', async () => {
    const params = { beginYearMonth: '2026-02', endYearMonth: '2026-03' };
    const report = await ok(kuaiji.get<ReportResponse>(Paths.incomeExpense, params));
    const file = await kuaiji.download(Paths.incomeExpenseExport, params);
    expect(disposition(file.headers)).toContain('收入支出表_示范市实验中学工会_2026年02-03月.xlsx');
    const book = await open(file.bytes);
    expect(book.names).toEqual(['收入支出表', '科目余额表']);
    expect(compareReport(book, report, ['科目余额表'])).toBeGreaterThan(20);
    const checked = await checkWorkbook(file.bytes);
    checkHeading(checked, '收入支出表', '收入支出表', '2026年02-03月', [YES, NO_CLOSING]);
    checkHeading(checked, '科目余额表', '科目余额表', '2026年02-03月', [YES, NO_CLOSING]);
    book.hf.destroy();
  });

  it('writes subject names that look like formulas as text', async () => {
    const renamed = '=HYPERLINK("http://x","y")';
    await server.db.kysely.updateTable('subject').set({ name: renamed }).where('code', '=', '101').execute();
    try {
      const file = await kuaiji.download(Paths.balanceSheetExport, QUARTER);
      const book = await open(file.bytes);
      await checkWorkbook(file.bytes, { userTexts: [renamed] });
      const trial = book.workbook.getWorksheet('科目余额表')!;
      let found = false;
      trial.eachRow((row) => {
        const name = row.getCell(2);
        if (name.value === renamed) {
          found = true;
          expect(name.type).toBe(ExcelJS.ValueType.String);
          expect(name.numFmt).toBe('@');
        }
      });
      expect(found).toBe(true);
      for (const ws of book.workbook.worksheets)
        ws.eachRow((row) =>
          row.eachCell((cell) => {
            if (cell.type === ExcelJS.ValueType.Formula) expect(cell.formula).not.toContain('HYPERLINK');
          }),
        );
      book.hf.destroy();
    } finally {
      await server.db.kysely.updateTable('subject').set({ name: '库存现金' }).where('code', '=', '101').execute();
    }
  });

  it("writes the period's reports into one workbook, one sheet each, every figure the API's", async () => {
    const params = { ...QUARTER, carryOver: true };
    const file = await kuaiji.download(Paths.reportsMultipleExport, params);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(disposition(file.headers)).toContain('会计报表_示范市实验中学工会_2026年01-03月.xlsx');
    const book = await open(file.bytes);
    expect(book.names).toEqual(['科目余额表', '资产负债表', '收入支出表']);
    const sheet = await ok(kuaiji.get<ReportResponse>(Paths.balanceSheet, params));
    const statement = await ok(kuaiji.get<ReportResponse>(Paths.incomeExpense, QUARTER));
    expect(compareReport(book, sheet, ['科目余额表'])).toBeGreaterThan(40);
    expect(compareReport(book, statement, ['科目余额表'])).toBeGreaterThan(20);
    const checked = await checkWorkbook(file.bytes);
    checkHeading(checked, '科目余额表', '科目余额表', '2026年01-03月', [YES]);
    checkHeading(checked, '资产负债表', '资产负债表', '2026年01-03月', [YES, CARRY]);
    checkHeading(checked, '收入支出表', '收入支出表', '2026年01-03月', [YES, NO_CLOSING]);
    book.hf.destroy();
  });

  it('reads the prior year in the annual income statement from its own trial balance sheet', async () => {
    const params = { beginYearMonth: '2026-01', endYearMonth: '2026-12', book: true };
    const file = await kuaiji.download(Paths.reportsMultipleExport, params);
    const book = await open(file.bytes);
    expect(book.names).toEqual(['科目余额表', '资产负债表', '收入支出表', '上年科目余额表']);
    const statement = await ok(kuaiji.get<ReportResponse>(Paths.incomeExpense, params));
    expect(statement.columns.map((c) => c.hasData)).toEqual([true, true]);
    expect(compareReport(book, statement, ['科目余额表', '上年科目余额表'])).toBeGreaterThan(20);
    const checked = await checkWorkbook(file.bytes);
    checkHeading(checked, '上年科目余额表', '科目余额表（上年）', '2025年01-12月', [BOOKED, NO_CLOSING]);
    book.hf.destroy();
  });

  it('gives the income statement its own trial balance once carry-forward vouchers move its turnovers', async () => {
    await ok(kuaiji.get(Paths.generateVoucherEndPeriod, { year: 2026, month: 3 }));
    const params = { ...QUARTER, carryOver: true };
    const file = await kuaiji.download(Paths.reportsMultipleExport, params);
    const book = await open(file.bytes);
    expect(book.names).toEqual(['科目余额表', '资产负债表', '收入支出表', '科目余额表(不含结转)']);
    const sheet = await ok(kuaiji.get<ReportResponse>(Paths.balanceSheet, params));
    const statement = await ok(kuaiji.get<ReportResponse>(Paths.incomeExpense, QUARTER));
    expect(statement.lines.find((l) => l.name === '三、收入合计')?.amounts.current).toBe(2800);
    expect(compareReport(book, sheet, ['科目余额表'])).toBeGreaterThan(40);
    expect(compareReport(book, statement, ['科目余额表(不含结转)'])).toBeGreaterThan(20);
    const checked = await checkWorkbook(file.bytes);
    checkHeading(checked, '科目余额表', '科目余额表', '2026年01-03月', [YES]);
    checkHeading(checked, '科目余额表(不含结转)', '科目余额表', '2026年01-03月', [YES, NO_CLOSING]);
    book.hf.destroy();
  });

  it('declares its query and needs the export button of every report it writes', async () => {
    const missing = await kuaiji.get(Paths.reportsMultipleExport, { endYearMonth: '2026-03' });
    expect(missing.body).toMatchObject({ success: false, errorCode: ErrorCode.BadRequest });
    const chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', '示范市第一机械厂工会');
    const refused = await chuna.get(Paths.reportsMultipleExport, QUARTER);
    expect(refused.body).toMatchObject({ success: false, errorCode: ErrorCode.Forbidden });
    // The reviewer exports reports; without 收入支出表's export button the month's workbook is refused
    // (it would write that report) while the balance sheet's own export still works.
    const db = server.db.kysely;
    const level = await db
      .selectFrom('user_zt_level')
      .innerJoin('app_user', 'app_user.id', 'user_zt_level.user_id')
      .innerJoin('zt_info', 'zt_info.id', 'user_zt_level.zt_id')
      .innerJoin('user_level', 'user_level.id', 'user_zt_level.user_level_id')
      .select(['user_level.id', 'user_level.resources'])
      .where('app_user.login_name', '=', 'shenhe')
      .where('zt_info.name', '=', SCHOOL)
      .executeTakeFirstOrThrow();
    const resources = JSON.parse(level.resources) as { href: string; resourceList: string[] }[];
    const withoutIncomeExport = resources.map((r) =>
      r.href.endsWith('/income-expense') ? { ...r, resourceList: r.resourceList.filter((b) => b !== 'export') } : r,
    );
    const shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', SCHOOL);
    expect((await shenhe.download(Paths.reportsMultipleExport, QUARTER)).status).toBe(200);
    await db
      .updateTable('user_level')
      .set({ resources: JSON.stringify(withoutIncomeExport) })
      .where('id', '=', level.id)
      .execute();
    try {
      const partial = await shenhe.get(Paths.reportsMultipleExport, QUARTER);
      expect(partial.body).toMatchObject({
        success: false,
        errorCode: ErrorCode.Forbidden,
        errorMsg: '导出全部报表需要科目余额表、资产负债表和收入支出表的导出权限',
      });
      expect((await shenhe.download(Paths.balanceSheetExport, QUARTER)).status).toBe(200);
    } finally {
      await db.updateTable('user_level').set({ resources: level.resources }).where('id', '=', level.id).execute();
    }
  });
});
