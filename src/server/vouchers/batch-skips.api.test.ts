/**
 * A batch review, booking or signature changes what it can and answers how many it changed and,
 * for each voucher it left alone, the number the list shows and why (审核 2 张，跳过 2 张：…).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse, Voucher } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { ApiClient } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { StateMessages } from './state-service.js';
import { FACTORY, afterBatch, current, refOf, request, save } from './voucher-test-kit.js';

const no = (v: Pick<Voucher, 'pzNo'>) => `记-${String(v.pzNo).padStart(4, '0')}`;

describe.each(TEST_DIALECTS)('batch state changes count and name what they skip (%s)', (dialect) => {
  let server: TestServer;
  let kuaiji: ApiClient;
  let shenhe: ApiClient;
  let chuna: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
    chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
  });
  afterAll(() => server.close());

  const created = async (month: number, day: number): Promise<Voucher> => {
    const pzDate = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const answer = await save(kuaiji, request({ month, pzDate }));
    expect(answer.body.errorMsg).toBeNull();
    return answer.body.data;
  };
  /** Makes the voucher the reviewer's own, as if 王审核 had keyed it. */
  const preparedByReviewer = async (v: Voucher) => {
    const reviewer = await server.db.kysely
      .selectFrom('app_user')
      .select('id')
      .where('login_name', '=', 'shenhe')
      .executeTakeFirstOrThrow();
    await server.db.kysely
      .updateTable('voucher')
      .set({ created_by: reviewer.id, prepared_by: '王审核' })
      .where('id', '=', v.id)
      .execute();
  };

  it('reviews the rest and names the reviewed and the own voucher it skipped', async () => {
    const [a, b, c, own] = [await created(4, 1), await created(4, 2), await created(4, 3), await created(4, 4)];
    if (!a || !b || !c || !own) throw new Error('vouchers not created');
    await preparedByReviewer(own);
    let refs = [refOf(a)];
    refs = afterBatch(
      refs,
      await shenhe.post<BatchResponse>(Paths.certificateReview, { year: 2026, details: refs, isReview: true }),
    );
    const all = [refs[0] ?? refOf(a), refOf(b), refOf(c), refOf(own)];
    const answer = await shenhe.post<BatchResponse>(Paths.certificateReview, { year: 2026, details: all, isReview: true });
    expect(answer.body.success).toBe(true);
    expect(answer.body.data.count).toBe(2);
    expect(answer.body.data.skipped).toEqual([
      { id: a.id, month: 4, certificateType: 1, pzNo: a.pzNo, label: no(a), reason: '已审核' },
      { id: own.id, month: 4, certificateType: 1, pzNo: own.pzNo, label: no(own), reason: VoucherMessages.reviewOwn },
    ]);
    expect(answer.body.message).toBe(`审核 2 张，跳过 2 张：${no(a)} 已审核；${no(own)} ${VoucherMessages.reviewOwn}`);
    expect((await current(kuaiji, b)).isReview).toBe(true);
    expect((await current(kuaiji, own)).isReview).toBe(false);

    // Booking the four books the three reviewed ones and names the one still unreviewed.
    const now = await Promise.all([a, b, c, own].map((v) => current(kuaiji, v)));
    const book = await shenhe.post<BatchResponse>(Paths.certificateBook, { year: 2026, details: now.map(refOf), isBook: true });
    expect(book.body.data.count).toBe(3);
    expect(book.body.data.skipped.map((s) => [s.label, s.reason])).toEqual([[no(own), StateMessages.notReviewed]]);
    expect(book.body.message).toBe(`记账 3 张，跳过 1 张：${no(own)} ${StateMessages.notReviewed}`);

    // Signing twice: the second time every voucher is skipped as already signed, which is no refusal.
    const booked = afterBatch(now.map(refOf), book);
    const signed = afterBatch(
      booked,
      await chuna.post<BatchResponse>(Paths.voucherCashierSignature, { year: 2026, details: booked, isSign: true }),
    );
    const twice = await chuna.post<BatchResponse>(Paths.voucherCashierSignature, { year: 2026, details: signed, isSign: true });
    expect(twice.body.success).toBe(true);
    expect(twice.body.data.count).toBe(0);
    expect(twice.body.data.skipped.map((s) => s.reason)).toEqual(['已签字', '已签字', '已签字', '已签字']);
  });

  it('refuses a batch a rule keeps from changing anything, naming each voucher', async () => {
    const [a, b] = [await created(5, 1), await created(5, 2)];
    if (!a || !b) throw new Error('vouchers not created');
    const own = await kuaiji.post<BatchResponse>(Paths.certificateReview, {
      year: 2026,
      details: [refOf(a), refOf(b)],
      isReview: true,
    });
    expect(own.body).toMatchObject({
      success: false,
      errorCode: ErrorCode.BusinessRule,
      errorMsg: `审核 0 张，跳过 2 张：${no(a)} ${VoucherMessages.reviewOwn}；${no(b)} ${VoucherMessages.reviewOwn}`,
    });
    // One voucher: the rule's own words, as before.
    const one = await kuaiji.post<BatchResponse>(Paths.certificateReview, { year: 2026, details: [refOf(a)], isReview: true });
    expect(one.body).toMatchObject({ errorCode: ErrorCode.BusinessRule, errorMsg: VoucherMessages.reviewOwn });
    expect((await current(kuaiji, a)).revision).toBe(a.revision);
  });

  it('names the month when the batch spans months, in the order of the numbers', async () => {
    const june = await created(6, 1);
    const may = await created(5, 20);
    const answer = await shenhe.post<BatchResponse>(Paths.certificateReview, {
      year: 2026,
      details: [refOf(june), refOf(may)],
      isReview: false,
    });
    expect(answer.body.data.skipped.map((s) => s.label)).toEqual([`5月${no(may)}`, `6月${no(june)}`]);
    expect(answer.body.message).toBe(`取消审核 0 张，跳过 2 张：5月${no(may)} 未审核；6月${no(june)} 未审核`);
  });

  it('names the first ten skipped and says how many there are', async () => {
    const vs: Voucher[] = [];
    for (let day = 1; day <= 12; day += 1) vs.push(await created(7, day));
    const answer = await shenhe.post<BatchResponse>(Paths.certificateBook, { year: 2026, details: vs.map(refOf), isBook: false });
    expect(answer.body.data.skipped).toHaveLength(12);
    const named = vs.slice(0, 10).map((v) => `${no(v)} 未记账`);
    expect(answer.body.message).toBe(`取消记账 0 张，跳过 12 张：${named.join('；')}，等 12 张`);
  });
});
