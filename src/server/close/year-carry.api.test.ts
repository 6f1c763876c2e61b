/**
 * Next year's openings when next year's chart differs from this year's (the December close into an
 * existing next year and the period-switch carry-over share one carry): a detail added in either
 * year, per auxiliary item, a disabled or deleted detail, and the refusals that name the subject.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloseState } from '../../shared/api/close.js';
import { Paths } from '../../shared/api/paths.js';
import { CloseMessages } from '../../shared/close/messages.js';
import { ErrorCode } from '../../shared/error-codes.js';
import type { ApiClient } from '../test-support/api-client.js';
import { createSet } from '../test-support/ledger-fixtures.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import {
  addDetail,
  closeMonth,
  deleteSubject,
  auxLine,
  balanceSheetOf,
  bookedVoucher,
  firstLevelBalances,
  openingsOf,
  setEnable,
  setTypes,
  trialOf,
  useYear,
  type Book,
  openBook,
} from './year-carry-kit.js';

describe.each(TEST_DIALECTS)('year carry with charts that differ (%s)', (dialect) => {
  let server: TestServer;
  let client: ApiClient;
  let reviewer: ApiClient;
  let sets = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ({ client, reviewer } = await openBook(server, '结转科目测试工会0', 'JK00'));
  });
  afterAll(() => server.close());

  /** A new grassroots set for 2026, open in the session. */
  const newBook = async (): Promise<Book> => {
    sets++;
    const setId = await createSet(server.db, {
      name: `结转科目测试工会${sets}`,
      code: `JK${String(sets).padStart(2, '0')}`,
      system: 'union-grassroots',
      users: ['kuaiji', 'shenhe'],
    });
    const book = { client, reviewer, setId };
    await useYear(book, 2026);
    return book;
  };
  /** Opens 2027 from 2026 before 2026 is closed (开始下一年度). */
  const newYear = async (book: Book) => {
    await useYear(book, 2026);
    expect((await client.post(Paths.newYear, {})).body.errorMsg).toBeNull();
  };
  const carryOver = async (book: Book) => {
    await useYear(book, 2027);
    return client.post(Paths.carryOver, { whetherIsManual: false });
  };
  /** Next year's books answer: balanced trial balance, a balance sheet that answers and balances. */
  const expectNextYearSound = async (book: Book) => {
    await useYear(book, 2027);
    const trial = await trialOf(book, 2027, 1);
    expect(trial.financial.balanced).toBe(true);
    const sheet = await balanceSheetOf(book, 2027, 1);
    expect(sheet.status).toBe(200);
    expect(sheet.body.errorMsg).toBeNull();
    expect(sheet.body.data.balanced).toBe(true);
    return trial;
  };

  it('a detail added this year under a subject still last-level next year: next year follows, counted once', async () => {
    const book = await newBook();
    await newYear(book);
    expect((await addDetail(book, '215', '21501')).body.errorMsg).toBeNull();
    await bookedVoucher(book, 2026, 3, [auxLine('101', 100, null), auxLine('21501', null, 100)]);

    expect((await carryOver(book)).body.message).toBe(CloseMessages.carryDone);
    const trial = await expectNextYearSound(book);
    const row215 = trial.rows.find((r) => r.code === '215');
    expect(row215?.lastLevel).toBe(false);
    expect(firstLevelBalances(trial, 'opening').get('215')).toBe(-10000);
    const openings = await openingsOf(book);
    expect(openings.get('21501')).toBe(10000);
    expect(openings.has('215')).toBe(false);
  });

  it('a detail added next year under a subject with a balance this year receives the balance', async () => {
    const book = await newBook();
    await bookedVoucher(book, 2026, 3, [auxLine('101', 100, null), auxLine('215', null, 100)]);
    await newYear(book);
    await useYear(book, 2027);
    expect((await addDetail(book, '215', '21501')).body.errorMsg).toBeNull();

    expect((await carryOver(book)).body.message).toBe(`${CloseMessages.carryDone}；科目215的余额已转入下级科目21501`);
    const trial = await expectNextYearSound(book);
    expect(firstLevelBalances(trial, 'opening').get('215')).toBe(-10000);
    expect((await openingsOf(book)).get('21501')).toBe(10000);
  });

  it('per auxiliary item: the detail that inherits the items receives each item', async () => {
    const book = await newBook();
    expect((await setTypes(book, '215', ['ZJLY'])).body.errorMsg).toBeNull();
    await bookedVoucher(book, 2026, 3, [
      auxLine('101', 100, null),
      auxLine('215', null, 60, ['ZJLY:001']),
      auxLine('215', null, 40, ['ZJLY:002']),
    ]);
    await newYear(book);
    await useYear(book, 2027);
    expect((await addDetail(book, '215', '21501')).body.errorMsg).toBeNull();

    expect((await carryOver(book)).body.message).toBe(`${CloseMessages.carryDone}；科目215的余额已转入下级科目21501`);
    await expectNextYearSound(book);
    const openings = await openingsOf(book);
    expect(openings.get('21501#ZJLY:001')).toBe(6000);
    expect(openings.get('21501#ZJLY:002')).toBe(4000);
  });

  it('the first enabled detail receives the balance; with every detail disabled the carry is refused, naming the subject', async () => {
    const book = await newBook();
    await bookedVoucher(book, 2026, 3, [auxLine('101', 100, null), auxLine('215', null, 100)]);
    await newYear(book);
    await useYear(book, 2027);
    expect((await addDetail(book, '215', '21501')).body.errorMsg).toBeNull();
    expect((await addDetail(book, '215', '21502')).body.errorMsg).toBeNull();
    expect((await setEnable(book, '21501', false)).body.errorMsg).toBeNull();
    expect((await setEnable(book, '21502', false)).body.errorMsg).toBeNull();

    const refused = await carryOver(book);
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toContain('215');
    expect(refused.body.errorMsg).toContain('启用');
    expect([...(await openingsOf(book)).values()].every((v) => v === 0)).toBe(true);

    expect((await setEnable(book, '21502', true)).body.errorMsg).toBeNull();
    expect((await carryOver(book)).body.message).toBe(`${CloseMessages.carryDone}；科目215的余额已转入下级科目21502`);
    await expectNextYearSound(book);
    const openings = await openingsOf(book);
    expect(openings.get('21502')).toBe(10000);
    expect(openings.get('21501')).toBe(0);
  });

  it('a detail next year kept by auxiliary items the balance does not have: refused, naming both subjects and the items', async () => {
    const book = await newBook();
    await bookedVoucher(book, 2026, 3, [auxLine('101', 100, null), auxLine('215', null, 100)]);
    await newYear(book);
    await useYear(book, 2027);
    expect((await addDetail(book, '215', '21501', ['ZJLY'])).body.errorMsg).toBeNull();

    const refused = await carryOver(book);
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toContain('215');
    expect(refused.body.errorMsg).toContain('21501');
    expect(refused.body.errorMsg).toContain('资金来源');
  });

  it('December close into an existing next year: kept leaves it, covered carries into the merged chart', async () => {
    const book = await newBook();
    await bookedVoucher(book, 2026, 3, [auxLine('101', 100, null), auxLine('215', null, 100)]);
    await newYear(book);
    await useYear(book, 2027);
    expect((await addDetail(book, '215', '21501')).body.errorMsg).toBeNull();
    await useYear(book, 2026);
    for (let m = 1; m <= 11; m++) expect((await closeMonth(book, 2026, m)).body.errorMsg).toBeNull();
    const kept = await closeMonth(book, 2026, 12);
    expect(kept.body.data.nextYear).toBe('kept');
    await useYear(book, 2027);
    expect((await openingsOf(book)).get('21501')).toBe(0);
    await useYear(book, 2026);
    expect((await client.post(Paths.unMonthly, { year: 2026, month: 12, rotateBackup: true })).body.errorMsg).toBeNull();
    const covered = await closeMonth(book, 2026, 12, { isCoverNextData: true });
    expect(covered.body.data.nextYear).toBe('covered');
    await expectNextYearSound(book);
    expect((await openingsOf(book)).get('21501')).toBe(10000);
  });

  it('a refused December close writes nothing and takes no backup', async () => {
    const book = await newBook();
    await bookedVoucher(book, 2026, 3, [auxLine('101', 100, null), auxLine('215', null, 100)]);
    await newYear(book);
    await useYear(book, 2027);
    expect((await addDetail(book, '215', '21501')).body.errorMsg).toBeNull();
    expect((await setEnable(book, '21501', false)).body.errorMsg).toBeNull();
    await useYear(book, 2026);
    for (let m = 1; m <= 11; m++) expect((await closeMonth(book, 2026, m)).body.errorMsg).toBeNull();
    const backups = async () =>
      (await server.db.kysely.selectFrom('backup').select('type').where('zt_id', '=', book.setId).execute()).map((b) => b.type);
    const before = await backups();

    const refused = await closeMonth(book, 2026, 12, { isCoverNextData: true });
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toContain('2027年启用215的一个下级科目');
    expect(await backups()).toEqual(before);
    const state = (await client.get<CloseState>(Paths.closeState)).body.data;
    expect(state.years.find((y) => y.year === 2026)?.closedMonths).not.toContain(12);
  });

  it('a balance passes to a detail of the other balance direction with its sign turned', async () => {
    const book = await newBook();
    await bookedVoucher(book, 2026, 3, [auxLine('101', 100, null), auxLine('215', null, 100)]);
    await newYear(book);
    await useYear(book, 2027);
    const added = await client.post(Paths.subjectList, {
      code: '21501',
      codeName: '借方明细',
      parentCode: '215',
      balanceDirection: 1,
    });
    expect(added.body.errorMsg).toBeNull();

    expect((await carryOver(book)).body.errorMsg).toBeNull();
    const trial = await expectNextYearSound(book);
    expect(firstLevelBalances(trial, 'opening').get('215')).toBe(-10000);
    expect((await openingsOf(book)).get('21501')).toBe(-10000);
  });

  it("a subject next year's vouchers use does not become a parent: refused, naming it and the vouchers", async () => {
    const book = await newBook();
    await newYear(book);
    await useYear(book, 2027);
    await bookedVoucher(book, 2027, 1, [auxLine('101', 5, null), auxLine('215', null, 5)]);
    await useYear(book, 2026);
    expect((await addDetail(book, '215', '21501')).body.errorMsg).toBeNull();
    await bookedVoucher(book, 2026, 3, [auxLine('101', 100, null), auxLine('21501', null, 100)]);

    const refused = await carryOver(book);
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toContain('2027年已有凭证使用科目215');
    const chart = await server.db.kysely
      .selectFrom('subject')
      .select(['code', 'last_level'])
      .where('zt_id', '=', book.setId)
      .where('year', '=', 2027)
      .where('code', 'like', '215%')
      .execute();
    expect(chart.map((r) => [r.code, r.last_level])).toEqual([['215', 1]]);
  });

  it("a detail deleted from next year's chart comes back with its balance, its parent a parent again", async () => {
    const book = await newBook();
    expect((await addDetail(book, '215', '21501')).body.errorMsg).toBeNull();
    await bookedVoucher(book, 2026, 3, [auxLine('101', 100, null), auxLine('21501', null, 100)]);
    await newYear(book);
    await useYear(book, 2027);
    expect((await deleteSubject(book, '21501')).body.errorMsg).toBeNull();

    expect((await carryOver(book)).body.message).toBe(CloseMessages.carryDone);
    const trial = await expectNextYearSound(book);
    expect(trial.rows.find((r) => r.code === '215')?.lastLevel).toBe(false);
    expect((await openingsOf(book)).get('21501')).toBe(10000);
  });

  it('auxiliary types removed next year stay removed: the items are summed onto the subject', async () => {
    const book = await newBook();
    expect((await setTypes(book, '215', ['ZJLY'])).body.errorMsg).toBeNull();
    await bookedVoucher(book, 2026, 3, [
      auxLine('101', 100, null),
      auxLine('215', null, 60, ['ZJLY:001']),
      auxLine('215', null, 40, ['ZJLY:002']),
    ]);
    await newYear(book);
    await useYear(book, 2027);
    expect((await setTypes(book, '215', [])).body.errorMsg).toBeNull();

    expect((await carryOver(book)).body.message).toBe(CloseMessages.carryDone);
    await expectNextYearSound(book);
    const types = await client.get<{ typeNo: string }[]>(Paths.getCodeAuxi, { code: '215' });
    expect(types.body.data).toEqual([]);
    expect((await openingsOf(book)).get('215')).toBe(10000);
  });

  it('auxiliary types added next year to a subject whose balance has no items: refused, naming the subject and the type', async () => {
    const book = await newBook();
    await bookedVoucher(book, 2026, 3, [auxLine('101', 100, null), auxLine('215', null, 100)]);
    await newYear(book);
    await useYear(book, 2027);
    expect((await setTypes(book, '215', ['ZJLY'])).body.errorMsg).toBeNull();

    const refused = await carryOver(book);
    expect(refused.body.errorCode).toBe(ErrorCode.BusinessRule);
    expect(refused.body.errorMsg).toBe(
      '2027年科目215按辅助核算“资金来源”记账，而2026年该科目的余额未按辅助核算记账，无法结转。请在2027年将科目215的辅助核算改为与2026年一致后重试',
    );
  });
});
