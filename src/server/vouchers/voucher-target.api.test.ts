/**
 * Every call that changes a voucher names it by id and the revision its user saw: a stale
 * revision, or numbers (the spec's oldDate/oldPzNo/oldCertificateType, or batch details) that no
 * longer name that voucher, is refused with 4012 and changes nothing in the database; a request
 * without id and revision is refused with 4000. Renumbering and moving raise the revisions of the
 * vouchers they renumber. A modification changes lines in place by their ids, and the audit
 * trail says which lines it added, changed and removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse, Voucher, VoucherAuditEntry } from '../../shared/api/vouchers.js';
import { Paths } from '../../shared/api/paths.js';
import { ErrorCode } from '../../shared/error-codes.js';
import { VoucherMessages } from '../../shared/vouchers/messages.js';
import { ApiClient, type Answer } from '../test-support/api-client.js';
import { startTestServer, TEST_DIALECTS, type TestServer } from '../test-support/test-server.js';
import { expectedBalances, storedBalances } from '../books/balances.js';
import { FACTORY, current, line, modifyOf, refOf, request, save } from './voucher-test-kit.js';

describe.each(TEST_DIALECTS)('changes name the voucher by id and revision (%s)', (dialect) => {
  let server: TestServer;
  let ztId: number;
  let kuaiji: ApiClient;
  let shenhe: ApiClient;
  let chuna: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    kuaiji = new ApiClient(server.url);
    ztId = await kuaiji.openSet(server.db, 'kuaiji', 'Kuaiji@123', FACTORY);
    shenhe = new ApiClient(server.url);
    await shenhe.openSet(server.db, 'shenhe', 'Shenhe@123', FACTORY);
    chuna = new ApiClient(server.url);
    await chuna.openSet(server.db, 'chuna', 'Chuna@123', FACTORY);
  });
  afterAll(() => server.close());

  /** Everything a voucher write can touch, to show that a refusal wrote nothing. */
  const snapshot = async () => {
    const q = server.db.kysely;
    const [vouchers, lines, auxis, audit, counters] = await Promise.all([
      q.selectFrom('voucher').selectAll().where('zt_id', '=', ztId).orderBy('id').execute(),
      q.selectFrom('voucher_line').selectAll().where('zt_id', '=', ztId).orderBy('voucher_id').orderBy('line_no').execute(),
      q.selectFrom('voucher_line_auxi').selectAll().where('zt_id', '=', ztId).orderBy('voucher_id').orderBy('line_no').execute(),
      q
        .selectFrom('voucher_audit')
        .select(['voucher_id', 'seq'])
        .where('zt_id', '=', ztId)
        .orderBy('voucher_id')
        .orderBy('seq')
        .execute(),
      q.selectFrom('voucher_counter').select(['year', 'month', 'certificate_type']).where('zt_id', '=', ztId).execute(),
    ]);
    return { vouchers, lines, auxis, audit, counters: counters.length, balances: await storedBalances(q, ztId) };
  };
  const created = async (month: number, day: number, certificateType = 1): Promise<Voucher> => {
    const date = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const answer = await save(kuaiji, request({ month, pzDate: date, certificateType }));
    expect(answer.body.errorMsg).toBeNull();
    return answer.body.data;
  };
  /** The call is refused with the code (and message, when given) and the database is as it was. */
  const refusedUnchanged = async (call: () => Promise<Answer<unknown>>, code: number, message?: string) => {
    const before = await snapshot();
    const answer = await call();
    expect(answer.body.success).toBe(false);
    expect(answer.body.errorCode).toBe(code);
    if (message !== undefined) expect(answer.body.errorMsg).toBe(message);
    expect(await snapshot()).toEqual(before);
  };
  const review = (client: ApiClient, details: unknown[], isReview = true) =>
    client.post<BatchResponse>(Paths.certificateReview, { year: 2026, details, isReview });
  const remove = (details: unknown[]) =>
    kuaiji.delete<BatchResponse>(Paths.certificate, { year: 2026, details: JSON.stringify(details) });

  it('answers every voucher with revision 1 and raises it by one with each change', async () => {
    const v = await created(8, 5);
    expect(v.revision).toBe(1);
    const modified = (await save(kuaiji, modifyOf(v, { numberOfDocument: 3 }))).body.data;
    expect(modified.revision).toBe(2);
    const reviewed = await review(shenhe, [refOf(modified)]);
    expect(reviewed.body.data).toEqual({ count: 1, vouchers: [{ id: v.id, revision: 3 }], skipped: [] });
    expect((await current(kuaiji, v)).revision).toBe(3);
    const trail = (await kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: v.id })).body.data;
    expect(trail.map((t) => [t.action, t.before?.revision, t.after?.revision])).toEqual([
      ['create', undefined, 1],
      ['modify', 1, 2],
      ['review', 2, 3],
    ]);
  });

  it('a modification with a stale revision is refused and changes nothing', async () => {
    const v = await created(5, 3, 2);
    expect((await save(kuaiji, modifyOf(v, { numberOfDocument: 2 }))).body.success).toBe(true);
    await refusedUnchanged(
      () => save(kuaiji, modifyOf(v, { numberOfDocument: 5 })),
      ErrorCode.Conflict,
      VoucherMessages.changedByOthers,
    );
    // A move into another period by a stale client is refused before any number is taken or given back.
    await refusedUnchanged(() => save(kuaiji, modifyOf(v, { month: 6, pzDate: '2026-06-03' })), ErrorCode.Conflict);
  });

  it('a modification whose old number no longer names its id (renumbered meanwhile) is refused', async () => {
    const a = await created(4, 2);
    const b = await created(4, 3);
    // Deleting the first and closing the gap renumbers b (2 → 1) and raises its revision.
    expect((await remove([refOf(a)])).body.success).toBe(true);
    expect((await kuaiji.post(Paths.reloadBreak, { year: 2026, month: 4 })).body.data).toEqual({ renumbered: 1 });
    const now = await current(kuaiji, b);
    expect([now.pzNo, now.revision]).toEqual([1, 2]);
    // The revision alone refuses b as the client saw it...
    await refusedUnchanged(() => save(kuaiji, modifyOf(b, { numberOfDocument: 9 })), ErrorCode.Conflict);
    // ...and so does a current revision with the old number shown (the spec's fields must agree with the id).
    await refusedUnchanged(
      () => save(kuaiji, { ...modifyOf(now, { numberOfDocument: 9 }), oldPzNo: b.pzNo }),
      ErrorCode.Conflict,
    );
    await refusedUnchanged(
      () => save(kuaiji, { ...modifyOf(now, { numberOfDocument: 9 }), oldCertificateType: 2 }),
      ErrorCode.Conflict,
    );
    await refusedUnchanged(
      () => save(kuaiji, { ...modifyOf(now, { numberOfDocument: 9 }), oldDate: '2026-05-03' }),
      ErrorCode.Conflict,
    );
    // As it is now, it is changed; the old* fields are optional with an id.
    const { oldDate: _d, oldPzNo: _n, oldCertificateType: _t, ...withoutOld } = modifyOf(now, { numberOfDocument: 9 });
    expect((await save(kuaiji, withoutOld)).body.data).toMatchObject({ id: b.id, pzNo: 1, numberOfDocument: 9, revision: 3 });
  });

  it('a modification that names the voucher by number only, or half, is refused with 4000', async () => {
    const v = await created(5, 2);
    const { id: _id, revision: _rev, ...byNumber } = modifyOf(v, { numberOfDocument: 4 });
    await refusedUnchanged(() => save(kuaiji, byNumber), ErrorCode.BadRequest, VoucherMessages.targetMissing);
    await refusedUnchanged(() => save(kuaiji, { ...byNumber, id: v.id }), ErrorCode.BadRequest, VoucherMessages.targetMissing);
    await refusedUnchanged(() => save(kuaiji, { ...byNumber, revision: v.revision }), ErrorCode.BadRequest);
    await refusedUnchanged(() => save(kuaiji, { ...modifyOf(v), revision: 0 }), ErrorCode.BadRequest);
    await refusedUnchanged(() => save(kuaiji, { ...modifyOf(v), oldPzNo: undefined }), ErrorCode.BadRequest);
    await refusedUnchanged(() => save(kuaiji, { ...modifyOf(v), id: "x' or 1=1" }), ErrorCode.BadRequest);
    await refusedUnchanged(() => save(kuaiji, { ...modifyOf(v), id: 'no-such-voucher' }), ErrorCode.NotFound);
  });

  it('review, book, signature and delete refuse a stale revision, all or nothing', async () => {
    const a = await created(6, 1);
    const b = await created(6, 2);
    const staleB = refOf(b);
    expect((await save(kuaiji, modifyOf(b, { numberOfDocument: 6 }))).body.success).toBe(true);
    const label = VoucherMessages.changedByOthersNamed(`6月${b.pzNo}号`);
    await refusedUnchanged(() => review(shenhe, [refOf(a), staleB]), ErrorCode.Conflict, label);
    await refusedUnchanged(() => remove([refOf(a), staleB]), ErrorCode.Conflict, label);
    await refusedUnchanged(
      () => chuna.post(Paths.voucherCashierSignature, { year: 2026, details: [refOf(a), staleB], isSign: true }),
      ErrorCode.Conflict,
    );
    const freshB = await current(kuaiji, b);
    const reviewed = await review(shenhe, [refOf(a), refOf(freshB)]);
    expect(reviewed.body.data.count).toBe(2);
    // Booking with the revisions from before the review is refused; with the answer's, it books.
    await refusedUnchanged(
      () => shenhe.post(Paths.certificateBook, { year: 2026, details: [refOf(a), refOf(freshB)], isBook: true }),
      ErrorCode.Conflict,
    );
    const revisions = new Map(reviewed.body.data.vouchers.map((v) => [v.id, v.revision]));
    const details = [a, freshB].map((v) => ({ ...refOf(v), revision: revisions.get(v.id) }));
    const booked = await shenhe.post<BatchResponse>(Paths.certificateBook, { year: 2026, details, isBook: true });
    expect(booked.body.data).toEqual({
      count: 2,
      vouchers: expect.arrayContaining([
        { id: a.id, revision: 3 },
        { id: b.id, revision: 4 },
      ]) as unknown,
      skipped: [],
    });
  });

  it('batch details whose numbers no longer name the id, or without id and revision, are refused', async () => {
    const a = await created(7, 1);
    const b = await created(7, 2);
    await refusedUnchanged(() => review(shenhe, [{ ...refOf(a), pzNo: b.pzNo }]), ErrorCode.Conflict);
    await refusedUnchanged(() => review(shenhe, [{ ...refOf(a), month: 8 }]), ErrorCode.Conflict);
    await refusedUnchanged(
      () => shenhe.post(Paths.certificateReview, { year: 2025, details: [refOf(a)], isReview: true }),
      ErrorCode.Conflict,
    );
    const { id: _id, revision: _rev, ...byNumber } = refOf(a);
    // The list and its JSON text (the delete's query) are checked by one schema, with the same message.
    const noId = '请求参数有误: 缺少参数details[0].id';
    await refusedUnchanged(() => review(shenhe, [byNumber]), ErrorCode.BadRequest, noId);
    await refusedUnchanged(() => remove([byNumber]), ErrorCode.BadRequest, noId);
    const textOf = (details: unknown[]) => ({ year: 2026, details: JSON.stringify(details), isReview: true });
    await refusedUnchanged(() => shenhe.post(Paths.certificateReview, textOf([byNumber])), ErrorCode.BadRequest, noId);
    await refusedUnchanged(
      () => review(shenhe, [{ ...refOf(a), pzNo: 'x' }]),
      ErrorCode.BadRequest,
      '请求参数有误: 参数details[0].pzNo：须为整数',
    );
    await refusedUnchanged(
      () => shenhe.post(Paths.certificateReview, { year: 2026, details: '[{"id":', isReview: true }),
      ErrorCode.BadRequest,
      '参数details不是有效的JSON',
    );
    await refusedUnchanged(() => review(shenhe, [null]), ErrorCode.BadRequest);
    // Only the id and revision: enough, as a list or as its JSON text.
    const once = await shenhe.post<BatchResponse>(Paths.certificateReview, textOf([{ id: a.id, revision: a.revision }]));
    expect(once.body.data.count).toBe(1);
    expect((await review(shenhe, [{ id: b.id, revision: b.revision }])).body.data.count).toBe(1);
  });

  it('renumbering raises the revision of each voucher it renumbers, and only theirs', async () => {
    const [a, b, c] = [await created(9, 1), await created(9, 2), await created(9, 3)];
    if (!a || !b || !c) throw new Error('not created');
    // Moving a to October renumbers b and c in September (closing the gap) and numbers a anew.
    const moved = (await save(kuaiji, modifyOf(a, { month: 10, pzDate: '2026-10-01' }))).body.data;
    expect(moved).toMatchObject({ month: 10, pzNo: 1, revision: 2 });
    const [b2, c2] = [await current(kuaiji, b), await current(kuaiji, c)];
    expect([b2.pzNo, b2.revision, c2.pzNo, c2.revision]).toEqual([1, 2, 2, 2]);
    // 整理断号 of a period without gaps renumbers nothing and raises nothing.
    expect((await kuaiji.post(Paths.reloadBreak, { year: 2026, month: 9 })).body.data).toEqual({ renumbered: 0 });
    expect((await current(kuaiji, b)).revision).toBe(2);
    // A client that saw b as number 2 (before the move) is refused.
    await refusedUnchanged(() => remove([refOf(b)]), ErrorCode.Conflict);
    const trail = (await kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: c.id })).body.data;
    expect(trail.at(-1)).toMatchObject({
      action: 'renumber',
      before: { pzNo: 3, revision: 1 },
      after: { pzNo: 2, revision: 2 },
      fieldChanges: [{ field: 'pzNo', before: 3, after: 2 }],
    });
  });

  it('a modification keeps line ids, changes lines in place, and the trail shows each line change', async () => {
    const v = (
      await save(
        kuaiji,
        request({
          month: 11,
          pzDate: '2026-11-02',
          certiDetails: [line('101', 100, null, '收现金'), line('102', 50, null, '收存款'), line('401', null, 150, '会费')],
        }),
      )
    ).body.data;
    const [cash, bank, dues] = v.certiDetails;
    if (!cash || !bank || !dues) throw new Error('lines missing');
    const rowsBefore = await server.db.kysely
      .selectFrom('voucher_line')
      .select(['id', 'line_no'])
      .where('zt_id', '=', ztId)
      .where('voucher_id', '=', v.id)
      .orderBy('line_no')
      .execute();
    expect(rowsBefore.map((r) => r.id)).toEqual([cash.id, bank.id, dues.id]);
    // Remove the bank line, change the dues amount, put a new line first, and send a line id of
    // another voucher (it is not taken over: the line is new).
    const other = await created(11, 3);
    const strangerId = other.certiDetails[0]?.id ?? '';
    const body = modifyOf(v, {
      certiDetails: [
        { ...line('50101', 30, null, '新增支出'), id: strangerId },
        { ...modifyOf(v).certiDetails[0], summary: '收现金', subjectCode: '101', debitAmount: 100, creditAmount: null },
        { ...modifyOf(v).certiDetails[2], summary: '会费', subjectCode: '401', debitAmount: null, creditAmount: 130 },
      ],
    });
    const answer = await save(kuaiji, body);
    expect(answer.body.errorMsg).toBeNull();
    const after = answer.body.data;
    expect(after.certiDetails.map((l) => [l.numberRow, l.summary])).toEqual([
      [1, '新增支出'],
      [2, '收现金'],
      [3, '会费'],
    ]);
    const added = after.certiDetails[0]?.id ?? '';
    expect(added).not.toBe(strangerId);
    expect(after.certiDetails.slice(1).map((l) => l.id)).toEqual([cash.id, dues.id]);
    expect((await current(kuaiji, other)).certiDetails[0]?.id).toBe(strangerId);
    // The stored rows: the kept lines under their ids and new numbers, the removed one gone.
    const rowsAfter = await server.db.kysely
      .selectFrom('voucher_line')
      .select(['id', 'line_no', 'credit_amount'])
      .where('zt_id', '=', ztId)
      .where('voucher_id', '=', v.id)
      .orderBy('line_no')
      .execute();
    expect(rowsAfter.map((r) => [r.id, r.line_no, Number(r.credit_amount)])).toEqual([
      [added, 1, 0],
      [cash.id, 2, 0],
      [dues.id, 3, 13000],
    ]);
    const trail = (await kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: v.id })).body.data;
    const modify = trail.at(-1);
    expect(modify?.action).toBe('modify');
    // The cash line only moved from row 1 to row 2: not a change of the line.
    expect(modify?.lineChanges.map((c) => [c.kind, c.id, c.fields])).toEqual([
      ['added', added, ['summary', 'subjectCode', 'debitAmount', 'creditAmount', 'auxis']],
      ['changed', dues.id, ['creditAmount']],
      ['removed', bank.id, ['summary', 'subjectCode', 'debitAmount', 'creditAmount', 'auxis']],
    ]);
    expect(modify?.lineChanges[1]).toMatchObject({ before: { creditAmount: 150 }, after: { creditAmount: 130 } });
    expect(modify?.lineChanges[2]).toMatchObject({ before: { summary: '收存款', debitAmount: 50 }, after: null });
    expect(modify?.fieldChanges).toEqual([
      { field: 'debitTotal', before: 150, after: 130 },
      { field: 'creditTotal', before: 150, after: 130 },
    ]);
    // The balances follow the lines exactly.
    const sort = <T extends { month: number; subjectCode: string; auxiKey: string }>(rows: T[]) =>
      rows.sort((x, y) => `${x.month}|${x.subjectCode}|${x.auxiKey}`.localeCompare(`${y.month}|${y.subjectCode}|${y.auxiKey}`));
    expect(sort(await storedBalances(server.db.kysely, ztId))).toEqual(sort(await expectedBalances(server.db.kysely, ztId)));
  });

  it('lines with auxiliary items keep them through reordering and changes in place', async () => {
    expect((await kuaiji.post(Paths.saveAuxiRealedSub, { code: '50101', typeNoArray: ['JFHS'] })).body.errorMsg).toBeNull();
    const withItem = (infoNo: string, debit: number) => ({
      ...line('50101', debit, null, `经费${infoNo}`),
      auxis: [{ typeNo: 'JFHS', infoNo }],
    });
    const v = (
      await save(
        kuaiji,
        request({
          month: 12,
          pzDate: '2026-12-01',
          certiDetails: [withItem('002', 10), withItem('001001', 20), line('101', null, 30)],
        }),
      )
    ).body.data;
    expect(v.certiDetails.map((l) => l.auxis.map((a) => a.infoNo))).toEqual([['002'], ['001001'], []]);
    const [first, second, third] = modifyOf(v).certiDetails;
    if (!first || !second || !third) throw new Error('lines missing');
    // The two item lines change places; the first also changes its item.
    const swapped = (
      await save(
        kuaiji,
        modifyOf(v, { certiDetails: [second, { ...first, auxis: [{ typeNo: 'JFHS', infoNo: '001001' }] }, third] }),
      )
    ).body.data;
    expect(swapped.certiDetails.map((l) => [l.id, l.auxis.map((a) => a.infoNo)])).toEqual([
      [second.id, ['001001']],
      [first.id, ['001001']],
      [third.id, []],
    ]);
    expect((await current(kuaiji, v)).certiDetails).toEqual(swapped.certiDetails);
    const trail = (await kuaiji.get<VoucherAuditEntry[]>(Paths.certificateAudit, { id: v.id })).body.data;
    expect(trail.at(-1)?.lineChanges.map((c) => [c.kind, c.id, c.fields])).toEqual([['changed', first.id, ['auxis']]]);
    const sort = <T extends { month: number; subjectCode: string; auxiKey: string }>(rows: T[]) =>
      rows.sort((x, y) => `${x.month}|${x.subjectCode}|${x.auxiKey}`.localeCompare(`${y.month}|${y.subjectCode}|${y.auxiKey}`));
    expect(sort(await storedBalances(server.db.kysely, ztId))).toEqual(sort(await expectedBalances(server.db.kysely, ztId)));
  });
});
