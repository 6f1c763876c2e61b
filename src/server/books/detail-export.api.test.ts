/**
 * The detail ledger's export (the page's 导出Excel, GET report/exportDetailAccount) is the whole
 * result of the form, labelled and live, on SQLite and PostgreSQL: the file is opened as an
 * auditor would (exceljs, every formula recalculated with HyperFormula:
 * test-support/workbook-check.ts), its rows compared with every page of the same query through
 * the detailAccount API, and its 本月合计 / 本年累计 found to be formulas that recalculate to
 * the page's figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetailLedgerFilter, DetailLedgerResponse, DetailLedgerRow } from '../../shared/api/books.js';
import { Paths } from '../../shared/api/paths.js';
import { answerFen, detailRowAmounts } from '../../shared/books/answer-amounts.js';
import { toDetailLedgerGridRows } from '../../../grids/detail-ledger.js';
import { periodText, type ExportFilter } from '../../../grids/workbook/heading.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { checkWorkbook, fenOf, type CheckedSheet } from '../test-support/workbook-check.js';
import { line, request, save, SCHOOL } from '../vouchers/voucher-test-kit.js';

/** Lines of 101 in February to April: more than the page of 200 the screen shows. */
const PER_MONTH = 90;
const INJECTION = '=1+2';
const CASH: ExportFilter = { label: '科目', value: '101 库存现金' };

/** The heading's filters of a query: the subject, the summary filter if any, every switch 是 or 否. */
function filtersOf(q: DetailLedgerFilter): ExportFilter[] {
  const yesNo = (label: string, on: boolean | undefined): ExportFilter => ({ label, value: on ? '是' : '否' });
  return [
    CASH,
    ...(q.abstractNumber ? [{ label: '摘要包含', value: q.abstractNumber }] : []),
    yesNo('只含已记账凭证', q.book),
    yesNo('按辅助核算项目', q.isShowAuxi),
    yesNo('显示无发生额月份', q.amountWhetherShowZero),
    yesNo('显示余额为零且无发生额的项目', q.balanceWhetherShowZero),
    yesNo('不含结转凭证', q.removeCarryForwardVoucher),
  ];
}

describe.each(TEST_DIALECTS)('detail ledger export (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let exporter: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SCHOOL);
    exporter = (
      await server.db.kysely.selectFrom('app_user').select('name').where('login_name', '=', 'kuaiji').executeTakeFirstOrThrow()
    ).name;
    // January before the range: its year-to-date is the constant the first 本年累计 starts from.
    const keyed: [month: number, debit: string, credit: string, yuan: string, summary: string][] = [
      [1, '101', '401', '5000', '收一月会费'],
    ];
    for (let month = 2; month <= 4; month++) {
      for (let i = 0; i < PER_MONTH; i++) {
        const yuan = (1 + ((i * 37 + month) % 400) + (i % 100) / 100).toFixed(2);
        keyed.push(
          i % 3 === 0
            ? [month, '101', '401', yuan, `收会费${month}-${i}`]
            : [month, '50101', '101', yuan, i === 4 ? INJECTION : `职工培训${month}-${i}`],
        );
      }
    }
    for (const [month, debit, credit, yuan, summary] of keyed) {
      const day = String(1 + (summary.length % 27)).padStart(2, '0');
      const certiDetails = [line(debit, yuan, null, summary), line(credit, null, yuan, summary)];
      const answer = await save(kuaiji, request({ month, pzDate: `2026-0${month}-${day}`, certiDetails }));
      expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    }
  }, 300_000);
  afterAll(() => server.close());

  /** Every row of the query through the page's API, page after page, in fen. */
  async function pageRows(query: DetailLedgerFilter): Promise<DetailLedgerRow[]> {
    const rows: DetailLedgerRow[] = [];
    for (let pageIndex = 1; ; pageIndex++) {
      const answer = await kuaiji.get<DetailLedgerResponse>(Paths.detailAccount, { ...query, pageIndex, pageSize: 200 });
      expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
      rows.push(...answer.body.data.rows.map((r) => detailRowAmounts(r, answerFen)));
      if (pageIndex * 200 >= answer.body.data.totalItemCount) return rows;
    }
  }

  /** Date, number, summary, debit, credit (fen, blank as 0), side, balance: the sheet's data rows. */
  function sheetRows(sheet: CheckedSheet): { rows: (string | number)[][]; first: number } {
    const first = sheet.rowOf(1, '日期') + 1;
    expect(first).toBeGreaterThan(1);
    const rows: (string | number)[][] = [];
    for (let r = first; r <= sheet.rowCount; r++) {
      rows.push([
        sheet.text(r, 1),
        sheet.text(r, 2),
        sheet.text(r, 3),
        fenOf(sheet.value(r, 4)),
        fenOf(sheet.value(r, 5)),
        sheet.text(r, 6),
        fenOf(sheet.value(r, 7)),
      ]);
    }
    return { rows, first };
  }

  async function exportAndCompare(query: DetailLedgerFilter) {
    const file = await kuaiji.download(Paths.exportDetailAccount, query);
    expect(file.status).toBe(200);
    const [begin, end] = [Number(query.beginTime.slice(5)), Number(query.endTime.slice(5))];
    const period = periodText(2026, begin, end);
    const title = '明细账（101 库存现金）';
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain(`${title}_${SCHOOL}_${period}.xlsx`);
    const book = await checkWorkbook(file.bytes, {
      heading: { title, unit: SCHOOL, ledgerSet: SCHOOL, period, filters: filtersOf(query), exportedBy: exporter },
      userTexts: [INJECTION],
    });
    const sheet = book.sheet();
    const page = await pageRows(query);
    const expected = toDetailLedgerGridRows(page, 1).map((r) => [
      r.date,
      r.voucherNo,
      r.summary,
      r.debit ?? 0,
      r.credit ?? 0,
      r.direction,
      r.balance ?? 0,
    ]);
    const { rows, first } = sheetRows(sheet);
    // Recalculated, every row equals the page's, all pages of it.
    expect(rows).toEqual(expected);
    const totals = page.flatMap((r, i) => (r.kind === 'monthTotal' || r.kind === 'yearTotal' ? [first + i] : []));
    return { sheet, page, totals };
  }

  it('writes every line the form selects, labelled with its subject, totals as live formulas', async () => {
    const { sheet, page, totals } = await exportAndCompare({ code: '101', beginTime: '2026-02', endTime: '2026-04' });
    expect(page.filter((r) => r.kind === 'line')).toHaveLength(3 * PER_MONTH);
    expect(totals).toHaveLength(6);
    // Every 本月合计 and 本年累计 amount is a formula (two per row), and nothing else is.
    const formulaRows = [...new Set(sheet.formulas.map((f) => f.row))].sort((a, b) => a - b);
    expect(formulaRows).toEqual(totals);
    expect(sheet.formulas.filter((f) => f.col === 4 || f.col === 5)).toHaveLength(2 * totals.length);
    // The first 本年累计 starts from January's figures (before the range), the next from it.
    const firstYear = sheet.formulas.find((f) => f.row === totals[1] && f.col === 4);
    expect(firstYear?.formula).toBe(`5000.00+D${totals[0]}`);
    expect(sheet.formulas.find((f) => f.row === totals[3] && f.col === 4)?.formula).toBe(`D${totals[1]}+D${totals[2]}`);
  });

  it('follows each switch of the form and names it in the heading', async () => {
    await exportAndCompare({
      code: '101',
      beginTime: '2026-01',
      endTime: '2026-06',
      book: true,
      amountWhetherShowZero: true,
      balanceWhetherShowZero: true,
      removeCarryForwardVoucher: true,
    });
    await exportAndCompare({ code: '101', beginTime: '2026-03', endTime: '2026-03', amountWhetherShowZero: true });
    await exportAndCompare({ code: '101', beginTime: '2026-02', endTime: '2026-04', isShowAuxi: true });
  });

  it('with a summary filter shows the hits and keeps the totals of every line, as values', async () => {
    const { sheet, page } = await exportAndCompare({
      code: '101',
      beginTime: '2026-02',
      endTime: '2026-04',
      abstractNumber: '收会费',
    });
    expect(page.filter((r) => r.kind === 'line').every((r) => r.summary.includes('收会费'))).toBe(true);
    // The totals add lines the filter hides: a formula over the shown lines would be wrong.
    expect(sheet.formulas).toEqual([]);
  });
});
