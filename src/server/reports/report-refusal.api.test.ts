/**
 * Balances the report cannot read (a subject and its detail both holding one, as a detail added
 * under a subject its vouchers used left them before that was refused) answer the envelope with
 * the subject named and what to do, never HTTP 500: the report, its export and its print, and the
 * annual report whose prior year holds them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { auxLine, bookedVoucher, useYear, type Book, openBook } from '../close/year-carry-kit.js';

describe.each(TEST_DIALECTS)('reports refuse balances they cannot read (%s)', (dialect) => {
  let server: TestServer;
  let book: Book;
  const SET = '报表取数测试工会';

  beforeAll(async () => {
    server = await startTestServer(dialect);
    book = await openBook(server, SET, 'BQ01');
    const { client, setId } = book;
    await bookedVoucher(book, 2026, 3, [auxLine('101', 100, null), auxLine('215', null, 100)]);
    expect((await client.post(Paths.newYear, {})).body.errorMsg).toBeNull();
    // What adding 21501 under 215 wrote before a used subject was refused a detail.
    await server.db.kysely
      .insertInto('subject')
      .values({
        zt_id: setId,
        year: 2026,
        code: '21501',
        name: '明细',
        parent_code: '215',
        level: 2,
        type: 2,
        balance_direction: 2,
        is_budget: 0,
        last_level: 1,
        is_standard: 0,
        init_amount: 0,
      })
      .execute();
    await server.db.kysely
      .updateTable('subject')
      .set({ last_level: 0 })
      .where('zt_id', '=', setId)
      .where('year', '=', 2026)
      .where('code', '=', '215')
      .execute();
  });
  afterAll(() => server.close());

  const query = { beginYearMonth: '2026-01', endYearMonth: '2026-03' };

  it.each([
    ['balance sheet', Paths.balanceSheet],
    ['income statement', Paths.incomeExpense],
    ['balance sheet export', Paths.balanceSheetExport],
    ['income statement print', Paths.incomeExpensePrint],
  ])('%s: a business refusal naming the subject and its detail', async (_name, path) => {
    await useYear(book, 2026);
    const answer = await book.client.get(path, query);
    expect(answer.status).toBe(200);
    expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(answer.body.errorMsg).toContain('2026年科目215已有下级科目21501，但仍有余额记在215上');
  });

  it("the annual income statement of next year names the prior year's subject", async () => {
    await useYear(book, 2027);
    const answer = await book.client.get(Paths.incomeExpense, { beginYearMonth: '2027-01', endYearMonth: '2027-12' });
    expect(answer.status).toBe(200);
    expect(answer.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(answer.body.errorMsg).toContain('2026年科目215');
  });
});
