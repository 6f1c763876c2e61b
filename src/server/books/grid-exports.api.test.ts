/**
 * The books' grid exports the browser writes (科目余额表, 总账): the page's answer through the API,
 * the page's mapping and the shared workbook builder, then the auditor's checks: heading block
 * with the query's filters, print setup, formats, recalculated figures equal to the API's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  GeneralLedgerQuery,
  GeneralLedgerResponse,
  TrialBalanceQuery,
  TrialBalanceResponse,
} from '../../shared/api/books.js';
import { Paths } from '../../shared/api/paths.js';
import { answerFen, generalLedgerAmounts, trialBalanceAmounts } from '../../shared/books/answer-amounts.js';
import { generalLedgerGrid, toGeneralLedgerGridRow } from '../../../grids/general-ledger.js';
import { toTrialBalanceGridRow, trialBalanceGrid } from '../../../grids/trial-balance.js';
import { generalLedgerFilters, queryPeriod, trialBalanceFilters } from '../../../grids/workbook/filters.js';
import type { ExportHeading } from '../../../grids/workbook/heading.js';
import type { FieldDef } from '../../shared/grid/definition.js';
import { buildWorkbook } from '../../../grids/workbook/workbook.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { checkWorkbook, fenOf } from '../test-support/workbook-check.js';
import { SCHOOL } from '../vouchers/voucher-test-kit.js';
import { saveCashMonths } from './books-test-kit.js';

const EVIL = '=HYPERLINK("x")';

describe.each(TEST_DIALECTS)('grid exports of the books (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let exporter: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', SCHOOL);
    await saveCashMonths(kuaiji, EVIL);
    const user = await server.db.kysely
      .selectFrom('app_user')
      .select('name')
      .where('login_name', '=', 'kuaiji')
      .executeTakeFirstOrThrow();
    exporter = user.name;
  });
  afterAll(() => server.close());

  const headingOf = (title: string, period: string, filters: ExportHeading['filters']): ExportHeading => ({
    title,
    unit: SCHOOL,
    ledgerSet: SCHOOL,
    period,
    filters,
    exportedBy: exporter,
    exportedAt: new Date(),
  });

  it('科目余额表: every figure of every subject and the 合计 as the API gives them, recalculated', async () => {
    const query: TrialBalanceQuery = {
      beginTime: '2026-02',
      endTime: '2026-03',
      book: false,
      amountIsZero: false,
      onlyFirst: false,
    };
    const answer = await kuaiji.get<TrialBalanceResponse>(Paths.trialBalance, { ...query });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    const fen = trialBalanceAmounts(answer.body.data, answerFen);
    const rows = fen.rows.map(toTrialBalanceGridRow);
    const heading = headingOf('科目余额表', queryPeriod(query), trialBalanceFilters(query));
    expect(heading.period).toBe('2026年02-03月');
    const bytes = await buildWorkbook(trialBalanceGrid, rows, heading).xlsx.writeBuffer();
    const book = await checkWorkbook(bytes, { heading });
    const sheet = book.sheet('科目余额表');
    expect(sheet.headTexts().join('\n')).toContain('只含已记账凭证：否');

    const money = [
      'openingDebit',
      'openingCredit',
      'periodDebit',
      'periodCredit',
      'yearDebit',
      'yearCredit',
      'closingDebit',
      'closingCredit',
    ] as const;
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      const r = sheet.rowOf(1, row.code);
      expect(r, row.code).toBeGreaterThan(0);
      expect(sheet.text(r, 2)).toBe(row.codeName);
      money.forEach((id, k) => expect(fenOf(sheet.value(r, 3 + k)), `${row.code} ${id}`).toBe(row[id]));
    }
    const total = sheet.rowOf(1, '合计');
    const financial = fen.financial;
    expect([3, 4, 5, 6, 9, 10].map((c) => fenOf(sheet.value(total, c)))).toEqual([
      financial.initialDebit,
      financial.initialCredit,
      financial.debitOccur,
      financial.creditOccur,
      financial.endDebit,
      financial.endCredit,
    ]);
    expect(sheet.formulas.filter((f) => f.row === total)).toHaveLength(8);
  });

  it('总账: every month of the subject as the API gives it, filters named', async () => {
    const query: GeneralLedgerQuery = { beginTime: '2026-01', endTime: '2026-03', code: '101', book: true, amountIsZero: false };
    const answer = await kuaiji.get<GeneralLedgerResponse>(Paths.generalLedger, { ...query });
    expect(answer.body.success, answer.body.errorMsg ?? '').toBe(true);
    const rows = generalLedgerAmounts(answer.body.data, answerFen).rows.map((r) => toGeneralLedgerGridRow(r, 2026));
    const heading = headingOf('总账', queryPeriod(query), generalLedgerFilters(query));
    const bytes = await buildWorkbook(generalLedgerGrid, rows, heading).xlsx.writeBuffer();
    const book = await checkWorkbook(bytes, { heading });
    const sheet = book.sheet('总账');
    const head = sheet.headTexts().join('\n');
    expect(head).toContain('科目：101');
    expect(head).toContain('只含已记账凭证：是');
    const all: readonly FieldDef[] = generalLedgerGrid.fields;
    const fields = all.filter((f) => !f.export?.hidden);
    expect(rows).toHaveLength(3);
    rows.forEach((row, i) => {
      fields.forEach((f, c) => {
        const cell = sheet.value(7 + i, c + 1);
        const wanted = (row as unknown as Record<string, unknown>)[f.id];
        if (f.kind === 'money') expect(fenOf(cell), `${row.rowId} ${f.id}`).toBe(typeof wanted === 'number' ? wanted : 0);
      });
    });
  });
});
