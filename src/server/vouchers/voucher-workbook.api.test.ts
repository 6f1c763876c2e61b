/**
 * The 记账凭证 workbook read back as an auditor would: opened with exceljs, every formula
 * recalculated with HyperFormula, each figure compared with the same voucher through the API; the
 * sheet reads like the paper voucher (unit, period, category and number, date, attachments,
 * subjects with full names, auxiliary items by name, the signatures, the total in capitals), with
 * its print setup, number formats, no amount or date stored as text and no user text as a formula.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountToChineseCapitals } from '../../../formulas/chinese-capitals.js';
import { textWidth } from '../../../grids/workbook/sheet-plan.js';
import { Paths } from '../../shared/api/paths.js';
import type { BatchResponse, Voucher } from '../../shared/api/vouchers.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import {
  checkWorkbook,
  expectHeadingBlock,
  fenOf,
  type CheckedSheet,
  type ExpectedHeading,
} from '../test-support/workbook-check.js';
import { afterBatch, current, FACTORY, line, refOf, request, save, SCHOOL } from './voucher-test-kit.js';

const INJECTED = '=HYPERLINK("http://example.com","点我")';
const USER_TEXTS = [INJECTED, '-1+2'];
const HEADING: ExpectedHeading = {
  title: '记账凭证',
  unit: FACTORY,
  ledgerSet: FACTORY,
  period: '',
  filters: [],
  exportedBy: '李会计',
};

const errorOf = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString('utf8')) as { errorCode: number; errorMsg: string };

async function open(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.slice().buffer);
  return workbook;
}

/** The texts of a sheet's cells, row by row (merged cells once). */
function textsOf(sheet: ExcelJS.Worksheet): string[] {
  const out: string[] = [];
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      if (typeof cell.value === 'string' && !cell.isMerged) out.push(cell.value);
      else if (typeof cell.value === 'string' && cell.master === cell) out.push(cell.value);
    }),
  );
  return out;
}

function rowOf(sheet: ExcelJS.Worksheet, first: string): number {
  for (let r = 1; r <= sheet.rowCount; r++) if (sheet.getCell(r, 1).value === first) return r;
  throw new Error(`no row starting with ${first}`);
}

function formulasOf(workbook: ExcelJS.Workbook): string[] {
  const out: string[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.Formula) out.push(`${sheet.name}!${cell.address}=${cell.formula}`);
      }),
    ),
  );
  return out;
}

/** The voucher's sheet against the voucher as the API answers it. */
function expectSheetIsVoucher(checked: CheckedSheet, v: Voucher, typeName: string): void {
  const sheet = checked.worksheet;
  expectHeadingBlock(checked, { ...HEADING, period: `${v.year}年${String(v.month).padStart(2, '0')}月` });
  const texts = textsOf(sheet);
  expect(texts).toEqual(
    expect.arrayContaining([
      `凭证类别：${v.certificateTypeName}`,
      `凭证号：${v.entry}字第 ${String(v.pzNo).padStart(4, '0')} 号`,
      `财务主管：${v.financialOfficer}`,
      `记账：${v.bookkeeper}`,
      `出纳：${v.cashier}`,
      `审核：${v.reviewer}`,
      `制单：${v.preparedBy}`,
    ]),
  );
  // The date is a real date, the attachment count a number.
  const date = sheet.getCell('D3');
  expect(date.value).toBeInstanceOf(Date);
  expect((date.value as Date).toISOString().slice(0, 10)).toBe(v.pzDate);
  expect(date.numFmt).toBe('yyyy-mm-dd');
  expect(sheet.getCell('E3').value).toBe(v.numberOfDocument);
  expect(sheet.getCell('E3').numFmt).toContain('附单据');

  // Lines: summary, code and full name, auxiliary items by type and name, amounts as numbers.
  const header = rowOf(sheet, '摘要');
  expect([2, 3, 4, 5].map((c) => sheet.getCell(header, c).value)).toEqual(['会计科目', '辅助核算', '借方金额', '贷方金额']);
  v.certiDetails.forEach((l, i) => {
    const r = header + 1 + i;
    expect(sheet.getCell(r, 1).value).toBe(l.summary);
    expect(sheet.getCell(r, 2).value).toBe(l.codeAndFullName);
    expect(sheet.getCell(r, 3).value).toBe(l.auxis.map((a) => `${typeName}：${a.infoName}`).join('；'));
    for (const [c, amount] of [
      [4, l.debitAmount],
      [5, l.creditAmount],
    ] as const) {
      const cell = sheet.getCell(r, c);
      expect(cell.value).toBe(amount);
      expect(cell.numFmt).toBe('#,##0.00');
      expect(checked.value(r, c)).toBe(amount);
    }
    for (const c of [1, 2, 3]) expect(sheet.getCell(r, c).numFmt).toBe('@');
    // Wide enough for the Chinese names (up to a width where the cell wraps).
    for (const c of [1, 2, 3]) {
      expect(sheet.getColumn(c).width ?? 0).toBeGreaterThanOrEqual(Math.min(60, textWidth(sheet.getCell(r, c).text)));
    }
  });

  // 合计: live sums that recalculate to the voucher's totals, the amount in capitals beside them.
  const total = rowOf(sheet, '合计');
  expect(total).toBe(header + 1 + v.certiDetails.length);
  expect(sheet.getCell(total, 4).formula).toMatch(/^SUM\(D\d+:D\d+\)$/);
  expect(sheet.getCell(total, 5).formula).toMatch(/^SUM\(E\d+:E\d+\)$/);
  expect(fenOf(checked.value(total, 4))).toBe(fenOf(v.debitTotal));
  expect(fenOf(checked.value(total, 5))).toBe(fenOf(v.creditTotal));
  expect(sheet.getCell(total, 2).value).toBe(`人民币（大写）：${amountToChineseCapitals(Math.round(v.debitTotal * 100))}`);

  // Print setup: the heading repeats on each page, page x of y, landscape, one page wide, frozen.
  expect(sheet.pageSetup.printTitlesRow).toBe(`1:${header}`);
  expect(sheet.pageSetup.orientation).toBe('landscape');
  expect(sheet.pageSetup.fitToWidth).toBe(1);
  expect(sheet.headerFooter.oddFooter).toMatch(/&P.*&N/);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: header });
}

describe.each(TEST_DIALECTS)('the 记账凭证 workbook (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let shenhe: ApiClient;
  let chuna: ApiClient;
  let school: ApiClient;
  let first: Voucher;
  let second: Voucher;
  let jfhs: { infoNo: string; infoName: string };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
    chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
    school = new ApiClient(server.url);
    await school.openSet(server.db, 'admin', 'Admin@123', SCHOOL);

    const ztId = (await server.db.kysely.selectFrom('zt_info').select('id').where('name', '=', FACTORY).executeTakeFirstOrThrow())
      .id;
    const items = await server.db.kysely
      .selectFrom('auxi_info')
      .select(['info_no', 'info_name', 'parent_no'])
      .where('zt_id', '=', ztId)
      .where('type_no', '=', 'JFHS')
      .execute();
    const parents = new Set(items.map((i) => i.parent_no));
    const leaf = items.find((i) => !parents.has(i.info_no));
    if (!leaf) throw new Error('JFHS has no leaf item');
    jfhs = { infoNo: leaf.info_no, infoName: leaf.info_name };

    const linked = await kuaiji.post(Paths.saveAuxiRealedSub, { code: '50101', typeNoArray: ['JFHS'] });
    expect(linked.body.errorMsg).toBeNull();
    const saved = await save(
      kuaiji,
      request({
        numberOfDocument: 3,
        certiDetails: [
          { ...line('50101', '1234.56', null, INJECTED), auxis: [{ typeNo: 'JFHS', infoNo: jfhs.infoNo }] },
          line('101', null, '1234.56', '-1+2'),
        ],
      }),
    );
    expect(saved.body.errorMsg).toBeNull();
    const details = [refOf(saved.body.data)];
    const signed = await chuna.post<BatchResponse>(Paths.voucherCashierSignature, { year: 2026, details, isSign: true });
    expect(signed.body.errorMsg).toBeNull();
    const reviewed = await shenhe.post<BatchResponse>(Paths.certificateReview, {
      year: 2026,
      details: afterBatch(details, signed),
      isReview: true,
    });
    expect(reviewed.body.errorMsg).toBeNull();
    const booked = await shenhe.post(Paths.certificateBook, { year: 2026, details: afterBatch(details, reviewed), isBook: true });
    expect(booked.body.errorMsg).toBeNull();
    first = await current(kuaiji, saved.body.data);
    const other = await save(
      kuaiji,
      request({
        month: 2,
        pzDate: '2026-02-28',
        numberOfDocument: 0,
        certiDetails: [
          line('101', 80, null, '零星收入'),
          line('401', null, '30.5', '零星收入'),
          line('401', null, '49.5', '零星收入'),
        ],
      }),
    );
    expect(other.body.errorMsg).toBeNull();
    second = other.body.data;
  });
  afterAll(() => server.close());

  it('writes each named voucher as a sheet that reads like the paper voucher and recalculates to its figures', async () => {
    const got = await kuaiji.download(Paths.certificateSheets, { ids: `${first.id},${second.id}` });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(decodeURIComponent(got.headers.get('content-disposition') ?? '')).toContain(`记账凭证_${FACTORY}_2026年02-03月`);
    // Every sheet: print setup, formats, no figure as text, only our formulas, live totals agree.
    const book = await checkWorkbook(got.bytes, { userTexts: USER_TEXTS });
    const workbook = book.workbook;
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      `03月记-${String(first.pzNo).padStart(4, '0')}`,
      `02月记-${String(second.pzNo).padStart(4, '0')}`,
    ]);
    // The API's voucher: signed, reviewed and booked, so every signature has a name.
    expect([first.cashier, first.reviewer, first.bookkeeper, first.preparedBy].every((n) => n !== '')).toBe(true);
    const [one, two] = book.sheets;
    if (!one || !two) throw new Error('two sheets');
    expectSheetIsVoucher(one, first, '经费核算');
    expectSheetIsVoucher(two, second, '经费核算');
    expect(workbook.title).toBe('记账凭证');
    expect(workbook.subject).toContain('2026年02-03月');
    expect(workbook.company).toBe(FACTORY);
    expect(workbook.creator).toBe('李会计');
    expect(workbook.created).toBeInstanceOf(Date);
  });

  it('shows auxiliary items by name, never by their internal codes', async () => {
    const got = await kuaiji.download(Paths.certificateSheets, { ids: first.id });
    const book = await checkWorkbook(got.bytes, { heading: { ...HEADING, period: '2026年03月' }, userTexts: USER_TEXTS });
    const sheet = book.workbook.worksheets[0];
    const header = sheet ? rowOf(sheet, '摘要') : 0;
    expect(sheet?.getCell(header + 1, 3).value).toBe(`经费核算：${jfhs.infoName}`);
    expect(sheet?.getCell(header + 1, 3).text).not.toContain('JFHS');
    expect(decodeURIComponent(got.headers.get('content-disposition') ?? '')).toContain(
      `记账凭证_${FACTORY}_2026年03月_记${String(first.pzNo).padStart(4, '0')}.xlsx`,
    );
  });

  it('keeps every user text as text: the only formulas are the totals', async () => {
    const got = await kuaiji.download(Paths.certificateSheets, { ids: `${first.id},${second.id}` });
    const workbook = await open(got.bytes);
    const sheet = workbook.worksheets[0];
    const header = sheet ? rowOf(sheet, '摘要') : 0;
    expect(sheet?.getCell(header + 1, 1).value).toBe(INJECTED);
    expect(sheet?.getCell(header + 1, 1).numFmt).toBe('@');
    expect(sheet?.getCell(header + 2, 1).value).toBe('-1+2');
    expect(formulasOf(workbook).every((f) => /=SUM\([DE]\d+:[DE]\d+\)$/.test(f))).toBe(true);
    expect(formulasOf(workbook)).toHaveLength(4);
  });

  it('writes a two-table voucher as its two parts, each with its own live total', async () => {
    await createSet(server.db, { name: '示范市行政单位', code: 'GOV9', system: 'government', users: ['kuaiji'] });
    const gov = new ApiClient(server.url);
    await gov.openSet(server.db, 'admin', 'Admin@123', '示范市行政单位');
    const saved = await save(
      gov,
      request({
        certiDetails: [line('1001', 100, null), line('4001', null, 100), line('8001', 60, null), line('6001', null, 60)],
      }),
    );
    expect(saved.body.errorMsg).toBeNull();
    const got = await gov.download(Paths.certificateSheets, { ids: saved.body.data.id });
    const book = await checkWorkbook(got.bytes, {
      heading: {
        ...HEADING,
        unit: '示范市行政单位',
        ledgerSet: '示范市行政单位',
        period: '2026年03月',
        exportedBy: '系统管理员',
      },
    });
    const checked = book.sheet();
    const sheet = checked.worksheet;
    const financial = rowOf(sheet, '财务会计合计');
    const budget = rowOf(sheet, '预算会计合计');
    expect([checked.value(financial, 4), checked.value(financial, 5)]).toEqual([100, 100]);
    expect([checked.value(budget, 4), checked.value(budget, 5)]).toEqual([60, 60]);
    expect(sheet.getCell(financial, 2).value).toBe('人民币（大写）：壹佰元整');
    expect(sheet.getCell(budget, 2).value).toBe('人民币（大写）：陆拾元整');
    expect(textsOf(sheet)).toEqual(expect.arrayContaining(['财务会计', '预算会计']));
    // One session per account: admin goes back to the school.
    await school.openSet(server.db, 'admin', 'Admin@123', SCHOOL);
  });

  it('refuses another set’s voucher, an unknown one, no voucher, and a user without the export button', async () => {
    const foreign = await school.download(Paths.certificateSheets, { ids: first.id });
    expect(errorOf(foreign.bytes).errorCode).toBe(ErrorCode.Forbidden);
    const unknown = await kuaiji.download(Paths.certificateSheets, { ids: `${first.id},nosuchvoucher` });
    expect(errorOf(unknown.bytes).errorCode).toBe(ErrorCode.NotFound);
    const none = await kuaiji.download(Paths.certificateSheets, { ids: ' , ' });
    expect(errorOf(none.bytes)).toMatchObject({ errorCode: ErrorCode.BusinessRule, errorMsg: '请至少选择一张凭证' });
    const malformed = await kuaiji.download(Paths.certificateSheets, { ids: '<script>' });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed.bytes).errorCode).toBe(ErrorCode.BadRequest);
    // The cashier signs and prints vouchers but holds no export button.
    const cashier = await chuna.download(Paths.certificateSheets, { ids: first.id });
    expect(errorOf(cashier.bytes).errorCode).toBe(ErrorCode.Forbidden);
  });
});
