/**
 * A year with a closed month keeps its openings: every call that writes a year's openings refuses
 * it with 4014 (PeriodClosed) and changes nothing, as every other write into a closed period does.
 * The period-switch carry-over, December's close covering next year, the openings save and the
 * workbook import; opening a year that exists is refused before anything is copied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths } from '../../shared/api/paths.js';
import { CloseMessages } from '../../shared/close/messages.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { addDetail, auxLine, bookedVoucher, closeMonth, openingsOf, useYear, type Book, openBook } from './year-carry-kit.js';

describe.each(TEST_DIALECTS)('openings of a year with a closed month (%s)', (dialect) => {
  let server: TestServer;
  let book: Book;
  const SET = '已结账期初测试工会';

  /**
   * 2026 unused while 2027 is opened (开始下一年度), chosen manual and its January closed (an unused
   * previous year does not hold it); then 2026 takes a voucher, so it has balances to carry.
   */
  beforeAll(async () => {
    server = await startTestServer(dialect);
    book = await openBook(server, SET, 'YJ01');
    const { client } = book;
    expect((await client.post(Paths.newYear, {})).body.errorMsg).toBeNull();
    await useYear(book, 2027);
    expect((await client.post(Paths.carryOver, { whetherIsManual: true })).body.message).toBe(CloseMessages.manualCarry);
    expect((await closeMonth(book, 2027, 1)).body.errorMsg).toBeNull();
    await useYear(book, 2026);
    await bookedVoucher(book, 2026, 3, [auxLine('101', 100, null), auxLine('215', null, 100)]);
  });
  afterAll(() => server.close());

  const yearRow = async (year: number) =>
    server.db.kysely
      .selectFrom('zt_year')
      .select(['subjects_initialised', 'opening_source'])
      .where('zt_id', '=', book.setId)
      .where('year', '=', year)
      .executeTakeFirstOrThrow();
  const backups = async () =>
    (await server.db.kysely.selectFrom('backup').select('type').where('zt_id', '=', book.setId).execute()).map((b) => b.type);

  it('the period-switch carry-over is refused and the openings stay', async () => {
    await useYear(book, 2027);
    const before = await openingsOf(book);
    const refused = await book.client.post(Paths.carryOver, { whetherIsManual: false });
    expect(refused.body.errorCode).toBe(ErrorCode.PeriodClosed);
    expect(refused.body.errorMsg).toBe(CloseMessages.carryLocked(2027));
    expect(await openingsOf(book)).toEqual(before);
    expect(await yearRow(2027)).toEqual({ subjects_initialised: 0, opening_source: 'manual' });
  });

  it("December's close may keep next year but not cover it; the refusal takes no backup", async () => {
    await useYear(book, 2026);
    for (let m = 1; m <= 11; m++) expect((await closeMonth(book, 2026, m)).body.errorMsg).toBeNull();
    const before = await backups();
    const refused = await closeMonth(book, 2026, 12, { isCoverNextData: true });
    expect(refused.body.errorCode).toBe(ErrorCode.PeriodClosed);
    expect(refused.body.errorMsg).toBe(CloseMessages.nextYearLocked(2027));
    expect(await backups()).toEqual(before);
    const kept = await closeMonth(book, 2026, 12);
    expect(kept.body.data.nextYear).toBe('kept');
    await useYear(book, 2027);
    expect([...(await openingsOf(book)).values()].every((v) => v === 0)).toBe(true);
  });

  it('the openings save and the workbook import are refused', async () => {
    await useYear(book, 2027);
    const saved = await book.client.post(Paths.branchSave, {
      detailList: [{ code: '101', initAmount: '1.00' }],
      confirmPrompt: true,
    });
    expect(saved.body.errorCode).toBe(ErrorCode.PeriodClosed);
    const file = await book.client.download(Paths.openingExport);
    expect(file.status).toBe(200);
    const imported = await book.client.upload(Paths.openingImport, { name: '期初.xlsx', content: file.bytes });
    expect(imported.body.errorCode).toBe(ErrorCode.PeriodClosed);
    expect([...(await openingsOf(book)).values()].every((v) => v === 0)).toBe(true);
  });

  it('opening a year that exists is refused and copies nothing into it', async () => {
    await useYear(book, 2026);
    expect((await addDetail(book, '211', '21101')).body.errorMsg).toBeNull();
    const refused = await book.client.post(Paths.newYear, {});
    expect(refused.body.errorCode).toBe(ErrorCode.Conflict);
    const copied = await server.db.kysely
      .selectFrom('subject')
      .select('code')
      .where('zt_id', '=', book.setId)
      .where('year', '=', 2027)
      .where('code', '=', '21101')
      .executeTakeFirst();
    expect(copied).toBeUndefined();
  });
});
