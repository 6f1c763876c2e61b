/**
 * A subject the year's vouchers use keeps its place in the chart: it gets no detail (its lines
 * would sit on a parent, counted beside its children by the books and refused by the reports) and
 * it is not deleted (its lines would point at nothing, or at a parent that became last-level again).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import { SubjectMessages } from '../../shared/subjects/subject-code.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import {
  addDetail,
  auxLine,
  balanceSheetOf,
  bookedVoucher,
  deleteSubject,
  trialOf,
  type Book,
  openBook,
} from '../close/year-carry-kit.js';

describe.each(TEST_DIALECTS)('subjects used by vouchers (%s)', (dialect) => {
  let server: TestServer;
  let book: Book;
  const SET = '科目使用测试工会';

  beforeAll(async () => {
    server = await startTestServer(dialect);
    book = await openBook(server, SET, 'KS01');
    await bookedVoucher(book, 2026, 3, [auxLine('101', 100, null), auxLine('215', null, 100)]);
  });
  afterAll(() => server.close());

  const chart = async (prefix: string) =>
    (
      await server.db.kysely
        .selectFrom('subject')
        .select(['code', 'last_level'])
        .where('zt_id', '=', book.setId)
        .where('year', '=', 2026)
        .where('code', 'like', `${prefix}%`)
        .orderBy('code')
        .execute()
    ).map((r) => [r.code, r.last_level]);

  it('gets no detail: refused with the subject named, the chart unchanged, the books and reports still answering', async () => {
    const refused = await addDetail(book, '215', '21501');
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toBe(SubjectMessages.parentHasVouchers('215'));
    expect(await chart('215')).toEqual([['215', 1]]);

    const sheet = await balanceSheetOf(book, 2026, 3);
    expect(sheet.status).toBe(200);
    expect(sheet.body.errorMsg).toBeNull();
    expect((await trialOf(book, 2026, 3)).financial.balanced).toBe(true);
  });

  it('is not deleted, while an unused detail is', async () => {
    expect((await addDetail(book, '211', '21101')).body.errorMsg).toBeNull();
    await bookedVoucher(book, 2026, 3, [auxLine('101', 5, null), auxLine('21101', null, 5)]);
    const refused = await deleteSubject(book, '21101');
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toBe(SubjectMessages.usedCannotDelete('21101'));
    expect(await chart('211')).toEqual([
      ['211', 0],
      ['21101', 1],
    ]);

    expect((await addDetail(book, '211', '21102')).body.errorMsg).toBeNull();
    expect((await deleteSubject(book, '21102')).body.errorMsg).toBeNull();
    expect((await book.client.get(Paths.subjectList)).body.errorMsg).toBeNull();
  });
});
